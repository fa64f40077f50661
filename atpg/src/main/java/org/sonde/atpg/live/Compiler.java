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
import org.sonde.dataplane.model.MacEntry;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;
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
 *
 * <p>VLANs, on layouts with a {@code vlan} field ({@link Wiring}'s member ports): this kernel has
 * neither 802.1Q devices nor VLAN-filtering bridges, so membership is an nftables ingress chain
 * (family {@code netdev}) on each member port that takes a frame in a VLAN the port carries — tagged
 * (a test frame), untagged (the port's access or native VLAN) or addressed to the port's VLAN MAC
 * (from a device) — clears its tag, addresses it to the port and marks the packet with its VLAN,
 * and drops every other frame, as the model's membership does on arrival. A rule's {@code SetVlan v}
 * and forward to member port X is a route via v's next hop on X, whose neighbour is the receiver's
 * VLAN MAC for v; a copy the model would drop at a port that does not carry its VLAN is not built.
 * The VLAN a packet came in on is its mark ({@code fwmark} in policy rules, {@code meta mark} in
 * nftables), the VLAN it leaves in its next hop ({@code rt ip nexthop}), so matches on the
 * {@code vlan} field become those. The model's MAC entries are listed: the model forwards by its
 * rules alone (the Cisco import resolved them through the MAC table already), and no bridge switches here.
 */
final class Compiler {
    static final String NFT_TABLE = "sonde_atpg";
    /** Model header fields nftables and policy rules understand, with their widths and nftables names. */
    private static final Map<String, String> NFT_FIELDS = Map.of("ip_dst", "ip daddr", "ip_src", "ip saddr", "ip_proto", "ip protocol",
            "tp_src", "th sport", "tp_dst", "th dport");
    private static final Map<String, Integer> WIDTHS = Map.of("ip_dst", 32, "ip_src", 32, "ip_proto", 8, "tp_src", 16, "tp_dst", 16);
    private static final String VLAN = "vlan";
    private static final int FIRST_TABLE = 100;

    private Compiler() {}

    /** The healthy model. */
    static LinuxConfig compile(Wiring wiring) {
        return compile(wiring, wiring.network(), null);
    }

    /** One device: its id and ports, in-ports and out-ports matched by interface name. */
    private record Dev(String id, Set<Integer> ports) {
        Dev(Network network, String id) {
            this(id, portIds(network, id));
        }

        private static Set<Integer> portIds(Network network, String id) {
            Set<Integer> out = new TreeSet<>();
            network.portsOf(id).forEach(p -> out.add(p.id()));
            return out;
        }

        /** The nftables match of a packet that came in by one of {@code in} ("" for every port of the device). */
        String cameIn(Set<Integer> in) {
            if (in.containsAll(ports)) return "";
            return "iifname { " + String.join(", ", new TreeSet<>(in).stream().map(p -> "\"" + Wiring.iface(p) + "\"").toList()) + " } ";
        }

        String cameIn(int port) {
            return "iifname \"" + Wiring.iface(port) + "\" ";
        }

        String cameNotIn(int port) {
            return "iifname != \"" + Wiring.iface(port) + "\" ";
        }

        String leaves(int port) {
            return "oifname \"" + Wiring.iface(port) + "\" ";
        }

        String selector(int port) {
            return " iif " + Wiring.iface(port);
        }
    }

    /** Where a rule sends a packet: a port, and for a member port the VLAN it leaves in. */
    private record Hop(int port, Integer vlan) {}

    /**
     * {@code network} (the wired model, or it with rule and ACL faults) with the route tables of
     * {@code healthy} (null: decide them here).
     */
    static LinuxConfig compile(Wiring wiring, Network network, LinuxConfig healthy) {
        List<Unexpressed> unexpressed = new ArrayList<>(wiring.unexpressed());
        boolean vlans = network.layout().field(VLAN).isPresent();
        for (HeaderField f : network.layout().fields())
            if (!(vlans && f.name().equals(VLAN)) && (!WIDTHS.containsKey(f.name()) || WIDTHS.get(f.name()) != f.widthBits()))
                unexpressed.add(new Unexpressed("field:" + f.name(), "a header field Linux forwarding and nftables do not match on"
                        + " (they know ip_dst, ip_src, ip_proto, tp_src, tp_dst" + (vlans ? " and, on VLAN ports, vlan" : "")
                        + "); rules and ACL entries constraining it are left out"));
        // memberships filter only on layouts with a vlan field (PortFilters); elsewhere (APKeep's snapshot) they change no forwarding
        if (vlans) memberships(wiring, network, unexpressed);
        Map<String, String> routeTables = healthy != null ? healthy.routeTables() : new LinkedHashMap<>();
        Map<String, LinuxConfig.Node> nodes = new LinkedHashMap<>();
        nodes.put(Wiring.TERMINALS, new LinuxConfig.Node(terminalSetup(wiring), Map.of(), "", 0));
        Map<String, List<MacEntry>> macs = new LinkedHashMap<>();
        for (MacEntry m : network.macEntries()) macs.computeIfAbsent(m.deviceId(), k -> new ArrayList<>()).add(m);
        for (var d : network.devices()) {
            Dev dev = new Dev(network, d.id());
            String node = wiring.node(d.id());
            List<String> setup = new ArrayList<>();
            Map<String, String> routes = new LinkedHashMap<>();
            List<String> dups = new ArrayList<>();
            Set<Integer> hairpins = new TreeSet<>();
            Set<Hop> vlanHops = new java.util.LinkedHashSet<>();
            for (Port p : network.portsOf(d.id())) {
                if (!wiring.wired(p.id())) continue;
                setup.add("link set dev " + Wiring.iface(p.id()) + " address " + Wiring.mac(p.id()));
                setup.add("neigh replace " + Wiring.GATEWAY + " lladdr " + wiring.nextHopMac(p.id()) + " dev " + Wiring.iface(p.id()) + " nud permanent");
            }
            RuleTable table = network.table(d.id()).orElse(null);
            if (table != null)
                forwarding(wiring, network, dev, table, healthy == null, routeTables, setup, routes, dups, hairpins, vlanHops, unexpressed);
            for (Hop h : vlanHops) {
                // VLAN v's next hop on the port: its neighbour is the receiver's VLAN MAC; the /32 lets a copy be sent to it
                String gw = Wiring.vlanGateway(h.vlan()), iface = Wiring.iface(h.port());
                setup.add("neigh replace " + gw + " lladdr " + wiring.nextHopMac(h.port(), h.vlan()) + " dev " + iface + " nud permanent");
                setup.add("route replace " + gw + "/32 via " + gw + " dev " + iface + " onlink metric " + h.port());
            }
            if (macs.containsKey(d.id()))
                unexpressed.add(new Unexpressed("macTable:" + d.id(), macs.get(d.id()).size() + " MAC table entries: not built, and no frame needs"
                        + " them: the model forwards by its rules alone (an import resolved its next hops through this table) and no device"
                        + " here switches frames"));
            StringBuilder nft = new StringBuilder();
            int nftRules = acls(wiring, network, dev, nft, unexpressed);
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
                    if (wiring.wired(p.id()))
                        setup.add("route replace " + Wiring.GATEWAY + "/32 via " + Wiring.GATEWAY + " dev " + Wiring.iface(p.id()) + " onlink metric " + p.id());
            }
            if (!hairpins.isEmpty()) {
                // the model never sends a packet back out of the port it came in by; Linux would, to the router it came
                // from (or the whole shared segment), which may send it back: a loop until the TTL runs out
                nft.append("  chain hairpin {\n    type filter hook forward priority 0; policy accept;\n");
                for (int p : hairpins) nft.append("    ").append(dev.cameIn(p)).append(dev.leaves(p)).append("drop\n");
                nft.append("  }\n");
                nftRules += hairpins.size();
            }
            String script = nft.isEmpty() ? "" : "table ip " + NFT_TABLE + " {\n" + nft + "}\n";
            StringBuilder ingress = new StringBuilder();
            for (int p : dev.ports()) if (wiring.member(p)) nftRules += ingress(wiring, p, ingress);
            String netdev = ingress.isEmpty() ? "" : "table netdev " + NFT_TABLE + " {\n" + ingress + "}\n";
            nodes.put(node, new LinuxConfig.Node(setup, routes, script, nftRules, netdev));
        }
        if (!wiring.segments().isEmpty()) nodes.put(Wiring.SEGMENTS, segments(wiring, network));
        return new LinuxConfig(nodes, routeTables, unexpressed);
    }

    /** What memberships cannot be built: VLAN ids no tag carries. */
    private static void memberships(Wiring wiring, Network network, List<Unexpressed> unexpressed) {
        for (VlanMembership m : network.vlanMemberships()) {
            if (!wiring.wired(m.portId())) continue;
            Set<Integer> ids = new TreeSet<>(switch (m.mode()) {
                case SwitchportMode.Access a -> Set.of(a.vlanId());
                case SwitchportMode.Trunk t -> t.allowedVlanIds();
            });
            ids.removeIf(v -> v >= Wiring.MIN_VID && v <= Wiring.MAX_VID);
            if (!ids.isEmpty())
                unexpressed.add(new Unexpressed("vlan:port " + m.portId(), "VLAN " + ids + " is outside the ids an 802.1Q tag carries (1-4094):"
                        + " the port takes no frame in it"));
        }
    }

    /** {@code 2-9,12} for 2..9 and 12. */
    static String ranges(Set<Integer> ids) {
        StringBuilder s = new StringBuilder();
        Integer lo = null, hi = null;
        for (int v : new TreeSet<>(ids)) {
            if (lo != null && v == hi + 1) {
                hi = v;
                continue;
            }
            if (lo != null) s.append(s.isEmpty() ? "" : ",").append(lo.equals(hi) ? lo.toString() : lo + "-" + hi);
            lo = v;
            hi = v;
        }
        if (lo != null) s.append(s.isEmpty() ? "" : ",").append(lo.equals(hi) ? lo.toString() : lo + "-" + hi);
        return s.toString();
    }

    /**
     * The ingress chain of member port {@code port} (family {@code netdev}): a frame in a VLAN the port carries — tagged, untagged
     * in the port's untagged VLAN, or addressed to the port's VLAN MAC — goes on untagged, addressed to the port, its packet marked
     * with the VLAN; any other frame is dropped, as the model's membership drops it on arrival. Returns the number of rules.
     */
    private static int ingress(Wiring wiring, int port, StringBuilder nft) {
        String iface = Wiring.iface(port), mac = Wiring.mac(port);
        List<String> lines = new ArrayList<>();
        Set<Integer> carried = wiring.carried(port);
        // a tag's VLAN becomes the mark (through a map: a payload copied into the mark keeps network byte order); a VLAN the map
        // lacks ends the rule; VLAN 0 is a priority tag, which the kernel then takes as untagged
        if (!carried.isEmpty())
            lines.add("meta mark set vlan id map { " + String.join(", ", carried.stream().map(v -> v + " : " + v).toList()) + " } vlan id set 0 accept");
        Integer untagged = wiring.untaggedVlan(port);
        if (untagged != null) lines.add("ether type ip ether daddr " + mac + " meta mark set " + untagged + " accept");
        for (int v : wiring.carriedOnLinks(port))
            lines.add("ether type ip ether daddr " + Wiring.vlanMac(port, v) + " meta mark set " + v + " ether daddr set " + mac
                    + " meta pkttype set host accept");
        nft.append("  chain ").append(iface).append(" {\n    type filter hook ingress device \"").append(iface).append("\" priority 0; policy drop;\n");
        for (String l : lines) nft.append("    ").append(l).append('\n');
        nft.append("  }\n");
        return lines.size() + 1;
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
            String ends = "iifname \"" + Wiring.segmentIface(from) + "\" oifname \"" + Wiring.segmentIface(to) + "\" ";
            String comment = " accept comment \"link " + l.id().replace("\"", "'") + "\"\n";
            if (!wiring.member(from)) {
                nft.append("    ").append(ends).append("ether daddr set ").append(Wiring.mac(to)).append(comment);
                rules++;
                continue;
            }
            // a member port sends each VLAN to its own address for any receiver: each receiver gets it at its VLAN MAC
            for (int v : wiring.carriedOnLinks(from)) {
                nft.append("    ").append(ends).append("ether daddr ").append(Wiring.anyReceiver(v)).append(" ether daddr set ")
                        .append(wiring.member(to) ? Wiring.vlanMac(to, v) : Wiring.mac(to)).append(comment);
                rules++;
            }
        }
        return new LinuxConfig.Node(setup, Map.of(), nft.append("  }\n}\n").toString(), rules);
    }

    private static List<String> terminalSetup(Wiring wiring) {
        List<String> setup = new ArrayList<>();
        for (int p : wiring.terminals()) setup.add("link set dev " + Wiring.terminalIface(p) + " address " + Wiring.terminalMac(p));
        return setup;
    }

    private static void forwarding(Wiring wiring, Network network, Dev dev, RuleTable table, boolean decide, Map<String, String> routeTables,
                                   List<String> setup, Map<String, String> routes, List<String> dups, Set<Integer> hairpins, Set<Hop> vlanHops,
                                   List<Unexpressed> unexpressed) {
        Set<Integer> devicePorts = dev.ports();
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
            List<Hop> out = hops(wiring, r);
            out.stream().filter(h -> h.vlan() != null).forEach(vlanHops::add);
            Integer inVlan = vlanMatched(r.match());
            if (tableId.equals("main")) {
                String dst = prefix(r.match().fields().get("ip_dst"));
                if (!destinations.add(dst)) continue; // a later rule for the same prefix never matches (first match)
                routes.put("main " + dst, route(wiring, dst, "main", out));
            } else {
                routes.put(tableId + " default", route(wiring, "default", tableId, out));
                if (decide) {
                    String selectors = selectors(r.match()) + (inVlan != null ? " fwmark " + inVlan : "");
                    if (r.inPortIds().containsAll(devicePorts)) setup.add("rule add pref " + tableId + selectors + " lookup " + tableId);
                    else for (int p : new TreeSet<>(r.inPortIds())) setup.add("rule add pref " + tableId + dev.selector(p) + selectors + " lookup " + tableId);
                }
            }
            for (Hop h : out) if (r.inPortIds().contains(h.port())) hairpins.add(h.port());
            String matches = dev.cameIn(r.inPortIds()) + (inVlan != null ? "meta mark " + inVlan + " " : "") + nftMatch(r.match());
            StringBuilder copy = new StringBuilder(matches);
            for (Hop h : out.subList(Math.min(1, out.size()), out.size())) {
                String dup = " dup to " + (h.vlan() != null ? Wiring.vlanGateway(h.vlan()) : Wiring.GATEWAY) + " device \"" + Wiring.iface(h.port()) + "\"";
                // a copy never goes back out of the port the packet came in by (nor does the model's)
                if (r.inPortIds().contains(h.port())) dups.add((matches + dev.cameNotIn(h.port()) + dup).strip().replaceAll(" +", " "));
                else copy.append(dup);
            }
            dups.add((copy + " return").strip().replaceAll(" +", " "));
        }
    }

    /**
     * The ports a rule sends copies out of, each member port with the VLAN it leaves in (the one the rule sets, else the one
     * it matches); a member port that does not carry that VLAN is left out: the model drops that copy at the port's membership.
     */
    private static List<Hop> hops(Wiring wiring, Rule r) {
        List<Hop> out = new ArrayList<>();
        if (!(r.actions().getLast() instanceof Action.Forward f)) return out;
        Integer vlan = vlanOut(r);
        for (int p : f.portIds()) {
            if (!wiring.member(p)) out.add(new Hop(p, null));
            else if (vlan != null && wiring.carried(p).contains(vlan)) out.add(new Hop(p, vlan));
        }
        return out;
    }

    /** The VLAN a rule's packets leave in: the last one it sets, else the one it matches exactly, else null. */
    private static Integer vlanOut(Rule r) {
        Integer vlan = vlanMatched(r.match());
        for (Action a : r.actions()) if (a instanceof Action.SetVlan s) vlan = s.vlanId();
        return vlan;
    }

    /** The VLAN a match names exactly, or null when it does not constrain vlan. */
    private static Integer vlanMatched(Match m) {
        Ternary t = m.fields().get(VLAN);
        return t == null ? null : (int) t.value();
    }

    /** Why a rule cannot be built, or null. */
    private static String problem(Wiring wiring, Network network, Rule r) {
        boolean vlans = network.layout().field(VLAN).isPresent();
        for (Action a : r.actions())
            if (!a.terminal() && !(vlans && a instanceof Action.SetVlan)) return "rewrites headers (" + a + "), which routes and nftables here do not";
        for (var f : r.match().fields().entrySet()) {
            if (vlans && f.getKey().equals(VLAN)) {
                if (f.getValue().mask() != network.layout().field(VLAN).orElseThrow().fullMask()) return "matches part of vlan";
                for (int p : r.inPortIds())
                    if (!wiring.member(p)) return "matches vlan from port " + p + ", which has no VLAN membership (its frames carry no VLAN on Linux)";
                continue;
            }
            if (!NFT_FIELDS.containsKey(f.getKey()) || network.layout().field(f.getKey()).orElseThrow().widthBits() != WIDTHS.get(f.getKey()))
                return "matches on " + f.getKey();
            boolean ip = f.getKey().startsWith("ip_") && !f.getKey().equals("ip_proto");
            if (ip && prefixLength(f.getValue()) < 0) return "matches " + f.getKey() + " under a mask that is not a prefix";
            if (f.getKey().equals("ip_proto") && f.getValue().mask() != 0xff) return "matches part of ip_proto";
            if (f.getKey().startsWith("tp_") && prefixLength(new Ternary(f.getValue().value() << 16, f.getValue().mask() << 16)) < 0)
                return "matches " + f.getKey() + " on bits that are not a range";
        }
        if (r.actions().getLast() instanceof Action.Forward f) {
            for (int p : f.portIds()) {
                if (!wiring.wired(p)) return "forwards to port " + p + ", whose link is not built";
                if (wiring.member(p) && vlanOut(r) == null)
                    return "forwards to VLAN port " + p + " without setting or matching a VLAN (the packet's own, which one route cannot follow)";
            }
        }
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

    private static String route(Wiring wiring, String destination, String table, List<Hop> out) {
        String where = table.equals("main") ? "" : " table " + table;
        if (out.isEmpty()) return "route replace blackhole " + destination + where;
        Hop h = out.getFirst();
        return "route replace " + destination + " via " + (h.vlan() != null ? Wiring.vlanGateway(h.vlan()) : Wiring.GATEWAY) + " dev "
                + Wiring.iface(h.port()) + " onlink" + where;
    }

    /** The policy-rule selectors of a match ({@code to}, {@code from}, {@code ipproto}, {@code sport}, {@code dport}). */
    private static String selectors(Match m) {
        StringBuilder s = new StringBuilder();
        for (var e : new java.util.TreeMap<>(m.fields()).entrySet()) {
            Ternary t = e.getValue();
            switch (e.getKey()) {
                case VLAN -> { } // the SVI it came in on, added by the caller
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

    /** An nftables match for a model match, fields as {@code FIELD & MASK == VALUE}; vlan is the caller's (an interface match). */
    static String nftMatch(Match m) {
        StringBuilder s = new StringBuilder();
        for (var e : new java.util.TreeMap<>(m.fields()).entrySet()) {
            if (e.getKey().equals(VLAN)) continue;
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

    /**
     * The ACL chains of a device and the jumps to them; returns the number of nftables rules. An ACL bound to a member
     * port whose entries match vlan gets a chain per direction: the VLAN is the SVI the packet came in on (IN) or
     * leaves by (OUT).
     */
    private static int acls(Wiring wiring, Network network, Dev dev, StringBuilder nft, List<Unexpressed> unexpressed) {
        List<String> in = new ArrayList<>(), out = new ArrayList<>();
        // chain key: ACL id, and for an ACL matching vlan the side of the SVI it reads ("iifname"/"oifname") or "" outside the bridge
        Map<List<String>, String> chains = new LinkedHashMap<>();
        int rules = 0;
        for (int port : dev.ports()) {
            for (AclBinding b : network.aclBindingsOf(port)) {
                if (!wiring.wired(port)) {
                    unexpressed.add(new Unexpressed("acl:" + b.aclId() + "@" + port, "bound to port " + port + ", whose link is not built"));
                    continue;
                }
                boolean inbound = b.direction() == AclBinding.Direction.IN;
                boolean vlanEntries = network.acl(b.aclId()).orElseThrow().entries().stream().anyMatch(e -> e.match().fields().containsKey(VLAN));
                String side = !vlanEntries ? "-" : !wiring.member(port) ? "" : inbound ? "in" : "out";
                String chain = chains.computeIfAbsent(List.of(b.aclId(), side), k -> "acl" + chains.size());
                (inbound ? in : out).add((inbound ? dev.cameIn(port) : dev.leaves(port)) + "jump " + chain);
            }
        }
        // the VLANs a packet can be in at this device: those its member ports carry
        Set<Integer> vlans = new TreeSet<>();
        for (int p : dev.ports()) if (wiring.member(p)) vlans.addAll(wiring.carried(p));
        for (var c : chains.entrySet()) {
            String aclId = c.getKey().get(0), side = c.getKey().get(1);
            Acl acl = network.acl(aclId).orElseThrow();
            nft.append("  chain ").append(c.getValue()).append(" {\n    comment \"ACL ").append(aclId.replace("\"", "'")).append("\"\n");
            for (int i = 0; i < acl.entries().size(); i++) {
                AclEntry e = acl.entries().get(i);
                String unknown = e.match().fields().keySet().stream().filter(f -> !NFT_FIELDS.containsKey(f) && !f.equals(VLAN)).findFirst().orElse(null);
                if (unknown != null) {
                    unexpressed.add(new Unexpressed("acl:" + aclId + "#" + (i + 1), "matches on " + unknown + "; the entry is left out"));
                    continue;
                }
                String vlan = "";
                Ternary t = e.match().fields().get(VLAN);
                if (t != null) {
                    if (side.isEmpty()) {
                        unexpressed.add(new Unexpressed("acl:" + aclId + "#" + (i + 1) + "@" + dev.id(), "matches vlan where the ACL is bound to a port"
                                + " without VLAN membership (its frames carry no VLAN on Linux); the entry is left out there"));
                        continue;
                    }
                    List<Integer> ids = vlans.stream().filter(v -> (v & t.mask()) == t.value()).toList();
                    if (ids.isEmpty()) continue; // no VLAN a packet can be in here matches: the entry never decides
                    // the VLAN it came in on is its mark, the one it leaves in its next hop
                    vlan = side.equals("in") ? "meta mark { " + String.join(", ", ids.stream().map(String::valueOf).toList()) + " } "
                            : "rt ip nexthop { " + String.join(", ", ids.stream().map(Wiring::vlanGateway).toList()) + " } ";
                }
                nft.append("    ").append(vlan).append(nftMatch(e.match())).append(e.verdict() == AclEntry.Verdict.PERMIT ? "return" : "drop").append('\n');
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
