package org.sonde.load.engine;

/** What the control thread asks of a worker. */
public enum WorkerState {
    /** Launch on schedule and send requests. */
    RUN,
    /** dperf's drain: launch nothing, send no new request, close connections as their responses arrive. */
    DRAIN,
    /** Close everything now and end. */
    STOP
}
