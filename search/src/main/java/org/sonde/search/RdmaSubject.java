package org.sonde.search;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.sonde.search.engine.Run;
import org.sonde.search.engine.Sample;
import org.sonde.search.engine.WorkloadEngine;
import org.sonde.search.mfs.FeatureSet;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.mfs.MfsBuilder;
import org.sonde.search.monitor.AnomalyMonitor;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Point;
import org.sonde.search.space.SearchSpace;

/** An RDMA target (simulated or remote): Collie's space, its engine, the paper's monitor and MFS heuristic. */
record RdmaSubject(WorkloadEngine engine, SearchSpace space, AnomalyMonitor monitor) implements Subject<Point> {
    RdmaSubject(WorkloadEngine engine) {
        this(engine, new SearchSpace(), AnomalyMonitor.paper(engine.spec()));
    }

    @Override
    public String name() {
        return engine.name();
    }

    @Override
    public List<String> diagnosticCounters() {
        return engine.diagnosticCounters();
    }

    @Override
    public Outcome run(Point p) {
        Run r = engine.run(p);
        Sample mean = r.mean();
        return new Outcome(r.seconds(), mean.diagnostic(), monitor.efficiency(p, mean), monitor.judge(p, mean));
    }

    @Override
    public Optional<Mfs> minimalFeatureSet(Point p, Symptom symptom, Function<Point, Optional<Symptom>> experiment, int bisectSteps) {
        return new MfsBuilder(space, experiment::apply, bisectSteps).build(p, symptom);
    }

    @Override
    public MfsPerftest perftest(FeatureSet mfs, Point p) {
        Mfs m = (Mfs) mfs;
        return MfsPerftest.of(m, java.util.Arrays.asList(m.trigger(), p), engine.perftestSettings());
    }
}
