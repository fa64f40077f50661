package org.sonde.load.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.sonde.load.config.Engine;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.Protocol;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.Phase;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Tallies;
import org.sonde.load.stats.DperfLayout;

/**
 * A load test in words for the terminal: the configuration in one line, the layout of its
 * statistics, and the totals after the run: a client's as wrk prints them, then dperf's counters.
 */
public final class LoadSummary {
    private LoadSummary() {}

    /** How dperf lays out the statistics of this test: its application counters, client or server, engine. */
    public static DperfLayout layout(LoadConfig config, boolean color) {
        DperfLayout.Payload payload = config.protocol() == Protocol.UDP ? DperfLayout.Payload.UDP
                : config.httpPayload() ? DperfLayout.Payload.HTTP : DperfLayout.Payload.RAW;
        return new DperfLayout(payload, config.client(), color, config.engine() == Engine.USERSPACE);
    }

    /**
     * The totals of a finished (or stopped) test. A client leads as wrk does (latency avg, stdev,
     * max and distribution, requests per second, "N requests in T s, X MB read", transfer per
     * second), then its errors; dperf's counter lines follow for both ends. A server measures no
     * latency (the client times each request), so it prints none rather than zeros.
     */
    public static List<String> totals(DperfLayout layout, LoadResult r) {
        List<String> o = new ArrayList<>();
        boolean client = r.mode().equals("client");
        o.add(r.interrupted() ? "Test stopped by a signal." : "Test Finished.");
        if (client) o.addAll(wrk(r));
        o.add("Total Numbers:");
        o.addAll(layout.counters(c -> r.counters().get(c.dperfName()), r.maxConcurrent(), r.rttMicros(), r.kernel()));
        o.add(String.format("requests %d  responses2xx %d  httpErrors %d  socketErrors %d  connectionsOpened %d  launchesSkipped %d",
                r.requests(), r.responses2xx(), r.httpErrors(), r.socketErrors(), r.connectionsOpened(), r.launchesSkipped()));
        StringBuilder rates = new StringBuilder(String.format("measured over %.0f s: %.1f requests/s", r.measuredSeconds(), r.requestsPerSecond()));
        if (!r.keepalive()) rates.append(String.format(", %.1f connections/s", r.connectionsPerSecond()));
        rates.append("; max skCon ").append(r.maxConcurrent());
        if (!client) rates.append("; latency is not measured on the server side (the client's summary has it)");
        o.add(rates.toString());
        if (r.perWorker().size() > 1) o.addAll(workers(r));
        return o;
    }

    /** One line per worker: what it opened and answered, its errors, and frames the fanout brought it for another worker. */
    private static List<String> workers(LoadResult r) {
        List<String> o = new ArrayList<>();
        boolean client = r.mode().equals("client");
        for (int i = 0; i < r.perWorker().size(); i++) {
            Map<String, Long> w = r.perWorker().get(i);
            o.add(String.format("worker %d: skOpen %d  requests %d  responses %d  skErr %d  pktRx %d  pktTx %d  %s %d", i,
                    w.get(Counter.SK_OPEN.dperfName()), Tallies.requests(client, c -> w.get(c.dperfName())), Tallies.responses(client, c -> w.get(c.dperfName())),
                    w.get(Counter.SK_ERR.dperfName()), w.get(Counter.PKT_RX.dperfName()), w.get(Counter.PKT_TX.dperfName()),
                    Counter.WRONG_WORKER.dperfName(), w.get(Counter.WRONG_WORKER.dperfName())));
        }
        return o;
    }

    /** wrk's end-of-run block, over the measured phase, then the errors. */
    private static List<String> wrk(LoadResult r) {
        List<String> o = new ArrayList<>();
        LoadResult.Latency l = r.latencyMicros();
        o.add(String.format("  %-12s %10s %10s %10s", "Stats", "Avg", "Stdev", "Max"));
        o.add(String.format("    %-10s %10s %10s %10s", "Latency", micros(l.mean()), micros(l.stdev()), micros(l.max())));
        double[] perSecond = r.perSecond().stream().filter(s -> s.phase().equals(Phase.DURATION.word()))
                .mapToDouble(s -> Tallies.responses(true, s::get) + s.get(Counter.HTTP_ERR)).toArray();
        // the per-second spread of the whole run, where wrk has each thread's: Sonde's workers share one schedule
        if (perSecond.length > 0) {
            double mean = Arrays.stream(perSecond).average().orElse(0);
            double var = Arrays.stream(perSecond).map(v -> (v - mean) * (v - mean)).sum() / perSecond.length;
            o.add(String.format("    %-10s %10s %10s %10s", "Req/Sec", count(mean), count(Math.sqrt(var)), count(Arrays.stream(perSecond).max().orElse(0))));
        }
        o.add("  Latency Distribution");
        o.add(String.format("     50%% %10s", micros(l.p50())));
        o.add(String.format("     75%% %10s", micros(l.p75())));
        o.add(String.format("     90%% %10s", micros(l.p90())));
        o.add(String.format("     99%% %10s", micros(l.p99())));
        o.add(String.format("   99.9%% %10s", micros(l.p999())));
        boolean duration = perSecond.length > 0;
        o.add(String.format("  %d requests in %.2fs, %s read (%s)", r.measuredResponses(), r.measuredSeconds(), bytes(r.measuredBytesReceived()),
                duration ? "the duration phase" : "every second with traffic: stopped before the duration phase"));
        o.add(String.format("Requests/sec: %10.2f", r.requestsPerSecond()));
        o.add(String.format("Transfer/sec: %10s read, %s written", bytes(r.bytesReceivedPerSecond()), bytes(r.bytesSentPerSecond())));
        // with keepalive the connections are held, not opened at a rate: a rate would read as a load it is not
        if (!r.keepalive()) o.add(String.format("Connections/sec: %.2f", r.connectionsPerSecond()));
        o.add("Errors: " + (r.failed() ? r.errorSummary() : "none"));
        return o;
    }

    /** A latency as wrk prints it: us below a millisecond, ms below a second, then s. */
    static String micros(double us) {
        if (us < 1000) return String.format("%.2fus", us);
        if (us < 1_000_000) return String.format("%.2fms", us / 1000);
        return String.format("%.2fs", us / 1_000_000);
    }

    /** A byte count with wrk's binary units (B, KB, MB, GB: powers of 1024). */
    static String bytes(double b) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        int i = 0;
        while (b >= 1024 && i < units.length - 1) {
            b /= 1024;
            i++;
        }
        return String.format("%.2f%s", b, units[i]);
    }

    /** A count with wrk's metric suffix (k, M) above a thousand. */
    static String count(double n) {
        if (n < 1000) return String.format("%.2f", n);
        if (n < 1_000_000) return String.format("%.2fk", n / 1000);
        return String.format("%.2fM", n / 1_000_000);
    }

    /** The configuration in one line: mode, protocol, engine, workers, the servers and the load (dperf -t's "OK"). */
    public static String describe(LoadConfig c) {
        StringBuilder sb = new StringBuilder(c.mode().name().toLowerCase()).append(", ").append(c.protocol().name().toLowerCase());
        c.port().ifPresent(p -> sb.append(", user-space TCP on ").append(p.interfaceName()).append(c.netns().map(n -> " in netns " + n).orElse("")));
        sb.append(", ").append(c.workers()).append(c.workers() == 1 ? " worker" : " workers");
        if (c.client()) {
            sb.append(", servers ").append(c.servers()).append(" port ").append(c.listenPort());
            if (c.listenCount() > 1) sb.append("-").append(c.listenPort() + c.listenCount() - 1);
            sb.append(", cps ").append(c.cps());
            if (c.flood()) sb.append(" (flood: one datagram per new flow, nothing awaited)");
            if (c.pipeline() > 1) sb.append(", pipeline ").append(c.pipeline());
            if (c.cc() > 0) sb.append(", cc ").append(c.cc());
            c.keepalive().ifPresent(k -> sb.append(", keepalive ").append(k.intervalMicros()).append("us")
                    .append(k.requests() > 0 ? " x" + k.requests() : ""));
            if (!c.clients().isEmpty()) sb.append(", clients ").append(c.clients());
            sb.append(String.format(", wait %ds, slow_start %ds, duration %ds", c.waitSeconds(), c.slowStartSeconds(), c.durationSeconds()));
        } else {
            sb.append(", listening on ").append(c.servers()).append(" port ").append(c.listenPort());
            if (c.listenCount() > 1) sb.append("-").append(c.listenPort() + c.listenCount() - 1);
            sb.append(String.format(", duration %ds", c.durationSeconds()));
        }
        return sb.toString();
    }
}
