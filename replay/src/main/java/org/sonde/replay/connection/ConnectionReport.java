package org.sonde.replay.connection;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.replay.diagnose.CaptureDiagnoser;
import org.sonde.replay.diagnose.CaptureDiagnosis;
import org.sonde.replay.diagnose.DiagnosisReport;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Section;

/**
 * The HTML report of one replayed connection: the diagnosis of its replayed packets (sequence and ACK numbers over
 * time with the causes found), then each endpoint's TCP state over the replay as DETER's users print it with TCP
 * probe: congestion window, slow-start and duplicate thresholds, RTO and smoothed RTT, the receive window offered.
 */
final class ConnectionReport {
    /** Linux's "no threshold yet" (TCP_INFINITE_SSTHRESH) and anything near it is left out of the chart. */
    private static final int NO_SSTHRESH = 0x7fff_ffff;

    private ConnectionReport() {}

    static HtmlReport of(ConnectionReplay r, Path packets) {
        HtmlReport report = HtmlReport.titled("Replay of connection " + r.id()).subtitle(r.src() + " > " + r.dst());
        Section summary = report.section("Replay");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("packets", r.packets().size());
        kv.put("state events", r.states().size());
        kv.put("handlers, calls, arrivals", r.handlers() + ", " + r.calls() + ", " + r.arrivals());
        kv.put("send-time error", r.maxSendTimeErrorNanos() + " ns (bound " + r.thresholdNanos() + " ns)");
        summary.keyValues(kv);
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(packets);
        DiagnosisReport.addTo(report, d, packets);
        Section state = report.section("TCP state over the replay");
        state.paragraph("After every event of the replay (a segment handled, a timer, an application call, a segment sent), per endpoint;"
                + " time from the connection's first packet, as in the charts above.");
        long origin = r.packets().isEmpty() ? 0 : r.packets().getFirst().timeNanos(); // the diagnosis's charts start there too
        for (String endpoint : List.of("client", "server")) {
            List<StateEvent> own = r.states().stream().filter(e -> e.endpoint().equals(endpoint)).toList();
            if (own.isEmpty() || own.stream().allMatch(e -> e.packetsOut() == 0 && e.totalRetransmissions() == 0)) continue;
            double[] t = own.stream().mapToDouble(e -> (e.timeNanos() - origin) / 1e6).toArray();
            LineChart cwnd = LineChart.titled(endpoint + ": congestion window").xAxis("time (ms)").yAxis("segments").step()
                    .series("cwnd", t, own.stream().mapToDouble(StateEvent::cwnd).toArray())
                    .series("packets out", t, own.stream().mapToDouble(StateEvent::packetsOut).toArray())
                    .series("duplicate threshold (tp->reordering)", t, own.stream().mapToDouble(StateEvent::reordering).toArray());
            List<StateEvent> withThreshold = own.stream().filter(e -> e.ssthresh() < NO_SSTHRESH / 2).toList();
            if (!withThreshold.isEmpty()) {
                cwnd.series("ssthresh", withThreshold.stream().mapToDouble(e -> (e.timeNanos() - origin) / 1e6).toArray(),
                        withThreshold.stream().mapToDouble(StateEvent::ssthresh).toArray());
            }
            state.chart(cwnd);
            state.chart(LineChart.titled(endpoint + ": retransmission timeout and RTT").xAxis("time (ms)").yAxis("ms").step()
                    .series("RTO", t, own.stream().mapToDouble(e -> e.rtoNanos() / 1e6).toArray())
                    .series("smoothed RTT", t, own.stream().mapToDouble(e -> e.srttNanos() / 1e6).toArray()));
            state.chart(LineChart.titled(endpoint + ": receive window offered").xAxis("time (ms)").yAxis("bytes").step()
                    .series("receive window", t, own.stream().mapToDouble(StateEvent::receiveWindow).toArray()));
        }
        report.attachJson(ConnectionReplays.summaryJson(r));
        return report;
    }
}
