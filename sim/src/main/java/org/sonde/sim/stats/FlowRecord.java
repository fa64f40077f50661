package org.sonde.sim.stats;

import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowProgress;

/** A flow's outcome: when it started and finished (-1 while unfinished) and its transport's progress. */
public final class FlowRecord {
    private final Flow flow;
    private final String transport;
    private final FlowProgress progress;
    private long finishNanos = -1;

    public FlowRecord(Flow flow, String transport, FlowProgress progress) {
        this.flow = flow;
        this.transport = transport;
        this.progress = progress;
    }

    public Flow flow() {
        return flow;
    }

    public String transport() {
        return transport;
    }

    public FlowProgress progress() {
        return progress;
    }

    public boolean finished() {
        return finishNanos >= 0;
    }

    public long finishNanos() {
        return finishNanos;
    }

    /** Records the flow's end; called once, by the run, when its transport reports it. */
    public void finish(long at) {
        if (finishNanos >= 0) throw new IllegalStateException("flow " + flow.name() + " finished twice");
        finishNanos = at;
    }

    /** Flow completion time: from its start to its last byte at the destination application. */
    public long completionNanos() {
        return finished() ? finishNanos - flow.startNanos() : -1;
    }
}
