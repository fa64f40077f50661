package org.sonde.dataplane.model;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Built-in example networks. The dissertation's three-switch example (Figure 2.5): A routes 10.0/16 to B, 10.1/16 to C, 10.2/16 to terminal PA; B routes 10.2/16 to
 * A, 10.1/16 to C, 10.0/16 with tcp 80 to PB; C broadcasts from PC to A and B and sends
 * everything from A or B to PC. For tests, demos and documentation.
 */
public final class Examples {
    private Examples() {}

    /** Port numbers of the three-switch example. */
    public static final int PA = 1, AB = 2, AC = 3, PB = 11, BA = 12, BC = 13, PC = 21, CA = 22, CB = 23;

    /** The three-switch example, with links both ways between A, B and C and a terminal port on each. */
    public static Network threeSwitch() {
        HeaderLayout layout = HeaderLayout.builder("ip-tcp").field("ip_dst", 32).field("tp_dst", 16).build();
        List<Port> ports = List.of(new Port(PA, "A", "PA"), new Port(AB, "A", "AB"), new Port(AC, "A", "AC"),
                new Port(PB, "B", "PB"), new Port(BA, "B", "BA"), new Port(BC, "B", "BC"),
                new Port(PC, "C", "PC"), new Port(CA, "C", "CA"), new Port(CB, "C", "CB"));
        List<Link> links = List.of(link("AB", AB, BA), link("BA", BA, AB), link("AC", AC, CA), link("CA", CA, AC),
                link("BC", BC, CB), link("CB", CB, BC));
        Set<Integer> a = Set.of(PA, AB, AC), b = Set.of(PB, BA, BC);
        RuleTable ta = new RuleTable("A", MatchPolicy.FIRST_MATCH, List.of(
                rule("rA1", 3, a, net(0), AB), rule("rA2", 2, a, net(1), AC), rule("rA3", 1, a, net(2), PA)));
        RuleTable tb = new RuleTable("B", MatchPolicy.FIRST_MATCH, List.of(
                rule("rB1", 3, b, net(2), BA), rule("rB2", 2, b, net(1), BC),
                rule("rB3", 1, b, net(0).and("tp_dst", Ternary.exact(80, 16)), PB)));
        RuleTable tc = new RuleTable("C", MatchPolicy.FIRST_MATCH, List.of(
                rule("rC1", 2, Set.of(PC), Match.ANY, CA, CB), rule("rC2", 1, Set.of(CA, CB), Match.ANY, PC)));
        return Network.forwarding(layout, List.of(new Device("A"), new Device("B"), new Device("C")), ports, links,
                List.of(ta, tb, tc));
    }

    /**
     * The three-switch example with ACLs, for ATPG over ACL entries: PA's terminal may only send
     * 10.0/16 and 10.1/16 and never tcp 22 ({@code edge-in}: deny tp_dst 22, permit 10.0/16,
     * permit 10.1/16, IN on PA); PB lets out only tcp 80 ({@code b-out}: permit tp_dst 80, OUT on
     * PB, which permits exactly what B's rB3 sends there); C drops 10.1.0/24 coming from A
     * ({@code c-in}: deny 10.1.0/24, permit any, IN on CA).
     */
    public static Network threeSwitchWithAcls() {
        Network n = threeSwitch();
        Match tp22 = Match.ANY.and("tp_dst", Ternary.exact(22, 16)), tp80 = Match.ANY.and("tp_dst", Ternary.exact(80, 16));
        Match tenOneZero = Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | (1L << 16), 24, 32));
        List<Acl> acls = List.of(
                new Acl("edge-in", List.of(new AclEntry(AclEntry.Verdict.DENY, tp22), new AclEntry(AclEntry.Verdict.PERMIT, net(0)),
                        new AclEntry(AclEntry.Verdict.PERMIT, net(1)))),
                new Acl("b-out", List.of(new AclEntry(AclEntry.Verdict.PERMIT, tp80))),
                new Acl("c-in", List.of(new AclEntry(AclEntry.Verdict.DENY, tenOneZero), new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY))));
        List<AclBinding> bindings = List.of(new AclBinding(PA, AclBinding.Direction.IN, "edge-in"),
                new AclBinding(PB, AclBinding.Direction.OUT, "b-out"), new AclBinding(CA, AclBinding.Direction.IN, "c-in"));
        return new Network(n.layout(), n.devices(), n.ports(), n.links(), n.tables(), acls, bindings, List.of(), List.of());
    }

    /**
     * A k-ary fat-tree (k even, 4 to 16) routed without multipath, since the model's several-port
     * forward is a copy per port: host h of edge switch e in pod p is 10.p.e.(h+2) behind terminal
     * port {@code e<p>-<e>:h<h>}; an edge switch sends its hosts' /32s down and every other edge's /24
     * of its pod and every other pod's /16 up through aggregation switch (e' or p' mod k/2); an
     * aggregation switch sends its pod's /24s down and other pods' /16s up through core (p' mod k/2)
     * of its group; core switch c (group c / (k/2)) sends each pod's /16 down. Device names {@code
     * e<p>-<e>}, {@code a<p>-<a>}, {@code c<c>}; port ids 1000 * device index + port number.
     */
    public static Network fatTree(int k) {
        if (k < 4 || k > 16 || k % 2 != 0) throw new IllegalArgumentException("a fat-tree's k is even, 4 to 16, got " + k);
        int half = k / 2;
        HeaderLayout layout = HeaderLayout.builder("ip").field("ip_dst", 32).build();
        List<Device> devices = new java.util.ArrayList<>();
        List<Port> ports = new java.util.ArrayList<>();
        List<Link> links = new java.util.ArrayList<>();
        List<RuleTable> tables = new java.util.ArrayList<>();
        java.util.Map<String, Integer> index = new java.util.LinkedHashMap<>();
        for (int p = 0; p < k; p++) for (int e = 0; e < half; e++) index.put("e" + p + "-" + e, index.size());
        for (int p = 0; p < k; p++) for (int a = 0; a < half; a++) index.put("a" + p + "-" + a, index.size());
        for (int c = 0; c < half * half; c++) index.put("c" + c, index.size());
        index.keySet().forEach(d -> devices.add(new Device(d)));
        // edge: ports 0..half-1 hosts, half..k-1 up to agg a; agg: 0..half-1 down to edge e, half..k-1 up to core; core: port p to pod p
        java.util.function.BiFunction<String, Integer, Integer> port = (d, n) -> 1000 * index.get(d) + n;
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < half; e++) {
                String d = "e" + p + "-" + e;
                for (int h = 0; h < half; h++) ports.add(new Port(port.apply(d, h), d, d + ":h" + h));
                for (int a = 0; a < half; a++) ports.add(new Port(port.apply(d, half + a), d, d + ":a" + a));
            }
            for (int a = 0; a < half; a++) {
                String d = "a" + p + "-" + a;
                for (int e = 0; e < half; e++) ports.add(new Port(port.apply(d, e), d, d + ":e" + e));
                for (int c = 0; c < half; c++) ports.add(new Port(port.apply(d, half + c), d, d + ":c" + (a * half + c)));
            }
        }
        for (int c = 0; c < half * half; c++) for (int p = 0; p < k; p++) ports.add(new Port(port.apply("c" + c, p), "c" + c, "c" + c + ":p" + p));
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < half; e++) {
                for (int a = 0; a < half; a++) {
                    int up = port.apply("e" + p + "-" + e, half + a), down = port.apply("a" + p + "-" + a, e);
                    links.add(link("e" + p + "-" + e + ">a" + p + "-" + a, up, down));
                    links.add(link("a" + p + "-" + a + ">e" + p + "-" + e, down, up));
                }
            }
            for (int a = 0; a < half; a++) {
                for (int c = 0; c < half; c++) {
                    String core = "c" + (a * half + c);
                    int up = port.apply("a" + p + "-" + a, half + c), down = port.apply(core, p);
                    links.add(link("a" + p + "-" + a + ">" + core, up, down));
                    links.add(link(core + ">a" + p + "-" + a, down, up));
                }
            }
        }
        for (String d : index.keySet()) {
            Set<Integer> in = new java.util.TreeSet<>();
            ports.stream().filter(x -> x.deviceId().equals(d)).forEach(x -> in.add(x.id()));
            List<Rule> rules = new java.util.ArrayList<>();
            int prio = 1000;
            if (d.startsWith("e")) {
                int p = Integer.parseInt(d.substring(1, d.indexOf('-'))), e = Integer.parseInt(d.substring(d.indexOf('-') + 1));
                for (int h = 0; h < half; h++) rules.add(rule(d + "/h" + h, prio--, in, ip(p, e, h + 2, 32), port.apply(d, h)));
                for (int e2 = 0; e2 < half; e2++) if (e2 != e) rules.add(rule(d + "/e" + e2, prio--, in, ip(p, e2, 0, 24), port.apply(d, half + e2 % half)));
                for (int p2 = 0; p2 < k; p2++) if (p2 != p) rules.add(rule(d + "/p" + p2, prio--, in, ip(p2, 0, 0, 16), port.apply(d, half + p2 % half)));
            } else if (d.startsWith("a")) {
                int p = Integer.parseInt(d.substring(1, d.indexOf('-')));
                for (int e = 0; e < half; e++) rules.add(rule(d + "/e" + e, prio--, in, ip(p, e, 0, 24), port.apply(d, e)));
                for (int p2 = 0; p2 < k; p2++) if (p2 != p) rules.add(rule(d + "/p" + p2, prio--, in, ip(p2, 0, 0, 16), port.apply(d, half + p2 % half)));
            } else {
                for (int p = 0; p < k; p++) rules.add(rule(d + "/p" + p, prio--, in, ip(p, 0, 0, 16), port.apply(d, p)));
            }
            tables.add(new RuleTable(d, MatchPolicy.FIRST_MATCH, rules));
        }
        return Network.forwarding(layout, devices, ports, links, tables);
    }

    private static Match ip(int pod, int edge, int host, int prefix) {
        return Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | ((long) pod << 16) | ((long) edge << 8) | host, prefix, 32));
    }

    private static Match net(int second) {
        return Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | ((long) second << 16), 16, 32));
    }

    private static Rule rule(String id, int prio, Set<Integer> in, Match m, int... out) {
        return new Rule(id, prio, in, m, List.of(new Action.Forward(Arrays.stream(out).boxed().toList())));
    }

    private static Link link(String id, int from, int to) {
        return new Link(id, from, to, Origin.NONE);
    }
}
