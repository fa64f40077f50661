package org.sonde.search.monitor;

/** How an anomaly shows (§5.2): PFC pause frames, or throughput far below the NIC's bounds. */
public enum Symptom {
    PAUSE, THROUGHPUT;

    public String jsonName() {
        return this == PAUSE ? "pause" : "throughput";
    }
}
