package org.sonde.load.userspace;

/**
 * Which of the engine's workers a stack is: it holds the connections {@link FlowHash} gives it,
 * and the kernel's fanout brings it exactly their frames.
 */
record Share(int worker, int workers) {
    /** The only worker: it owns every connection. */
    static final Share ALONE = new Share(0, 1);

    Share {
        if (workers < 1 || worker < 0 || worker >= workers) throw new IllegalArgumentException("worker " + worker + " of " + workers);
    }

    /** Whether the connection between these addresses and ports (in either order) is this worker's. */
    boolean owns(int ipA, int ipB, int portA, int portB) {
        return workers == 1 || FlowHash.worker(ipA, ipB, portA, portB, workers) == worker;
    }
}
