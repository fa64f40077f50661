package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each flow-level diagnosis on a run built to show it, and not on runs without it. */
class SlowdownTest {
    @TempDir
    Path dir;

    private static List<SlowdownKind> kinds(FlowDiagnosis f) {
        return f.slowdowns().stream().map(Slowdown::kind).toList();
    }

    /** DETER §2.1: seed 483 is the one of 480..489 where sim's DeterScenarioTest sees the interplay; seed 480 finishes fast. */
    @Test
    void delayedAckMeetingAnRtoIsFoundWhereTheSimulatorShowsIt() {
        for (long seed : new long[] {483, 480}) {
            SimulatedCaptures.DeterRun run = SimulatedCaptures.deter(dir, seed);
            CaptureDiagnosis d = CaptureDiagnoser.diagnose(run.capture());
            FlowDiagnosis shortFlow = d.flows().stream().filter(f -> f.src().port() == run.shortFlowPort()).findFirst().orElseThrow();
            if (seed == 483) {
                assertThat(run.senderTimeouts()).isEqualTo(2);
                assertThat(shortFlow.slowdowns()).filteredOn(s -> s.kind() == SlowdownKind.DELAYED_ACK_RTO).singleElement()
                        .satisfies(s -> assertThat(s.costNanos()).isBetween(20_000_000L, 45_000_000L));
            } else {
                assertThat(kinds(shortFlow)).as("seed " + seed).doesNotContain(SlowdownKind.DELAYED_ACK_RTO);
            }
            // a long flow may meet it too (one segment of a flight through, its ACK delayed, rto_min 15 ms < 40 ms): then a
            // timer's copy turned out not to be needed
            for (FlowDiagnosis f : d.flows()) {
                if (f.src().port() == run.shortFlowPort() || !kinds(f).contains(SlowdownKind.DELAYED_ACK_RTO)) continue;
                assertThat(f.retransmissions()).as("seed " + seed + " " + f.src() + " " + f.slowdowns())
                        .anySatisfy(r -> assertThat(r.kind() == RetransmissionKind.SPURIOUS && r.trigger() == RetransmissionKind.RTO).isTrue());
            }
        }
    }

    /** Listing 2's planted losses: connection 3 loses the last segment of its message, connection 2 a middle one. */
    @Test
    void tailDropOnlyWhereTheLastSegmentWasLost() {
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2));
        List<FlowDiagnosis> data = d.flows().stream().filter(f -> f.dst().port() == 5001).toList();
        // the capture passed the injector's netfilter queue, a Java process that held each packet for up to milliseconds:
        // every flow's round trips are mostly that queue (CONGESTION), beside the planted causes
        for (FlowDiagnosis f : data) {
            Slowdown c = f.slowdowns().stream().filter(w -> w.kind() == SlowdownKind.CONGESTION).findFirst().orElseThrow();
            assertThat(c.evidence().figures().get("medianRttMicros")).isGreaterThanOrEqualTo(4 * c.evidence().figures().get("baseRttMicros"));
        }
        assertThat(kinds(data.get(0))).containsExactly(SlowdownKind.CONGESTION);
        assertThat(kinds(data.get(1))).doesNotContain(SlowdownKind.TAIL_DROP);
        assertThat(kinds(data.get(2))).containsExactlyInAnyOrder(SlowdownKind.TAIL_DROP, SlowdownKind.CONGESTION);
        assertThat(data.get(2).slowdowns()).filteredOn(w -> w.kind() == SlowdownKind.TAIL_DROP).singleElement()
                .satisfies(w -> assertThat(w.evidence().text()).contains("tail loss probe"));
    }

    /** A receiver reading 500 bytes at a time at 5 Mb/s from an 8 KB buffer limits its senders; the same run without does not. */
    @Test
    void receiverLimitedFlowsAreNamed() {
        SimulatedCaptures.Run slow = SimulatedCaptures.incast(dir, 1, 2, 100_000, 1_000_000,
                Map.of("receive-buffer", "8KB", "read-rate", "5Mbps", "read-size", "500B"));
        List<FlowDiagnosis> limited = CaptureDiagnoser.diagnose(slow.senders()).flows().stream().filter(f -> f.dst().port() == 5001).toList();
        assertThat(limited).hasSize(2).allSatisfy(f -> assertThat(kinds(f)).contains(SlowdownKind.RECEIVER_LIMITED));
        SimulatedCaptures.Run fast = SimulatedCaptures.incast(dir, 1, 2, 100_000, 1_000_000, Map.of());
        List<FlowDiagnosis> free = CaptureDiagnoser.diagnose(fast.senders()).flows().stream().filter(f -> f.dst().port() == 5001).toList();
        assertThat(free).hasSize(2).allSatisfy(f -> assertThat(kinds(f)).doesNotContain(SlowdownKind.RECEIVER_LIMITED));
    }
}
