package org.sonde.verify.convert;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotBuilder;

/**
 * The route dumper for Sonde's network model (§4.4.4): turns the IP forwarding of a
 * {@link Network} (the Stanford and Internet2 imports, or any model) into Libra's records.
 *
 * <ul>
 *   <li>A rule whose match constrains only {@code ip_dst}, with a prefix, becomes one record; its
 *       priority keeps the table's order (first-match tables: earlier rules higher; otherwise the
 *       rule's own priority).</li>
 *   <li>Forwarding out of a port with a link goes to the switch at the link's other end; out of a
 *       port without a link, the packet leaves the network there: the rule delivers (the switch is a
 *       last hop of the prefix). A rule that does both keeps only the switches. Drop stays drop.</li>
 *   <li>A device whose rules do not all take packets from the same ports has ingress-dependent
 *       rules: it becomes one logical switch per in-port, {@code device@port}, holding the rules
 *       that take packets from that port, and links into that port lead to that logical switch.</li>
 *   <li>Rules Libra cannot express are left out and counted by reason: matches on other fields
 *       (ACL-like rules, VLAN matches), non-prefix masks, rewrites of {@code ip_dst}.</li>
 * </ul>
 * The subnets to verify are the prefixes of the delivering rules.
 */
public final class NetworkConverter {
    /** The snapshot and what could not be carried over. */
    public record Conversion(Snapshot snapshot, Map<String, Integer> skipped, int logicalSwitches) {}

    private NetworkConverter() {}

    public static Conversion convert(Network n) {
        Map<String, Integer> skipped = new TreeMap<>();
        // which device (or logical switch) a packet arriving on each port is handled by
        Map<Integer, String> handlerOfPort = new HashMap<>();
        Map<String, Boolean> split = new HashMap<>();
        for (RuleTable t : n.tables()) {
            Set<Set<Integer>> inPortSets = new LinkedHashSet<>();
            for (Rule r : t.rules()) inPortSets.add(r.inPortIds());
            split.put(t.deviceId(), inPortSets.size() > 1);
        }
        for (Port p : n.ports())
            handlerOfPort.put(p.id(), split.getOrDefault(p.deviceId(), false) ? logicalName(p) : p.deviceId());

        SnapshotBuilder b = new SnapshotBuilder();
        int logical = 0;
        for (RuleTable t : n.tables()) {
            boolean isSplit = split.get(t.deviceId());
            List<Rule> rules = t.rules();
            Set<String> logicalNames = new TreeSet<>();
            for (int i = 0; i < rules.size(); i++) {
                Rule r = rules.get(i);
                String reason = unsupported(r);
                if (reason != null) {
                    skipped.merge(reason, 1, Integer::sum);
                    continue;
                }
                Ternary dst = r.match().fields().get("ip_dst");
                int length = dst == null ? 0 : Long.bitCount(dst.mask());
                Ipv4Prefix prefix = new Ipv4Prefix(dst == null ? 0 : (int) dst.value(), length);
                int priority = t.policy() == MatchPolicy.FIRST_MATCH ? rules.size() - i : r.priority();
                List<String> hops = nextHops(n, r, handlerOfPort);
                if (isSplit) {
                    for (int in : new TreeSet<>(r.inPortIds())) {
                        String name = handlerOfPort.get(in);
                        if (name == null) continue;
                        logicalNames.add(name);
                        b.addRule(name, prefix, hops, priority);
                    }
                } else {
                    b.addRule(t.deviceId(), prefix, hops, priority);
                }
            }
            for (String name : logicalNames) {
                b.addLogicalSwitch(name, t.deviceId());
                logical++;
            }
        }
        return new Conversion(b.build(), skipped, logical);
    }

    private static String logicalName(Port p) {
        return p.deviceId() + "@" + p.name().replace(' ', '_').replace(',', '_');
    }

    /** Why a rule cannot be a Libra record, or null when it can. */
    private static String unsupported(Rule r) {
        for (Map.Entry<String, Ternary> f : r.match().fields().entrySet()) {
            if (!f.getKey().equals("ip_dst")) return "matches on " + f.getKey();
            long mask = f.getValue().mask();
            int ones = Long.bitCount(mask);
            long prefixMask = ones == 0 ? 0 : (0xffffffffL << (32 - ones)) & 0xffffffffL;
            if (mask != prefixMask) return "ip_dst mask is not a prefix";
        }
        for (Action a : r.actions())
            if (a instanceof Action.SetField s && s.field().equals("ip_dst")) return "rewrites ip_dst";
        return null;
    }

    private static List<String> nextHops(Network n, Rule r, Map<Integer, String> handlerOfPort) {
        Action last = r.actions().getLast();
        if (last instanceof Action.Drop) return List.of(NextHops.DROP_WORD);
        Set<String> peers = new TreeSet<>();
        for (int port : ((Action.Forward) last).portIds()) {
            List<Link> links = n.linksFrom(port);
            for (Link l : links) {
                String peer = handlerOfPort.get(l.toPortId());
                if (peer != null) peers.add(peer);
            }
        }
        return peers.isEmpty() ? List.of(NextHops.DELIVER_WORD) : new ArrayList<>(peers);
    }
}
