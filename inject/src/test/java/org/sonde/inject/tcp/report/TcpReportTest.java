package org.sonde.inject.tcp.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.DROP;
import static org.sonde.inject.model.InjectedEvent.NONE;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpPackets;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTraffic;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;

class TcpReportTest {
    private static TcpRun run(TcpPackets packets) {
        TcpTestConfig test = new TcpTestConfig("report-test", new TcpTraffic(1, 1, 3000, 0, "cubic"), List.of(), Map.of("tcp_ecn", "1"), List.of());
        return new TcpRun(test, "linux", "6.18", packets.trace(), List.of(new TcpConnectionResult(1, 40000, 3000, 3000, true, 0, 5_000_000, null)),
                Map.of(), Map.of(), 0, new long[] {1000, 2000}, new long[] {30_000, 40_000});
    }

    @Test
    void theVerdictLeadsAndTheFirstFailureIsNamed() {
        TcpPackets never = new TcpPackets().handshake(40000, false, 1).data(1, 40000, 1, DROP).data(0.1, 40000, 2, NONE);
        TcpRun r = run(never);
        TcpAnalysis a = TcpAnalyzer.analyze(r.trace(), true);
        String html = TcpReport.of(r, a, "test").render();
        assertThat(html).contains("TCP injection test report-test").contains("on linux (kernel 6.18)")
                .contains("Connection 1, segment 1 (transmission 1): segment 1 was not sent again after transmission 1 was lost")
                .contains("Sequence numbers over time").contains("Recovery of lost transmissions").contains("SACK blocks")
                .contains("Trace integrity").contains("added 30.0 µs per packet at the median").contains("<svg");
        assertThat(html.indexOf("Verdict")).isLessThan(html.indexOf("Sequence numbers over time"));
        TcpPackets fine = new TcpPackets().handshake(40000, false, 1).data(1, 40000, 1, NONE).ack(1, 40000, 1, 0);
        assertThat(TcpReport.of(run(fine), TcpAnalyzer.analyze(run(fine).trace(), true), "test").render())
                .contains("Every check passed.").contains("No data segment was lost.");
    }

    @Test
    void aLongTransferZoomsInOnTheDropAndItsRetransmission() {
        int p = 40000;
        TcpPackets t = new TcpPackets().handshake(p, false, 1);
        for (int seg = 1; seg <= 200; seg++) {
            t.data(0.1, p, seg, seg == 100 ? DROP : NONE);
            if (seg == 103) t.data(0.1, p, 100, NONE); // sent again after three more segments
        }
        String html = TcpReport.of(run(t), TcpAnalyzer.analyze(run(t).trace(), true), "test").render();
        // a second chart of the stretch from 20 segments before the drop to 20 after its retransmission
        assertThat(html).contains("Connection 1 around the injected events (");
        TcpPackets clean = new TcpPackets().handshake(p, false, 1);
        for (int seg = 1; seg <= 200; seg++) clean.data(0.1, p, seg, NONE);
        assertThat(TcpReport.of(run(clean), TcpAnalyzer.analyze(run(clean).trace(), true), "test").render()).doesNotContain("around the injected events");
    }

    @Test
    void theSummaryAndReportShowTheLatencySplitTheZeroWindowAndTheAcknowledgements() {
        int p = 40000;
        TcpPackets t = new TcpPackets().handshake(p, false, 1).data(1, p, 1, NONE).data(0.1, p, 2, DROP).data(0.1, p, 3, NONE)
                .ack(0.3, p, 1, 0, 3, 3).data(0.1, p, 4, NONE).ack(0.3, p, 1, 0, 3, 4).data(0.1, p, 5, NONE).ack(0.3, p, 1, 0, 3, 5)
                .data(0.1, p, 2, NONE).ack(0.5, p, 5, 0).ackWindow(0.1, p, 5, 0).windowProbe(210, p, 5).ackWindow(1, p, 5, 8000).data(0.2, p, 6, NONE);
        TcpRun r = run(t);
        TcpAnalysis a = TcpAnalyzer.analyze(r.trace(), true);
        assertThat(a.tcpPass()).isTrue();
        assertThat(String.join("\n", TcpSummary.lines(r, a)))
                .contains("recovery    pass conn 1 seg 2 iter 1: fast-retransmit after 1.3ms (loss shown after 1.2ms, sent again 100us later,"
                        + " acknowledged 500us after that)")
                .contains("zero window pass conn 1: 1 probe(s), each after 210.000 ms")
                .contains("ACKs        pass conn 1: 2 acknowledgements").contains("all 4 out-of-order or hole-filling segments acknowledged at once");
        long t0 = r.trace().entries().getFirst().timeNanos();
        TcpRun sampled = new TcpRun(r.test(), r.target(), r.kernel(), r.trace(), r.connections(), r.clientCounters(), r.serverCounters(), 0,
                r.processingNanos(), r.addedNanos(), List.of(), List.of(new org.sonde.inject.tcp.TcpStateSample(1, t0 + 1_000_000, 0, 10, -1, 201_000, 900, 3, 0, 0),
                        new org.sonde.inject.tcp.TcpStateSample(1, t0 + 1_700_000, 3, 5, 5, 201_000, 900, 4, 1, 0)));
        String withStates = TcpReport.of(sampled, a, "test").render();
        assertThat(withStates).contains("Congestion window (tcp_info)").contains("recovery").contains("201.0 ms");
        assertThat(TcpReport.of(r, a, "test").render()).doesNotContain("Congestion window (tcp_info)");
        String html = TcpReport.of(r, a, "test").render();
        assertThat(html).contains("Zero windows and persist probes").contains("Delayed acknowledgements").contains("detection")
                .contains("1.200 ms").contains("210.000 ms");
    }
}
