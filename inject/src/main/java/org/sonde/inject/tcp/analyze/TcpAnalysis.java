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
 * @param zeroWindows one per time the receiver closed its window: the sender's persist probes
 * @param acks       per connection, how the receiver acknowledged: delayed, immediate, stretched
 */
public record TcpAnalysis(Integrity integrity, List<Recovery> recoveries, List<Spurious> spurious, List<EcnResponse> ecn, SackHonesty sack,
                          List<ZeroWindow> zeroWindows, List<AckPolicy> acks) {
    public TcpAnalysis {
        recoveries = List.copyOf(recoveries);
        spurious = List.copyOf(spurious);
        ecn = List.copyOf(ecn);
        zeroWindows = List.copyOf(zeroWindows);
        acks = List.copyOf(acks);
    }

    /** The same verdicts on the trace with another integrity check (e.g. against the hosts' counters). */
    public TcpAnalysis withIntegrity(Integrity checked) {
        return new TcpAnalysis(checked, recoveries, spurious, ecn, sack, zeroWindows, acks);
    }

    /** Whether the trace holds and every verdict passed. */
    public boolean pass() {
        return integrity.pass() && tcpPass();
    }

    /** Whether every TCP verdict passed (the trace's integrity aside). */
    public boolean tcpPass() {
        return recoveries.stream().allMatch(Recovery::pass) && ecn.stream().allMatch(EcnResponse::pass) && sack.pass()
                && zeroWindows.stream().allMatch(ZeroWindow::pass) && acks.stream().allMatch(AckPolicy::pass);
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
     * @param split        where the latency went
     */
    public record Recovery(int connection, int segment, int iteration, RecoveryKind kind, long latencyNanos, int duplicateAcks,
                           boolean pass, String reason, LatencySplit split) {
        public Recovery(int connection, int segment, int iteration, RecoveryKind kind, long latencyNanos, int duplicateAcks,
                        boolean pass, String reason) {
            this(connection, segment, iteration, kind, latencyNanos, duplicateAcks, pass, reason, LatencySplit.UNKNOWN);
        }

        Recovery with(LatencySplit s) {
            return new Recovery(connection, segment, iteration, kind, latencyNanos, duplicateAcks, pass, reason, s);
        }
    }

    /**
     * A recovery's latency in its three parts, at the injector (nanoseconds, -1 when it does not apply):
     *
     * @param detectionNanos from the lost transmission to the evidence of its loss: the acknowledgement that
     *                       showed the hole (for a fast retransmit the third; for RACK the first), or for a
     *                       timer (TLP, RTO) the whole wait
     * @param reactionNanos  from that acknowledgement to the retransmission: the trip back to the sender,
     *                       RACK's reordering window, the sender's own delay; 0 for a timer
     * @param repairNanos    from the retransmission to the first cumulative acknowledgement covering the
     *                       segment; -1 when that retransmission was lost too, or never acknowledged
     */
    public record LatencySplit(long detectionNanos, long reactionNanos, long repairNanos) {
        static final LatencySplit UNKNOWN = new LatencySplit(-1, -1, -1);
    }

    /**
     * One zero-window episode of a connection: the receiver advertised a window of 0 (its
     * application did not read), and the sender had to wait and probe (RFC 9293 §3.8.6.1, RFC 1122
     * §4.2.2.17: the first probe after one RTO, then exponentially backed off; Linux's
     * {@code tcp_probe_timer()} with {@code tcp_probe0_base()} at least TCP_RTO_MIN).
     *
     * @param atNanos           when the first zero window passed the injector, from the trace's start
     * @param durationNanos     until a window above zero passed; -1 when it never reopened in the trace
     * @param probeAfterNanos   per probe, the time since the last receiver packet before it (the one that armed the timer)
     * @param dataBeyondWindow  new data segments sent past the window's right edge (a one-byte probe aside)
     * @param resumeNanos       from the reopening to the sender's next new data; -1 without
     */
    public record ZeroWindow(int connection, long atNanos, long durationNanos, List<Long> probeAfterNanos, int dataBeyondWindow,
                             long resumeNanos, boolean pass, String reason) {
        public ZeroWindow {
            probeAfterNanos = List.copyOf(probeAfterNanos);
        }
    }

    /**
     * How a connection's receiver acknowledged the data (RFC 1122 §4.2.3.2, RFC 5681 §4.2): an
     * acknowledgement may wait for a second full-sized segment or a timer (Linux: 40 ms to 200 ms),
     * never longer than 500 ms; a segment out of order, or one filling a hole, is acknowledged at once.
     *
     * @param acks           acknowledgements that acknowledged new data
     * @param immediate      of those, sent soon after the oldest data they acknowledged (before a delayed-ACK timer could fire)
     * @param delayed        sent later: by the delayed-ACK timer
     * @param stretch        acknowledged more than two full-sized segments at once
     * @param maxDelayNanos  the longest wait from in-order data leaving the injector to its first acknowledgement
     * @param outOfOrder     segments that arrived above a hole or filled one, each owed an immediate acknowledgement
     * @param late           of those, answered only after the delayed-ACK timer could have fired
     */
    public record AckPolicy(int connection, int acks, int immediate, int delayed, int stretch, long maxDelayNanos, int outOfOrder, int late,
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
