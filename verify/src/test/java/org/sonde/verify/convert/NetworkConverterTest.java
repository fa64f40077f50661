package org.sonde.verify.convert;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.testkit.Datasets;
import org.sonde.dataplane.io.dataset.Internet2JunosImport;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.Snapshot;

class NetworkConverterTest {
    static Match dst(String prefix) {
        Ipv4Prefix p = Ipv4Prefix.parse(prefix);
        return Match.ANY.and("ip_dst", Ternary.prefix(p.address() & 0xffffffffL, p.length(), 32));
    }

    static Rule forward(String id, int priority, Set<Integer> in, Match m, int... ports) {
        return new Rule(id, priority, in, m, List.of(new Action.Forward(java.util.Arrays.stream(ports).boxed().toList())));
    }

    /**
     * a (ports 1, 2, 3) links to b (ports 4, 5); port 3 of a and port 6 of b face hosts. b's rules depend on
     * the in-port: from 4 it forwards 10.0.0.0/8 back to a (a loop through b@p4), from 5 it delivers.
     */
    static Network network() {
        List<Port> ports = List.of(new Port(1, "a", "p1"), new Port(2, "a", "p2"), new Port(3, "a", "p3"),
                new Port(4, "b", "p4"), new Port(5, "b", "p5"), new Port(6, "b", "p6"));
        List<Link> links = List.of(new Link("l1", 1, 4, Origin.NONE), new Link("l2", 4, 1, Origin.NONE),
                new Link("l3", 2, 5, Origin.NONE), new Link("l4", 5, 2, Origin.NONE));
        RuleTable a = new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(
                forward("a1", 0, Set.of(1, 2, 3), dst("10.1.0.0/16"), 1),
                forward("a2", 0, Set.of(1, 2, 3), dst("10.2.0.0/16"), 2),
                forward("a3", 0, Set.of(1, 2, 3), dst("192.168.0.0/24"), 3),
                forward("a4", 0, Set.of(1, 2, 3), Match.ANY.and("ip_dst", new Ternary(0x0a000001L, 0xff0000ffL)), 1)));
        RuleTable b = new RuleTable("b", MatchPolicy.FIRST_MATCH, List.of(
                forward("b1", 0, Set.of(4), dst("10.1.0.0/16"), 4),
                forward("b2", 0, Set.of(5), dst("10.2.0.0/16"), 6),
                new Rule("b3", 0, Set.of(4, 5, 6), dst("10.0.0.0/8"), List.of(new Action.Drop()))));
        return Network.forwarding(HeaderLayouts.HASSEL_IP_DST, List.of(new Device("a"), new Device("b")), ports, links, List.of(a, b));
    }

    @Test
    void linksBecomeNextHopsUnlinkedPortsDeliverAndInPortsMakeLogicalSwitches() {
        NetworkConverter.Conversion c = NetworkConverter.convert(network());
        Snapshot s = c.snapshot();
        assertThat(s.switchNames()).containsExactly("a", "b@p4", "b@p5", "b@p6");
        assertThat(c.logicalSwitches()).isEqualTo(3);
        assertThat(s.physicalOf()).containsEntry("b@p4", "b").containsEntry("b@p6", "b");
        assertThat(c.skipped()).containsEntry("ip_dst mask is not a prefix", 1);
        // delivered prefixes are the subnets: a's 192.168.0.0/24 and b@p5's 10.2.0.0/16
        assertThat(s.subnets()).extracting(Ipv4Prefix::toString).containsExactly("10.2.0.0/16", "192.168.0.0/24");
        // 10.1.0.0/16 is no subnet (nothing delivers it); add it to see the loop a -> b@p4 -> a
        var withLoopSubnet = new org.sonde.verify.snapshot.SnapshotBuilder();
        for (int r = 0; r < s.ruleCount(); r++)
            withLoopSubnet.addRule(s.switchName(s.ruleSwitch(r)), s.rulePrefix(r), List.of(s.nextHopsText(s.ruleNextHops(r)).split(",")), s.rulePriority(r));
        withLoopSubnet.addSubnet(Ipv4Prefix.parse("10.1.0.0/16")).addSubnet(Ipv4Prefix.parse("10.2.0.0/16"));
        var v = new LocalBackend(1).verify(withLoopSubnet.build(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES), VerifyProgress.NONE).violations();
        assertThat(v).singleElement().satisfies(loop -> {
            assertThat(loop.type()).isEqualTo(ViolationType.LOOP);
            assertThat(loop.switches()).containsExactly("a", "b@p4");
        });
    }

    static Path dataset(String name) {
        return Datasets.dir(name);
    }

    @Test
    @Tag("datasets")
    void internet2IpForwardingHasNoLoopOrBlackHole() {
        Network n = Internet2JunosImport.load(dataset("internet2")).network();
        NetworkConverter.Conversion c = NetworkConverter.convert(n);
        assertThat(c.snapshot().switchCount()).isEqualTo(9);
        assertThat(c.snapshot().ruleCount()).isGreaterThan(100_000);
        assertThat(c.skipped()).isEmpty();
        assertThat(new LocalBackend(2).verify(c.snapshot(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES), VerifyProgress.NONE).violations()).isEmpty();
    }
}
