package org.sonde.cli.load;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.sonde.core.AtomicFiles;
import org.sonde.core.ExitCode;
import org.sonde.core.Json;
import org.sonde.load.config.Engine;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.Protocol;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadTest;
import org.sonde.load.report.LoadReport;
import org.sonde.load.stats.DperfLayout;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What {@code load run} and {@code load server} share: run the test with SIGINT bound to a clean
 * stop, print each second (stderr) and the summary (stdout), write the JSON and HTML atomically
 * after the run, and map error counters to the exit status.
 */
final class LoadSession {
    private LoadSession() {}

    static int run(LoadConfig config, LoadTest test, PrintWriter out, PrintWriter err, Path json, Path html, String command,
                   boolean color, Runnable started) {
        DperfLayout.Payload payload = config.protocol() == Protocol.UDP ? DperfLayout.Payload.UDP
                : config.httpPayload() ? DperfLayout.Payload.HTTP : DperfLayout.Payload.RAW;
        DperfLayout layout = new DperfLayout(payload, config.client(), color, config.engine() == Engine.USERSPACE);
        // first Ctrl-C (or SIGTERM): a clean stop (drain, summary, files); the default comes back at once,
        // so a second signal during the drain ends the process as usual
        List<Signal> signals = List.of(new Signal("INT"), new Signal("TERM"));
        List<SignalHandler> previous = new java.util.ArrayList<>();
        for (Signal signal : signals) {
            try {
                previous.add(Signal.handle(signal, s -> {
                    err.println("load: " + s.getName() + " received; draining and writing the summary (again to abandon)");
                    err.flush();
                    test.stop();
                    signals.forEach(x -> Signal.handle(x, SignalHandler.SIG_DFL));
                }));
            } catch (IllegalArgumentException e) {
                // the JVM keeps this signal (e.g. -Xrs): it ends the process without a summary
                previous.add(null);
            }
        }
        LoadResult r;
        try {
            started.run();
            r = test.run(s -> {
                if (config.quiet()) return;
                layout.second(s).forEach(err::println);
                err.flush();
            });
        } finally {
            for (int i = 0; i < signals.size(); i++) if (previous.get(i) != null) Signal.handle(signals.get(i), previous.get(i));
        }
        summary(out, layout, r);
        if (json != null) AtomicFiles.write(json, w -> Json.mapper().writeValue(w, r));
        if (html != null) LoadReport.write(html, command, r);
        if (r.failed()) {
            err.printf("load: errors: %s (see the summary)%n", r.errorSummary());
            err.flush();
            return ExitCode.FINDINGS.code();
        }
        return ExitCode.OK.code();
    }

    private static void summary(PrintWriter o, DperfLayout layout, LoadResult r) {
        o.println(r.interrupted() ? "Test stopped by a signal. Total Numbers:" : "Test Finished. Total Numbers:");
        List<String> lines = layout.counters(c -> r.counters().get(c.dperfName()), r.maxConcurrent(), r.rttMicros(), r.kernel());
        lines.forEach(o::println);
        o.printf("requests %d  responses2xx %d  httpErrors %d  socketErrors %d  connectionsOpened %d  launchesSkipped %d%n",
                r.requests(), r.responses2xx(), r.httpErrors(), r.socketErrors(), r.connectionsOpened(), r.launchesSkipped());
        o.printf("measured over %.0f s: %.1f requests/s, %.1f connections/s; latency p50 %d us, p99 %d us, p99.9 %d us, max %d us; max skCon %d%n",
                r.measuredSeconds(), r.requestsPerSecond(), r.connectionsPerSecond(), r.latencyMicros().p50(), r.latencyMicros().p99(),
                r.latencyMicros().p999(), r.latencyMicros().max(), r.maxConcurrent());
        o.flush();
    }
}
