package org.sonde.replay.queues;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sonde.report.CdfChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Section;
import org.sonde.report.Table;

/** The HTML report of a queue replay: its accuracy, the drops compared, the most congested queues run against replay. */
public final class QueueReplayReport {
    private QueueReplayReport() {
    }

    /** @param command the command line that made it; {@code version} Sonde's, both shown under the title */
    public static HtmlReport of(QueueReplayResult r, String command, String version) {
        HtmlReport report = HtmlReport.titled("Queue replay of " + r.scenario())
                .subtitle("seed " + r.seed() + ", " + r.hosts() + " hosts, " + r.switches() + " switches")
                .meta("command", command)
                .meta("sonde", version);
        Section summary = report.section("Accuracy");
        summary.paragraph("Every connection replayed alone, its packets pushed open-loop into the same fabric at the send times the "
                + "recording's samples infer, each host's clock off by up to the clock error; the queue content difference is, at "
                + "every arrival of a packet at a switch queue it reached in both, the sum over flows of the difference of their "
                + "bytes in the queue (DETER, NSDI'19, §5.4).");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("connections replayed", String.format(Locale.ROOT, "%,d of %,d", r.connectionsReplayed(), r.connections()));
        kv.put("packets pushed", String.format(Locale.ROOT, "%,d", r.packets()));
        kv.put("sampling threshold / clock error", r.thresholdNanos() / 1e3 + " µs / " + r.clockErrorNanos() / 1e3 + " µs");
        kv.put("largest send-time error (clock errors apart)", String.format(Locale.ROOT, "%,d ns", r.maxSendTimeErrorNanos()));
        kv.put("arrivals compared", String.format(Locale.ROOT, "%,d of the run's %,d", r.comparedArrivals(), r.runArrivals()));
        QueueReplayResult.Difference d = r.difference();
        kv.put("queue difference, mean / median / p99 / max", String.format(Locale.ROOT, "%.2f / %.2f / %.2f / %.2f MTU (MTU = %,d B)",
                d.averageMtu(), d.medianMtu(), d.p99Mtu(), d.maxMtu(), r.mtuBytes()));
        kv.put("wall time", String.format(Locale.ROOT, "%.1f s", r.wallSeconds()));
        summary.keyValues(kv);

        Table drops = Table.of("switches drop", "run drops", "replay drops", "false accepts", "false drops", "wrong location", "same location",
                "drop error").caption("Drops packet by packet; packets still on their way when the run stopped (" + r.undecidedPackets()
                + ") are left out. Tagging: hosts tag the packets the recording says were lost; switches drop only those, and only where the "
                + "queue holds more than its limit less " + r.tagMarginMtu() + " MTU.");
        drops.row(dropsRow("by their buffer rule", r.dropsWithoutTagging()));
        if (r.dropsWithTagging() != null) drops.row(dropsRow("tagged packets only (DETER)", r.dropsWithTagging()));
        Section dropSection = report.section("Drops");
        dropSection.table(drops);
        QueueReplayResult.DropCauses c = r.dropCauses();
        Table causes = Table.of("cause", "run", "replay" + (r.dropsWithTagging() != null ? " (tagged)" : "")).caption("Why packets were dropped "
                + "(DETER §5.4.3). A threshold collapse: earlier in its busy period the queue held at least one MTU more than it would have "
                + "with the packet, and the switch's other queues had since grown by at least what it shrank, so the shared buffer's "
                + "dynamic threshold fell under it. " + c.collapseInBoth() + " packets were dropped to a collapse in both, at the same queue.");
        causes.row("at the queue's own limit", c.runTailDrops(), c.replayTailDrops());
        causes.row("shared-buffer threshold collapse", c.runCollapseDrops(), c.replayCollapseDrops());
        dropSection.table(causes);
        if (!r.collapses().isEmpty()) {
            Table episodes = Table.of("queue", "drops from µs", "to µs", "drops", "queue peak B", "at µs", "queue at first drop B",
                    "others grew B", "fullest other queue", "its B", "connections").caption("The replay's threshold collapses, one row per "
                    + "queue and peak of its busy period, most drops first.");
            for (QueueReplayResult.Collapse e : r.collapses()) {
                episodes.row(e.queue(), micros(e.firstDropMicros()), micros(e.lastDropMicros()), e.drops(), e.peakBytes(), micros(e.peakMicros()),
                        e.queueBytesAtFirstDrop(), e.othersGrowthBytes(), e.fullestOther() == null ? "—" : e.fullestOther(), e.fullestOtherBytes(),
                        connectionList(e.connections()));
            }
            dropSection.table(episodes);
        }

        Section queues = report.section("Most congested queues");
        Table t = Table.of("queue", "arrivals compared", "run max B", "replay max B", "mean difference MTU", "p99 difference MTU", "run drops",
                "replay drops");
        for (QueueReplayResult.QueueFigure q : r.queues()) {
            t.row(q.queue(), q.comparedArrivals(), q.runMaxBytes(), q.replayMaxBytes(), String.format(Locale.ROOT, "%.2f", q.averageDifferenceMtu()),
                    String.format(Locale.ROOT, "%.2f", q.p99DifferenceMtu()), q.runDrops(), q.replayDrops());
        }
        queues.table(t);
        for (QueueReplayResult.QueueSeries s : r.series()) {
            queues.chart(LineChart.titled("Occupancy of " + s.queue() + " at arrivals").xAxis("time (µs)").yAxis("bytes queued")
                    .series("run", s.runMicros(), s.runBytes()).series("replay", s.replayMicros(), s.replayBytes()));
        }
        if (r.differenceSample().length > 0) {
            report.section("Queue difference distribution").chart(CdfChart.titled("Queue content difference at arrivals")
                    .xAxis("difference (MTU)").samples("all queues", r.differenceSample()));
        }
        report.attachJson(QueueReplayJson.of(r));
        return report;
    }

    private static String micros(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }

    private static String connectionList(List<Integer> ids) {
        int shown = Math.min(ids.size(), 12);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < shown; i++) b.append(i == 0 ? "" : ", ").append(ids.get(i));
        return ids.size() > shown ? b + " and " + (ids.size() - shown) + " more" : b.toString();
    }

    private static Object[] dropsRow(String how, DropComparison d) {
        return new Object[] {how, d.runDrops(), d.replayDrops(), d.falseAccepts(), d.falseDrops(), d.wrongLocations(), d.sameLocation(),
                String.format(Locale.ROOT, "%.2f %%", 100 * d.error())};
    }
}
