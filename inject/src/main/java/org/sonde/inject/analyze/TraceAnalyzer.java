package org.sonde.inject.analyze;

import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;

/**
 * Runs every analyzer over one trace in a single pass: each packet's QP route is looked up once and
 * handed to the go-back-N, latency, CNP, NIC traffic and completion analyzers.
 */
public final class TraceAnalyzer {
    private final TestMetadata metadata;
    private final AnalysisOptions options;
    private final QpDirectory directory;
    private final GoBackNAnalyzer gbn;
    private final RetransmissionLatencyAnalyzer latency;
    private final CnpAnalyzer cnp;
    private final NicTrafficAnalyzer traffic;
    private final CompletionAnalyzer completion;

    public TraceAnalyzer(TestMetadata metadata, AnalysisOptions options) {
        this.metadata = metadata;
        this.options = options;
        directory = new QpDirectory(metadata);
        gbn = new GoBackNAnalyzer(directory, options.gbn());
        latency = new RetransmissionLatencyAnalyzer(directory);
        cnp = new CnpAnalyzer(directory, options.cnp());
        traffic = new NicTrafficAnalyzer(directory);
        completion = new CompletionAnalyzer(directory);
    }

    public void accept(TracePacket p) {
        int route = directory.route(p);
        gbn.accept(p, route);
        latency.accept(p, route);
        cnp.accept(p, route);
        traffic.accept(p, route);
        completion.accept(p, route);
    }

    /** The analysis after the last packet; {@code integrity} and {@code counters} may be null. */
    public Analysis finish(IntegrityResult integrity, RunCounters counters) {
        GbnResult g = gbn.result();
        CounterResult c = counters == null ? null
                : CounterChecker.check(metadata, counters, options.requesterNic(), options.responderNic(), g, traffic.result());
        return new Analysis(integrity, g, latency.result(), cnp.result(), c, completion.result(), metadata.firstQpNumber());
    }

    public static Analysis analyze(Iterable<TracePacket> trace, TestMetadata metadata, AnalysisOptions options,
                                   IntegrityResult integrity, RunCounters counters) {
        TraceAnalyzer a = new TraceAnalyzer(metadata, options);
        for (TracePacket p : trace) a.accept(p);
        return a.finish(integrity, counters);
    }
}
