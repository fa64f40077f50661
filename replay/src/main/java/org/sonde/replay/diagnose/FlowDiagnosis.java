package org.sonde.replay.diagnose;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The diagnosis of one direction of a TCP connection: the data {@code src} sent to {@code dst}, the ACKs and
 * windows {@code dst} returned for it.
 *
 * @param packets            packets from src to dst
 * @param dataBytes          distinct payload bytes src sent (the highest sequence reached)
 * @param initialRttNanos    SYN to the handshake's final ACK as seen at the capture point (the whole round trip from
 *                           wherever the capture was taken), or -1 without a complete handshake
 * @param duplicateAckFrames ACKs from dst that repeat the cumulative ACK with the same window, no data, and data outstanding
 * @param zeroWindowFrames   packets from dst advertising a zero receive window
 * @param outOfOrderFrames   segments from src that filled a hole sooner than one round trip after it opened: reordered,
 *                           since a retransmission of a lost segment cannot come back that fast
 * @param slowdowns          why the flow was slow, each with its cost and evidence
 * @param transfers          its data as the application wrote it, in order (one on a connection per flow, one per
 *                           request or response on a persistent connection); none without data
 * @param capturedAt         the capture interface the flow was read at, its sender's, when the capture holds packets
 *                           at several hosts' interfaces (see {@link CaptureDiagnoser}); else null
 */
public record FlowDiagnosis(Endpoint src, Endpoint dst, long packets, long dataBytes, long firstNanos, long lastNanos,
                            long initialRttNanos, List<Retransmission> retransmissions, List<Long> duplicateAckFrames,
                            List<Long> zeroWindowFrames, List<Long> outOfOrderFrames, List<Slowdown> slowdowns,
                            List<Transfer> transfers, CapturePoint capturedAt) {
    public FlowDiagnosis {
        retransmissions = List.copyOf(retransmissions);
        duplicateAckFrames = List.copyOf(duplicateAckFrames);
        zeroWindowFrames = List.copyOf(zeroWindowFrames);
        outOfOrderFrames = List.copyOf(outOfOrderFrames);
        slowdowns = List.copyOf(slowdowns);
        transfers = List.copyOf(transfers);
    }

    /** Retransmissions per kind, every kind present (zero when none). */
    public Map<RetransmissionKind, Integer> kindCounts() {
        Map<RetransmissionKind, Integer> counts = new EnumMap<>(RetransmissionKind.class);
        for (RetransmissionKind k : RetransmissionKind.values()) counts.put(k, 0);
        for (Retransmission r : retransmissions) counts.merge(r.kind(), 1, Integer::sum);
        return counts;
    }
}
