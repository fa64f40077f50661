package org.sonde.load.report;

import java.util.ArrayList;
import java.util.List;
import org.sonde.load.config.Engine;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.Protocol;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.stats.DperfLayout;

/**
 * A load test in words for the terminal: the configuration in one line, the layout of its
 * statistics, and the totals after the run as dperf prints them, with Sonde's rates and latencies.
 */
public final class LoadSummary {
    private LoadSummary() {}

    /** How dperf lays out the statistics of this test: its application counters, client or server, engine. */
    public static DperfLayout layout(LoadConfig config, boolean color) {
        DperfLayout.Payload payload = config.protocol() == Protocol.UDP ? DperfLayout.Payload.UDP
                : config.httpPayload() ? DperfLayout.Payload.HTTP : DperfLayout.Payload.RAW;
        return new DperfLayout(payload, config.client(), color, config.engine() == Engine.USERSPACE);
    }

    /** The totals of a finished (or stopped) test: dperf's counter lines, then requests, rates and latency. */
    public static List<String> totals(DperfLayout layout, LoadResult r) {
        List<String> o = new ArrayList<>();
        o.add(r.interrupted() ? "Test stopped by a signal. Total Numbers:" : "Test Finished. Total Numbers:");
        o.addAll(layout.counters(c -> r.counters().get(c.dperfName()), r.maxConcurrent(), r.rttMicros(), r.kernel()));
        o.add(String.format("requests %d  responses2xx %d  httpErrors %d  socketErrors %d  connectionsOpened %d  launchesSkipped %d",
                r.requests(), r.responses2xx(), r.httpErrors(), r.socketErrors(), r.connectionsOpened(), r.launchesSkipped()));
        o.add(String.format("measured over %.0f s: %.1f requests/s, %.1f connections/s; latency p50 %d us, p99 %d us, p99.9 %d us, max %d us; max skCon %d",
                r.measuredSeconds(), r.requestsPerSecond(), r.connectionsPerSecond(), r.latencyMicros().p50(), r.latencyMicros().p99(),
                r.latencyMicros().p999(), r.latencyMicros().max(), r.maxConcurrent()));
        return o;
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
