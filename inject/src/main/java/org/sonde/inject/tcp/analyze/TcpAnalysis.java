package org.sonde.inject.tcp.analyze;

import java.util.List;
import java.util.Map;

/**
 * The verdicts on one TCP test's trace: is the trace complete, and did the stacks do what the
 * RFCs (and Linux's documented choices) say for each injected event.
 *
 * @param integrity  the trace is complete and agrees with both hosts' counters
 * @param recoveries one per lost (dropped or corrupted) data segment transmission
 * @param spurious   one per retransmission of data the receiver already had (after lost
 *                   acknowledgements, a delayed or reordered segment): facts, not failures
 * @param ecn        one per CE-marked data segment
 * @param sack       no SACK block claims bytes the receiver never got
 */
public record TcpAnalysis(Integrity integrity, List<Recovery> recoveries, List<Spurious> spurious, List<EcnResponse> ecn, SackHonesty sack) {
    public TcpAnalysis {
        recoveries = List.copyOf(recoveries);
        spurious = List.copyOf(spurious);
        ecn = List.copyOf(ecn);
    }

    /** Whether the trace holds and every verdict passed. */
    public boolean pass() {
        return integrity.pass() && tcpPass();
    }

    /** Whether every TCP verdict passed (the trace's integrity aside). */
    public boolean tcpPass() {
        return recoveries.stream().allMatch(Recovery::pass) && ecn.stream().allMatch(EcnResponse::pass) && sack.pass();
    }

    /**
     * @param figures what was compared: mirrored packets per direction, the hosts' segment counters, drops, copies
     * @param problems each disagreement in words; empty when it passes
     */
    public record Integrity(boolean pass, Map<String, Long> figures, List<String> problems) {
        public Integrity {
            figures = Map.copyOf(figures);
            problems = List.copyOf(problems);
        }
    }

    /** How the sender found a lost transmission. */
    public enum RecoveryKind {
        /** Three or more duplicate (or SACK-bearing) acknowledgements before the retransmission (RFC 5681, RFC 6675). */
        FAST_RETRANSMIT,
        /** Fewer: RACK's time-based detection once later data was acknowledged (RFC 8985 §6.2). */
        RACK,
        /** A loss probe: the tail segment sent again without acknowledgements, before the timeout (RFC 8985 §7). */
        TLP,
        /** The retransmission timer (RFC 6298). */
        RTO,
        /** Never retransmitted within the trace. */
        NONE;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * The recovery of one lost transmission of a data segment.
     *
     * @param iteration    which transmission was lost (1: the original)
     * @param latencyNanos from the lost transmission to the next one, at the injector
     * @param duplicateAcks acknowledgements that showed the hole (a duplicate acknowledgement number or SACK
     *                     blocks above it) between the two
     * @param reason       why the verdict is what it is, with the numbers
     */
    public record Recovery(int connection, int segment, int iteration, RecoveryKind kind, long latencyNanos, int duplicateAcks,
                           boolean pass, String reason) {}

    /**
     * A retransmission of a segment whose previous transmission was delivered.
     *
     * @param kind       what sent it again, by the same rules as {@link Recovery}
     * @param afterNanos from the previous (delivered) transmission to this one, at the injector
     * @param cause      what the trace shows between the two: acknowledgements dropped, the
     *                   segment delayed or reordered, or nothing the injector did
     */
    public record Spurious(int connection, int segment, int iteration, RecoveryKind kind, long afterNanos, String cause) {}

    /**
     * The longest time a connection's client sent no data between two of its data transmissions.
     *
     * @param nanos   -1 when it sent fewer than two
     * @param endedBy what ended it: "new data", or the kind of the retransmission that did
     *                (a {@link RecoveryKind#word()}), "-" without
     */
    public record Stall(long nanos, String endedBy) {}

    /**
     * The response to one CE mark (RFC 3168 §6.1).
     *
     * @param negotiated the connection agreed on ECN in its handshake
     * @param echoNanos  from the mark to the receiver's first ECE, -1 without
     * @param cwrNanos   from that ECE to the sender's CWR, -1 without
     */
    public record EcnResponse(int connection, int segment, boolean negotiated, long echoNanos, long cwrNanos, boolean pass, String reason) {}

    /**
     * @param blocksChecked SACK blocks compared with what was delivered
     * @param problems      blocks that claim undelivered bytes
     */
    public record SackHonesty(boolean pass, long blocksChecked, List<String> problems) {
        public SackHonesty {
            problems = List.copyOf(problems);
        }
    }
}
