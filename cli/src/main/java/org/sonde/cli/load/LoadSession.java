package org.sonde.cli.load;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.sonde.cli.OutputOptions;
import org.sonde.core.ExitCode;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadRun;
import org.sonde.load.report.LoadReport;
import org.sonde.load.report.LoadSummary;
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

    static int run(LoadConfig config, LoadRun test, OutputOptions.Json json, Path html, PrintWriter err, String command,
                   boolean color, Runnable started) {
        PrintWriter out = json.text();
        DperfLayout layout = LoadSummary.layout(config, color);
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
        LoadSummary.totals(layout, r).forEach(out::println);
        out.flush();
        json.writeValue(r);
        if (html != null) LoadReport.write(html, command, r);
        if (r.failed()) {
            err.printf("load: errors: %s (see the summary)%n", r.errorSummary());
            err.flush();
            return ExitCode.FINDINGS.code();
        }
        return ExitCode.OK.code();
    }
}
