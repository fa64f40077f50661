package org.sonde.load.engine;

import org.sonde.load.stats.WorkerStats;

/** A client worker (TCP or UDP) as the control thread drives it. */
public interface ClientLoop extends Runnable {
    WorkerStats stats();

    void setState(WorkerState s);
}
