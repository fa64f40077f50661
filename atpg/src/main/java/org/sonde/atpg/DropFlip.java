package org.sonde.atpg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;

/**
 * ATPG tests drop rules by analysing a copy of the network where each drop rule forwards to a
 * new sink port of its device: reachability then finds the headers each drop rule claims, which
 * become expected-absent tests on the real network. ACL deny entries are flipped too, so denied
 * traffic is tested: each deny entry of a bound ACL gets a sink port of its own (on the device of
 * its first binding), and reachability follows what the entry stops as if it permitted it,
 * recording at the entry's sink the headers a terminal would then receive
 * ({@link org.sonde.dataplane.reach.ReachOptions#aclDenySinks()}). The copy keeps its ACLs. A sink
 * per entry, not per device, keeps each entry's paths from crowding out another's in the
 * histories kept per (source, sink) pair.
 */
final class DropFlip {
    private DropFlip() {}

    /**
     * The flipped network and its sink ports.
     *
     * @param sinks        every sink port (drop rules and deny entries)
     * @param aclDenySinks deny entry id ({@code acl:<aclId>#<n>}) to its sink
     */
    record Flipped(Network network, Set<Integer> sinks, Map<String, Integer> aclDenySinks) {
        Flipped {
            sinks = Set.copyOf(sinks);
            aclDenySinks = Map.copyOf(aclDenySinks);
        }
    }

    static Flipped flip(Network n) {
        int[] next = {n.ports().stream().mapToInt(Port::id).max().orElse(0) + 1};
        Map<String, Integer> sinkOf = new HashMap<>();
        List<Port> ports = new ArrayList<>(n.ports());
        java.util.function.Function<String, Integer> sink = device -> sinkOf.computeIfAbsent(device, d -> {
            Port p = new Port(next[0]++, d, "drop-sink");
            ports.add(p);
            return p.id();
        });
        List<RuleTable> tables = new ArrayList<>();
        for (RuleTable t : n.tables()) {
            List<Rule> rules = new ArrayList<>();
            for (Rule r : t.rules()) {
                if (!(r.actions().getLast() instanceof Action.Drop)) {
                    rules.add(r);
                    continue;
                }
                List<Action> actions = new ArrayList<>(r.actions().subList(0, r.actions().size() - 1));
                actions.add(new Action.Forward(List.of(sink.apply(t.deviceId()))));
                rules.add(new Rule(r.id(), r.priority(), r.inPortIds(), r.match(), actions, r.shadowedBy(), r.origin()));
            }
            tables.add(new RuleTable(t.deviceId(), t.policy(), rules));
        }
        // Every ACL denies, by its entries or its implicit final deny.
        Map<String, Integer> aclSinks = new java.util.LinkedHashMap<>();
        for (AclBinding b : n.aclBindings()) {
            String device = n.port(b.portId()).orElseThrow().deviceId();
            List<AclEntry> entries = n.acl(b.aclId()).orElseThrow().entriesWithImplicitDeny();
            for (int i = 0; i < entries.size(); i++) {
                String id = new AclEntryRef(b.aclId(), i + 1).id();
                if (entries.get(i).verdict() != AclEntry.Verdict.DENY || aclSinks.containsKey(id)) continue;
                Port p = new Port(next[0]++, device, "deny-sink");
                ports.add(p);
                aclSinks.put(id, p.id());
            }
        }
        Network flipped = new Network(n.layout(), n.devices(), ports, n.links(), tables, n.acls(), n.aclBindings(),
                n.vlanMemberships(), n.macEntries());
        Set<Integer> sinks = new HashSet<>(sinkOf.values());
        sinks.addAll(aclSinks.values());
        return new Flipped(flipped, sinks, aclSinks);
    }

    /**
     * Whether packet {@code t} observes the failure of element {@code id}, a rule or ACL entry it
     * meets that stops what it matches: an ACL deny entry when its failing (permitting) would
     * change where the packet arrives (deliver an expected-absent packet, or add a copy to a
     * packet whose other copies arrive); a drop rule when the packet is expected absent.
     */
    static boolean observes(Network n, Forwarder forwarder, TestPacket t, String id) {
        var entry = n.aclEntry(id);
        if (entry.isPresent())
            return entry.get().verdict() == AclEntry.Verdict.DENY
                    && !t.arrivesAs(forwarder.forwardPermitting(t.ingress(), t.values(), id));
        return t.expectDrop() && n.rule(id).orElseThrow().actions().getLast() instanceof Action.Drop;
    }

    /** Whether element {@code id} of {@code n} is an ACL deny entry. */
    static boolean isDenyEntry(Network n, String id) {
        return n.aclEntry(id).filter(e -> e.verdict() == AclEntry.Verdict.DENY).isPresent();
    }
}
