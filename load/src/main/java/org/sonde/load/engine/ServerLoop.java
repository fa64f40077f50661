package org.sonde.load.engine;

import java.io.IOException;
import org.sonde.load.stats.WorkerStats;

/** A server worker (TCP or UDP) as the control thread drives it. */
public interface ServerLoop extends Runnable {
    WorkerStats stats();

    /** Stops serving; safe from any thread. */
    void stop();

    /** The port its first socket is bound to (the kernel's choice for port 0). */
    int boundPort() throws IOException;
}
