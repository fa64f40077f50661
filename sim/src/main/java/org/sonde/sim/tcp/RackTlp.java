package org.sonde.sim.tcp;

import static org.sonde.sim.tcp.CongestionControl.CWR;
import static org.sonde.sim.tcp.CongestionControl.OPEN;
import static org.sonde.sim.tcp.CongestionControl.RECOVERY;

import org.sonde.sim.kernel.Simulator;

/**
 * RACK-TLP loss detection (RFC 8985) as Linux's {@code tcp_recovery.c} and {@code tcp_schedule_loss_probe()}
 * run it: a segment is lost once a segment sent after it has been delivered and more than RACK's RTT plus a
 * reordering window has passed since it was sent; the window is min_rtt/4, widened in steps by D-SACKs that
 * show reordering. A tail loss probe 2·SRTT after the last transmission makes the receiver report a tail
 * loss that no later segment would reveal.
 *
 * <p>This part holds RACK's and TLP's state ({@code tp->rack}, {@code tp->tlp_high_seq}); the socket sends the
 * probe ({@code tcp_send_loss_probe()}), handles the reordering timeout and reacts to the probe's ACK
 * ({@code tcp_process_tlp_ack()}).
 */
final class RackTlp {
    /** {@code TCP_TIMEOUT_MIN_US}: the slack RACK's reordering timer and the loss probe timer add (2 ms). */
    static final long TIMEOUT_MIN_NANOS = 2_000_000L;
    /** {@code TCP_RACK_RECOVERY_THRESH}: recoveries a D-SACK-widened reordering window persists for. */
    static final int RACK_RECOVERY_THRESH = 16;

    private final Tcb tp;
    private final Scoreboard sb;
    private final RttEstimator rtt;
    private final XmitTimer xt;
    private final TcpConfig cfg;
    private final TcpStack stack;
    private final Simulator sim;

    // RACK (tp->rack): the most recently sent segment known delivered, and the reordering window
    /** {@code rack.mstamp}: when that segment was (last) sent, or -1 before any. */
    long rackXmitTime = -1;
    long rackEndSeq;
    /** {@code rack.rtt_us}: the RTT of that delivery. */
    long rackRtt;
    /** {@code rack.advanced}: a newer delivery was seen since losses were last looked for. */
    boolean rackAdvanced;
    int reoWndSteps = 1;
    int reoWndPersist;
    boolean rackDsackSeen;
    long rackLastDelivered;
    // TLP
    /** {@code tp->tlp_high_seq}: snd_nxt when the outstanding loss probe was sent, 0 when none is (snd_nxt is never 0). */
    long tlpHighSeq;
    /** {@code tp->tlp_retrans}: the probe resent the last segment rather than new data. */
    boolean tlpRetrans;

    RackTlp(Tcb tp, Scoreboard sb, RttEstimator rtt, XmitTimer xt, TcpConfig cfg, TcpStack stack, Simulator sim) {
        this.tp = tp;
        this.sb = sb;
        this.rtt = rtt;
        this.xt = xt;
        this.cfg = cfg;
        this.stack = stack;
        this.sim = sim;
    }

    /** {@code tcp_rack_sent_after()}: transmit time, then sequence, orders two transmissions. */
    static boolean sentAfter(long t1, long t2, long seq1, long seq2) {
        return t1 > t2 || (t1 == t2 && seq1 > seq2);
    }

    /**
     * {@code tcp_rack_advance()}: a segment with {@code bits} ending at {@code endSeq}, last sent at
     * {@code xmitTime}, was delivered. An RTT below min_rtt for a retransmitted segment means the
     * original was delivered, not the copy, so it says nothing about when the copy left.
     */
    void rackAdvance(int bits, long endSeq, long xmitTime) {
        long sample = sim.now() - xmitTime;
        if (sample < rtt.minRtt && (bits & (Scoreboard.RETRANS | Scoreboard.EVER_RETRANS)) != 0) return;
        rackAdvanced = true;
        rackRtt = sample;
        if (sentAfter(xmitTime, rackXmitTime, endSeq, rackEndSeq)) {
            rackXmitTime = xmitTime;
            rackEndSeq = endSeq;
        }
    }

    /**
     * {@code tcp_rack_reo_wnd()}: without reordering seen, none in recovery or once {@code reordering}
     * segments are SACKed (the duplicate threshold's moment); else min_rtt/4 per step, at most srtt.
     */
    long rackReoWnd() {
        if (tp.reordSeen == 0) {
            if (tp.caState >= RECOVERY) return 0;
            if (sb.sackedOut >= tp.reordering && (cfg.recovery() & TcpConfig.RACK_NO_DUPTHRESH) == 0) return 0;
        }
        long quarter = rtt.minRtt == Long.MAX_VALUE ? Long.MAX_VALUE : (rtt.minRtt >> 2) * reoWndSteps;
        return Math.min(quarter, rtt.srtt());
    }

    /**
     * {@code tcp_rack_detect_loss()}: walks the segments in transmission order up to the latest one
     * delivered; those sent more than RACK's RTT plus the reordering window ago are lost. Returns how
     * long the youngest of the others still has to wait (0 when none waits).
     */
    long rackDetectLoss() {
        long now = sim.now();
        long reoWnd = rackReoWnd();
        long wait = 0;
        int i = sb.firstByTransmitTime();
        while (i >= 0) {
            int next = sb.nextByTransmitTime(i);
            long sentAt = sb.sentAt(i);
            if (!sentAfter(rackXmitTime, sentAt, rackEndSeq, sb.end(i))) break;
            long remaining = rackRtt + reoWnd - (now - sentAt);
            if (remaining <= 0) {
                if (sb.markLost(i)) stack.count(TcpCounter.TcpExtTCPLostRetransmit); // leaves the list
            } else {
                wait = Math.max(wait, remaining);
            }
            i = next;
        }
        return wait;
    }

    /** {@code tcp_rack_mark_lost()}: returns whether the reordering timer was armed for segments still in doubt. */
    boolean rackMarkLost() {
        if (!rackAdvanced) return false;
        rackAdvanced = false; // nothing new to compare against until the next delivery
        long wait = rackDetectLoss();
        if (wait == 0) return false;
        xt.reset(XmitTimer.REO_TIMEOUT, sim.now() + Math.min(wait + TIMEOUT_MIN_NANOS, rtt.rto));
        return true;
    }

    /**
     * {@code tcp_rack_update_reo_wnd()}: a D-SACK in a round after the last change widens the window by
     * one step, for {@link #RACK_RECOVERY_THRESH} recoveries; then it returns to one step. The ACK's rate
     * sample says whether it delivered anything ({@code sampled}) and {@code tp->delivered} when the latest
     * segment it delivered was sent ({@code priorDelivered}).
     */
    void rackUpdateReoWnd(boolean sampled, long priorDelivered) {
        if ((cfg.recovery() & TcpConfig.RACK_STATIC_REO_WND) != 0 || !sampled) return;
        if (priorDelivered < rackLastDelivered) rackDsackSeen = false; // sent before the last change: old news
        if (rackDsackSeen) {
            reoWndSteps = Math.min(0xFF, reoWndSteps + 1);
            rackDsackSeen = false;
            rackLastDelivered = tp.delivered;
            reoWndPersist = RACK_RECOVERY_THRESH;
        } else if (reoWndPersist == 0) {
            reoWndSteps = 1;
        }
    }

    /**
     * {@code tcp_schedule_loss_probe()}: in Open or CWR, a probe 2·SRTT after the last transmission or
     * ACK, plus rto_min when a single segment is out (its ACK may be delayed) or 2 ms otherwise; never
     * after the RTO would fire.
     */
    boolean scheduleLossProbe(boolean advancingRto) {
        if (!cfg.tailLossProbes() || sb.isEmpty() || !tp.sackOk || (tp.caState != OPEN && tp.caState != CWR)) return false;
        long timeout;
        if (rtt.srtt8 != 0) {
            timeout = (rtt.srtt8 >> 2) + (sb.packetsOut() == 1 ? cfg.rtoMinNanos() : TIMEOUT_MIN_NANOS);
        } else {
            timeout = cfg.rtoInitialNanos();
        }
        long rtoDelta = advancingRto ? rtt.rto : xt.rtoDelta();
        if (rtoDelta > 0) timeout = Math.min(timeout, rtoDelta);
        xt.reset(XmitTimer.LOSS_PROBE, sim.now() + timeout);
        return true;
    }
}
