package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;

/** Two switches that send 10/8 with tp 0 round in a circle: X.out → Y.in, Y.out → X.in. */
class LoopTest {
    static final HeaderLayout LAYOUT = HeaderLayout.builder("ip-tp").field("ip_dst", 32).field("tp", 1).build();
    static final int XH = 1, XOUT = 2, XIN = 3, YIN = 11, YOUT = 12;
    static final Match TEN = Match.ANY.and("ip_dst", Ternary.prefix(10L << 24, 8, 32));

    static Network loop(List<Action> yActions) {
        return Network.forwarding(LAYOUT, List.of(new Device("X"), new Device("Y")),
                List.of(new Port(XH, "X", "h"), new Port(XOUT, "X", "out"), new Port(XIN, "X", "in"),
                        new Port(YIN, "Y", "in"), new Port(YOUT, "Y", "out")),
                List.of(new Link("xy", XOUT, YIN, Origin.NONE), new Link("yx", YOUT, XIN, Origin.NONE)),
                List.of(new RuleTable("X", MatchPolicy.FIRST_MATCH, List.of(
                                new Rule("x1", 1, Set.of(XH, XIN), TEN.and("tp", Ternary.exact(0, 1)), List.of(new Action.Forward(List.of(XOUT)))))),
                        new RuleTable("Y", MatchPolicy.FIRST_MATCH, List.of(
                                new Rule("y1", 1, Set.of(YIN), TEN, yActions)))));
    }

    @Test
    void aSpaceComingBackToAPortIsReportedOnceAsALoop() {
        ReachResult r = Reachability.compute(loop(List.of(new Action.Forward(List.of(YOUT)))), ReachOptions.from(List.of(XH)));
        assertThat(r.loops()).hasSize(1);
        ReachResult.Loop loop = r.loops().getFirst();
        assertThat(loop.port()).isEqualTo(YIN);
        assertThat(loop.history()).containsExactly("x1", "xy", "y1", "yx", "x1", "xy");
        assertThat(loop.example()).containsEntry("ip_dst", 10L << 24).containsEntry("tp", 0L);
        // Every port on the circle was reached before the branch stopped.
        assertThat(r.pairs()).extracting(ReachResult.PairReach::destination).containsExactly(XOUT, YOUT);
    }

    @Test
    void aRevisitWithDisjointHeadersIsNoLoop() {
        // Y flips tp to 1, which X does not forward: the space dies instead of circling.
        ReachResult r = Reachability.compute(loop(List.of(new Action.SetField("tp", 1, 1), new Action.Forward(List.of(YOUT)))),
                ReachOptions.from(List.of(XH)));
        assertThat(r.loops()).isEmpty();
        assertThat(r.pairs()).extracting(ReachResult.PairReach::destination).containsExactly(XOUT, YOUT);
    }
}
