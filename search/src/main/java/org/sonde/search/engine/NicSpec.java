package org.sonde.search.engine;

/**
 * What the NIC's specification promises, the bounds the monitor compares with (§5.2): line rate,
 * packet rate, per-packet header bytes on the wire, and the base latency of one request, from which
 * a workload's offered load follows (Little's law over its outstanding requests).
 */
public record NicSpec(double lineBitsPerSec, double packetsPerSec, int headerBytes, double baseLatencySeconds) {
    public NicSpec {
        if (lineBitsPerSec <= 0 || packetsPerSec <= 0 || headerBytes < 0 || baseLatencySeconds <= 0) throw new IllegalArgumentException("bad NIC spec");
    }
}
