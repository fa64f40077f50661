package org.sonde.atpg.live;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.packet.Ipv4Address;

/**
 * Compiles a model into {@link LinuxConfig}. A device whose rules all match only a destination
 * prefix, from every port, to one port or a drop, in an order longest-prefix match agrees with,
 * gets plain routes in its main table. Any other device keeps the model's first-match order
 * with one policy rule per model rule (in-port as {@code iif}, prefixes as {@code to}/{@code from},
 * protocol and ports as {@code ipproto}/{@code sport}/{@code dport}) looking up a table of its own
 * that holds the rule's route; an empty table lets the next rule decide, as a missing rule does.
 * A rule that forwards to several ports (a copy per port) routes to the first and has nftables
 * {@code dup} the packet to the others, in a prerouting chain that follows the same first-match
 * order. ACLs are nftables chains (first match, implicit deny) jumped to from prerouting (IN) and
 * postrouting (OUT) by interface. A shared segment's bridge forwards only the model's directed
 * links between its ports, in an nftables table of family {@code bridge} in the segments' node that
 * addresses each frame it lets through to its receiver. A device neither routes nor copies a packet
 * back out of the port it came in by, as the model never does. Whatever else the model holds is {@link Unexpressed listed}.
 */
final class Compiler {
    static final String NFT_TABLE = "sonde_atpg";
    /** Model header fields nftables and policy rules understand, with their widths and nftables names. */
    private static final Map<String, String> NFT_FIELDS = Map.of("ip_dst", "ip daddr", "ip_src", "ip saddr", "ip_proto", "ip protocol",
            "tp_src", "th sport", "tp_dst", "th dport");
    private static final Map<String, Integer> WIDTHS = Map.of("ip_dst", 32, "ip_src", 32, "ip_proto", 8, "tp_src", 16, "tp_dst", 16);
    private static final int FIRST_TABLE = 100;

    private Compiler() {}

    /** The healthy model. */
    static LinuxConfig compile(Wiring wiring) {
        return compile(wiring, wiring.network(), null);
    }

    /**
     * {@code network} (the wired model, or it with rule and ACL faults) with the route tables of
     * {@code healthy} (null: decide them here).
     */
    static LinuxConfig compile(Wiring wiring, Network network, LinuxConfig healthy) {
        List<Unexpressed> unexpressed = new ArrayList<>(wiring.unexpressed());
        for (HeaderField f : network.layout().fields())
            if (!WIDTHS.containsKey(f.name()) || WIDTHS.get(f.name()) != f.widthBits())
                unexpressed.add(new Unexpressed("field:" + f.name(), "a header field Linux forwarding and nftables do not match on"
                        + " (they know ip_dst, ip_src, ip_proto, tp_src, tp_dst); rules and ACL entries constraining it are left out"));
        // memberships filter only on layouts with a vlan field (PortFilters); elsewhere (APKeep's snapshot) they change no forwarding
        if (network.layout().field("vlan").isPresent())
            network.vlanMemberships().forEach(v -> unexpressed.add(new Unexpressed("vlan:port " + v.portId(), "VLAN membership is not built"
                    + " (ports are routed interfaces); frames are sent untagged")));
        if (!network.macEntries().isEmpty())
            unexpressed.add(new Unexpressed("macTable", network.macEntries().size() + " MAC table entries: layer-2 forwarding is not built"));
        Map<String, String> routeTables = healthy != null ? healthy.routeTables() : new LinkedHashMap<>();
        Map<String, LinuxConfig.Node> nodes = new LinkedHashMap<>();
        nodes.put(Wiring.TERMINALS, new LinuxConfig.Node(terminalSetup(wiring), Map.of(), "", 0));
        for (var d : network.devices()) {
            String node = wiring.node(d.id());
            List<String> setup = new ArrayList<>();
            Map<String, String> routes = new LinkedHashMap<>();
            List<String> dups = new ArrayList<>();
            Set<Integer> hairpins = new TreeSet<>();
            for (Port p : network.portsOf(d.id())) {
                if (!wiring.wired(p.id())) continue;
                setup.add("link set dev " + Wiring.iface(p.id()) + " address " + Wiring.mac(p.id()));
                setup.add("neigh replace " + Wiring.GATEWAY + " lladdr " + wiring.nextHopMac(p.id()) + " dev " + Wiring.iface(p.id()) + " nud permanent");
            }
            RuleTable table = network.table(d.id()).orElse(null);
            if (table != null) forwarding(wiring, network, table, healthy == null, routeTables, setup, routes, dups, hairpins, unexpressed);
            StringBuilder nft = new StringBuilder();
            int nftRules = acls(wiring, network, d.id(), nft, unexpressed);
            if (dups.stream().anyMatch(l -> l.contains(" dup "))) {
                nft.append("  chain copies {\n    type filter hook prerouting priority 0; policy accept;\n");
                for (String l : dups) nft.append("    ").append(l).append('\n');
                nft.append("  }\n");
                nftRules += dups.size();
            }
            if (dups.stream().anyMatch(l -> l.contains(" dup "))) {
                // a copy is routed as the node's own packet to the gateway out of its port: a route there
                // through the gateway itself makes the kernel send it to the gateway's MAC, not ask for its destination's
                for (Port p : network.portsOf(d.id()))
                    if (wiring.wired(p.id())) setup.add("route replace " + Wiring.GATEWAY + "/32 via " + Wiring.GATEWAY + " dev " + Wiring.iface(p.id())
                            + " onlink metric " + p.id());
            }
            if (!hairpins.isEmpty()) {
                // the model never sends a packet back out of the port it came in by; Linux would, to the router it came
                // from (or the whole shared segment), which may send it back: a loop until the TTL runs out
                nft.append("  chain hairpin {\n    type filter hook forward priority 0; policy accept;\n");
                for (int p : hairpins)
                    nft.append("    iifname \"").append(Wiring.iface(p)).append("\" oifname \"").append(Wiring.iface(p)).append("\" drop\n");
                nft.append("  }\n");
                nftRules += hairpins.size();
            }
            String script = nft.isEmpty() ? "" : "table ip " + NFT_TABLE + " {\n" + nft + "}\n";
            nodes.put(node, new LinuxConfig.Node(setup, routes, script, nftRules));
        }
        if (!wiring.segments().isEmpty()) nodes.put(Wiring.SEGMENTS, segments(wiring, network));
        return new LinuxConfig(nodes, routeTables, unexpressed);
    }

    /** The nftables family of a node's table: {@code bridge} in the segments' node (it bridges), {@code ip} elsewhere (they route). */
    static String nftFamily(String node) {
        return node.equals(Wiring.SEGMENTS) ? "bridge" : "ip";
    }

    /**
     * The segments' node: its ends' MACs, and a bridge forward chain that lets a frame from one
     * member to another through only for a link of {@code network} between them, its destination
     * (the broadcast address every member sends to) set to the receiver's MAC so that the receiver
     * routes it; a link a fault removed is then dropped there.
     */
    private static LinuxConfig.Node segments(Wiring wiring, Network network) {
        List<String> setup = new ArrayList<>();
        for (Wiring.Segment g : wiring.segments())
            for (int p : g.ports()) setup.add("link set dev " + Wiring.segmentIface(p) + " address " + Wiring.segmentMac(p));
        StringBuilder nft = new StringBuilder("table bridge " + NFT_TABLE + " {\n  chain forward {\n    type filter hook forward priority 0; policy drop;\n");
        int rules = 0;
        for (Link l : network.links()) {
            int from = l.fromPortId(), to = l.toPortId();
            Wiring.Segment g = wiring.segment(from);
            if (g == null || from == to || g != wiring.segment(to)) continue;
            nft.append("    iifname \"").append(Wiring.segmentIface(from)).append("\" oifname \"").append(Wiring.segmentIface(to))
                    .append("\" ether daddr set ").append(Wiring.mac(to)).append(" accept comment \"link ").append(l.id().replace("\"", "'")).append("\"\n");
            rules++;
        }
        return new LinuxConfig.Node(setup, Map.of(), nft.append("  }\n}\n").toString(), rules);
    }

    private static List<String> terminalSetup(Wiring wiring) {
        List<String> setup = new ArrayList<>();
        for (int p : wiring.terminals()) setup.add("link set dev " + Wiring.terminalIface(p) + " address " + Wiring.terminalMac(p));
        return setup;
    }

    private static void forwarding(Wiring wiring, Network network, RuleTable table, boolean decide, Map<String, String> routeTables,
                                   List<String> setup, Map<String, String> routes, List<String> dups, Set<Integer> hairpins,
                                   List<Unexpressed> unexpressed) {
        Set<Integer> devicePorts = new TreeSet<>();
        network.portsOf(table.deviceId()).forEach(p -> devicePorts.add(p.id()));
        List<Rule> rules = new ArrayList<>();
        for (Rule r : table.rules()) {
            String problem = problem(wiring, network, r);
            if (problem != null) unexpressed.add(new Unexpressed("rule:" + r.id(), problem + "; the rule is left out"));
            else rules.add(r);
        }
        if (table.policy() == MatchPolicy.EXPLICIT && overlapping(rules))
            unexpressed.add(new Unexpressed("table:" + table.deviceId(), "EXPLICIT policy with overlapping rules that all fire (a copy each):"
                    + " built as first match"));
        if (decide) {
            boolean plain = lpmOrdered(rules) && rules.stream().allMatch(r -> r.inPortIds().containsAll(devicePorts)
                    && r.match().fields().keySet().stream().allMatch("ip_dst"::equals));
            for (int i = 0; i < table.rules().size(); i++)
                routeTables.put(table.rules().get(i).id(), plain ? "main" : Integer.toString(FIRST_TABLE + i));
        }
        Set<String> destinations = new HashSet<>();
        for (Rule r : rules) {
            String tableId = routeTables.get(r.id());
            if (tableId == null) continue; // not in the healthy model: cannot happen for faults, which keep ids
            Action last = r.actions().getLast();
            List<Integer> out = last instanceof Action.Forward f ? f.portIds() : List.of();
            if (tableId.equals("main")) {
                String dst = prefix(r.match().fields().get("ip_dst"));
                if (!destinations.add(dst)) continue; // a later rule for the same prefix never matches (first match)
                routes.put("main " + dst, route(dst, "main", out));
            } else {
                routes.put(tableId + " default", route("default", tableId, out));
                if (decide) {
                    String selectors = selectors(r.match());
                    if (r.inPortIds().containsAll(devicePorts)) setup.add("rule add pref " + tableId + selectors + " lookup " + tableId);
                    else for (int p : new TreeSet<>(r.inPortIds())) setup.add("rule add pref " + tableId + " iif " + Wiring.iface(p) + selectors + " lookup " + tableId);
                }
            }
            for (int p : out) if (r.inPortIds().contains(p)) hairpins.add(p);
            String matches = inPorts(r.inPortIds(), devicePorts) + nftMatch(r.match());
            StringBuilder copy = new StringBuilder(matches);
            for (int p : out.subList(Math.min(1, out.size()), out.size())) {
                String dup = " dup to " + Wiring.GATEWAY + " device \"" + Wiring.iface(p) + "\"";
                // a copy never goes back out of the port the packet came in by (nor does the model's)
                if (r.inPortIds().contains(p)) dups.add((matches + " iifname != \"" + Wiring.iface(p) + "\"" + dup).strip().replaceAll(" +", " "));
                else copy.append(dup);
            }
            dups.add((copy + " return").strip().replaceAll(" +", " "));
        }
    }

    /** Why a rule cannot be built, or null. */
    private static String problem(Wiring wiring, Network network, Rule r) {
        for (Action a : r.actions()) if (!a.terminal()) return "rewrites headers (" + a + "), which routes and nftables here do not";
        for (var f : r.match().fields().entrySet()) {
            if (!NFT_FIELDS.containsKey(f.getKey()) || network.layout().field(f.getKey()).orElseThrow().widthBits() != WIDTHS.get(f.getKey()))
                return "matches on " + f.getKey();
            boolean ip = f.getKey().startsWith("ip_") && !f.getKey().equals("ip_proto");
            if (ip && prefixLength(f.getValue()) < 0) return "matches " + f.getKey() + " under a mask that is not a prefix";
            if (f.getKey().equals("ip_proto") && f.getValue().mask() != 0xff) return "matches part of ip_proto";
            if (f.getKey().startsWith("tp_") && prefixLength(new Ternary(f.getValue().value() << 16, f.getValue().mask() << 16)) < 0)
                return "matches " + f.getKey() + " on bits that are not a range";
        }
        if (r.actions().getLast() instanceof Action.Forward f)
            for (int p : f.portIds()) if (!wiring.wired(p)) return "forwards to port " + p + ", whose link is not built";
        return null;
    }

    /** Whether every earlier rule that overlaps a later one has a prefix at least as long (what longest-prefix match does). */
    private static boolean lpmOrdered(List<Rule> rules) {
        for (int i = 0; i < rules.size(); i++) {
            for (int j = i + 1; j < rules.size(); j++) {
                Ternary a = rules.get(i).match().fields().getOrDefault("ip_dst", new Ternary(0, 0));
                Ternary b = rules.get(j).match().fields().getOrDefault("ip_dst", new Ternary(0, 0));
                if (((a.value() ^ b.value()) & a.mask() & b.mask()) == 0 && Long.bitCount(a.mask()) < Long.bitCount(b.mask())) return false;
            }
        }
        return true;
    }

    private static boolean overlapping(List<Rule> rules) {
        for (int i = 0; i < rules.size(); i++) {
            for (int j = i + 1; j < rules.size(); j++) {
                Rule a = rules.get(i), b = rules.get(j);
                if (b.shadowedBy().contains(a.id()) || a.inPortIds().stream().noneMatch(b.inPortIds()::contains)) continue;
                if (intersect(a.match(), b.match())) return true;
            }
        }
        return false;
    }

    private static boolean intersect(Match a, Match b) {
        for (var e : a.fields().entrySet()) {
            Ternary t = b.fields().get(e.getKey());
            if (t != null && ((e.getValue().value() ^ t.value()) & e.getValue().mask() & t.mask()) != 0) return false;
        }
        return true;
    }

    /** The number of leading one bits of a 32-bit mask, or -1 when the mask is not a prefix. */
    private static int prefixLength(Ternary t) {
        long m = t.mask() & 0xFFFF_FFFFL;
        int n = Long.bitCount(m);
        return m == ((0xFFFF_FFFFL << (32 - n)) & 0xFFFF_FFFFL) ? n : -1;
    }

    private static String prefix(Ternary t) {
        if (t == null) return "default";
        return Ipv4Address.format((int) t.value()) + "/" + prefixLength(t);
    }

    private static String route(String destination, String table, List<Integer> out) {
        String where = table.equals("main") ? "" : " table " + table;
        if (out.isEmpty()) return "route replace blackhole " + destination + where;
        return "route replace " + destination + " via " + Wiring.GATEWAY + " dev " + Wiring.iface(out.getFirst()) + " onlink" + where;
    }

    /** The policy-rule selectors of a match ({@code to}, {@code from}, {@code ipproto}, {@code sport}, {@code dport}). */
    private static String selectors(Match m) {
        StringBuilder s = new StringBuilder();
        for (var e : new java.util.TreeMap<>(m.fields()).entrySet()) {
            Ternary t = e.getValue();
            switch (e.getKey()) {
                case "ip_dst" -> s.append(" to ").append(prefix(t));
                case "ip_src" -> s.append(" from ").append(prefix(t));
                case "ip_proto" -> s.append(" ipproto ").append(t.value());
                default -> {
                    long low = t.value() & t.mask(), high = low | (~t.mask() & 0xffff);
                    s.append(e.getKey().equals("tp_src") ? " sport " : " dport ").append(low == high ? Long.toString(low) : low + "-" + high);
                }
            }
        }
        return s.toString();
    }

    private static String inPorts(Set<Integer> in, Set<Integer> devicePorts) {
        if (in.containsAll(devicePorts)) return "";
        StringBuilder s = new StringBuilder("iifname { ");
        String sep = "";
        for (int p : new TreeSet<>(in)) {
            s.append(sep).append('"').append(Wiring.iface(p)).append('"');
            sep = ", ";
        }
        return s.append(" } ").toString();
    }

    /** An nftables match for a model match, fields as {@code FIELD & MASK == VALUE}. */
    static String nftMatch(Match m) {
        StringBuilder s = new StringBuilder();
        for (var e : new java.util.TreeMap<>(m.fields()).entrySet()) {
            Ternary t = e.getValue();
            boolean ip = e.getKey().equals("ip_dst") || e.getKey().equals("ip_src");
            long full = (1L << WIDTHS.get(e.getKey())) - 1;
            String value = ip ? Ipv4Address.format((int) t.value()) : Long.toString(t.value());
            if (t.mask() == full) s.append(NFT_FIELDS.get(e.getKey())).append(' ').append(value).append(' ');
            else if (ip && prefixLength(t) >= 0) s.append(NFT_FIELDS.get(e.getKey())).append(' ').append(prefix(t)).append(' ');
            else s.append(NFT_FIELDS.get(e.getKey())).append(" & ").append(ip ? Ipv4Address.format((int) t.mask()) : "0x" + Long.toHexString(t.mask()))
                    .append(" == ").append(value).append(' ');
        }
        return s.toString();
    }

    /** The ACL chains of a device and the jumps to them; returns the number of nftables rules. */
    private static int acls(Wiring wiring, Network network, String deviceId, StringBuilder nft, List<Unexpressed> unexpressed) {
        List<String> in = new ArrayList<>(), out = new ArrayList<>();
        Map<String, String> chains = new LinkedHashMap<>();
        int rules = 0;
        for (Port p : network.portsOf(deviceId)) {
            for (AclBinding b : network.aclBindingsOf(p.id())) {
                if (!wiring.wired(p.id())) {
                    unexpressed.add(new Unexpressed("acl:" + b.aclId() + "@" + p.id(), "bound to port " + p.id() + ", whose link is not built"));
                    continue;
                }
                String chain = chains.computeIfAbsent(b.aclId(), k -> "acl" + chains.size());
                (b.direction() == AclBinding.Direction.IN ? in : out).add((b.direction() == AclBinding.Direction.IN ? "iifname \"" : "oifname \"")
                        + Wiring.iface(p.id()) + "\" jump " + chain);
            }
        }
        for (var c : chains.entrySet()) {
            Acl acl = network.acl(c.getKey()).orElseThrow();
            nft.append("  chain ").append(c.getValue()).append(" {\n    comment \"ACL ").append(c.getKey().replace("\"", "'")).append("\"\n");
            for (int i = 0; i < acl.entries().size(); i++) {
                AclEntry e = acl.entries().get(i);
                String unknown = e.match().fields().keySet().stream().filter(f -> !NFT_FIELDS.containsKey(f)).findFirst().orElse(null);
                if (unknown != null) {
                    unexpressed.add(new Unexpressed("acl:" + c.getKey() + "#" + (i + 1), "matches on " + unknown + "; the entry is left out"));
                    continue;
                }
                nft.append("    ").append(nftMatch(e.match())).append(e.verdict() == AclEntry.Verdict.PERMIT ? "return" : "drop").append('\n');
                rules++;
            }
            nft.append("    drop\n  }\n");
            rules++;
        }
        if (!in.isEmpty()) rules += hook(nft, "in", "prerouting priority -10", in);
        if (!out.isEmpty()) rules += hook(nft, "out", "postrouting priority 0", out);
        return rules;
    }

    private static int hook(StringBuilder nft, String name, String hook, List<String> jumps) {
        nft.append("  chain ").append(name).append(" {\n    type filter hook ").append(hook).append("; policy accept;\n");
        for (String j : jumps) nft.append("    ").append(j).append('\n');
        nft.append("  }\n");
        return jumps.size();
    }
}
