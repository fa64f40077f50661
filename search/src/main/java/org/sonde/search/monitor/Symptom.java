package org.sonde.search.monitor;

import java.util.Locale;

/**
 * How an anomaly shows: PFC pause frames (RDMA, §5.2), throughput far below what the workload
 * offers (RDMA: the NIC's bounds; TCP: the offered request rate), or request latency far above a
 * light workload's (the Linux TCP target).
 */
public enum Symptom {
    PAUSE, THROUGHPUT, LATENCY;

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
