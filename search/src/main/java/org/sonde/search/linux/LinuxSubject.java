package org.sonde.search.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.sonde.search.Subject;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.tcp.TcpDimension;
import org.sonde.search.tcp.TcpMfs;
import org.sonde.search.tcp.TcpMfsBuilder;
import org.sonde.search.tcp.TcpPoint;
import org.sonde.search.tcp.TcpSpace;

/**
 * The Linux target as the search sees it: the TCP space, {@link LinuxEngine}'s experiments judged by
 * {@link TcpMonitor} against a latency baseline measured on the space's gentlest point when the
 * target starts, and MFSs in the TCP dimensions. Each experiment is reported to {@code progress} as
 * one line. There is no ground truth: the search's evaluation fields stay empty.
 */
public final class LinuxSubject implements Subject<TcpPoint> {
    private final LinuxTarget target;
    private final LinuxEngine engine;
    private final TcpMonitor monitor;
    private final long seed;
    private final Consumer<String> progress;
    private final long startNanos = System.nanoTime();
    private int runs;

    private LinuxSubject(LinuxTarget target, LinuxEngine engine, TcpMonitor monitor, long seed, Consumer<String> progress) {
        this.target = target;
        this.engine = engine;
        this.monitor = monitor;
        this.seed = seed;
        this.progress = progress;
    }

    /** Checks for root, removes what a killed run left behind, and measures the latency baseline. */
    public static LinuxSubject start(LinuxTarget target, long seed, Consumer<String> progress) {
        LinuxEngine engine = LinuxEngine.start(target);
        TcpPoint light = target.space().gentlest();
        // a run at the space's highest rate warms the engine up (class loading, JIT: the first fast run of a JVM
        // falls short by itself); then two light runs, the quieter one the baseline: at 100 requests/s a p99 is the
        // second slowest of 200, which one pause of the machine can set
        engine.run(target.space().set(light, TcpDimension.CPS, target.space().grid(TcpDimension.CPS).max()), seed);
        TcpSample first = engine.run(light, seed), second = engine.run(light, seed);
        TcpSample base = first.latencyP99Micros() < second.latencyP99Micros() ? first : second;
        progress.accept(String.format(Locale.ROOT, "baseline %s: %.0f of %.0f req/s, p99 %d us", light, base.responsesPerSecond(),
                base.offeredRequestsPerSecond(), base.latencyP99Micros()));
        return new LinuxSubject(target, engine, TcpMonitor.withBaseline(target.shortfall(), base.latencyP99Micros()), seed, progress);
    }

    public TcpMonitor monitor() {
        return monitor;
    }

    @Override
    public String name() {
        return target.name();
    }

    @Override
    public TcpSpace space() {
        return target.space();
    }

    @Override
    public List<String> diagnosticCounters() {
        return LinuxEngine.COUNTERS;
    }

    /** Runs {@code p} once and returns what was measured (tests rerun an MFS's trigger with it). */
    public TcpSample measure(TcpPoint p) {
        return engine.run(p, seed + runs++);
    }

    @Override
    public Outcome run(TcpPoint p) {
        TcpSample s = measure(p);
        Optional<Symptom> v = monitor.judge(s);
        progress.accept(line(p, s, v));
        return new Outcome(s.seconds(), s.diagnostic(), monitor.efficiency(s), v);
    }

    private String line(TcpPoint p, TcpSample s, Optional<Symptom> v) {
        List<String> busy = new ArrayList<>();
        for (int k = 0; k < s.names().size(); k++) {
            if (s.diagnostic()[k] > 0) busy.add(String.format(Locale.ROOT, "%s %.0f/s", s.names().get(k), s.diagnostic()[k]));
        }
        return String.format(Locale.ROOT, "%6.1f s  #%d %s: %.0f of %.0f req/s, p99 %d us%s%s", (System.nanoTime() - startNanos) / 1e9, runs, p,
                s.responsesPerSecond(), s.offeredRequestsPerSecond(), s.latencyP99Micros(), busy.isEmpty() ? "" : ", " + String.join(", ", busy.subList(0,
                        Math.min(4, busy.size()))), v.map(x -> "  -> " + x.jsonName() + " anomaly").orElse(""));
    }

    /** The MFS; a probe reproduces when the monitor reports either TCP symptom ({@link TcpMfsBuilder} says why). */
    @Override
    public Optional<TcpMfs> minimalFeatureSet(TcpPoint p, Symptom symptom, Function<TcpPoint, Optional<Symptom>> experiment, int bisectSteps) {
        return new TcpMfsBuilder(space(), experiment, bisectSteps).build(p, symptom);
    }
}
