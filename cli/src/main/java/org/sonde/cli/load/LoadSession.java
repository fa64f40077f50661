package org.sonde.cli.load;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.sonde.core.AtomicFiles;
import org.sonde.core.ExitCode;
import org.sonde.core.Json;
import org.sonde.load.config.LoadConfig;
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
        DperfLayout layout = new DperfLayout(config.httpPayload(), config.client(), color);
        SignalHandler previous = null;
        Signal sigint = new Signal("INT");
        try {
            // first Ctrl-C: a clean stop (drain, summary, files); the handler is restored after the run,
            // so a second one during the summary ends the process as usual
            previous = Signal.handle(sigint, s -> {
                err.println("load: interrupted; draining and writing the summary (Ctrl-C again to abandon)");
                err.flush();
                test.stop();
                Signal.handle(sigint, SignalHandler.SIG_DFL);
            });
        } catch (IllegalArgumentException e) {
            // no signal handling here (e.g. the JVM runs with -Xrs): Ctrl-C ends the process without a summary
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
            if (previous != null) Signal.handle(sigint, previous);
        }
        summary(out, layout, r);
        if (json != null) AtomicFiles.write(json, w -> Json.mapper().writeValue(w, r));
        if (html != null) LoadReport.write(html, command, r);
        if (r.failed()) {
            err.printf("load: errors: skErr %d, httpErr %d, tcpDrop %d (see the summary)%n", r.socketErrors(), r.httpErrors(), r.refusedSources());
            err.flush();
            return ExitCode.FINDINGS.code();
        }
        return ExitCode.OK.code();
    }

    private static void summary(PrintWriter o, DperfLayout layout, LoadResult r) {
        o.println(r.interrupted() ? "Test stopped (SIGINT). Total Numbers:" : "Test Finished. Total Numbers:");
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
