package org.sonde.inject.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.AnalysisOptions;
import org.sonde.inject.analyze.CnpOptions;
import org.sonde.inject.analyze.CnpResult;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.analyze.CompletionResult;
import org.sonde.inject.analyze.CounterResult;
import org.sonde.inject.analyze.GbnOptions;
import org.sonde.inject.analyze.GbnResult;
import org.sonde.inject.analyze.Reason;
import org.sonde.inject.analyze.LossLatency;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.analyze.TraceAnalyzer;
import org.sonde.inject.config.RdmaVerb;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.study.StudyExperiments.Experiment;
import org.sonde.inject.testbed.GeneratorReport;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * Runs the study's experiments through the injection pipeline, as a Lumina user would: each test runs
 * on the simulated testbed ({@link Injection}), its trace goes through the analyzers
 * ({@link TraceAnalyzer}) and the study's own trace measurements, and the result records hold only
 * what the traces and counter dumps showed. Each run's files stay under {@code workDir/PROFILE/TEST}.
 */
public final class StudyRunner {
    /** Fig. 10's goodput-over-time resolution. */
    static final long GOODPUT_BIN_NANOS = 100_000;

    private final StudyPlan plan;
    private final Path workDir;
    private final Consumer<String> progress;

    public StudyRunner(StudyPlan plan, Path workDir, Consumer<String> progress) {
        this.plan = plan;
        this.workDir = workDir;
        this.progress = progress;
    }

    /** Every experiment of the plan, then the findings. */
    public StudyResult run() {
        long started = System.nanoTime();
        List<LatencySweep> latency = new ArrayList<>();
        List<EtsRun> ets = new ArrayList<>();
        List<NoisyNeighbourRun> noisy = new ArrayList<>();
        List<CnpPacingRun> cnp = new ArrayList<>();
        List<TimeoutScheduleRun> timeouts = new ArrayList<>();
        for (String profile : plan.profiles()) {
            for (Verb verb : List.of(Verb.WRITE, Verb.READ)) latency.add(nakLatency(profile, verb));
            for (int i : plan.droppingQps()) noisy.add(noisyNeighbour(profile, i));
            cnp.add(cnpPacing(profile));
            for (boolean adaptive : List.of(true, false)) timeouts.add(timeoutSchedule(profile, adaptive));
        }
        for (String profile : plan.etsProfiles()) {
            for (EtsSetting s : EtsSetting.values()) ets.add(ets(profile, s));
        }
        List<Finding> findings = Findings.of(plan.profiles(), latency, ets, noisy, cnp, timeouts);
        return new StudyResult(plan, latency, ets, noisy, cnp, timeouts, findings, (System.nanoTime() - started) / 1e9);
    }

    /** Figs. 8–9 on one profile and verb. */
    LatencySweep nakLatency(String profile, Verb verb) {
        Analyzed a = execute(profile, StudyExperiments.nakLatency(profile, verb == Verb.READ ? RdmaVerb.READ : RdmaVerb.WRITE, plan.relativePsns()));
        QpPair qp = a.run().metadata().qps().getFirst();
        int n = a.run().metadata().packetsPerMessage();
        long turnaround = a.measured().turnaroundNanos();
        List<LatencySweep.Point> points = new ArrayList<>();
        for (LossLatency l : a.analysis().latency().losses()) {
            int relative = Psn.distance(qp.firstDataPsn(), l.psn()) % n;
            points.add(new LatencySweep.Point(relative, l.recovery(), lessTurnaround(l.nakGenerationNanos(), turnaround),
                    lessTurnaround(l.nakReactionNanos(), turnaround)));
        }
        return new LatencySweep(profile, verb, turnaround, points, mismatches(a.analysis()));
    }

    private static Long lessTurnaround(long switchNanos, long turnaround) {
        return switchNanos < 0 || turnaround < 0 ? null : switchNanos - turnaround;
    }

    /** Fig. 10, one setting. */
    public EtsRun ets(String profile, EtsSetting setting) {
        Experiment e = StudyExperiments.ets(profile, setting);
        Analyzed a = execute(profile, e);
        List<Double> gbps = a.analysis().completion().qps().stream().map(q -> q.goodputBitsPerSecond() / 1e9).toList();
        return new EtsRun(profile, setting, e.target().linkRateBps(), gbps, a.measured().goodputTimeline());
    }

    /** Fig. 11, one point. */
    public NoisyNeighbourRun noisyNeighbour(String profile, int droppingQps) {
        Analyzed a = execute(profile, StudyExperiments.noisyNeighbour(profile, droppingQps));
        double[] innocent = {0, 0}, dropped = {0, 0}, innocentInTrace = {0, 0}; // sum, count
        List<GeneratorReport.Qp> host = a.run().traffic().qps();
        for (int qp = 0; qp < host.size(); qp++) {
            double[] group = qp < droppingQps ? dropped : innocent;
            group[0] += host.get(qp).totalCompletionNanos();
            group[1] += host.get(qp).completed();
        }
        for (CompletionResult.Qp qp : a.analysis().completion().qps()) {
            if (qp.qp() < droppingQps) continue;
            for (long mct : qp.completionNanos()) {
                if (mct >= 0) {
                    innocentInTrace[0] += mct;
                    innocentInTrace[1]++;
                }
            }
        }
        GbnResult gbn = a.analysis().gbn();
        long innocentRetransmissions = gbn.qps().stream().filter(q -> q.qp() >= droppingQps)
                .mapToLong(q -> q.nakRetransmissions() + q.timeoutRetransmissions()).sum();
        // the NIC's discards are invisible at the switch: its re-requests for delivered responses break the QP's go-back-N check
        long innocentOffTrace = gbn.reasons().stream().filter(r -> r.qp() >= droppingQps).mapToInt(Reason::qp).distinct().count();
        Map<String, Long> counters = a.run().counters().requesterNic();
        return new NoisyNeighbourRun(profile, droppingQps, mean(innocent), mean(dropped), mean(innocentInTrace),
                counters.getOrDefault("rx_discards_phy", 0L), innocentRetransmissions, innocentOffTrace,
                counters.getOrDefault("local_ack_timeout_err", 0L), a.run().traffic().messagesNotCompleted());
    }

    /** The mean, or null (not a number a reader could take for a time) when the group had no message. */
    private static Double mean(double[] sumAndCount) {
        return sumAndCount[1] == 0 ? null : sumAndCount[0] / sumAndCount[1];
    }

    /** §6.3's CNP pacing. */
    CnpPacingRun cnpPacing(String profile) {
        Analyzed a = execute(profile, StudyExperiments.cnpPacing(profile));
        CnpResult cnp = a.analysis().cnp();
        CnpResult.Inference inferred = cnp.inferred();
        CnpScope scope = inferred == null ? null : inferred.scope();
        List<Long> gaps = scope == null ? List.of() : a.measured().cnpGaps(scope);
        Long minGap = gaps.isEmpty() ? null : gaps.stream().mapToLong(Long::longValue).min().getAsLong();
        return new CnpPacingRun(profile, cnp.cnps(), cnp.ecnMarkedDataPackets(), scope, inferred == null ? List.of() : inferred.consistentScopes(),
                minGap, gaps, mismatches(a.analysis()));
    }

    /** §6.3's adaptive retransmission schedule. */
    TimeoutScheduleRun timeoutSchedule(String profile, boolean adaptive) {
        Analyzed a = execute(profile, StudyExperiments.timeoutSchedule(profile, adaptive));
        List<Long> timeouts = java.util.Arrays.stream(a.analysis().latency().timeouts()).boxed().toList();
        return new TimeoutScheduleRun(profile, adaptive, timeouts, a.run().traffic().complete());
    }

    private record Analyzed(InjectionResult run, Analysis analysis, TraceMeasurements measured) {
    }

    private Analyzed execute(String profile, Experiment e) {
        progress.accept(profile + ": " + e.config().name());
        InjectionResult r = Injection.run(e.config(), e.target(), plan.seed(), workDir.resolve(profile).resolve(e.name()));
        if (!r.integrity().pass()) {
            throw new IllegalStateException(profile + " " + e.name() + ": the trace is incomplete, so nothing it shows can be trusted: " + r.integrity().reasons());
        }
        NicModel nic = nicModel(profile);
        // no expected CNP scope or interval: the analyzer infers them from the trace
        AnalysisOptions options = new AnalysisOptions(GbnOptions.strict(), new CnpOptions(null, 0, false), nic, nic);
        TraceAnalyzer analyzer = new TraceAnalyzer(r.metadata(), options);
        TraceMeasurements measured = new TraceMeasurements(r.metadata(), GOODPUT_BIN_NANOS);
        TraceDecoder.forEach(r.trace(), p -> {
            analyzer.accept(p);
            measured.accept(p);
        });
        return new Analyzed(r, analyzer.finish(r.integrity(), r.counters()), measured);
    }

    private static List<CounterResult.Check> mismatches(Analysis a) {
        return a.counters() == null ? List.of()
                : a.counters().checks().stream().filter(c -> c.status() == CounterResult.Status.MISMATCH).toList();
    }

    /**
     * The NIC type a Lumina user would configure for the profile (its counter names decide how
     * counters are checked); profiles that model no vendor NIC report mlx5 counter names.
     */
    static NicModel nicModel(String profile) {
        if (profile.startsWith("cx4")) return NicModel.CX4;
        if (profile.startsWith("cx6")) return NicModel.CX6;
        if (profile.startsWith("e810")) return NicModel.E810;
        return NicModel.CX5;
    }
}
