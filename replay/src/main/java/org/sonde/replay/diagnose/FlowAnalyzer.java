package org.sonde.replay.diagnose;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The state one direction of a connection builds up, packet by packet, at the capture point: the sequence space
 * the sender used (unwrapped to 64 bits, 0 at the initial sequence number), the cumulative ACK, duplicate ACKs and
 * SACK scoreboard the receiver returned, the RTT, and the loss recovery the sender is in as far as its packets show.
 * Each retransmission is classified when it is seen, from what was seen before it (a D-SACK can later make it
 * spurious).
 */
final class FlowAnalyzer {
    private static final long NONE = Long.MIN_VALUE;
    private static final long DUP_THRESHOLD = 3;
    /** Linux adds TCP_TIMEOUT_MIN (two jiffies, 2 ms at HZ=1000) to its reordering and loss-probe timers. */
    private static final long TIMER_SLACK_NANOS = 2_000_000;
    /** The shortest silence taken for a stall (a delayed ACK, an idle sender, a late fast retransmit): 1 ms. */
    private static final long MIN_STALL_NANOS = 1_000_000;
    /** How soon after an ACK a waiting sender sends, beyond two round trips (capture point, processing): 200 µs. */
    private static final long REACTION_NANOS = 200_000;
    /**
     * The shortest wait for an ACK taken for a held one: 200 µs (and eight round trips). Queues do not make it: they
     * delay every ACK of a flight, and the first to come back covers only its first segments, not all of them.
     */
    private static final long MIN_HELD_ACK_NANOS = 200_000;

    private enum Mode { OPEN, RECOVERY, LOSS }

    /**
     * A transmission's place in RACK's order (RFC 8985 §6.2, RACK_sent_after): by send time, and among segments sent in
     * the same instant (a burst, or a capture's coarse clock) by end sequence.
     */
    private record SendOrder(long nanos, long end) implements Comparable<SendOrder> {
        @Override
        public int compareTo(SendOrder o) {
            int c = Long.compare(nanos, o.nanos);
            return c != 0 ? c : Long.compare(end, o.end);
        }
    }

    /** A range of sequence space as first sent (or first seen, when the capture lacks the original). */
    private static final class Segment {
        final long end;
        final long firstNanos;
        final long firstFrame;
        int sends = 1;
        long lastNanos;
        long lastFrame;

        Segment(long end, long firstNanos, long firstFrame) {
            this.end = end;
            this.firstNanos = firstNanos;
            this.firstFrame = firstFrame;
            this.lastNanos = firstNanos;
            this.lastFrame = firstFrame;
        }
    }

    /** A retransmission while its flow is analysed: the spurious verdict may still come. */
    private static final class Pending {
        final long frame, nanos, start, end, originalFrame, ackAdvancesAtSend;
        final int dupAcksAtSend, backoff;
        final RetransmissionKind trigger;
        final Evidence evidence;
        Evidence spurious;
        /** The first ACK that covered it: when it arrived and its frame; -1 until then. */
        long ackedNanos = -1, ackedFrame = -1, ackedFrom = -1, ackedTo = -1;
        /** Whether it was the last data sent when it was resent. */
        boolean tail;
        /** Whether it resent the first unacknowledged segment. */
        boolean head;
        /** ACKs that repeated the cumulative ACK with data outstanding but changed the window, since it last moved. */
        int windowUpdatesAtSend;
        /** When the third duplicate ACK of the run before it arrived (and its frame); -1 with fewer. */
        long thirdDupAckNanos = -1, thirdDupAckFrame = -1;
        /** When this range last left before this resend; -1 when the capture lacks it. */
        long previousSendNanos = -1;
        /** Its TSval; NONE without the timestamp option. */
        long tsVal = NONE;

        Pending(long frame, long nanos, long start, long end, long originalFrame, long ackAdvancesAtSend, int dupAcksAtSend,
                int backoff, RetransmissionKind trigger, Evidence evidence) {
            this.frame = frame;
            this.nanos = nanos;
            this.start = start;
            this.end = end;
            this.originalFrame = originalFrame;
            this.ackAdvancesAtSend = ackAdvancesAtSend;
            this.dupAcksAtSend = dupAcksAtSend;
            this.backoff = backoff;
            this.trigger = trigger;
            this.evidence = evidence;
        }
    }

    final Endpoint src, dst;
    private boolean based;
    private long lastRaw, lastAbs;
    long packets, firstNanos = -1, lastNanos;
    private long highEnd = NONE;
    private int mss;
    /** Whether the sender numbers its IPv4 packets (Linux counts per connection; the simulator leaves 0). */
    private boolean ipIdsSet;
    /** Whether the receiver ever sent SACK blocks. */
    private boolean sackSeen;
    private long dataLow = Long.MAX_VALUE, dataHigh = Long.MIN_VALUE;
    private final TreeMap<Long, Long> seen = new TreeMap<>();
    /**
     * The segments sent, by start. Acknowledged ones stay while a sender could still resend them before taking the ACK
     * in (two of the largest flights below the ACK), so a spurious retransmission still finds its original.
     */
    private final TreeMap<Long, Segment> segments = new TreeMap<>();
    /** The most data in flight at the capture point so far (new data's end less the ACK). */
    private long maxFlightBytes;
    /** Holes in the sequence space at the capture point: start -> {end, nanos opened, IP ID of the packet that opened it}. */
    private final TreeMap<Long, long[]> holes = new TreeMap<>();

    private long ack = NONE;
    private long ackFrame = -1, lastAckNanos = -1, ackAdvances;
    /** When the retransmission timer was last armed again: an ACK that advanced snd_una, or a resend of the head. */
    private long advanceNanos = NONE, headResendNanos = NONE;
    private int window = -1;
    private int dupAcks;
    private final List<Long> dupAckRun = new ArrayList<>();
    /** ACKs of the current cumulative ACK, pure, with data outstanding and no SACK, whose window differed (RFC 5681: not duplicates). */
    private final List<Long> windowUpdateRun = new ArrayList<>();
    private long thirdDupAckNanos = -1, thirdDupAckFrame = -1;
    /** The first sign of reordering (a segment that filled a hole early, or a D-SACK), which raises Linux's duplicate threshold. */
    private long reorderingFrame = -1;
    /** The sender's last new data segment, and the largest window the receiver advertised. */
    private long lastNewDataNanos = -1, lastNewDataFrame = -1, largestWindow = -1;
    /**
     * An ACK that acknowledged everything sent: after the last data segment (time, frame), the ACK (time, frame, the
     * window it offered, whether it carried no data). A delayed-ACK stall if new data follows at once and long enough
     * after the last data; an application-limited period if new data comes only much later.
     */
    private record AllAcked(long lastDataNanos, long lastDataFrame, long ackNanos, long ackFrame, long window, boolean pure) {
        long silence() {
            return ackNanos - lastDataNanos;
        }
    }

    private AllAcked stallCandidate;
    private long lastResendNanos = -1;
    private final List<AllAcked> delayedAckStalls = new ArrayList<>();
    /** A period with everything acknowledged and nothing sent: from the ACK (and its frame) to the data that ended it. */
    private record Idle(long fromNanos, long toNanos, long ackFrame, long dataFrame) {}

    private final List<Idle> idlePeriods = new ArrayList<>();
    private final TreeMap<Long, Long> sacked = new TreeMap<>();
    /** Where a transfer began (its first byte and when) and when the ACK of its last byte came, -1 until it does. */
    private static final class TransferMark {
        final long start, firstNanos;
        long ackedNanos = -1;

        TransferMark(long start, long firstNanos) {
            this.start = start;
            this.firstNanos = firstNanos;
        }
    }

    private final List<TransferMark> transfers = new ArrayList<>();
    /** The first transfer whose last byte no ACK has covered yet. */
    private int firstUnackedTransfer;
    /** When the sender's last segment left, and whether its last new data carried PSH (the end of a write). */
    private long lastSegmentNanos = -1;
    private boolean lastNewDataPushed;
    private long srtt = -1, rttvar, minRtt = Long.MAX_VALUE;
    /** Every RTT sample a pure ACK gave, and that ACK. */
    private final LongArrayList rttSamples = new LongArrayList(), rttSampleFrames = new LongArrayList(), rttSampleNanos = new LongArrayList();
    /** RACK's state (RFC 8985): the latest transmission, in {@link SendOrder}, among the segments delivered so far. */
    private SendOrder rackLatest = new SendOrder(NONE, NONE);
    /** Each step of {@link #rackLatest}: that transmission -> {arrival of the ACK that delivered it, its frame, the data's frame}. */
    private final TreeMap<SendOrder, long[]> rackSteps = new TreeMap<>();

    private Mode mode = Mode.OPEN;
    /**
     * F-RTO (RFC 5682, SACK-enhanced, Linux's default {@code tcp_frto} 2) holds for the current loss episode: set by a
     * timeout from the open state or after another timeout ({@code tcp_enter_loss}), cleared when duplicate ACKs or SACKs
     * come after new data sent past the recovery point (step 3.a).
     */
    private boolean frto;
    /** The ACK being read (s)acked data below the recovery point that was never resent ({@code FLAG_ORIG_SACK_ACKED}). */
    private boolean originalDelivered;
    /** F-RTO step 2.b: an ACK advanced snd_una in the loss episode, so new data goes next if there is any; else F-RTO ends. */
    private boolean frtoNewDataDue;
    /** Timeouts since the last forward progress or undo ({@code icsk_retransmits}): a repeated timeout runs F-RTO even from recovery. */
    private int timeoutsWithoutProgress;
    /**
     * The current episode's first retransmission, whose TSval is Linux's {@code retrans_stamp}; null in the open state. An
     * ACK echoing an older TSval answers an original: the episode is undone.
     */
    private Pending episodeFirst;
    private long recoveryPoint, recoveryFrame = -1;
    /** When and by which ACK the last loss episode ended, and its recovery point (NONE: none has ended). */
    private long lossEndNanos = NONE, lossEndFrame = -1, lossEndPoint = NONE;
    private final List<Pending> retransmissions = new ArrayList<>();
    private final Map<Long, Pending> lastRetransmissionAt = new java.util.HashMap<>();

    /** Window scale the receiver announced and the sender accepted (both SYNs carried the option); -1 unknown. */
    int receiverWindowScale = -1;
    private long zeroSinceNanos = -1, zeroSinceFrame = -1, zeroStallNanos;
    private final List<Long> zeroEpisodeFrames = new ArrayList<>();
    private long dataSegments, windowLimitedSegments, firstLimitedNanos = -1, lastLimitedNanos, firstLimitedFrame;
    /** Time the sender spent with the receiver's window full (Linux's rwnd_limited chronograph), and since when it is. */
    private long rwndLimitedNanos, rwndLimitedSince = -1;
    final List<Long> duplicateAckFrames = new ArrayList<>();
    final List<Long> zeroWindowFrames = new ArrayList<>();
    final List<Long> outOfOrderFrames = new ArrayList<>();

    FlowAnalyzer(Endpoint src, Endpoint dst) {
        this.src = src;
        this.dst = dst;
    }

    /** True once a packet from the sender fixed its sequence space. */
    boolean based() {
        return based;
    }

    /** A packet from {@link #src}: counts it and fixes the sequence space on the first one (a SYN's is the ISN). */
    void sent(TcpPacket p) {
        packets++;
        if (firstNanos < 0) firstNanos = p.timeNanos();
        lastNanos = p.timeNanos();
        if (!based) {
            based = true;
            lastRaw = p.seq();
            lastAbs = 0;
        }
    }

    /** 64-bit position of a raw sequence number near the highest seen (a signed 32-bit step from it). */
    private long position(long raw) {
        return lastAbs + (int) (raw - lastRaw);
    }

    private long advance(long raw) {
        long abs = position(raw);
        if (abs > lastAbs) {
            lastAbs = abs;
            lastRaw = raw;
        }
        return abs;
    }

    /** The ACK, window and SACK blocks a packet from {@link #dst} carries about this direction's data. */
    void acknowledged(TcpPacket p) {
        long a = position(p.ack());
        long t = p.timeNanos();
        lastAckNanos = t;
        originalDelivered = false;
        if (frtoNewDataDue) { // the sender sent nothing after the last ACK: it had no new data, and gave F-RTO up
            frto = false;
            frtoNewDataDue = false;
        }
        Mode before = mode;
        long dupAcksBefore = dupAcks;
        boolean advanced = ack != NONE && a > ack;
        // tcp_packet_delayed(), judged before this ACK may end the episode (and forget its first retransmission)
        Pending first = episodeFirst;
        boolean delayed = advanced && packetDelayed(first, p);
        boolean pure = p.payloadBytes() == 0 && (p.flags() & (TcpPacket.SYN | TcpPacket.FIN | TcpPacket.RST)) == 0;
        if (ack == NONE || a > ack) {
            if (ack != NONE) {
                rttSample(ack, a, t, p.frame(), pure);
                delivered(ack, a, p);
            }
            long forgotten = a - 2 * maxFlightBytes;
            segments.headMap(forgotten).entrySet().removeIf(e -> e.getValue().end <= forgotten);
            for (int i = retransmissions.size() - 1; i >= 0 && i >= retransmissions.size() - 64; i--) {
                Pending r = retransmissions.get(i);
                if (r.ackedNanos < 0 && r.end <= a) {
                    r.ackedNanos = t;
                    r.ackedFrame = p.frame();
                    r.ackedFrom = ack;
                    r.ackedTo = a;
                }
            }
            if (a >= highEnd && lastNewDataNanos >= 0 && lastResendNanos < lastNewDataNanos && mode == Mode.OPEN && p.window() > 0) {
                // the receiver acknowledged everything at once, long after the last data: held back, or the sender was done
                stallCandidate = new AllAcked(lastNewDataNanos, lastNewDataFrame, t, p.frame(), scaled(p.window()), pure);
            }
            transfersAcknowledged(a, t);
            ack = a;
            ackFrame = p.frame();
            ackAdvances++;
            advanceNanos = t;
            timeoutsWithoutProgress = 0; // tcp_ack(): icsk_retransmits = 0 when snd_una advances
            dupAcks = 0;
            dupAckRun.clear();
            windowUpdateRun.clear();
            thirdDupAckNanos = -1;
            thirdDupAckFrame = -1;
            trim(sacked, a);
            // Linux holds a non-SACK flow in its state until data above the recovery point is acknowledged (RFC 6582)
            if (mode != Mode.OPEN && (a > recoveryPoint || a == recoveryPoint && sackSeen)) {
                if (mode == Mode.LOSS) {
                    lossEndNanos = t;
                    lossEndFrame = p.frame();
                    lossEndPoint = recoveryPoint;
                }
                open();
            }
            window = p.window();
        } else if (a == ack) {
            if (pure && p.window() == window && highEnd != NONE && highEnd > a) {
                dupAcks++;
                dupAckRun.add(p.frame());
                duplicateAckFrames.add(p.frame());
                if (dupAcks == DUP_THRESHOLD) {
                    thirdDupAckNanos = t;
                    thirdDupAckFrame = p.frame();
                }
            } else if (pure && window >= 0 && p.window() != window && highEnd != NONE && highEnd > a && p.sackBlocks().length == 0) {
                windowUpdateRun.add(p.frame());
            }
            window = p.window();
        }
        if (window >= 0 && !p.has(TcpPacket.SYN)) largestWindow = Math.max(largestWindow, scaled(window));
        if (rwndLimitedSince >= 0 && highEnd != NONE && highEnd - ack <= scaled(window) - mss) { // room for a segment again
            rwndLimitedNanos += t - rwndLimitedSince;
            rwndLimitedSince = -1;
        }
        if (p.window() == 0 && !p.has(TcpPacket.RST) && !p.has(TcpPacket.SYN)) {
            if (zeroSinceNanos < 0) {
                zeroSinceNanos = t;
                zeroSinceFrame = p.frame();
            }
        } else if (zeroSinceNanos >= 0 && !p.has(TcpPacket.RST)) {
            zeroStallNanos += t - zeroSinceNanos;
            zeroEpisodeFrames.add(zeroSinceFrame);
            zeroEpisodeFrames.add(p.frame());
            zeroSinceNanos = -1;
        }
        long[] blocks = p.sackBlocks();
        if (blocks.length > 0) sackSeen = true;
        for (int i = 0; i + 1 < blocks.length; i += 2) {
            long left = position(blocks[i]), right = position(blocks[i + 1]);
            if (right <= left) continue;
            // RFC 2883: a first block below the cumulative ACK, or inside the second block, reports a duplicate
            boolean dsack = i == 0 && (right <= a
                    || blocks.length >= 4 && left >= position(blocks[2]) && right <= position(blocks[3]));
            if (dsack) {
                duplicateReported(left, right, p.frame());
            } else if (right > a) {
                if (!covered(sacked, Math.max(left, a), right)) delivered(Math.max(left, a), right, p);
                addRange(sacked, Math.max(left, a), right);
            }
        }
        if (delayed) {
            String echo = "frame " + p.frame() + " echoes TSval " + p.tsEcr() + ", older than this retransmission's " + first.tsVal + ": it answers the original";
            if (mode == Mode.OPEN) {
                // the ACK ended the episode: tcp_try_undo_recovery undoes it all the same
                markSpurious(first, echo + " (Linux's tcp_try_undo_recovery)", p.frame());
            } else if (mode == Mode.LOSS) {
                undo(echo + " (Eifel, Linux's tcp_try_undo_loss)", p.frame());
            } else {
                // tcp_try_undo_partial: the hole was filled by its original, reordering; undone once no retransmission is out
                if (reorderingFrame < 0) reorderingFrame = p.frame();
                if (!retransmissionsOut(a)) undo(echo + " (reordering, Linux's tcp_try_undo_partial)", p.frame());
            }
        }
        if (before == Mode.LOSS && mode == Mode.LOSS && frto) {
            if (originalDelivered) {
                // step 3.b (tcp_process_loss): data never resent arrived, so the timeout was spurious and is undone
                // Linux's verdict, not proof: without SACK a cumulative ACK that the resend completed also covers such data
                undo(null, p.frame());
            } else if (highEnd > recoveryPoint) {
                if (dupAcks > dupAcksBefore || blocks.length > 0) frto = false; // step 3.a: the loss was real
            } else if (advanced) {
                frtoNewDataDue = true;
            }
        }
    }

    /**
     * Data in [from, to) reached the receiver: RACK's delivered send time moves to the latest transmission among its
     * segments. A retransmitted segment acknowledged sooner than the smallest RTT after its retransmission was
     * delivered by an earlier copy (RFC 8985 §6.2 step 2), so that copy's time counts.
     */
    private void delivered(long from, long to, TcpPacket p) {
        Map.Entry<Long, Segment> first = segments.floorEntry(from);
        Map<Long, Segment> range = first != null && first.getValue().end > from ? segments.subMap(first.getKey(), true, to, false)
                : segments.subMap(from, true, to, false);
        for (Map.Entry<Long, Segment> e : range.entrySet()) {
            Segment s = e.getValue();
            if (s.sends == 1 && s.end <= recoveryPoint && !covered(sacked, e.getKey(), s.end)) originalDelivered = true;
            long sent = s.lastNanos;
            long frame = s.lastFrame;
            if (s.sends > 1 && minRtt != Long.MAX_VALUE && p.timeNanos() - s.lastNanos < minRtt) {
                sent = s.firstNanos;
                frame = s.firstFrame;
            }
            SendOrder order = new SendOrder(sent, s.end);
            if (order.compareTo(rackLatest) > 0) {
                rackLatest = order;
                rackSteps.put(order, new long[] {p.timeNanos(), p.frame(), frame});
            }
        }
    }

    /** Karn's rule, per ACK as Linux keeps it: the last segment the ACK covers gives the sample if nothing it covers was resent. */
    private void rttSample(long oldAck, long newAck, long t, long frame, boolean pure) {
        Map.Entry<Long, Segment> e = segments.lowerEntry(newAck);
        if (e == null || e.getValue().end > newAck || e.getValue().sends != 1) return;
        // as Linux's tcp_clean_rtx_queue(): no sample from an ACK that covers any resent data (the ACK that fills a
        // hole would measure the whole loss episode), nor from data the receiver had SACKed already
        if (covered(sacked, e.getKey(), e.getValue().end)) return;
        for (Segment s : segments.subMap(oldAck, true, newAck, false).values()) if (s.sends != 1) return;
        long sample = t - e.getValue().firstNanos;
        // a capture at the receiver can time the ACK in the same tick as its data (microsecond pcap, or a simulated
        // receiver): that measures no path, and a zero base would divide the congestion and delayed-ACK figures
        if (sample <= 0) return;
        if (srtt < 0) {
            srtt = sample;
            rttvar = sample / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - sample)) / 4;
            srtt = (7 * srtt + sample) / 8;
        }
        minRtt = Math.min(minRtt, sample);
        if (pure) { // an ACK riding on data also measures how long the other side's application took to answer
            rttSamples.add(sample);
            rttSampleFrames.add(frame);
            rttSampleNanos.add(t);
        }
    }

    private long minRttOr(long otherwise) {
        return minRtt == Long.MAX_VALUE ? otherwise : minRtt;
    }

    /** The flow's smallest RTT sample (data to the ACK that covers it, at the capture point), or -1. */
    long minRttNanos() {
        return minRtt == Long.MAX_VALUE ? -1 : minRtt;
    }

    /**
     * A segment (payload, SYN or FIN) from {@link #src}. {@code rttHintNanos} is the connection's round trip as the
     * handshake showed it (or a default): a segment that fills a hole sooner counts as reordered rather than
     * retransmitted, and it stands in for the smoothed RTT until the flow has RTT samples.
     */
    void segment(TcpPacket p, long rttHintNanos) {
        try {
            segmentSeen(p, rttHintNanos);
        } finally {
            lastSegmentNanos = p.timeNanos();
        }
    }

    private void segmentSeen(TcpPacket p, long rttHintNanos) {
        long start = advance(p.seq());
        long end = start + p.sequenceLength();
        long t = p.timeNanos();
        mss = Math.max(mss, p.payloadBytes());
        if (p.ipId() > 0) ipIdsSet = true;
        if (p.payloadBytes() > 0) {
            long payloadStart = start + (p.has(TcpPacket.SYN) ? 1 : 0);
            dataLow = Math.min(dataLow, payloadStart);
            dataHigh = Math.max(dataHigh, payloadStart + p.payloadBytes());
        }
        if (highEnd == NONE || start >= highEnd) {
            if (ack != NONE) maxFlightBytes = Math.max(maxFlightBytes, end - ack);
            if (p.payloadBytes() > 0 && ack != NONE && receiverWindowScale >= 0 && window >= 0) {
                dataSegments++;
                long rwnd = (long) window << receiverWindowScale;
                if (end - ack > rwnd - mss) {
                    if (rwndLimitedSince < 0) rwndLimitedSince = t;
                    windowLimitedSegments++;
                    if (firstLimitedNanos < 0) {
                        firstLimitedNanos = t;
                        firstLimitedFrame = p.frame();
                    }
                    lastLimitedNanos = t;
                }
            }
            if (highEnd != NONE && start > highEnd) holes.put(highEnd, new long[] {start, t, p.ipId()});
            if (p.payloadBytes() > 0) {
                transferData(start + (p.has(TcpPacket.SYN) ? 1 : 0), t);
                lastNewDataPushed = p.has(TcpPacket.PSH);
                newData(t, p.frame());
            }
            segments.put(start, new Segment(end, t, p.frame()));
            addRange(seen, start, end);
            highEnd = end;
            frtoNewDataDue = false;
            return;
        }
        if (!overlaps(seen, start, end)) {
            Map.Entry<Long, long[]> hole = holes.floorEntry(start);
            // three duplicate ACKs asked for exactly this segment: resent, as the sender is entitled to assume (RFC 5681)
            boolean askedFor = start == ack && dupAcks >= DUP_THRESHOLD;
            if (hole != null && start < hole.getValue()[0] && !askedFor && reordered(hole.getValue(), p, rttHintNanos)) {
                outOfOrderFrames.add(p.frame());
                if (reorderingFrame < 0) reorderingFrame = p.frame();
                segments.put(start, new Segment(end, t, p.frame()));
                addRange(seen, start, end);
                return;
            }
        }
        retransmitted(p, start, end, rttHintNanos);
        addRange(seen, start, end);
        if (end > highEnd) highEnd = end;
    }

    /**
     * Whether a segment that fills a hole was sent before the packet that opened the hole (so it was reordered on the
     * way) rather than resent after it. A sender that numbers its packets says so directly by the IP ID; otherwise a
     * retransmission cannot come sooner than a round trip after the hole opened (the sender must hear of it first).
     */
    private boolean reordered(long[] hole, TcpPacket p, long reorderNanos) {
        if (ipIdsSet && hole[2] >= 0 && p.ipId() >= 0) return (short) (p.ipId() - hole[2]) < 0;
        return p.timeNanos() - hole[1] < reorderNanos;
    }

    private void retransmitted(TcpPacket p, long start, long end, long rttHintNanos) {
        if (frtoNewDataDue) { // a resend where F-RTO's new data would have gone: there was none (tcp_xmit_recovery)
            frto = false;
            frtoNewDataDue = false;
        }
        long t = p.timeNanos();
        Segment original = segments.get(start);
        if (original == null) {
            Map.Entry<Long, Segment> e = segments.floorEntry(start);
            if (e != null && e.getValue().end > start) original = e.getValue();
        }
        long originalFrame = original != null && overlaps(seen, start, end) ? original.firstFrame : -1;
        // when this segment last left before now (its original, or its previous retransmission); NONE when unseen
        long previousSendNanos = original != null && originalFrame > 0 ? original.lastNanos : NONE;
        if (original != null) {
            original.sends++;
            original.lastNanos = t;
            original.lastFrame = p.frame();
        } else {
            segments.put(start, new Segment(end, t, p.frame()));
        }
        // RACK (RFC 8985 §6.2): lost once data sent after it was delivered (and a reordering window passed)
        Map.Entry<SendOrder, long[]> news = rackSteps.higherEntry(new SendOrder(previousSendNanos, end));
        boolean laterDelivered = news != null;
        long rackAckFrame = news != null ? news.getValue()[1] : -1, rackXmitFrame = news != null ? news.getValue()[2] : -1;
        long rackXmitNanos = news != null ? news.getKey().nanos() : NONE;

        long sackedAbove = bytesAbove(sacked, end);
        long sackedSegments = mss > 0 ? (sackedAbove + mss - 1) / mss : sackedAbove > 0 ? 1 : 0;
        Map<String, Long> figures = new LinkedHashMap<>();
        List<Long> frames = new ArrayList<>();
        if (originalFrame > 0) {
            frames.add(originalFrame);
            figures.put("sinceOriginalMicros", micros(t - original.firstNanos));
        }
        if (originalFrame <= 0) {
            // the original never passed the capture point: how long the hole it left had been open
            Map.Entry<Long, long[]> hole = holes.floorEntry(start);
            if (hole != null && start < hole.getValue()[0]) figures.put("sinceHoleOpenedMicros", micros(t - hole.getValue()[1]));
        }
        if (lastAckNanos >= 0) figures.put("sinceLastAckMicros", micros(t - lastAckNanos));
        figures.put("duplicateAcks", (long) dupAcks);
        figures.put("sackedSegmentsAbove", sackedSegments);
        if (srtt >= 0) {
            figures.put("srttMicros", micros(srtt));
            figures.put("rttvarMicros", micros(rttvar));
        }
        Pending previous = lastRetransmissionAt.get(start);
        // ACK-clocked: sent on an ACK's arrival (or RACK's reordering timer, at most a quarter RTT later); a timer
        // (RTO, loss probe) fires after a silence of at least two round trips
        long silence = lastAckNanos >= 0 ? t - lastAckNanos : Long.MAX_VALUE;
        long clockNanos = srtt >= 0 ? srtt : rttHintNanos;
        // RACK's reordering timer fires once RACK.rtt (that of the latest-sent delivered data) plus a reordering
        // window (a quarter of the min RTT) has passed since the segment was sent (RFC 8985 §6.2-6.3); Linux arms that
        // timer two jiffies late
        boolean rackTimer = false;
        if (laterDelivered && srtt >= 0) {
            Map.Entry<SendOrder, long[]> latest = rackSteps.lastEntry();
            long rackRtt = latest.getValue()[0] - latest.getKey().nanos();
            long due = Math.max(news.getValue()[0], previousSendNanos == NONE ? NONE : previousSendNanos + rackRtt + minRttOr(srtt) / 4);
            rackTimer = t <= due + TIMER_SLACK_NANOS + srtt;
        }
        boolean ackClocked = silence <= clockNanos || rackTimer;
        boolean head = ack == NONE || start <= ack;
        // Linux arms the retransmission timer again only when snd_una advances or the head is resent (tcp_rearm_rto),
        // not on duplicate ACKs: amid a stream of them the timer still fires. A head resent before is resent again on
        // an ACK only when that ACK shows its resend lost (data sent after it delivered: RACK, or the lost-retransmit
        // check before it); so its next resend is the timer's when the timer had run long enough and that news, if
        // any, came more than a round trip before
        long armedNanos = Math.max(advanceNanos, headResendNanos);
        long newsNanos = laterDelivered ? news.getValue()[0] : NONE;
        boolean timerDue = head && previous != null && srtt >= 0 && armedNanos != NONE && t - armedNanos >= srtt + 4 * rttvar
                && !rackTimer && (newsNanos == NONE || t - newsNanos > clockNanos);
        long headResendNanosBefore = headResendNanos;
        if (head) headResendNanos = t;
        figures.put("silenceMicros", lastAckNanos >= 0 ? micros(silence) : -1);
        RetransmissionKind kind;
        String text;
        int backoff = 0;
        boolean tail = end == highEnd;
        // RFC 6298: no RTO is shorter than SRTT + 4 RTTVAR, whatever the floor (Linux's rto_min) is
        boolean rtoPossible = srtt < 0 || silence >= srtt + 4 * rttvar || timerDue;
        if ((!ackClocked || timerDue) && rtoPossible && (head || !tail)) {
            kind = RetransmissionKind.RTO;
            backoff = previous != null && previous.trigger == RetransmissionKind.RTO && previous.backoff > 0
                    && previous.ackAdvancesAtSend == ackAdvances ? previous.backoff + 1 : 1;
            figures.put("backoff", (long) backoff);
            if (previous != null) frames.add(previous.frame);
            text = (head ? "the first unacknowledged segment" : "a segment") + " resent "
                    + (ackClocked ? ms(t - armedNanos) + " after " + (armedNanos == headResendNanosBefore ? "its last resend" : "snd_una last advanced")
                            + ", with no fresh news of a loss in the duplicate ACKs arriving meanwhile"
                    : lastAckNanos >= 0 ? ms(silence) + " after the last ACK" : "with no ACK seen")
                    + (previous != null && !ackClocked ? " (" + ms(t - previous.nanos) + " after its retransmission in frame " + previous.frame + ")" : "")
                    + (ackClocked ? "" : ", not on an ACK") + ": the retransmission timer fired"
                    + (backoff > 1 ? ", backed off (timeout " + backoff + " in a row without progress)" : "");
            timeout(p.frame());
        } else if (!ackClocked && tail && !head) {
            kind = RetransmissionKind.TLP;
            text = "the last segment sent, resent " + ms(silence) + " after the last ACK with " + relative(ack) + ".."
                    + relative(highEnd) + " outstanding, not on an ACK: a tail loss probe";
        } else if (mode == Mode.LOSS) {
            kind = RetransmissionKind.RTO;
            frames.add(recoveryFrame);
            text = "part of the recovery after the timeout in frame " + recoveryFrame
                    + ": every segment outstanding then counts as lost and goes out again as ACKs open the window";
        } else if (sentBeforeTheLossEndWasTakenIn(start, t)) {
            kind = RetransmissionKind.RTO;
            frames.add(recoveryFrame);
            frames.add(lossEndFrame);
            text = "part of the recovery after the timeout in frame " + recoveryFrame + ", sent " + micros(t - lossEndNanos)
                    + " µs after frame " + lossEndFrame + " acknowledged past its recovery point, before the sender could have"
                    + " taken that ACK in (it passes the capture point first)";
        } else if (previous != null && laterDelivered) {
            kind = RetransmissionKind.RACK;
            frames.add(previous.frame);
            frames.add(rackAckFrame);
            text = "its retransmission in frame " + previous.frame + " was lost too: frame " + rackAckFrame
                    + " acknowledged data sent after that retransmission (frame " + rackXmitFrame + "); RACK detects lost"
                    + " retransmissions by send time, the duplicate threshold cannot";
            enter(Mode.RECOVERY, p.frame());
        } else if (head && dupAcks >= DUP_THRESHOLD) {
            kind = RetransmissionKind.FAST_RETRANSMIT;
            frames.addAll(dupAckRun);
            text = dupAcks + " duplicate ACKs of " + relative(ack) + " since frame " + ackFrame + " (duplicate threshold " + DUP_THRESHOLD + ")";
            enter(Mode.RECOVERY, p.frame());
        } else if (laterDelivered && sackedSegments >= DUP_THRESHOLD) {
            kind = RetransmissionKind.FAST_RETRANSMIT;
            frames.add(ackFrame);
            text = sackedSegments + " segments' worth of data above it SACKed (duplicate threshold " + DUP_THRESHOLD + ")";
            enter(Mode.RECOVERY, p.frame());
        } else if (mode == Mode.RECOVERY && start < recoveryPoint && sacked.isEmpty()) {
            kind = RetransmissionKind.FAST_RETRANSMIT;
            frames.add(ackFrame);
            text = "partial ACK in frame " + ackFrame + " during the fast recovery that began in frame " + recoveryFrame
                    + " (NewReno: the next hole is resent at once)";
        } else if (laterDelivered) {
            kind = RetransmissionKind.RACK;
            frames.add(rackAckFrame);
            if (previousSendNanos != NONE) figures.put("deliveredSentAfterMicros", micros(rackXmitNanos - previousSendNanos));
            text = "frame " + rackAckFrame + " acknowledged data sent after this segment's "
                    + (previousSendNanos == NONE ? "original (not in the capture)" : "last transmission, "
                    + (rackXmitNanos == previousSendNanos ? "in the same instant and higher in sequence" : ms(rackXmitNanos - previousSendNanos) + " later")
                    + " (frame " + rackXmitFrame + ")")
                    + ", below the duplicate threshold (" + dupAcks + " duplicate ACKs, " + sackedSegments
                    + " segments SACKed above): marked lost by time (RACK)";
            enter(Mode.RECOVERY, p.frame());
        } else if (head && dupAcks > 0) {
            kind = RetransmissionKind.RACK;
            frames.addAll(dupAckRun);
            text = dupAcks + " duplicate ACK(s) of " + relative(ack) + ", below the duplicate threshold: early retransmit / RACK";
            enter(Mode.RECOVERY, p.frame());
        } else if (tail && !head && ack != NONE) {
            kind = RetransmissionKind.TLP;
            text = "the last segment sent, resent " + ms(silence) + " after the last ACK with no duplicate ACK, SACK or partial"
                    + " ACK before it: only a tail loss probe resends the tail without news of a loss";
        } else if (head && !ackClocked) {
            kind = RetransmissionKind.RTO;
            backoff = 1;
            figures.put("backoff", 1L);
            text = "the first unacknowledged segment resent " + ms(silence) + " after the last ACK with no duplicate ACK, SACK or"
                    + " partial ACK before it: the retransmission timer (shorter than SRTT + 4 RTTVAR as measured here)";
            timeout(p.frame());
        } else {
            kind = RetransmissionKind.UNEXPLAINED;
            text = "sent " + ms(silence) + " after an ACK, but no duplicate ACK, SACK or partial ACK in the capture says it was lost";
        }
        Pending r = new Pending(p.frame(), t, start, end, originalFrame, ackAdvances, dupAcks, backoff, kind,
                new Evidence(text, frames, figures));
        if (end <= ack) {
            r.spurious = new Evidence("already acknowledged: frame " + ackFrame + " had acknowledged up to " + relative(ack),
                    List.of(ackFrame), Map.of());
        } else if (covered(sacked, start, end)) {
            r.spurious = new Evidence("already SACKed by the receiver before it was resent", List.of(ackFrame), Map.of());
        }
        lastResendNanos = t;
        r.tail = tail;
        r.head = head;
        r.windowUpdatesAtSend = windowUpdateRun.size();
        r.thirdDupAckNanos = thirdDupAckNanos;
        r.thirdDupAckFrame = thirdDupAckFrame;
        r.previousSendNanos = previousSendNanos == NONE ? -1 : previousSendNanos;
        retransmissions.add(r);
        lastRetransmissionAt.put(start, r);
        if (p.hasTimestamps()) r.tsVal = p.tsVal();
        if (mode != Mode.OPEN && episodeFirst == null) episodeFirst = r;
    }

    private long scaled(int w) {
        return (long) w << Math.max(receiverWindowScale, 0);
    }

    /**
     * New data from {@code start} leaves the sender: it begins a transfer when the data before ended a write (its last
     * segment carried PSH, which Linux and the simulator set at the end of every write, Linux also within long ones)
     * and the sender had been idle, neither sending nor hearing anything for longer than it takes to react to an ACK,
     * with everything acknowledged, or with only duplicate ACKs or SACKs of a hole outstanding (a loss waiting for more
     * duplicates, which only new data from the application can bring: DETER §5.2's late fast retransmit). A sender
     * limited by its window sends on an ACK's arrival, but seen far from the sender that reaction can come a queue's
     * delay later, hence PSH; with no loss news Linux's loss probe may send new data after a silence, so that case is
     * not a start.
     */
    private void transferData(long start, long t) {
        long reaction = Math.max(2 * minRttOr(0), REACTION_NANOS);
        boolean quiet = lastAckNanos >= 0 && t - lastAckNanos > reaction && lastSegmentNanos >= 0 && t - lastSegmentNanos > reaction;
        boolean allAcked = ack != NONE && ack >= highEnd;
        boolean waitingOnHole = ack != NONE && (dupAcks > 0 || !sacked.isEmpty());
        if (transfers.isEmpty()) {
            transfers.add(new TransferMark(start, firstNanos));
        } else if (lastNewDataPushed && quiet && (allAcked || waitingOnHole)) {
            transfers.add(new TransferMark(start, t));
        } else {
            transfers.getLast().ackedNanos = -1; // the open transfer goes on
        }
    }

    /** The cumulative ACK reached {@code a} at {@code t}: the transfers whose last byte it covers are complete. */
    private void transfersAcknowledged(long a, long t) {
        while (firstUnackedTransfer < transfers.size()) {
            TransferMark m = transfers.get(firstUnackedTransfer);
            boolean open = firstUnackedTransfer + 1 == transfers.size();
            long end = open ? dataHigh : transfers.get(firstUnackedTransfer + 1).start;
            if (a < end) return;
            if (m.ackedNanos < 0) m.ackedNanos = t;
            if (open) return; // more data may still extend it
            firstUnackedTransfer++;
        }
    }

    /**
     * New data leaves the sender. If everything sent before had just been acknowledged by a pure ACK after a long
     * silence and this follows that ACK at once, the sender was waiting for it: the receiver held its ACK back (a
     * delayed ACK; Linux also delays it while the window it could offer is shrinking). If it follows only after a
     * while, the sender had nothing to send: an application-limited period.
     */
    private void newData(long t, long frame) {
        AllAcked c = stallCandidate;
        stallCandidate = null;
        if (c != null && minRtt != Long.MAX_VALUE) {
            long wait = t - c.ackNanos();
            if (c.pure() && c.silence() >= Math.max(8 * minRtt, MIN_HELD_ACK_NANOS) && wait <= Math.max(2 * minRtt, REACTION_NANOS)) {
                delayedAckStalls.add(c);
            } else if (wait >= Math.max(4 * Math.max(srtt, minRtt), MIN_STALL_NANOS)) {
                idlePeriods.add(new Idle(c.ackNanos(), t, c.ackFrame(), frame));
            }
        }
        lastNewDataNanos = t;
        lastNewDataFrame = frame;
    }

    /**
     * A segment below the last loss episode's recovery point sent within a quarter of the minimum RTT (at most
     * {@link #REACTION_NANOS}) after the ACK that ended the episode passed the capture point: the sender, still in its
     * Loss state until its TCP processes that ACK, resent it as part of the timeout's recovery.
     */
    private boolean sentBeforeTheLossEndWasTakenIn(long start, long t) {
        if (lossEndNanos == NONE || start >= lossEndPoint) return false;
        long minRtt = minRttOr(NONE);
        return minRtt != NONE && t - lossEndNanos <= Math.min(minRtt / 4, REACTION_NANOS);
    }

    /** The timer fired: Linux's tcp_enter_loss, F-RTO on from the open state or after another timeout, not from recovery. */
    private void timeout(long frame) {
        frto = mode == Mode.OPEN || timeoutsWithoutProgress > 0;
        frtoNewDataDue = false;
        timeoutsWithoutProgress++;
        enter(Mode.LOSS, frame);
    }

    /** {@code tcp_packet_delayed()}: the ACK echoes a TSval older than the episode's first retransmission's. */
    private static boolean packetDelayed(Pending episodeFirst, TcpPacket ackPacket) {
        return episodeFirst != null && episodeFirst.tsVal != NONE && ackPacket.hasTimestamps() && (int) (ackPacket.tsEcr() - episodeFirst.tsVal) < 0;
    }

    /** Whether a retransmission above {@code a} is neither acknowledged nor SACKed yet ({@code tp->retrans_out}). */
    private boolean retransmissionsOut(long a) {
        for (int i = retransmissions.size() - 1; i >= 0 && i >= retransmissions.size() - 64; i--) {
            Pending r = retransmissions.get(i);
            if (r.end > a && !covered(sacked, Math.max(r.start, a), r.end)) return true;
        }
        return false;
    }

    /**
     * The episode is undone and the flow open again, its timeouts no longer counted ({@code icsk_retransmits = 0});
     * {@code proof}, when given, shows its first retransmission was not needed.
     */
    private void undo(String proof, long frame) {
        if (proof != null) markSpurious(episodeFirst, proof, frame);
        frto = false;
        frtoNewDataDue = false;
        timeoutsWithoutProgress = 0;
        open();
    }

    private static void markSpurious(Pending r, String proof, long frame) {
        if (r != null && r.spurious == null) r.spurious = new Evidence(proof, List.of(frame), Map.of());
    }

    private void open() {
        mode = Mode.OPEN;
        episodeFirst = null;
    }

    private void enter(Mode m, long frame) {
        if (mode == m && m == Mode.RECOVERY) return; // one recovery episode until its recovery point is acknowledged
        mode = m;
        recoveryPoint = highEnd;
        recoveryFrame = frame;
    }

    /** A D-SACK: the receiver got [left, right) twice; the latest retransmission of it was not needed. */
    private void duplicateReported(long left, long right, long frame) {
        for (int i = retransmissions.size() - 1; i >= 0; i--) {
            Pending r = retransmissions.get(i);
            if (r.spurious == null && r.start < right && left < r.end) {
                if (reorderingFrame < 0) reorderingFrame = frame;
                r.spurious = new Evidence("the receiver reported the data twice (D-SACK " + relative(left) + ".." + relative(right)
                        + " in frame " + frame + ")", List.of(frame), Map.of());
                return;
            }
        }
    }

    FlowDiagnosis result(long initialRttNanos) {
        return result(initialRttNanos, null);
    }

    FlowDiagnosis result(long initialRttNanos, CapturePoint capturedAt) {
        List<Retransmission> out = new ArrayList<>();
        for (Pending r : retransmissions) {
            out.add(new Retransmission(r.frame, r.nanos, r.start, (int) (r.end - r.start),
                    r.spurious != null ? RetransmissionKind.SPURIOUS : r.trigger, r.trigger, r.originalFrame, r.evidence, r.spurious));
        }
        long data = dataHigh > dataLow ? dataHigh - dataLow : 0;
        List<Slowdown> slowdowns = slowdowns(initialRttNanos);
        return new FlowDiagnosis(src, dst, packets, data, firstNanos, lastNanos, initialRttNanos, out, duplicateAckFrames,
                zeroWindowFrames, outOfOrderFrames, slowdowns, transfers(out, slowdowns, initialRttNanos), capturedAt);
    }

    /**
     * The flow's data split into transfers, each with the resends of its bytes and its slowdowns. One transfer is the
     * flow: it takes every slowdown. With several, a slowdown about a resent range goes to the transfer holding that
     * range, a delayed ACK to the transfer whose last segment waited for it, and congestion is judged per transfer from
     * its own round trips; the periods between transfers (APPLICATION_LIMITED), a closed window and receiver-limited
     * time stay with the flow alone.
     */
    private List<Transfer> transfers(List<Retransmission> out, List<Slowdown> slowdowns, long initialRttNanos) {
        List<Transfer> result = new ArrayList<>();
        for (int i = 0; i < transfers.size(); i++) {
            TransferMark m = transfers.get(i);
            boolean last = i + 1 == transfers.size();
            long start = m.start, end = last ? dataHigh : transfers.get(i + 1).start;
            // a resent SYN belongs to the first transfer, a resent FIN to the last
            long from = i == 0 ? Long.MIN_VALUE : start, to = last ? Long.MAX_VALUE : end;
            // the last transfer ends with the flow's last packet, as a flow's time has always been counted
            long until = last ? lastNanos : m.ackedNanos >= 0 ? m.ackedNanos : transfers.get(i + 1).firstNanos;
            List<Retransmission> resent = out.stream().filter(r -> r.relativeSeq() >= from && r.relativeSeq() < to).toList();
            List<Slowdown> own = new ArrayList<>();
            if (transfers.size() == 1) {
                own.addAll(slowdowns);
            } else {
                for (Slowdown w : slowdowns) {
                    Located at = located.get(w);
                    if (at != null && at.seq() >= from && at.seq() < to) own.add(w);
                }
                headOfLine(own, slowdowns, start, m.firstNanos, until);
                List<AllAcked> stalls = delayedAckStalls.stream().filter(c -> c.lastDataNanos() >= m.firstNanos && c.lastDataNanos() <= until).toList();
                if (!stalls.isEmpty()) own.add(delayedAck(stalls));
                congestion(own, initialRttNanos, m.firstNanos, until);
            }
            result.add(new Transfer(start, end, m.firstNanos, until, resent, own));
        }
        return result;
    }

    /**
     * TCP delivers in order: a transfer that began while bytes of an earlier one were still missing waits until they
     * are resent, whatever happens to its own. The latest such resend, if it came long after the transfer began (as a
     * fast retransmit is late: four SRTT and 5 ms), is this transfer's head-of-line blocking. Resends of data the
     * receiver had (its ACKs lost or held back) block nothing.
     */
    private void headOfLine(List<Slowdown> own, List<Slowdown> slowdowns, long start, long firstNanos, long until) {
        Slowdown behind = null;
        Located at = null;
        for (Slowdown w : slowdowns) {
            Located l = located.get(w);
            boolean missing = w.kind() != SlowdownKind.ACK_DROP && w.kind() != SlowdownKind.DELAYED_ACK_RTO;
            if (l != null && missing && l.seq() < start && l.resentNanos() > firstNanos && l.resentNanos() <= until
                    && (at == null || l.resentNanos() > at.resentNanos())) {
                behind = w;
                at = l;
            }
        }
        if (at == null) return;
        long wait = at.resentNanos() - firstNanos;
        if (wait <= Math.max(4 * Math.max(srtt, 0), 5 * MIN_STALL_NANOS)) return;
        own.add(new Slowdown(SlowdownKind.HEAD_OF_LINE_BLOCKING, wait, new Evidence(
                "this transfer began while byte " + relative(at.seq()) + " of an earlier one on the connection was missing ("
                        + behind.kind() + "); it was resent only " + ms(wait) + " later, in frame " + at.resentFrame()
                        + ", and TCP delivers in order, so this transfer's data waited behind it",
                List.of(at.resentFrame()), figures("waitMicros", micros(wait), "behindSeq", at.seq()))));
    }

    /** Where a slowdown about a resent range lies: the range's first byte, and when and in which frame it was resent. */
    private record Located(long seq, long resentNanos, long resentFrame) {}

    /** Each slowdown about a resent range, located: its transfer holds that range; later transfers may wait behind it. */
    private final Map<Slowdown, Located> located = new java.util.IdentityHashMap<>();

    private void locate(List<Slowdown> found, Pending r) {
        located.put(found.getLast(), new Located(r.start, r.nanos, r.frame));
    }

    /** The flow-level diagnoses, from what the packets showed. */
    private List<Slowdown> slowdowns(long initialRttNanos) {
        List<Slowdown> found = new ArrayList<>();
        congestion(found, initialRttNanos, firstNanos, lastNanos);
        for (Pending r : retransmissions) {
            // DETER §2.1: the timer resent data whose first retransmission had arrived; the ACK that came back sooner
            // than any round trip after the second copy answered the first, late: the receiver had delayed it
            Pending first = previousOf(r);
            if (r.trigger == RetransmissionKind.RTO && first != null && r.ackedNanos >= 0 && minRtt != Long.MAX_VALUE
                    && r.ackedNanos - r.nanos < minRtt / 2 && r.ackedNanos - first.nanos > 4 * Math.max(srtt, minRtt)) {
                found.add(new Slowdown(SlowdownKind.DELAYED_ACK_RTO, r.ackedNanos - first.nanos, new Evidence(
                        "the retransmission in frame " + first.frame + " was acknowledged only " + ms(r.ackedNanos - first.nanos)
                                + " later (frame " + r.ackedFrame + "), " + ms(r.ackedNanos - r.nanos) + " after the timer had resent it"
                                + " again (frame " + r.frame + "), sooner than any round trip (min " + ms(minRtt) + "): the receiver"
                                + " delayed the ACK of the first retransmission while the backed-off RTO expired",
                        List.of(first.frame, r.frame, r.ackedFrame),
                        figures("waitMicros", micros(r.ackedNanos - first.nanos), "minRttMicros", micros(minRtt)))));
                locate(found, r);
            } else if (r.trigger == RetransmissionKind.RTO && r.evidence.figures().containsKey("backoff") && first != null
                    && r.head && r.spurious == null && r.dupAcksAtSend > first.dupAcksAtSend) {
                // duplicate ACKs went on after the copy left, still asking for it, and the timer had to resend it: the copy
                // was lost too. Counting duplicates cannot find a lost retransmission (RACK's send-time order can).
                int after = r.dupAcksAtSend - first.dupAcksAtSend;
                found.add(new Slowdown(SlowdownKind.LOST_RETRANSMISSION, r.nanos - first.nanos, new Evidence(
                        "the retransmission of " + relative(r.start) + ".." + relative(r.end) + " in frame " + first.frame
                                + " was lost too: " + after + " more duplicate ACK(s) came after it, still asking for it, and"
                                + " the retransmission timer resent it " + ms(r.nanos - first.nanos) + " later (frame " + r.frame
                                + "); duplicate ACKs cannot report a lost retransmission (RACK's send-time order can)",
                        List.of(first.frame, r.frame), figures("waitMicros", micros(r.nanos - first.nanos), "duplicateAcksAfter", after))));
                locate(found, r);
            }
            if (r.tail && (r.trigger == RetransmissionKind.TLP || r.trigger == RetransmissionKind.RTO && r.evidence.figures().containsKey("backoff"))
                    && r.spurious == null && previousOf(r) == null) {
                long sent = r.originalFrame > 0 ? r.nanos - r.evidence.figures().getOrDefault("sinceOriginalMicros", 0L) * 1000 : -1;
                found.add(new Slowdown(SlowdownKind.TAIL_DROP, sent >= 0 ? r.nanos - sent : 0, new Evidence(
                        "the last segment sent (" + relative(r.start) + ".." + relative(r.end) + ") was lost and found by "
                                + (r.trigger == RetransmissionKind.TLP ? "a tail loss probe" : "the retransmission timer")
                                + " in frame " + r.frame + ": with nothing sent after it no duplicate ACK could report it",
                        r.originalFrame > 0 ? List.of(r.originalFrame, r.frame) : List.of(r.frame), Map.of())));
                locate(found, r);
            }
        }
        lossDetection(found);
        if (!delayedAckStalls.isEmpty()) found.add(delayedAck(delayedAckStalls));
        if (!idlePeriods.isEmpty()) {
            long idle = 0;
            List<Long> frames = new ArrayList<>();
            for (Idle g : idlePeriods) {
                idle += g.toNanos() - g.fromNanos();
                frames.add(g.ackFrame());
                frames.add(g.dataFrame());
            }
            found.add(new Slowdown(SlowdownKind.APPLICATION_LIMITED, idle, new Evidence(
                    "the sender had everything acknowledged and the window open, yet sent nothing for " + ms(idle) + " in "
                            + idlePeriods.size() + " period(s) before sending more: its application had nothing to send"
                            + " (Linux's chronograph counts none of busy, rwnd-limited or sndbuf-limited) (frames: the ACK"
                            + " before each period and the data that ended it)",
                    frames, figures("periods", idlePeriods.size(), "idleMicros", micros(idle)))));
        }
        if (!zeroEpisodeFrames.isEmpty() || zeroSinceNanos >= 0) {
            long stall = zeroStallNanos + (zeroSinceNanos >= 0 ? lastNanosSeen() - zeroSinceNanos : 0);
            List<Long> frames = new ArrayList<>(zeroEpisodeFrames);
            if (zeroSinceNanos >= 0) frames.add(zeroSinceFrame);
            found.add(new Slowdown(SlowdownKind.ZERO_WINDOW, stall, new Evidence(
                    "the receiver closed its window " + (frames.size() + 1) / 2 + " time(s) for " + ms(stall) + " in all"
                            + (zeroSinceNanos >= 0 ? ", the last time until the capture ended" : "")
                            + " (frames: where each closing began and ended)", frames, figures("stallMicros", micros(stall)))));
        }
        long duration = lastNanos - firstNanos;
        if (dataSegments > 0 && (windowLimitedSegments * 4 >= dataSegments || duration > 0 && rwndLimitedNanos * 4 >= duration)) {
            found.add(new Slowdown(SlowdownKind.RECEIVER_LIMITED, rwndLimitedNanos, new Evidence(
                    windowLimitedSegments + " of " + dataSegments + " new data segments left with the data in flight within one"
                            + " segment of the receiver's advertised window (from frame " + firstLimitedFrame + "), and the sender"
                            + " waited " + ms(rwndLimitedNanos) + " of the flow's " + ms(duration) + " for the window to open",
                    List.of(firstLimitedFrame), figures("windowLimitedSegments", windowLimitedSegments, "dataSegments", dataSegments,
                            "rwndLimitedMicros", micros(rwndLimitedNanos)))));
        }
        return found;
    }

    /** DETER's delayed ACK over the given stalls (all the flow's, or one transfer's). */
    private Slowdown delayedAck(List<AllAcked> stalls) {
        long cost = 0;
        List<Long> frames = new ArrayList<>();
        for (AllAcked c : stalls) {
            cost += c.silence() - minRtt;
            frames.add(c.lastDataFrame());
            frames.add(c.ackFrame());
        }
        AllAcked last = stalls.getLast();
        boolean shrinking = largestWindow > 0 && last.window() < largestWindow;
        return new Slowdown(SlowdownKind.DELAYED_ACK, cost, new Evidence(
                stalls.size() + " time(s) the sender stopped with data in flight and nothing lost, until one ACK"
                        + " acknowledged it all " + ms(last.silence()) + " (the last time) after the last segment, "
                        + last.silence() / minRtt + " round trips: the receiver held its ACK back (delayed ACK)"
                        + (shrinking ? "; its window had shrunk from " + largestWindow + " to " + last.window() + " bytes: Linux"
                        + " delays the ACK while the window it could offer shrinks, i.e. its application was not reading"
                        + " in time" : "") + " (frames: the last segment before each stall and the ACK that ended it)",
                frames, figures("stalls", stalls.size(), "stallMicros", micros(cost), "windowLargestBytes",
                        largestWindow, "windowAtLastStallBytes", last.window())));
    }

    /**
     * DETER's congestion (low throughput): the flow's typical round trip, the median of its RTT samples, at least four
     * times its base (the handshake's or the smallest sample), so queues on the path held its packets most of the time.
     * The samples of ACKs the receiver held back are left out, and the median leaves out the few others a delayed ACK
     * stretches.
     */
    private void congestion(List<Slowdown> found, long initialRttNanos, long fromNanos, long toNanos) {
        // an ACK the receiver held back measures the holding, not the path
        java.util.Set<Long> held = new java.util.HashSet<>();
        for (AllAcked c : delayedAckStalls) held.add(c.ackFrame());
        LongArrayList path = new LongArrayList();
        for (int i = 0; i < rttSamples.size(); i++) {
            long at = rttSampleNanos.getLong(i);
            if (at >= fromNanos && at <= toNanos && !held.contains(rttSampleFrames.getLong(i))) path.add(rttSamples.getLong(i));
        }
        if (path.size() < 4) return;
        long base = Math.min(minRtt, initialRttNanos > 0 ? initialRttNanos : Long.MAX_VALUE);
        long[] sorted = path.toLongArray();
        java.util.Arrays.sort(sorted);
        long median = sorted[sorted.length / 2];
        long duration = toNanos - fromNanos;
        if (median < 4 * base || duration < 20 * base) return;
        long cost = Math.round(duration * (1 - (double) base / median));
        found.add(new Slowdown(SlowdownKind.CONGESTION, cost, new Evidence(
                "the median of " + sorted.length + " RTT samples is " + ms(median) + ", " + median / base + " times the base "
                        + ms(base) + " (" + (base == initialRttNanos ? "the handshake's" : "the smallest sample") + "): its packets"
                        + " waited in queues on the path, so the flow moved slowly (congestion)",
                List.of(), figures("medianRttMicros", micros(median), "baseRttMicros", micros(base), "rttSamples", sorted.length))));
    }

    /**
     * Losses that loss detection found late, from what the flow had heard when the segment was resent: too few
     * duplicate ACKs, duplicates that changed the window, duplicate ACKs a grown duplicate threshold ignored, and a
     * timer resend of data that had arrived (its ACKs lost).
     */
    private void lossDetection(List<Slowdown> found) {
        for (Pending r : retransmissions) {
            if (previousOf(r) != null) continue;
            boolean timer = r.trigger == RetransmissionKind.RTO && r.evidence.figures().containsKey("backoff");
            long sinceAck = r.evidence.figures().getOrDefault("sinceLastAckMicros", -1L) * 1000;
            long lostFor = r.previousSendNanos >= 0 ? r.nanos - r.previousSendNanos : Math.max(sinceAck, 0);
            // a receiver seen holding its ACKs at least this long explains the silence as well as a lost ACK does
            boolean heldAcks = delayedAckStalls.stream().anyMatch(c -> c.silence() >= sinceAck);
            boolean answered = r.spurious != null && r.spurious.text().contains("D-SACK") && (timer || r.trigger == RetransmissionKind.TLP)
                    && r.ackedNanos >= 0 && minRtt != Long.MAX_VALUE && r.ackedNanos - r.nanos >= minRtt / 2;
            if (answered && r.ackedFrom == r.start && r.ackedTo == r.end) {
                // the copy's ACK moved the window by exactly that segment: the receiver held it unacknowledged, which
                // Linux does on purpose (a delayed ACK), and the timer fired first (DETER §2.1); lost ACKs would have
                // left more behind, since a receiver acknowledges at least every second segment
                found.add(new Slowdown(SlowdownKind.DELAYED_ACK_RTO, Math.max(sinceAck, 0), new Evidence(
                        "the " + (timer ? "retransmission timer" : "tail loss probe") + " resent " + r.start + ".." + r.end + " in frame "
                                + r.frame + " after " + ms(Math.max(sinceAck, 0)) + " without an ACK; the receiver already had it ("
                                + r.spurious.text() + ") and its ACK (frame " + r.ackedFrame + ") moved the window by that one"
                                + " segment only: the receiver was holding the ACK of a single segment (a delayed ACK) when the timer fired",
                        List.of(r.frame, r.ackedFrame), figures("silenceMicros", micros(Math.max(sinceAck, 0))))));
                locate(found, r);
                continue;
            }
            if (answered && !heldAcks) {
                found.add(new Slowdown(SlowdownKind.ACK_DROP, Math.max(sinceAck, 0), new Evidence(
                        "the " + (timer ? "retransmission timer" : "tail loss probe") + " resent " + r.start + ".." + r.end
                                + " in frame " + r.frame + " after " + ms(Math.max(sinceAck, 0)) + " without an ACK, but the"
                                + " receiver already had it (" + r.spurious.text() + "): the ACKs that would have moved the"
                                + " sender on were lost or held up on the way back",
                        List.of(r.frame, r.spurious.frames().getFirst()), figures("silenceMicros", micros(Math.max(sinceAck, 0))))));
                locate(found, r);
                continue;
            }
            if (!r.head || r.spurious != null) continue;
            int dup = r.dupAcksAtSend, updates = r.windowUpdatesAtSend;
            long late = r.thirdDupAckNanos >= 0 ? r.nanos - r.thirdDupAckNanos : -1;
            boolean grown = timer && dup >= DUP_THRESHOLD
                    || r.trigger == RetransmissionKind.FAST_RETRANSMIT && dup > DUP_THRESHOLD && late > Math.max(4 * Math.max(srtt, 0), 5 * MIN_STALL_NANOS);
            if (grown) {
                found.add(new Slowdown(SlowdownKind.LATE_FAST_RETRANSMIT, late, new Evidence(
                        dup + " duplicate ACKs of " + r.start + " had come, the third " + ms(late) + " before frame " + r.frame
                                + (timer ? ", yet no fast retransmit followed: the retransmission timer resent it"
                                : ", before the fast retransmit in frame " + r.frame)
                                + ": the sender's duplicate threshold (tp->reordering) was above " + DUP_THRESHOLD
                                + (reorderingFrame > 0 && reorderingFrame < r.frame ? "; it grows when TCP sees reordering, as in frame "
                                + reorderingFrame : "; no reordering earlier in the capture explains it"),
                        reorderingFrame > 0 && reorderingFrame < r.frame ? List.of(r.thirdDupAckFrame, r.frame, reorderingFrame)
                                : List.of(r.thirdDupAckFrame, r.frame),
                        figures("duplicateAcks", dup, "lateMicros", micros(late)))));
                locate(found, r);
            } else if (timer && dup < DUP_THRESHOLD && updates > 0 && dup + updates >= DUP_THRESHOLD) {
                found.add(new Slowdown(SlowdownKind.WINDOW_UPDATE_NOT_DUPACK, lostFor, new Evidence(
                        (dup + updates) + " ACKs repeated the cumulative ACK " + r.start + " with data outstanding before the"
                                + " timer resent it in frame " + r.frame + ", but " + updates + " of them carried a new window: a"
                                + " window update is not a duplicate ACK (RFC 5681; Linux's FLAG_WIN_UPDATE), so only " + dup
                                + " counted and fast retransmit never started (a receive buffer still growing its window)",
                        List.of(r.frame), figures("duplicateAcks", dup, "windowUpdates", updates))));
                locate(found, r);
            } else if (timer && dup > 0 && dup < DUP_THRESHOLD) {
                found.add(new Slowdown(SlowdownKind.TOO_FEW_DUPACKS, lostFor, new Evidence(
                        "only " + dup + " duplicate ACK(s) of " + r.start + " came (fast retransmit needs " + DUP_THRESHOLD
                                + "): too few segments followed the lost one, so the retransmission timer resent it in frame "
                                + r.frame + " after " + ms(lostFor),
                        List.of(r.frame), figures("duplicateAcks", dup, "waitMicros", micros(lostFor)))));
                locate(found, r);
            }
        }
    }

    private long lastNanosSeen() {
        return Math.max(lastNanos, lastAckNanos);
    }

    /** The retransmission of the same range just before {@code r}, or null. */
    private Pending previousOf(Pending r) {
        Pending before = null;
        for (Pending q : retransmissions) {
            if (q == r) return before;
            if (q.start == r.start) before = q;
        }
        return null;
    }

    private static Map<String, Long> figures(Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
        return m;
    }

    private static String relative(long abs) {
        return Long.toString(abs);
    }

    static long micros(long nanos) {
        return Math.round(nanos / 1e3);
    }

    private static String ms(long nanos) {
        return nanos >= 1_000_000 ? String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6)
                : String.format(java.util.Locale.ROOT, "%.1f µs", nanos / 1e3);
    }

    // ---- sets of disjoint half-open ranges, start -> end ----

    static void addRange(TreeMap<Long, Long> set, long start, long end) {
        Map.Entry<Long, Long> before = set.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            start = before.getKey();
            end = Math.max(end, before.getValue());
        }
        Map.Entry<Long, Long> next;
        while ((next = set.ceilingEntry(start)) != null && next.getKey() <= end) {
            end = Math.max(end, next.getValue());
            set.remove(next.getKey());
        }
        set.put(start, end);
    }

    static boolean overlaps(TreeMap<Long, Long> set, long start, long end) {
        Map.Entry<Long, Long> before = set.lowerEntry(end);
        return before != null && before.getValue() > start;
    }

    static boolean covered(TreeMap<Long, Long> set, long start, long end) {
        Map.Entry<Long, Long> before = set.floorEntry(start);
        return before != null && before.getValue() >= end;
    }

    private static long bytesAbove(TreeMap<Long, Long> set, long from) {
        long n = 0;
        for (Map.Entry<Long, Long> e : set.tailMap(from, true).entrySet()) n += e.getValue() - e.getKey();
        Map.Entry<Long, Long> straddling = set.lowerEntry(from);
        if (straddling != null && straddling.getValue() > from) n += straddling.getValue() - from;
        return n;
    }

    private static void trim(TreeMap<Long, Long> set, long below) {
        Map.Entry<Long, Long> e;
        while ((e = set.firstEntry()) != null && e.getKey() < below) {
            set.pollFirstEntry();
            if (e.getValue() > below) set.put(below, e.getValue());
        }
    }
}
