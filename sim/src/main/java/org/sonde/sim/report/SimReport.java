package org.sonde.sim.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.sonde.report.BarChart;
import org.sonde.report.CdfChart;
import org.sonde.report.EventWindow;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Numbers;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.core.config.Units;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortCounters;
import org.sonde.sim.stats.FlowMonitor;
import org.sonde.sim.stats.FlowRecord;
import org.sonde.sim.stats.RunStatistics;
import org.sonde.sim.stats.Series;

/** The HTML report of a simulation run: throughput, queues, congestion control, FCT, PFC, counters. */
public final class SimReport {
    /** Beyond this many flows, per-flow plots become unreadable: throughput is summed per group instead. */
    private static final int FLOWS_PLOTTED = 16;
    private static final int TABLE_ROWS = 200;
    /** Goodput is drawn in this many bins over the run: fine enough to see a round, coarse enough to average packets. */
    private static final int GOODPUT_BINS = 400;

    private SimReport() {
    }

    /**
     * The report of {@code s}, a run of the scenario described as {@code description} with
     * {@code seed}, which took {@code wallSeconds}; {@code version} is Sonde's, shown under the title.
     */
    public static HtmlReport of(RunStatistics s, String description, long seed, double wallSeconds, String version) {
        HtmlReport report = HtmlReport.titled("Simulation " + s.scenario())
                .subtitle(description.isBlank() ? "seed " + seed : description + " (seed " + seed + ")")
                .meta("sonde", version);
        long[] fct = s.completionTimes();
        Section summary = report.section("Summary");
        // losses lead: "all flows finished" alone hides a run that finished through a thousand drops
        String losses = SimSummary.losses(s);
        summary.verdict(s.unfinished() == 0 && s.drops() == 0 ? Verdict.OK : Verdict.WARNING, s.unfinished() == 0
                ? "All " + fct.length + " flows finished; " + losses + "."
                : s.unfinished() + " of " + (fct.length + s.unfinished()) + " flows did not finish within the simulated time; " + losses + ".");
        Map<String, Object> kv = new LinkedHashMap<>();
        TimeScale run = TimeScale.forSpan(s.simulatedNanos());
        kv.put("simulated time", run.text(s.simulatedNanos()) + " " + run.label());
        kv.put("events", String.format("%,d", s.events()));
        kv.put("wall time", String.format("%.2f s (%,.0f events/s)", wallSeconds, s.events() / wallSeconds));
        kv.put("hosts / switches", s.network().hosts().size() + " / " + s.network().switches().size());
        if (fct.length > 0) {
            // one unit for the three, that of the longest, so they compare at a glance
            TimeScale u = TimeScale.forSpan(fct[fct.length - 1]);
            kv.put("FCT p50 / p99 / max", u.text(RunStatistics.percentile(fct, 0.5)) + " / " + u.text(RunStatistics.percentile(fct, 0.99)) + " / "
                    + u.text(fct[fct.length - 1]) + " " + u.label());
        }
        s.captures().forEach((file, frames) -> kv.put("capture " + file, String.format("%,d frames", frames)));
        summary.keyValues(kv);
        monitored(report, s);

        TimeScale unit = TimeScale.forSpan(s.simulatedNanos());
        throughput(report, s, unit);
        queues(report, s, unit);
        control(report, s, unit);
        round(report, s);
        completion(report, s, fct);
        pfc(report, s);
        ports(report, s);
        flows(report, s);
        return report;
    }

    private static double[] scaled(long[] nanos, TimeScale unit) {
        double[] x = new double[nanos.length];
        for (int i = 0; i < x.length; i++) x[i] = unit.of(nanos[i]);
        return x;
    }

    /**
     * Goodput in Gb/s per bin of {@code bin} ns, at each bin's end, from the first sample of
     * delivered bytes to the last. Bins, not the gaps between samples: bytes released together
     * (a hole filled) would otherwise read as a rate above the link's, and a silent bin is drawn
     * as zero, not bridged by a line.
     */
    static double[][] rate(Series delivered, long bin, TimeScale unit) {
        SortedMap<Long, Double> bins = bins(delivered, bin);
        double[] x = new double[bins.size()], y = new double[bins.size()];
        int i = 0;
        for (Map.Entry<Long, Double> e : bins.entrySet()) {
            x[i] = unit.of(e.getKey());
            y[i++] = e.getValue();
        }
        return new double[][] {x, y};
    }

    /** {@link #rate}'s bins, keyed by their end in ns (multiples of {@code bin}, so that flows' bins line up). */
    private static SortedMap<Long, Double> bins(Series delivered, long bin) {
        long[] t = delivered.times();
        double[] v = delivered.values();
        SortedMap<Long, Double> out = new TreeMap<>();
        if (t.length < 2 || bin <= 0) return out;
        long first = t[0] / bin * bin;
        int bins = (int) ((t[t.length - 1] - first + bin - 1) / bin);
        int k = 0;
        double before = v[0];
        for (int b = 0; b < bins; b++) {
            long end = first + (b + 1) * bin;
            while (k + 1 < t.length && t[k + 1] <= end) k++;
            double at = t[k] <= end ? v[k] : before;
            out.put(end, Math.max(0, at - before) * 8 / bin); // bytes per ns × 8 = Gb/s
            before = at;
        }
        return out;
    }

    /**
     * Goodput summed per flow group: every bin from the group's first to its last is drawn, a bin
     * where none of its flows was running as zero, so that a line never bridges the silence between
     * one round of flows and the next.
     */
    static Map<String, double[][]> groupRates(Map<String, List<Series>> groups, long bin, TimeScale unit) {
        Map<String, double[][]> out = new LinkedHashMap<>();
        groups.forEach((g, members) -> {
            SortedMap<Long, Double> sum = new TreeMap<>();
            for (Series m : members) bins(m, bin).forEach((end, gbps) -> sum.merge(end, gbps, Double::sum));
            if (sum.isEmpty()) return;
            int n = (int) ((sum.lastKey() - sum.firstKey()) / bin) + 1;
            double[] x = new double[n], y = new double[n];
            for (int i = 0; i < n; i++) {
                long end = sum.firstKey() + i * bin;
                x[i] = unit.of(end);
                y[i] = sum.getOrDefault(end, 0.0);
            }
            out.put(g, new double[][] {x, y});
        });
        return out;
    }

    private static void throughput(HtmlReport report, RunStatistics s, TimeScale unit) {
        if (s.flowSeries().isEmpty()) return;
        Section sec = report.section("Throughput");
        long bin = roundUp(Math.max(1, s.simulatedNanos() / GOODPUT_BINS));
        sec.paragraph("Goodput per " + Units.formatNanos(bin) + " at the receiving application; “receiving link capacity” is the fastest link"
                + " into a receiver, which no flow can exceed for long.");
        LineChart chart = LineChart.titled("Goodput at the receiving application").xAxis("time (" + unit.label() + ")").yAxis("Gb/s");
        if (s.flowSeries().size() <= FLOWS_PLOTTED) {
            s.flowSeries().forEach((r, series) -> {
                double[][] xy = rate(series[0], bin, unit);
                chart.series(r.flow().name(), xy[0], xy[1]);
            });
        } else {
            sec.paragraph(s.flowSeries().size() + " flows: goodput summed per flow group.");
            groupRates(delivered(s), bin, unit).forEach((g, xy) -> chart.series(g, xy[0], xy[1]));
        }
        capacity(chart, s, 0, s.simulatedNanos(), unit);
        sec.chart(chart);
    }

    /** The fastest link into a receiver, drawn across [from, to]. */
    private static void capacity(LineChart chart, RunStatistics s, long from, long to, TimeScale unit) {
        long capacity = s.flowSeries().keySet().stream().flatMap(r -> r.flow().destination().ports().stream())
                .mapToLong(Port::rateBps).max().orElse(0);
        if (capacity > 0) chart.series("receiving link capacity", new double[] {unit.of(from), unit.of(to)},
                new double[] {capacity / 1e9, capacity / 1e9});
    }

    /** {@code nanos} rounded up to 1, 2 or 5 times a power of ten: a bin a reader can say (5ms, not 5.627307ms). */
    static long roundUp(long nanos) {
        long decade = 1;
        while (decade <= nanos / 10) decade *= 10;
        for (long step : new long[] {1, 2, 5, 10}) if (step * decade >= nanos) return step * decade;
        return 10 * decade;
    }

    /** Each flow group's delivered-bytes series. */
    private static Map<String, List<Series>> delivered(RunStatistics s) {
        Map<String, List<Series>> groups = new LinkedHashMap<>();
        s.flowSeries().forEach((r, series) -> groups.computeIfAbsent(RunStatistics.group(r.flow().name()), k -> new ArrayList<>()).add(series[0]));
        return groups;
    }

    private static void queues(HtmlReport report, RunStatistics s, TimeScale unit) {
        if (s.queues().isEmpty()) return;
        Section sec = report.section("Queue lengths");
        LineChart chart = LineChart.titled("Egress queue occupancy").xAxis("time (" + unit.label() + ")").yAxis("KB");
        s.queues().forEach((port, series) -> {
            double[] kb = series.values();
            for (int i = 0; i < kb.length; i++) kb[i] /= 1e3;
            chart.series(port.name() + " → " + port.peer().node().name(), scaled(series.times(), unit), kb);
        });
        sec.chart(chart.step());
    }

    private static void control(HtmlReport report, RunStatistics s, TimeScale unit) {
        if (s.flowSeries().isEmpty() || s.flowSeries().size() > FLOWS_PLOTTED) return;
        Map<String, LineChart> byUnit = new LinkedHashMap<>();
        s.flowSeries().forEach((r, series) -> {
            String measure = series[1].unit();
            boolean window = measure.equals("bytes");
            LineChart chart = byUnit.computeIfAbsent(measure, u -> LineChart.titled(window ? "Congestion window" : "Sending rate")
                    .xAxis("time (" + unit.label() + ")").yAxis(window ? "KB" : "Gb/s"));
            double[] v = series[1].values();
            for (int i = 0; i < v.length; i++) v[i] /= window ? 1e3 : 1e9;
            chart.series(r.flow().name(), scaled(series[1].times(), unit), v);
        });
        if (byUnit.isEmpty()) return;
        Section sec = report.section("Congestion control");
        byUnit.values().forEach(c -> sec.chart(c.step()));
    }

    /** A zoom shows at least this many samples: with sampling coarser than a round trip, one round would be a dot or two. */
    private static final int ZOOM_SAMPLES = 20;
    /** Bins of goodput across the zoom. */
    private static final int ZOOM_BINS = 50;

    /**
     * The moment a zoom centres on, and why.
     *
     * @param atNanos when
     * @param what    what happens then, for the section's text
     */
    record Moment(long atNanos, String what) {}

    /**
     * Where an expert looks first: the busiest moment of the fullest monitored queue (the first time it
     * reaches its maximum, where a buffer fills and drops, marks or pauses begin), or, with no queue
     * monitored, the first time a sender cuts its congestion window (its first reaction to a loss or a
     * mark). Empty when neither happens.
     */
    static Optional<Moment> busiest(RunStatistics s) {
        Port fullest = null;
        double most = 0;
        for (Map.Entry<Port, Series> e : s.queues().entrySet()) {
            if (e.getValue().max() > most) {
                most = e.getValue().max();
                fullest = e.getKey();
            }
        }
        if (fullest != null) {
            Series q = s.queues().get(fullest);
            long[] t = q.times();
            double[] v = q.values();
            for (int i = 0; i < t.length; i++) {
                if (v[i] == most) return Optional.of(new Moment(t[i], String.format("the queue %s → %s at its fullest (%s KB)",
                        fullest.name(), fullest.peer().node().name(), Numbers.format(most / 1e3))));
            }
        }
        long first = Long.MAX_VALUE;
        String who = null;
        for (Map.Entry<FlowRecord, Series[]> e : s.flowSeries().entrySet()) {
            Series c = e.getValue()[1];
            if (!c.unit().equals("bytes")) continue;
            long[] t = c.times();
            double[] v = c.values();
            for (int i = 1; i < t.length && t[i] < first; i++) {
                if (v[i] < v[i - 1]) {
                    first = t[i];
                    who = e.getKey().flow().name();
                    break;
                }
            }
        }
        return who == null ? Optional.empty() : Optional.of(new Moment(first, "the first cut of a congestion window (" + who + ")"));
    }

    /** The mean round trip of the run's packets: twice their mean one-way delay, queueing included; 0 when nothing was delivered. */
    static long roundTripNanos(RunStatistics s) {
        long delay = 0, packets = 0;
        for (FlowMonitor.Flow f : s.monitored()) {
            delay += f.delaySumNanos();
            packets += f.rxPackets();
        }
        return packets == 0 ? 0 : 2 * delay / packets;
    }

    /** The shortest gap between two samples of any series, the run's sampling interval; 0 without samples. */
    private static long samplingNanos(RunStatistics s) {
        long gap = Long.MAX_VALUE;
        List<Series> all = new ArrayList<>(s.queues().values());
        s.flowSeries().values().forEach(x -> all.add(x[0]));
        for (Series x : all) {
            long[] t = x.times();
            for (int i = 1; i < t.length; i++) if (t[i] > t[i - 1]) gap = Math.min(gap, t[i] - t[i - 1]);
        }
        return gap == Long.MAX_VALUE ? 0 : gap;
    }

    /**
     * The whole-run plots show trends; what a sender and a queue do within a round is lost at that scale.
     * This zooms on one round trip either side of the {@linkplain #busiest busiest moment}: the round that
     * built the queue and the round in which the senders hear of it and react (a loss or mark reaches its
     * sender a round trip after it happened). Queues, goodput and windows share the window's time unit,
     * and so does the table of what each flow did in it.
     */
    private static void round(HtmlReport report, RunStatistics s) {
        var moment = busiest(s);
        long rtt = roundTripNanos(s), sampling = samplingNanos(s);
        if (moment.isEmpty() || rtt <= 0 || sampling <= 0) return;
        long width = Math.max(2 * rtt, ZOOM_SAMPLES * sampling);
        // a run only a few rounds long is already seen round by round in the whole-run plots
        if (4 * width > s.simulatedNanos()) return;
        long[] w = EventWindow.round(moment.get().atNanos(), width, 0, s.simulatedNanos());
        long from = w[0], to = w[1];
        TimeScale unit = TimeScale.forSpan(to - from);
        String axis = "time (" + unit.label() + ")";
        Section sec = report.section("One round, zoomed");
        sec.paragraph(String.format("From %s to %s %s: around %s at %s %s, one mean round trip (%s %s, twice the packets' mean one-way delay,"
                        + " queueing included) on either side%s — the round that built the queue and the one in which the senders hear of it.",
                unit.text(from), unit.text(to), unit.label(), moment.get().what(), unit.text(moment.get().atNanos()), unit.label(),
                unit.text(rtt), unit.label(), width > 2 * rtt ? ", widened to " + ZOOM_SAMPLES + " samples" : ""));
        if (!s.queues().isEmpty()) {
            LineChart q = LineChart.titled("Egress queue occupancy in the round").xAxis(axis).yAxis("KB");
            s.queues().forEach((port, series) -> {
                double[][] xy = slice(series, from, to, unit, 1e3);
                if (xy[0].length > 0) q.series(port.name() + " → " + port.peer().node().name(), xy[0], xy[1]);
            });
            sec.chart(q.step());
        }
        if (s.flowSeries().isEmpty()) return;
        long bin = Math.max(sampling, (to - from) / ZOOM_BINS);
        LineChart g = LineChart.titled("Goodput in the round").xAxis(axis).yAxis("Gb/s");
        Map<String, List<Series>> groups = new LinkedHashMap<>();
        s.flowSeries().forEach((r, series) -> {
            Series cut = cut(series[0], from - bin, to);
            if (cut.size() >= 2) groups.computeIfAbsent(s.flowSeries().size() <= FLOWS_PLOTTED ? r.flow().name() : RunStatistics.group(r.flow().name()),
                    k -> new ArrayList<>()).add(cut);
        });
        groupRates(groups, bin, unit).forEach((name, xy) -> g.series(name, xy[0], xy[1]));
        capacity(g, s, from, to, unit);
        sec.paragraph("Goodput per " + Units.formatNanos(bin) + ": at this scale a filled hole shows, the bytes the receiver held back released"
                + " to the application at once, above the link's rate for a bin.");
        sec.chart(g);
        Table t = Table.of("flow", "delivered (KB)", "goodput (Gb/s)", "window first / lowest / last", "lowest at (" + unit.label() + ")").maxRows(TABLE_ROWS);
        Map<String, LineChart> windows = new LinkedHashMap<>();
        s.flowSeries().forEach((r, series) -> {
            Series d = cut(series[0], from, to);
            if (d.size() < 2) return;
            double[] delivered = d.values();
            long[] dt = d.times();
            double bytes = delivered[delivered.length - 1] - delivered[0];
            String measure = series[1].unit();
            boolean window = measure.equals("bytes");
            double scale = window ? 1e3 : 1e9;
            double[][] c = slice(series[1], from, to, unit, scale);
            // a sender still connecting has no window yet (0): its first, lowest and last are of the window it had
            int first = 0;
            while (first < c[1].length && c[1][first] <= 0) first++;
            int low = first;
            for (int i = first + 1; i < c[1].length; i++) if (c[1][i] < c[1][low]) low = i;
            boolean any = first < c[1].length;
            t.row(r.flow().name(), Math.round(bytes / 1e3), String.format("%.2f", bytes * 8 / (double) (dt[dt.length - 1] - dt[0])),
                    !any ? "" : Numbers.format(Math.round(c[1][first] * 10) / 10.0) + " / "
                            + Numbers.format(Math.round(c[1][low] * 10) / 10.0) + " / "
                            + Numbers.format(Math.round(c[1][c[1].length - 1] * 10) / 10.0) + (window ? " KB" : " Gb/s"),
                    !any ? "" : unit.text(Math.round(c[0][low] * unit.nanos())));
            if (s.flowSeries().size() <= FLOWS_PLOTTED && c[0].length > 0) {
                windows.computeIfAbsent(measure, u -> LineChart.titled(window ? "Congestion window in the round" : "Sending rate in the round")
                        .xAxis(axis).yAxis(window ? "KB" : "Gb/s")).series(r.flow().name(), c[0], c[1]);
            }
        });
        windows.values().forEach(c -> sec.chart(c.step()));
        if (t.size() > 0) sec.table(t.caption("What each flow running in the round did in it"));
    }

    /** The samples of {@code x} in [from, to], and the last one before {@code from} moved to it (a value holds until the next sample). */
    private static Series cut(Series x, long from, long to) {
        Series out = new Series(x.name(), x.unit());
        long[] t = x.times();
        double[] v = x.values();
        for (int i = 0; i < t.length; i++) {
            if (t[i] > to) break;
            if (t[i] >= from) out.add(t[i], v[i]);
            else if (i + 1 < t.length && t[i + 1] > from) out.add(from, v[i]);
        }
        return out;
    }

    /** {@link #cut} in {@code unit} on x, with values divided by {@code scale}. */
    private static double[][] slice(Series x, long from, long to, TimeScale unit, double scale) {
        Series c = cut(x, from, to);
        long[] t = c.times();
        double[] v = c.values();
        double[] xs = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            xs[i] = unit.of(t[i]);
            v[i] /= scale;
        }
        return new double[][] {xs, v};
    }

    private static void completion(HtmlReport report, RunStatistics s, long[] fct) {
        if (fct.length == 0) return;
        Section sec = report.section("Flow completion times");
        CdfChart cdf = CdfChart.titled("FCT distribution").xAxis("FCT (µs)").logX();
        Map<String, List<Long>> groups = new LinkedHashMap<>();
        for (FlowRecord r : s.flows()) {
            if (r.finished()) groups.computeIfAbsent(RunStatistics.group(r.flow().name()), k -> new ArrayList<>()).add(r.completionNanos());
        }
        groups.forEach((g, v) -> cdf.samples(g, v.stream().mapToDouble(n -> n / 1e3).toArray()));
        sec.chart(cdf);
        TimeScale u = TimeScale.forSpan(fct[fct.length - 1]);
        String in = " (" + u.label() + ")";
        Table t = Table.of("group", "flows", "p50" + in, "p95" + in, "p99" + in, "max" + in);
        groups.forEach((g, v) -> {
            long[] sorted = v.stream().mapToLong(Long::longValue).sorted().toArray();
            t.row(g, sorted.length, u.text(RunStatistics.percentile(sorted, 0.5)), u.text(RunStatistics.percentile(sorted, 0.95)),
                    u.text(RunStatistics.percentile(sorted, 0.99)), u.text(sorted[sorted.length - 1]));
        });
        sec.table(t);
    }

    private static void pfc(HtmlReport report, RunStatistics s) {
        List<String> names = new ArrayList<>();
        List<Double> paused = new ArrayList<>();
        for (Node n : s.network().nodes()) {
            for (Port p : n.ports()) {
                long total = 0;
                for (int i = 0; i < Frame.PRIORITIES; i++) total += p.pausedNanos(i);
                if (total > 0) {
                    names.add(p.name());
                    paused.add(total / 1e3);
                }
            }
        }
        Section sec = report.section("PFC pauses");
        if (names.isEmpty()) {
            sec.paragraph("No transmitter was paused.");
            return;
        }
        sec.paragraph("Time each transmitter spent paused by PFC, all priorities (see stats.json for each priority).");
        sec.chart(BarChart.titled("Paused time per transmitting port").categories(names.toArray(String[]::new))
                .series("paused", paused.stream().mapToDouble(Double::doubleValue).toArray()).horizontal().valueAxis("µs"));
    }

    private static void ports(HtmlReport report, RunStatistics s) {
        Section sec = report.section("Port counters");
        Table t = Table.of("port", "peer", "tx frames", "tx bytes", "rx frames", "drops", "ECN marked", "PFC sent", "PFC received", "max queue")
                .maxRows(TABLE_ROWS);
        for (Node n : s.network().nodes()) {
            for (Port p : n.ports()) {
                PortCounters c = p.counters();
                long sent = 0, received = 0;
                for (int i = 0; i < Frame.PRIORITIES; i++) {
                    sent += c.pauseFramesSent[i];
                    received += c.pauseFramesReceived[i];
                }
                t.row(p.name(), p.peer().name(), c.txFrames, c.txBytes, c.rxFrames, c.drops, c.ecnMarked, sent, received, c.maxQueueBytes);
            }
        }
        sec.table(t);
    }

    /** ns-3 FlowMonitor's table: per 5-tuple and direction, packets sent, received and lost, delay, jitter and throughput; losses first. */
    private static void monitored(HtmlReport report, RunStatistics s) {
        List<FlowMonitor.Flow> all = s.monitored();
        if (all.isEmpty()) return;
        Section sec = report.section("Packets per flow");
        long lost = all.stream().mapToLong(FlowMonitor.Flow::lostPackets).sum();
        sec.paragraph(String.format("Every packet the hosts sent, followed to its delivery or its drop, per 5-tuple and direction as ns-3's"
                + " FlowMonitor counts them: %,d packets sent, %,d delivered, %,d lost. Flows with losses come first; delay is one-way, from the"
                + " start of the sender's transmission to the delivery, and jitter the mean change of delay between consecutive packets.",
                all.stream().mapToLong(FlowMonitor.Flow::txPackets).sum(), all.stream().mapToLong(FlowMonitor.Flow::rxPackets).sum(), lost));
        long longest = all.stream().mapToLong(FlowMonitor.Flow::maxDelayNanos).max().orElse(0);
        TimeScale u = TimeScale.forSpan(longest);
        String in = " (" + u.label() + ")";
        // short headers and the loss's reasons in its cell: the table fits the page
        Table t = Table.of("from", "to", "proto", "tx", "rx", "lost", "in flight", "Gb/s", "delay mean / max" + in, "jitter" + in).maxRows(TABLE_ROWS);
        List<FlowMonitor.Flow> order = new ArrayList<>(all);
        order.sort(Comparator.comparingLong(FlowMonitor.Flow::lostPackets).reversed());
        for (FlowMonitor.Flow f : order) {
            String why = f.lost().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .map(e -> e.getValue() + "\u00a0" + e.getKey().name().toLowerCase(java.util.Locale.ROOT)).collect(java.util.stream.Collectors.joining(", "));
            t.row(f.source() + ":" + f.key().sourcePort(), (f.destination() == null ? Ipv4Address.format(f.key().destinationIp()) : f.destination()) + ":"
                    + f.key().destinationPort(), protocol(f.key().protocol()), f.txPackets(), f.rxPackets(),
                    f.lost().size() < 2 ? (f.lostPackets() == 0 ? "0" : why) : f.lostPackets() + "\u00a0(" + why + ")", f.inFlightAtEnd(),
                    f.throughputBps() < 0 ? "" : String.format("%.2f", f.throughputBps() / 1e9),
                    f.rxPackets() == 0 ? "" : u.text(f.meanDelayNanos()) + " / " + u.text(f.maxDelayNanos()),
                    f.meanJitterNanos() < 0 ? "" : u.text(f.meanJitterNanos()));
        }
        sec.table(t);
    }

    private static String protocol(int number) {
        return switch (number) {
            case 6 -> "TCP";
            case 17 -> "UDP";
            default -> Integer.toString(number);
        };
    }

    private static void flows(HtmlReport report, RunStatistics s) {
        if (s.flows().isEmpty()) return;
        Section sec = report.section("Flows");
        TimeScale u = TimeScale.forSpan(s.simulatedNanos());
        String in = " (" + u.label() + ")";
        Table t = Table.of("flow", "transport", "from", "to", "bytes", "start" + in, "FCT" + in, "goodput (Gb/s)", "retransmissions").maxRows(TABLE_ROWS);
        for (FlowRecord r : s.flows()) {
            t.row(r.flow().name(), r.transport(), r.flow().source().name(), r.flow().destination().name(), r.flow().bytes(),
                    u.text(r.flow().startNanos()), r.finished() ? u.text(r.completionNanos()) : "unfinished",
                    r.finished() && r.completionNanos() > 0 ? String.format("%.2f", r.flow().bytes() * 8.0 / r.completionNanos()) : "",
                    r.progress().retransmissions());
        }
        sec.table(t);
    }
}
