package org.sonde.search.engine;

/** One host's performance counters: data bits and packets per second each way, and PFC pause time per second. */
public record HostCounters(double txBitsPerSec, double rxBitsPerSec, double txPacketsPerSec, double rxPacketsPerSec, double pauseMicrosPerSec) {
    public static final HostCounters ZERO = new HostCounters(0, 0, 0, 0, 0);

    public HostCounters plus(HostCounters o) {
        return new HostCounters(txBitsPerSec + o.txBitsPerSec, rxBitsPerSec + o.rxBitsPerSec, txPacketsPerSec + o.txPacketsPerSec,
                rxPacketsPerSec + o.rxPacketsPerSec, pauseMicrosPerSec + o.pauseMicrosPerSec);
    }

    HostCounters scaled(double f) {
        return new HostCounters(txBitsPerSec * f, rxBitsPerSec * f, txPacketsPerSec * f, rxPacketsPerSec * f, pauseMicrosPerSec * f);
    }

    /** The pause duration ratio (paused time over wall time). */
    public double pauseRatio() {
        return pauseMicrosPerSec / 1e6;
    }
}
