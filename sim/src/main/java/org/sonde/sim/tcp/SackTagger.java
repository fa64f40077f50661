package org.sonde.sim.tcp;

import static org.sonde.sim.tcp.AckFlags.FLAG_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_SACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACKING_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACK_TLP;
import static org.sonde.sim.tcp.AckFlags.FLAG_FIN_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_ORIG_SACK_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_RETRANS_DATA_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_SET_XMIT_TIMER;
import static org.sonde.sim.tcp.AckFlags.FLAG_SND_UNA_ADVANCED;

import org.sonde.sim.kernel.Simulator;

/**
 * What an ACK tells the sender about the segments it sent, written onto the {@link Scoreboard}: SACK
 * blocks tag segments ({@code tcp_sacktag_write_queue()}, with D-SACK detection), the cumulative ACK
 * removes them ({@code tcp_clean_rtx_queue()}, with the RTT samples Karn's rule allows), and both count
 * deliveries, feed RACK, take the rate sample RACK's window needs and detect reordering, which raises the
 * duplicate threshold. Without SACK, duplicate ACKs are counted as SACKed segments instead
 * ({@code tcp_add_reno_sack()}).
 *
 * <p>Per-ACK state ({@code struct tcp_sacktag_state}, the rate sample) is reset by {@link #newAck()}.
 */
final class SackTagger {
    private final Tcb tp;
    private final Scoreboard sb;
    private final RackTlp rack;
    private final RttEstimator rtt;
    private final CongestionWindow cw;
    private final CongestionControl cc;
    private final TcpConfig cfg;
    private final TcpStack stack;
    private final Simulator sim;

    /** Segments the ACK newly SACKed. */
    int sackDelivered;
    /** When the first and the last segment never retransmitted that the ACK newly SACKed were sent, -1 if none ({@code first_sackt}, {@code last_sackt}). */
    private long sackFirstSentAt = -1;
    private long sackLastSentAt = -1;
    /** The rate sample's {@code prior_delivered}: the delivered count when the latest-sent segment this ACK delivered was sent. */
    long priorDeliveredSample;
    /** When that segment was sent, -1 when the ACK delivered nothing. */
    long latestDeliveredSentAt = -1;
    private final long[] sortLeft = new long[TcpSegment.MAX_SACK_BLOCKS];
    private final long[] sortRight = new long[TcpSegment.MAX_SACK_BLOCKS];

    SackTagger(Tcb tp, Scoreboard sb, RackTlp rack, RttEstimator rtt, CongestionWindow cw, CongestionControl cc, TcpConfig cfg,
            TcpStack stack, Simulator sim) {
        this.tp = tp;
        this.sb = sb;
        this.rack = rack;
        this.rtt = rtt;
        this.cw = cw;
        this.cc = cc;
        this.cfg = cfg;
        this.stack = stack;
        this.sim = sim;
    }

    /**
     * {@code tcp_dsack_seen()}: how many segments a D-SACK of [l, r) reports received twice, or 0 for a dubious one
     * (a range wider than the peer's largest window, or more duplicates reported than segments retransmitted).
     */
    private int dsackSeen(long l, long r) {
        if (l >= r) return 0;
        long len = r - l;
        if (len > tp.maxWindow) return 0;
        int dupSegs = len > tp.mssCache ? (int) ((len + tp.mssCache - 1) / tp.mssCache) : 1;
        tp.dsackDups += dupSegs;
        if (tp.dsackDups > tp.totalRetrans) return 0; // the duplicates were not retransmissions of ours
        return dupSegs;
    }

    /**
     * {@code tcp_sacktag_one()} for a D-SACK block above the prior snd_una (what this ACK acknowledges is still queued):
     * each retransmission in flight it covers was needless (the block's segments are otherwise left to the ordinary
     * blocks, which SACK them in practice).
     */
    private void dsackRetransmissions(long l, long r, long priorSndUna) {
        long from = Math.max(l, priorSndUna);
        long to = Math.min(r, tp.sndNxt);
        if (from >= to) return;
        for (int i = sb.indexAfter(from); i < sb.size() && sb.start(i) < to; i++) {
            if (sb.start(i) < from || sb.end(i) > to || !sb.is(i, Scoreboard.RETRANS)) continue;
            if (tp.undoMarker >= 0 && tp.undoRetrans > 0 && sb.end(i) > tp.undoMarker) tp.undoRetrans--;
        }
    }

    /** A new ACK: nothing delivered yet. */
    void newAck() {
        sackDelivered = 0;
        sackFirstSentAt = -1;
        latestDeliveredSentAt = -1;
        priorDeliveredSample = 0;
    }

    /**
     * {@code tcp_sacktag_write_queue()}: marks SACKed segments, detects D-SACK and reordering; {@code priorSndUna} is
     * snd_una before this ACK (tcp_ack() has moved it to {@code ack} already), {@code highSeq} the loss episode's
     * ({@link AckFlags#FLAG_ORIG_SACK_ACKED} for an original below it).
     */
    int sacktag(TcpSegment s, long ack, long priorSndUna, long priorFack, long highSeq) {
        sackDelivered = 0;
        sackFirstSentAt = -1;
        sackLastSentAt = -1;
        int n = s.sackBlocks();
        int flag = 0;
        int first = 0;
        long l0 = tp.sndUna + (s.sackLeft(0) - (int) tp.sndUna);
        long r0 = tp.sndUna + (s.sackRight(0) - (int) tp.sndUna);
        boolean dsack = l0 < ack;
        if (dsack) {
            stack.count(TcpCounter.TcpExtTCPDSACKRecv);
        } else if (n > 1) { // tcp_check_dsack(): the first block inside the second
            long l1 = tp.sndUna + (s.sackLeft(1) - (int) tp.sndUna);
            long r1 = tp.sndUna + (s.sackRight(1) - (int) tp.sndUna);
            dsack = l0 >= l1 && r0 <= r1;
            if (dsack) stack.count(TcpCounter.TcpExtTCPDSACKOfoRecv);
        }
        if (dsack) {
            int dupSegs = dsackSeen(l0, r0);
            if (dupSegs == 0) {
                stack.count(TcpCounter.TcpExtTCPDSACKIgnoredDubious); // then an ordinary block, which tags nothing new
            } else {
                stack.add(TcpCounter.TcpExtTCPDSACKRecvSegs, dupSegs);
                flag |= FLAG_DSACKING_ACK;
                if (rack.tlpHighSeq != 0 && r0 == rack.tlpHighSeq && r0 - l0 <= tp.mssCache) flag |= FLAG_DSACK_TLP;
                // tcp_dsack_seen(): a D-SACK of the loss probe says only that the probe was not needed;
                // others may mean RACK's reordering window is too small
                if (tp.reordSeen > 0 && (flag & FLAG_DSACK_TLP) == 0) rack.rackDsackSeen = true;
                sackDelivered += dupSegs; // a spurious retransmission is delivered
                // a D-SACK of data acknowledged before this ACK: needless retransmissions, as many as it reports
                if (tp.undoMarker >= 0 && tp.undoRetrans > 0 && r0 <= priorSndUna && r0 > tp.undoMarker) {
                    tp.undoRetrans = Math.max(0, tp.undoRetrans - dupSegs);
                }
                dsackRetransmissions(l0, r0, priorSndUna);
                first = 1;
            }
        }
        // blocks in ascending order, as Linux sorts them
        for (int k = first; k < n; k++) {
            sortLeft[k - first] = tp.sndUna + (s.sackLeft(k) - (int) tp.sndUna);
            sortRight[k - first] = tp.sndUna + (s.sackRight(k) - (int) tp.sndUna);
        }
        int m = n - first;
        for (int a = 1; a < m; a++) {
            long l = sortLeft[a];
            long r = sortRight[a];
            int b = a - 1;
            while (b >= 0 && sortLeft[b] > l) {
                sortLeft[b + 1] = sortLeft[b];
                sortRight[b + 1] = sortRight[b];
                b--;
            }
            sortLeft[b + 1] = l;
            sortRight[b + 1] = r;
        }
        long reord = tp.sndNxt;
        for (int k = 0; k < m; k++) {
            long l = Math.max(sortLeft[k], Math.max(tp.sndUna, ack));
            long r = Math.min(sortRight[k], tp.sndNxt);
            if (l >= r) continue; // tcp_is_sackblock_valid()
            for (int i = sb.indexAfter(l); i < sb.size() && sb.start(i) < r; i++) {
                if (sb.start(i) < l || sb.end(i) > r || sb.is(i, Scoreboard.SACKED)) continue;
                if (!sb.is(i, Scoreboard.RETRANS | Scoreboard.EVER_RETRANS)) {
                    long st = sb.start(i);
                    if (sb.sackedOut > 0 && st < sb.highestSack && st < reord) reord = st;
                    if (sb.end(i) <= highSeq) flag |= FLAG_ORIG_SACK_ACKED;
                    if (sackFirstSentAt < 0) sackFirstSentAt = sb.sentAt(i);
                    sackLastSentAt = sb.sentAt(i);
                }
                rateDelivered(i);
                rack.rackAdvance(sb.bits(i), sb.end(i), sb.sentAt(i));
                sb.markSacked(i);
                sackDelivered++;
                flag |= FLAG_DATA_SACKED;
            }
        }
        if (reord < priorFack) checkSackReordering(reord);
        return flag;
    }

    /**
     * {@code tcp_clean_rtx_queue()}: drops what the ACK covers, takes RTT samples (Karn's rule) and tells the
     * congestion control. The ACK's {@code flag} so far comes in; the bits this adds go out, with
     * {@link AckFlags#FLAG_FIN_ACKED} when our FIN was acknowledged and {@link AckFlags#FLAG_ORIG_SACK_ACKED} when an
     * original sent below {@code highSeq} was.
     */
    int cleanRtxQueue(long ack, long priorFack, boolean ece, int flag, long highSeq) {
        long now = sim.now();
        long firstAckt = -1;
        long lastAckt = -1;
        long reord = tp.sndNxt;
        int pktsAcked = 0;
        int cumDelivered = 0;
        while (!sb.isEmpty() && sb.end(0) <= ack) {
            int bits = sb.bits(0);
            if ((bits & (Scoreboard.RETRANS | Scoreboard.EVER_RETRANS)) != 0) {
                flag |= FLAG_RETRANS_DATA_ACKED;
            } else if ((bits & Scoreboard.SACKED) == 0) {
                lastAckt = sb.sentAt(0);
                if (firstAckt < 0) firstAckt = lastAckt;
                reord = Math.min(reord, sb.start(0));
                if (sb.end(0) <= highSeq) flag |= FLAG_ORIG_SACK_ACKED;
            }
            if ((bits & Scoreboard.SACKED) == 0) {
                cumDelivered++;
                rateDelivered(0);
                if (tp.sackOk && !spuriousRetrans(bits, sb.sentAt(0))) rack.rackAdvance(bits, sb.end(0), sb.sentAt(0));
            }
            if ((bits & Scoreboard.FIN) != 0) flag |= FLAG_FIN_ACKED;
            sb.removeHead();
            pktsAcked++;
        }
        if ((flag & FLAG_SND_UNA_ADVANCED) != 0) {
            tp.bytesAcked = Math.min(tp.sndUna, tp.writeSeq) - (tp.iss + 1); // the FIN's sequence number is no data
            flag |= FLAG_DATA_ACKED;
        }
        if (pktsAcked > 0) {
            flag |= FLAG_SET_XMIT_TIMER;
            if (!tp.sackOk) {
                removeRenoSacks(pktsAcked, ece);
                // without SACK bits a cumulative ACK over a retransmission cannot show the originals arrived
                if ((flag & FLAG_RETRANS_DATA_ACKED) != 0) flag &= ~FLAG_ORIG_SACK_ACKED;
            } else {
                countDelivered(cumDelivered, ece);
                if (reord < priorFack) checkSackReordering(reord);
            }
        }
        long seqRtt = firstAckt >= 0 && (flag & FLAG_RETRANS_DATA_ACKED) == 0 ? now - firstAckt : -1;
        long caRtt = firstAckt >= 0 && (flag & FLAG_RETRANS_DATA_ACKED) == 0 ? now - lastAckt : -1;
        long sackRtt = -1;
        if (sackFirstSentAt >= 0) {
            sackRtt = now - sackFirstSentAt;
            caRtt = now - sackLastSentAt;
        }
        sackFirstSentAt = -1;
        caRtt = rtt.ackUpdateRtt((flag & FLAG_ACKED) != 0, seqRtt, sackRtt, caRtt, now);
        if (pktsAcked > 0) cc.pktsAcked(cw, pktsAcked, caRtt, now);
        return flag;
    }

    /** {@code tcp_rate_skb_delivered()}'s part RACK needs: the delivered count when the latest-sent delivered segment left. */
    private void rateDelivered(int i) {
        long at = sb.sentAt(i);
        if (at >= latestDeliveredSentAt) {
            latestDeliveredSentAt = at;
            priorDeliveredSample = sb.deliveredAtSend(i);
        }
    }

    /** {@code tcp_skb_spurious_retrans()}: the timestamp echo shows this ACK answers an earlier copy than the last one sent. */
    private boolean spuriousRetrans(int bits, long sentAt) {
        return (bits & (Scoreboard.RETRANS | Scoreboard.EVER_RETRANS)) != 0 && tp.tsOk && tp.sawTstamp && tp.rcvTsecr != 0
                && tp.rcvTsecr - tp.tsOf(sentAt) < 0;
    }

    /** {@code tcp_count_delivered()}: {@code n} more segments delivered, {@code ece}: to an ECN-echoing receiver. */
    void countDelivered(int n, boolean ece) {
        if (n <= 0) return;
        tp.delivered += n;
        stack.add(TcpCounter.TcpExtTCPDelivered, n);
        if (ece) {
            tp.deliveredCe += n;
            stack.add(TcpCounter.TcpExtTCPDeliveredCE, n);
        }
    }

    /** {@code tcp_check_sack_reordering()}: raises the duplicate threshold to the distance seen, up to {@code tcp_max_reordering}. */
    void checkSackReordering(long lowSeq) {
        checkSackReordering(lowSeq, false);
    }

    /** {@code ts}: the timestamps, not SACKs, showed the reordering ({@code TCPTSReorder}). */
    void checkSackReordering(long lowSeq, boolean ts) {
        long fack = sb.sackedOut > 0 ? sb.highestSack : tp.sndUna;
        if (lowSeq >= fack) return;
        long metric = fack - lowSeq;
        if (metric > (long) tp.reordering * tp.mssCache) {
            tp.reordering = (int) Math.min((metric + tp.mssCache - 1) / tp.mssCache, cfg.maxReordering());
        }
        tp.reordSeen++;
        stack.count(ts ? TcpCounter.TcpExtTCPTSReorder : TcpCounter.TcpExtTCPSACKReorder);
    }

    /** {@code tcp_add_reno_sack()}: without SACK, duplicate ACKs count as SACKed segments. */
    void addRenoSack(int numDupack, boolean ece) {
        if (numDupack == 0) return;
        int prior = sb.sackedOut;
        sb.sackedOut += numDupack;
        checkRenoReordering(0);
        countDelivered(sb.sackedOut - prior, ece);
    }

    /** {@code tcp_remove_reno_sacks()}. */
    private void removeRenoSacks(int acked, boolean ece) {
        if (acked > 0) {
            countDelivered(Math.max(acked - sb.sackedOut, 1), ece);
            if (acked - 1 >= sb.sackedOut) sb.sackedOut = 0;
            else sb.sackedOut -= acked - 1;
        }
        checkRenoReordering(acked);
    }

    /** {@code tcp_check_reno_reordering()}: more duplicate ACKs than holes means reordering. */
    private void checkRenoReordering(int addend) {
        int holes = Math.min(Math.max(sb.lostOut, 1), sb.packetsOut());
        if (sb.sackedOut + holes > sb.packetsOut()) {
            sb.sackedOut = sb.packetsOut() - holes;
            tp.reordering = Math.min(sb.packetsOut() + addend, cfg.maxReordering());
            stack.count(TcpCounter.TcpExtTCPRenoReorder);
        }
    }
}
