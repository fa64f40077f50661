package org.sonde.verify.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.SnapshotBuilder;

/** The checks on hand-built networks: the toy network of Fig. 4.2 and its faults (Fig. 4.3), and small graphs. */
class SliceCheckerTest {
    static final Ipv4Prefix LEFT = Ipv4Prefix.parse("192.168.0.0/24");
    static final Ipv4Prefix RIGHT = Ipv4Prefix.parse("192.168.1.0/24");

    /** Fig. 4.2: ToRs S11 (192.168.0/24) and S12 (192.168.1/24) below spines S21 and S22; 8 rules, 2 subnets. */
    static SnapshotBuilder toyNetwork() {
        return new SnapshotBuilder()
                .addRule("S11", LEFT, List.of("deliver"), 10)
                .addRule("S11", RIGHT, List.of("S21", "S22"), 10)
                .addRule("S12", LEFT, List.of("S21", "S22"), 10)
                .addRule("S12", RIGHT, List.of("deliver"), 10)
                .addRule("S21", LEFT, List.of("S11"), 10)
                .addRule("S21", RIGHT, List.of("S12"), 10)
                .addRule("S22", LEFT, List.of("S11"), 10)
                .addRule("S22", RIGHT, List.of("S12"), 10);
    }

    static List<Violation> check(SnapshotBuilder b, Check... checks) {
        EnumSet<Check> set = EnumSet.noneOf(Check.class);
        set.addAll(List.of(checks));
        return new LocalBackend(2).verify(b.build(), set, VerifyProgress.NONE).violations();
    }

    @Test
    void theCorrectToyNetworkHasNoViolation() {
        assertThat(check(toyNetwork(), Check.values())).isEmpty();
    }

    @Test
    void s11ForwardingItsOwnSubnetUpMakesTwoLoopsInOneComponent() {
        // Fig. 4.3(b): S11's rule for 192.168.0/24 points up; S21-S11-S21 and S22-S11-S22 form one component
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("S11", LEFT, List.of("S21", "S22"), 10)
                .addRule("S12", LEFT, List.of("S21", "S22"), 10)
                .addRule("S21", LEFT, List.of("S11"), 10)
                .addRule("S22", LEFT, List.of("S11"), 10);
        b.addSubnet(LEFT);
        List<Violation> v = check(b, Check.LOOPS, Check.BLACKHOLES);
        assertThat(v).singleElement().satisfies(loop -> {
            assertThat(loop.type()).isEqualTo(ViolationType.LOOP);
            assertThat(loop.subnet()).isEqualTo("192.168.0.0/24");
            assertThat(loop.switches()).containsExactly("S11", "S21", "S22");
            assertThat(loop.cycle()).containsExactly("S11", "S21", "S11");
            assertThat(loop.where()).isEqualTo("S11 -> S21 -> S11 (one cycle of 3 switches in a loop)");
            assertThat(loop.why()).isEqualTo("their rules for 192.168.0.0/24 forward packets round this cycle: S11 192.168.0.0/24 -> S21,S22 (priority 10), and 2 more");
            assertThat(loop.rules()).containsExactly(
                    "S11 192.168.0.0/24 -> S21,S22 (priority 10)",
                    "S21 192.168.0.0/24 -> S11 (priority 10)",
                    "S22 192.168.0.0/24 -> S11 (priority 10)");
        });
        assertThat(check(b, Check.REACHABILITY)).singleElement().satisfies(u ->
                assertThat(u.switches()).containsExactly("S11", "S12", "S21", "S22"));
    }

    @Test
    void s22LosingItsEntryIsABlackHoleNamedWithTheRulesThatFeedIt() {
        // Fig. 4.3(c)
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("S11", LEFT, List.of("deliver"), 10)
                .addRule("S12", LEFT, List.of("S21", "S22"), 10)
                .addRule("S21", LEFT, List.of("S11"), 10)
                .addRule("S22", RIGHT, List.of("S12"), 10)
                .addRule("S12", RIGHT, List.of("deliver"), 10);
        List<Violation> v = check(b, Check.LOOPS, Check.BLACKHOLES);
        assertThat(v).singleElement().satisfies(hole -> {
            assertThat(hole.type()).isEqualTo(ViolationType.BLACKHOLE);
            assertThat(hole.subnet()).isEqualTo("192.168.0.0/24");
            assertThat(hole.switches()).containsExactly("S22");
            assertThat(hole.cycle()).isEmpty();
            assertThat(hole.rules()).containsExactly("S12 192.168.0.0/24 -> S21,S22 (priority 10)");
            assertThat(hole.where()).isEqualTo("S22");
            assertThat(hole.why()).isEqualTo("S22 has no rule for 192.168.0.0/24, yet 1 rule sends its packets there: S12 192.168.0.0/24 -> S21,S22 (priority 10)");
        });
        // S22 cannot reach the subnet; S12 still can, through S21
        assertThat(check(b, Check.REACHABILITY)).filteredOn(u -> u.subnetPrefix().equals(LEFT))
                .singleElement().satisfies(u -> assertThat(u.switches()).containsExactly("S22"));
    }

    @Test
    void anExplicitDropAndALastHopAreNoBlackHoles() {
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("a", LEFT, List.of("b"), 1)
                .addRule("b", LEFT, List.of("drop"), 1)
                .addRule("c", LEFT, List.of("deliver"), 1);
        b.addSubnet(LEFT);
        assertThat(check(b, Check.LOOPS, Check.BLACKHOLES)).isEmpty();
        // but a and b cannot reach the subnet
        assertThat(check(b, Check.REACHABILITY)).singleElement().satisfies(u -> assertThat(u.switches()).containsExactly("a", "b"));
    }

    @Test
    void priorityThenLongestPrefixSelectsTheRule() {
        Ipv4Prefix subnet = Ipv4Prefix.parse("10.1.2.0/24");
        // a: the /16 has higher priority than the /24, so a forwards to b (a loop with b)
        // b: equal priorities, the /24 is longer, so b forwards to a
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("a", Ipv4Prefix.parse("10.1.0.0/16"), List.of("b"), 20)
                .addRule("a", subnet, List.of("deliver"), 10)
                .addRule("b", Ipv4Prefix.parse("10.0.0.0/8"), List.of("deliver"), 10)
                .addRule("b", subnet, List.of("a"), 10);
        b.addSubnet(subnet);
        assertThat(check(b, Check.LOOPS)).singleElement().satisfies(loop -> {
            assertThat(loop.switches()).containsExactly("a", "b");
            assertThat(loop.rules()).containsExactly("a 10.1.0.0/16 -> b (priority 20)", "b 10.1.2.0/24 -> a (priority 10)");
        });
    }

    @Test
    void aSwitchForwardingToItselfIsALoop() {
        SnapshotBuilder b = new SnapshotBuilder().addRule("a", LEFT, List.of("a", "z"), 1).addRule("z", LEFT, List.of("deliver"), 1);
        assertThat(check(b, Check.LOOPS)).singleElement().satisfies(loop -> {
            assertThat(loop.switches()).containsExactly("a");
            assertThat(loop.cycle()).containsExactly("a", "a");
        });
    }

    /** The cycle drawn is a closed walk along forwarding edges, even when it does not pass the component's first switch. */
    @Test
    void aLoopIsDrawnAsOneOfItsCyclesInForwardingOrder() {
        // a -> b -> c -> {b, d}, d -> a: one component; from a the walk takes b, c, then b again
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("a", LEFT, List.of("b"), 1).addRule("b", LEFT, List.of("c"), 1)
                .addRule("c", LEFT, List.of("d", "b"), 1).addRule("d", LEFT, List.of("a"), 1);
        b.addSubnet(LEFT);
        assertThat(check(b, Check.LOOPS)).singleElement().satisfies(loop -> {
            assertThat(loop.switches()).containsExactly("a", "b", "c", "d");
            assertThat(loop.cycle()).containsExactly("b", "c", "b");
            assertThat(loop.where()).isEqualTo("b -> c -> b (one cycle of 4 switches in a loop)");
        });
        SnapshotBuilder ring = new SnapshotBuilder()
                .addRule("m", LEFT, List.of("k"), 1).addRule("k", LEFT, List.of("z"), 1).addRule("z", LEFT, List.of("m"), 1);
        ring.addSubnet(LEFT);
        assertThat(check(ring, Check.LOOPS)).singleElement().satisfies(loop -> {
            assertThat(loop.cycle()).containsExactly("k", "z", "m", "k");
            assertThat(loop.where()).isEqualTo("k -> z -> m -> k");
        });
    }

    @Test
    void separateCyclesAreSeparateLoops() {
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("a", LEFT, List.of("b"), 1).addRule("b", LEFT, List.of("a"), 1)
                .addRule("c", LEFT, List.of("d", "x"), 1).addRule("d", LEFT, List.of("c"), 1)
                .addRule("x", LEFT, List.of("deliver"), 1);
        assertThat(check(b, Check.LOOPS)).extracting(Violation::switches).containsExactly(List.of("a", "b"), List.of("c", "d"));
        assertThat(check(b, Check.LOOPS)).extracting(Violation::cycle).containsExactly(List.of("a", "b", "a"), List.of("c", "d", "c"));
    }

    @Test
    void aLongChainIsCheckedWithoutDeepRecursion() {
        SnapshotBuilder b = new SnapshotBuilder();
        int n = 200_000;
        for (int i = 0; i < n; i++) b.addRule(String.format("s%06d", i), LEFT, List.of(String.format("s%06d", (i + 1) % n)), 1);
        b.addSubnet(LEFT);
        assertThat(check(b, Check.LOOPS)).singleElement().satisfies(loop -> {
            assertThat(loop.switches()).hasSize(n);
            assertThat(loop.cycle()).hasSize(n + 1).startsWith("s000000", "s000001").endsWith("s199999", "s000000");
        });
    }

    @Test
    void trafficAroundTheWaypointIsReportedWithTheEdgeSwitchesThatBypassIt() {
        // edge switches e1, e2 and last hop d; the firewall fw is the waypoint; e2 goes straight to d
        Ipv4Prefix subnet = Ipv4Prefix.parse("10.9.0.0/24");
        SnapshotBuilder b = new SnapshotBuilder()
                .addRule("e1", subnet, List.of("fw"), 1)
                .addRule("e2", subnet, List.of("d", "fw"), 1)
                .addRule("fw", subnet, List.of("d"), 1)
                .addRule("d", subnet, List.of("deliver"), 1)
                .addRule("e1", Ipv4Prefix.parse("10.1.0.0/24"), List.of("deliver"), 1)
                .addRule("e2", Ipv4Prefix.parse("10.2.0.0/24"), List.of("deliver"), 1)
                .addSubnet(subnet)
                .addWaypoint(subnet, List.of("fw"));
        assertThat(check(b, Check.WAYPOINTS)).singleElement().satisfies(w -> {
            assertThat(w.type()).isEqualTo(ViolationType.WAYPOINT_BYPASS);
            assertThat(w.switches()).containsExactly("e2");
            assertThat(w.rules()).containsExactly("e2 10.9.0.0/24 -> d,fw (priority 1)");
        });
        b.addRule("e2", subnet, List.of("fw"), 5);
        assertThat(check(b, Check.WAYPOINTS)).isEmpty();
    }

    @Test
    void chainedVrfTablesFallThroughToTheNextTableAndLoopsAcrossThemAreFound() {
        // Fig. 4.11: r1 looks up VRF_OVERRIDE, then VRF_1, then VRF_DEFAULT; r2 delivers both subnets
        Ipv4Prefix a = Ipv4Prefix.parse("10.1.0.0/24"), b = Ipv4Prefix.parse("10.2.0.0/24");
        String override = SnapshotBuilder.vrfName("r1", "VRF_OVERRIDE"), vrf1 = SnapshotBuilder.vrfName("r1", "VRF_1"),
                fallback = SnapshotBuilder.vrfName("r1", "VRF_DEFAULT");
        SnapshotBuilder net = new SnapshotBuilder()
                .addVrfChain("r1", List.of("VRF_OVERRIDE", "VRF_1", "VRF_DEFAULT"))
                .addRule(vrf1, a, List.of("r2"), 10)
                .addRule(fallback, Ipv4Prefix.parse("10.0.0.0/8"), List.of("r2"), 10)
                .addRule("r2", a, List.of("deliver"), 10)
                .addRule("r2", b, List.of("deliver"), 10)
                .addRule("r0", Ipv4Prefix.parse("10.0.0.0/8"), List.of(override), 10);
        // a is found in VRF_1, b falls through to VRF_DEFAULT: every switch reaches both
        assertThat(check(net, Check.values())).isEmpty();
        assertThat(net.build().physicalOf()).containsEntry(vrf1, "r1").hasSize(3);
        // an override sending b back to r0 makes a loop through the override table
        net.addRule(override, b, List.of("r0"), 10);
        assertThat(check(net, Check.LOOPS)).singleElement().satisfies(loop -> {
            assertThat(loop.subnet()).isEqualTo("10.2.0.0/24");
            assertThat(loop.switches()).containsExactly("r0", override);
        });
    }
}
