package org.sonde.replay.diagnose;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the sender's application wrote as one piece (a request or a response on a persistent connection; the whole
 * flow on a connection per flow), as the capture shows it: new data after the sender was idle (everything
 * acknowledged, or only duplicate ACKs of a hole with nothing else to send) up to the next such start.
 *
 * @param startSeq        its first byte, relative to the flow's initial sequence number
 * @param endSeq          one past its last byte
 * @param firstNanos      its first data segment (the connection's first packet for the first transfer)
 * @param lastNanos       the ACK of its last byte (for the last transfer the flow's last packet, as a flow's time is
 *                        counted; for an earlier one never acknowledged, the next one's start)
 * @param retransmissions the resends of its bytes, whenever they were sent
 * @param slowdowns       why it was slow: the causes whose evidence lies in it (a late fast retransmit or a timeout that
 *                        waited for the next transfer's ACKs belongs to the transfer whose bytes it recovered)
 */
public record Transfer(long startSeq, long endSeq, long firstNanos, long lastNanos, List<Retransmission> retransmissions,
                       List<Slowdown> slowdowns) {
    public Transfer {
        retransmissions = List.copyOf(retransmissions);
        slowdowns = List.copyOf(slowdowns);
    }

    public long bytes() {
        return endSeq - startSeq;
    }

    public long durationNanos() {
        return lastNanos - firstNanos;
    }

    /** Retransmissions per kind, every kind present (zero when none). */
    public Map<RetransmissionKind, Integer> kindCounts() {
        Map<RetransmissionKind, Integer> counts = new EnumMap<>(RetransmissionKind.class);
        for (RetransmissionKind k : RetransmissionKind.values()) counts.put(k, 0);
        for (Retransmission r : retransmissions) counts.merge(r.kind(), 1, Integer::sum);
        return counts;
    }
}
