package org.sonde.sim.tcp;

import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_ECE;
import static org.sonde.packet.TcpHeader.FLAG_FIN;
import static org.sonde.packet.TcpHeader.FLAG_PSH;
import static org.sonde.packet.TcpHeader.FLAG_SYN;
import static org.sonde.sim.tcp.AckFlags.FLAG_CA_ALERT;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACKING_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_ECE_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_FIN_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_NOT_DUP;
import static org.sonde.sim.tcp.AckFlags.FLAG_REXMIT_LOST;
import static org.sonde.sim.tcp.AckFlags.FLAG_REXMIT_NEW;
import static org.sonde.sim.tcp.AckFlags.FLAG_SET_XMIT_TIMER;
import static org.sonde.sim.tcp.AckFlags.FLAG_SND_UNA_ADVANCED;
import static org.sonde.sim.tcp.AckFlags.FLAG_WIN_UPDATE;
import static org.sonde.sim.tcp.CongestionControl.DISORDER;
import static org.sonde.sim.tcp.CongestionControl.LOSS;
import static org.sonde.sim.tcp.CongestionControl.OPEN;
import static org.sonde.sim.tcp.CongestionControl.RECOVERY;
import static org.sonde.sim.tcp.Tcb.ECN_OK;

import org.sonde.sim.kernel.Simulator;

/**
 * The sending half of a connection, as Linux's {@code tcp_input.c}, {@code tcp_output.c} and {@code tcp_timer.c}
 * run it: each incoming ACK ({@code tcp_ack()}, which hands SACK processing to the {@link SackTagger}, loss
 * detection and the window's reduction to {@link LossRecovery}), new data as the congestion window, the peer's
 * window and Nagle allow ({@code tcp_write_xmit()}), retransmissions ({@code tcp_xmit_retransmit_queue()}),
 * the tail loss probe ({@code tcp_send_loss_probe()}), zero-window probes, and what the shared retransmission
 * timer does when it fires ({@code tcp_write_timer_handler()}: the RTO, the probe, RACK's reordering timeout).
 *
 * <p>The {@link TcpSocket} builds and transmits the segments and owns the connection's state.
 */
final class Sender {
    private final TcpSocket sk;
    private final Tcb tp;
    private final Scoreboard sb;
    private final CongestionWindow cw;
    private final CongestionControl cc;
    private final RttEstimator rtt;
    private final XmitTimer xt;
    private final RackTlp rack;
    private final SackTagger tagger;
    private final LossRecovery recovery;
    private final Receiver rcv;
    private final TcpConfig cfg;
    private final TcpStack stack;
    private final Simulator sim;

    /** Our FIN has been sent. */
    private boolean finSent;
    /** {@code tp->snd_sml}: the end of the last small segment sent (Nagle, Minshall's variant). */
    private long sndSml;
    /** {@code tp->cwnd_usage_seq}: snd_nxt when the window's use was last recorded ({@code tcp_cwnd_validate()}). */
    long cwndUsageSeq;
    /** Retransmission timeouts of data (SYN timeouts excluded). */
    int timeouts;
    /** {@code icsk_retransmits}: RTOs since the last forward progress (snd_una advanced) or loss undo. */
    int retransmits;
    /** {@code icsk_probes_out}: zero-window probes without an answer. */
    private int probesOut;

    Sender(TcpSocket sk, Tcb tp, Scoreboard sb, CongestionWindow cw, CongestionControl cc, RttEstimator rtt, XmitTimer xt, RackTlp rack,
            SackTagger tagger, LossRecovery recovery, Receiver rcv, TcpConfig cfg, TcpStack stack, Simulator sim) {
        this.sk = sk;
        this.tp = tp;
        this.sb = sb;
        this.cw = cw;
        this.cc = cc;
        this.rtt = rtt;
        this.xt = xt;
        this.rack = rack;
        this.tagger = tagger;
        this.recovery = recovery;
        this.rcv = rcv;
        this.cfg = cfg;
        this.stack = stack;
        this.sim = sim;
    }

    /**
     * {@code tcp_ack()}: what an incoming segment acknowledges, starting at sequence {@code segSeq}: the send window,
     * SACK and cumulative ACK processing, RTT samples, loss detection and recovery, the congestion window, and the
     * retransmissions that follow. Returns -1 when the segment must be discarded, 0 for an old ACK, else 1.
     */
    int ack(TcpSegment s, long segSeq) {
        long ack = tp.sndUna + (s.ack - (int) tp.sndUna);
        long priorSndUna = tp.sndUna;
        long priorFack = tp.sackOk && sb.sackedOut > 0 ? sb.highestSack : tp.sndUna;
        int priorPackets = sb.packetsOut();
        long priorDelivered = tp.delivered;
        tagger.newAck();
        if (s.payloadBytes == 0) stack.count(TcpCounter.TcpExtTCPPureAcks);
        if (ack < tp.sndUna) { // old ACK: its SACK blocks are tagged, and a D-SACK may undo a reduction
            if (tp.sackOk && s.sackBlocks() > 0) {
                int flag = recovery.fastRetransAlert(priorSndUna, 0, tagger.sacktag(s, ack, priorSndUna, priorFack, recovery.highSeq), hasUnsent());
                takeClearedRetransmits();
                xmitRecovery(flag);
            }
            return 0;
        }
        if (ack > tp.sndNxt) { // it acknowledges data we never sent
            sk.sendAck();
            return -1;
        }
        int flag = 0;
        if (ack > tp.sndUna) {
            flag |= FLAG_SND_UNA_ADVANCED;
            retransmits = 0; // forward progress: a later timeout is the first of its episode (tcp_ack())
        }
        if (s.payloadBytes > 0) flag |= FLAG_DATA;
        flag |= updateWindow(s, ack, segSeq);
        boolean ece = (tp.ecnFlags & ECN_OK) != 0 && s.has(FLAG_ECE) && !s.has(FLAG_SYN);
        if (ece) {
            flag |= FLAG_ECE_ACK;
            recovery.priorSsthresh = 0; // an ECN-demanded reduction is never undone
        }
        if (tp.sackOk && s.sackBlocks() > 0) flag |= tagger.sacktag(s, ack, priorSndUna, priorFack, recovery.highSeq);
        if (tagger.sackDelivered > 0) tagger.countDelivered(tagger.sackDelivered, ece);
        probesOut = 0;
        if (priorPackets == 0) { // no_queue: perhaps the window opened for a probed sender
            if ((flag & FLAG_DSACKING_ACK) != 0) { // a D-SACK may still undo the last reduction
                flag = recovery.fastRetransAlert(priorSndUna, 0, flag, hasUnsent());
                takeClearedRetransmits();
            }
            ackProbe();
            if (rack.tlpHighSeq != 0) recovery.processTlpAck(ack, flag);
            return 1;
        }
        flag |= tagger.cleanRtxQueue(ack, priorFack, ece, flag, recovery.highSeq);
        if ((flag & FLAG_FIN_ACKED) != 0) sk.finAcked();
        cc.inAckEvent(cw, tp.sndUna, tp.sndNxt, tp.delivered, tp.deliveredCe, sim.now());
        rack.rackUpdateReoWnd(tagger.latestDeliveredSentAt >= 0, tagger.priorDeliveredSample);
        if (rack.tlpHighSeq != 0) recovery.processTlpAck(ack, flag);
        if (ackIsDubious(flag)) {
            int numDupack = (flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP | FLAG_DSACKING_ACK)) == 0 ? 1 : 0;
            flag = recovery.fastRetransAlert(priorSndUna, numDupack, flag, hasUnsent());
            takeClearedRetransmits();
        }
        if ((flag & FLAG_SET_XMIT_TIMER) != 0) setXmitTimer(); // unless RACK armed its reordering timer
        recovery.congControl(ack, (int) (tp.delivered - priorDelivered), flag);
        xmitRecovery(flag);
        if ((flag & FLAG_SND_UNA_ADVANCED) != 0) sk.newSpace();
        return 1;
    }

    /** A loss undo: the timeouts no longer count ({@code icsk_retransmits = 0}). */
    private void takeClearedRetransmits() {
        if (recovery.retransmitsCleared) {
            recovery.retransmitsCleared = false;
            retransmits = 0;
        }
    }

    /** {@code tcp_ack_is_dubious()}: a duplicate, an ACK with SACK, D-SACK or ECE, or any ACK outside Open goes to loss recovery. */
    private boolean ackIsDubious(int flag) {
        return (flag & FLAG_NOT_DUP) == 0 || (flag & FLAG_CA_ALERT) != 0 || tp.caState != OPEN;
    }

    /** {@code tcp_ack_update_window()}: a window change is not a duplicate ACK (FLAG_WIN_UPDATE). */
    private int updateWindow(TcpSegment s, long ack, long segSeq) {
        int flag = 0;
        long nwin = (long) s.window << tp.sndWscale;
        if (ack > tp.sndUna || segSeq > tp.sndWl1 || (segSeq == tp.sndWl1 && nwin > tp.sndWnd)) {
            flag |= FLAG_WIN_UPDATE;
            tp.sndWl1 = segSeq;
            tp.sndWnd = nwin;
            if (nwin > tp.maxWindow) tp.maxWindow = nwin;
        }
        tp.sndUna = ack;
        return flag;
    }

    /** {@code tcp_ack_probe()}: a window opened for the segment a probing sender holds. */
    private void ackProbe() {
        if (!hasUnsent()) return;
        long headEnd = tp.sndNxt + Math.min(tp.mssCache, tp.writeSeq - tp.sndNxt);
        if (headEnd <= tp.sndUna + tp.sndWnd) {
            rtt.backoff = 0;
            if (xt.pending == XmitTimer.PROBE0) xt.clear();
        } else if (xt.pending == XmitTimer.PROBE0 || xt.pending == XmitTimer.NONE) {
            xt.reset(XmitTimer.PROBE0, sim.now() + rtt.probe0When());
        }
    }

    /** {@code tcp_set_xmit_timer()}. */
    private void setXmitTimer() {
        if (!rack.scheduleLossProbe(true)) xt.rearmRto();
    }

    /** Data (or the FIN) is waiting to be sent for the first time ({@code tcp_send_head()}). */
    private boolean hasUnsent() {
        return tp.sndNxt < tp.writeSeq || sk.finQueued() && !finSent;
    }

    /** {@code __tcp_push_pending_frames()}. */
    void pushPendingFrames() {
        pushPendingFrames(false);
    }

    /** {@code __tcp_push_pending_frames()}; {@code nagleOff}: with {@code TCP_NAGLE_OFF}. */
    private void pushPendingFrames(boolean nagleOff) {
        TcpSocket.State state = sk.state();
        if (state.compareTo(TcpSocket.State.ESTABLISHED) < 0 || state == TcpSocket.State.TIME_WAIT) return;
        if (!hasUnsent()) return;
        if (writeXmit(false, false, nagleOff) && sb.isEmpty() && hasUnsent()) checkProbeTimer();
    }

    /**
     * {@code tcp_push_one()}: the skb the writer just filled, the send head, goes out at once; with {@code tso-deferral}
     * one skb and without deferral, as the kernel's ({@code push_one}), else as {@link #pushPendingFrames}.
     */
    void pushOne() {
        TcpSocket.State state = sk.state();
        if (state.compareTo(TcpSocket.State.ESTABLISHED) < 0 || state == TcpSocket.State.TIME_WAIT) return;
        if (!hasUnsent()) return;
        if (writeXmit(false, cfg.tsoDeferral(), false) && sb.isEmpty() && hasUnsent()) checkProbeTimer();
    }

    /**
     * {@code tcp_write_xmit()}: sends new data as cwnd, the peer's window and Nagle allow; returns true if data is
     * left unsent. A loss probe ({@code push_one == 2}) sends one segment whatever cwnd and Nagle say; with
     * {@code tso-deferral}, {@code pushOne} sends one skb. With {@code tso-deferral} the kernel's loop over skbs is
     * followed: at each unsent skb of more than one segment {@link TsoDeferral} may hold the rest back, and a part
     * once decided on ({@code tcp_mss_split_point()}: the skb within the congestion quota and a full skb's segments)
     * goes out whole before the next is weighed. {@code nagleOff}: {@code TCP_NAGLE_OFF}, small segments go too.
     */
    private boolean writeXmit(boolean lossProbe, boolean pushOne, boolean nagleOff) {
        boolean cwndLimited = false;
        int sent = 0;
        long partEnd = tp.sndNxt; // where tcp_write_xmit() weighs its next skb (tso_fragment()'s split)
        while (hasUnsent()) {
            if (sb.inFlight() >= cw.cwnd && !lossProbe) { // tcp_cwnd_test()
                cwndLimited = true;
                break;
            }
            int len = (int) Math.min(tp.mssCache, tp.writeSeq - tp.sndNxt);
            boolean fin = sk.finQueued() && tp.sndNxt + len == tp.writeSeq;
            if (len > 0 && tp.sndNxt + len > tp.sndUna + tp.sndWnd) break; // tcp_snd_wnd_test()
            // tcp_nagle_test(): Minshall's variant holds a small segment while an earlier small one is unacked
            if (len < tp.mssCache && !fin && cfg.nagle() && !nagleOff && !lossProbe && !sb.isEmpty() && sndSml > tp.sndUna) break;
            if (cfg.tsoDeferral() && tp.sndNxt >= partEnd) {
                if (pushOne && sent > 0) break;
                long skbEnd = sk.unsentSkbEnd();
                long skbLength = skbEnd - tp.sndNxt;
                int maxSegs = maxTsoSegs();
                if (skbLength > tp.mssCache && !lossProbe && !pushOne) {
                    TsoDeferral.Verdict v = TsoDeferral.decide(deferralState(skbLength, skbEnd >= tp.writeSeq, maxSegs), cfg.tsoWinDivisor());
                    if (v.defers()) {
                        cwndLimited |= v == TsoDeferral.Verdict.DEFER_CWND_LIMITED;
                        break;
                    }
                }
                // tcp_cwnd_test(): at most half the window in one skb, so that at least two are in flight (traced:
                // 5-segment skbs at cwnd 10, 10 at 20, 28 at 57)
                long quota = Math.max(1, Math.min(Math.max(cw.cwnd >> 1, 1), cw.cwnd - sb.inFlight()));
                partEnd = tp.sndNxt + Math.min(skbLength, Math.min(quota, maxSegs) * tp.mssCache);
            }
            sendNewData(len, fin);
            sent++;
            if (lossProbe) break;
        }
        if (sent > 0) sk.sentUpTo(tp.sndNxt);
        if (sent > 0 && !lossProbe) rack.scheduleLossProbe(false); // one probe per tail loss episode
        // tcp_cwnd_validate()
        if (sent > 0 || cwndLimited) {
            if (tp.sndUna >= cwndUsageSeq || cwndLimited || sb.packetsOut() > cw.maxPacketsOut) {
                cw.cwndLimited = cwndLimited;
                cw.maxPacketsOut = sb.packetsOut();
                cwndUsageSeq = tp.sndNxt;
            }
        }
        return hasUnsent();
    }

    /** What {@link TsoDeferral} weighs for the unsent skb at {@code snd_nxt}. */
    private TsoDeferral.State deferralState(long skbLength, boolean tail, int maxSegs) {
        return new TsoDeferral.State(sim.now(), sk.lastXmitNanos, tp.caState >= RECOVERY, cw.cwnd, sb.inFlight(), tp.mssCache,
                tp.sndUna + tp.sndWnd - tp.sndNxt, tp.sndWnd, skbLength, tail, tail && sk.finQueued(), sb.isEmpty() ? -1 : sb.sentAt(0),
                rtt.srtt8 / 1000, maxSegs);
    }

    /** {@code tcp_tso_segs()} from the pacing rate {@code tcp_update_pacing_rate()} sets and the minimum RTT. */
    private int maxTsoSegs() {
        long srttUs8 = rtt.srtt8 / 1000;
        long rate = TsoDeferral.pacingRate(tp.mssCache, cw.cwnd, sb.packetsOut(), cw.ssthresh, srttUs8);
        return TsoDeferral.maxSegs(rate, rtt.minRtt / 1000, tp.mssCache);
    }

    /** {@code tcp_transmit_skb()} of new data and {@code tcp_event_new_data_sent()}. */
    private void sendNewData(int len, boolean fin) {
        long now = sim.now();
        if (sb.inFlight() == 0) cc.cwndEvent(cw, CongestionControl.Event.TX_START, now);
        boolean firstOut = sb.isEmpty();
        boolean push = len > 0 && tp.sndNxt + len == tp.writeSeq;
        TcpSegment s = sk.newSegment(len, FLAG_ACK | (fin ? FLAG_FIN : 0) | (push ? FLAG_PSH : 0), tp.sndNxt, false);
        sk.ecnForData(s, true);
        sb.add(tp.sndNxt, len + (fin ? 1 : 0), fin, now, tp.delivered);
        if (push) sb.markLastPushed();
        tp.sndNxt += len + (fin ? 1 : 0);
        if (fin) finSent = true;
        if (len < tp.mssCache) sndSml = tp.sndNxt; // tcp_minshall_update()
        if (recovery.inCwndReduction()) recovery.prrOut++;
        stack.count(TcpCounter.TcpExtTCPOrigDataSent);
        cw.lastSendNanos = now;
        rcv.eventDataSent(now);
        sk.transmit(s);
        if (firstOut || xt.pending == XmitTimer.PROBE0 || xt.pending == XmitTimer.LOSS_PROBE) xt.rearmRto(); // tcp_event_new_data_sent()
    }

    /**
     * {@code tcp_xmit_recovery()}: what loss recovery asked for. F-RTO's new data goes first, Nagle aside; only if none
     * could go are the lost segments retransmitted, and F-RTO is given up.
     */
    private void xmitRecovery(int flag) {
        if ((flag & FLAG_REXMIT_NEW) != 0) {
            pushPendingFrames(true);
            if (tp.sndNxt > recovery.highSeq) return;
            recovery.frto = false;
            xmitRetransmitQueue();
        } else if ((flag & FLAG_REXMIT_LOST) != 0) {
            xmitRetransmitQueue();
        }
    }

    /** {@code tcp_xmit_retransmit_queue()}: lost segments first, within the congestion window. */
    private void xmitRetransmitQueue() {
        if (sb.isEmpty()) return;
        boolean rearm = false;
        for (int i = 0; i < sb.size(); i++) {
            if (cw.cwnd - sb.inFlight() <= 0) break;
            if (sb.retransOut >= sb.lostOut) break;
            int bits = sb.bits(i);
            if ((bits & Scoreboard.LOST) == 0) continue;
            if ((bits & (Scoreboard.SACKED | Scoreboard.RETRANS)) != 0) continue;
            if (!retransmit(i)) break;
            stack.count(tp.caState != LOSS ? TcpCounter.TcpExtTCPFastRetrans : TcpCounter.TcpExtTCPSlowStartRetrans);
            if (recovery.inCwndReduction()) recovery.prrOut++;
            if (i == 0) rearm = true;
        }
        if (rearm && xt.pending != XmitTimer.REO_TIMEOUT) xt.reset(XmitTimer.RETRANS, sim.now() + rtt.rto);
    }

    /** {@code tcp_retransmit_skb()}: resends entry {@code i} unless it lies beyond the peer's window. */
    private boolean retransmit(int i) {
        boolean sent = resend(i);
        if (sent) sb.markRetransmitted(i, sim.now(), tp.delivered);
        // the attempt counts for the D-SACK undo even when the window refused it, as in Linux
        if (tp.undoRetrans < 0) tp.undoRetrans = 0;
        tp.undoRetrans++;
        return sent;
    }

    /** {@code __tcp_retransmit_skb()} for a loss probe: the entry is resent but not marked as a retransmission in flight. */
    private boolean retransmitProbe(int i) {
        if (!resend(i)) return false;
        sb.markProbeRetransmitted(i, sim.now(), tp.delivered);
        return true;
    }

    /** Puts entry {@code i} on the wire again unless it lies beyond the peer's window. */
    private boolean resend(int i) {
        long seq = sb.start(i);
        if (seq >= tp.sndUna + tp.sndWnd && seq != tp.sndUna) return false;
        boolean fin = sb.is(i, Scoreboard.FIN);
        int len = sb.payload(i);
        // the skb keeps its flags: a retransmission has PSH only if the segment had it (seen against Linux 6.18 by sonde replay linux)
        TcpSegment s = sk.newSegment(len, FLAG_ACK | (fin ? FLAG_FIN : 0) | (sb.is(i, Scoreboard.PSH) ? FLAG_PSH : 0), seq, false);
        sk.ecnForData(s, false);
        s.retransmission = true;
        sk.sentUpTo(seq); // tcp_fragment(): the segment is an skb of its own
        sk.sentUpTo(seq + len);
        if (tp.retransStamp < 0) tp.retransStamp = sim.now();
        tp.totalRetrans++;
        stack.count(TcpCounter.TcpRetransSegs);
        sk.transmit(s);
        return true;
    }

    /**
     * {@code tcp_send_loss_probe()}: one new segment if the window allows (cwnd ignored), else the last
     * segment again; one probe per episode ({@code tlp_high_seq}). The RTO follows from now.
     */
    private void sendLossProbe() {
        if (rack.tlpHighSeq == 0) {
            rack.tlpRetrans = false;
            boolean sent = false;
            if (hasUnsent() && tp.sndNxt + Math.min(tp.mssCache, tp.writeSeq - tp.sndNxt) <= tp.sndUna + tp.sndWnd) {
                int before = sb.packetsOut();
                writeXmit(true, false, false);
                sent = sb.packetsOut() > before;
            } else if (!sb.isEmpty() && retransmitProbe(sb.size() - 1)) {
                rack.tlpRetrans = true;
                sent = true;
            }
            if (sent) {
                rack.tlpHighSeq = tp.sndNxt;
                stack.count(TcpCounter.TcpExtTCPLossProbes);
                xt.pending = XmitTimer.NONE; // so that the RTO restarts from now
            }
        }
        xt.rearmRto();
    }

    /** {@code tcp_write_timer_handler()}: the loss probe and reordering timers re-arm the RTO themselves. */
    void xmitTimerFired() {
        switch (xt.pending) {
            case XmitTimer.REO_TIMEOUT -> rackReoTimeout();
            case XmitTimer.LOSS_PROBE -> sendLossProbe();
            case XmitTimer.RETRANS -> {
                xt.pending = XmitTimer.NONE;
                retransmitTimer();
            }
            case XmitTimer.PROBE0 -> {
                xt.pending = XmitTimer.NONE;
                probeTimer();
            }
            default -> {
            }
        }
    }

    /** {@code tcp_retransmit_timer()}. */
    private void retransmitTimer() {
        TcpSocket.State state = sk.state();
        if (state == TcpSocket.State.SYN_SENT || state == TcpSocket.State.SYN_RECV) {
            int limit = state == TcpSocket.State.SYN_SENT ? cfg.synRetries() : cfg.synAckRetries();
            if (retransmits >= limit) {
                stack.count(TcpCounter.TcpExtTCPAbortOnTimeout);
                if (state == TcpSocket.State.SYN_SENT) stack.count(TcpCounter.TcpAttemptFails);
                sk.done(true);
                return;
            }
            retransmits++;
            rtt.backOff();
            stack.count(TcpCounter.TcpExtTCPTimeouts);
            stack.count(TcpCounter.TcpExtTCPSynRetrans);
            stack.count(TcpCounter.TcpRetransSegs);
            tp.totalRetrans++;
            sk.sendSyn(true);
            return;
        }
        if (sb.isEmpty()) return;
        stack.count(TcpCounter.TcpExtTCPTimeouts);
        timeouts++;
        if (retransmits >= cfg.retries2()) { // tcp_write_timeout()
            stack.count(TcpCounter.TcpExtTCPAbortOnTimeout);
            sk.done(true);
            return;
        }
        if (retransmits == 0) { // the first timeout of an episode: which recovery failed, if one was under way
            if (tp.caState == RECOVERY) stack.count(tp.sackOk ? TcpCounter.TcpExtTCPSackRecoveryFail : TcpCounter.TcpExtTCPRenoRecoveryFail);
            else if (tp.caState == LOSS) stack.count(TcpCounter.TcpExtTCPLossFailures);
            else if (tp.caState == DISORDER || sb.sackedOut > 0) stack.count(tp.sackOk ? TcpCounter.TcpExtTCPSackFailures : TcpCounter.TcpExtTCPRenoFailures);
        }
        recovery.enterLoss(retransmits);
        retransmits++;
        retransmit(0); // counted in TcpRetransSegs alone: Linux's timer counts no TCPSlowStartRetrans for it
        rtt.backOff();
        xt.reset(XmitTimer.RETRANS, sim.now() + rtt.rto);
    }

    /** {@code tcp_rack_reo_timeout()}: the reordering window passed; what is still missing is lost. */
    private void rackReoTimeout() {
        int priorInFlight = sb.inFlight();
        rack.rackDetectLoss();
        if (priorInFlight != sb.inFlight()) {
            if (tp.caState != RECOVERY) {
                recovery.enterRecovery(false);
                recovery.cwndReduction(1, 0);
            }
            xmitRetransmitQueue();
        }
        if (xt.pending != XmitTimer.RETRANS) xt.rearmRto();
    }

    /** {@code tcp_check_probe_timer()}. */
    private void checkProbeTimer() {
        if (sb.isEmpty() && xt.pending == XmitTimer.NONE) xt.reset(XmitTimer.PROBE0, sim.now() + rtt.probe0Base());
    }

    /** {@code tcp_probe_timer()} / {@code tcp_send_probe0()}. */
    private void probeTimer() {
        if (!sb.isEmpty() || !hasUnsent()) {
            probesOut = 0;
            return;
        }
        if (probesOut >= cfg.retries2()) {
            stack.count(TcpCounter.TcpExtTCPAbortOnTimeout);
            sk.done(true);
            return;
        }
        writeWakeup();
        if (!sb.isEmpty() || !hasUnsent()) {
            probesOut = 0;
            rtt.backoff = 0;
            return;
        }
        probesOut++;
        if (rtt.backoff < cfg.retries2()) rtt.backoff++;
        xt.reset(XmitTimer.PROBE0, sim.now() + rtt.probe0When());
    }

    /** {@code tcp_write_wakeup()}: sends what the window allows, else a zero-window probe (seq snd_una - 1, no data). */
    private void writeWakeup() {
        long wndEnd = tp.sndUna + tp.sndWnd;
        if (tp.sndNxt < wndEnd && tp.sndNxt < tp.writeSeq) {
            int len = (int) Math.min(Math.min(tp.mssCache, tp.writeSeq - tp.sndNxt), wndEnd - tp.sndNxt);
            sendNewData(len, sk.finQueued() && tp.sndNxt + len == tp.writeSeq);
            sk.sentUpTo(tp.sndNxt);
            return;
        }
        TcpSegment s = sk.newSegment(0, FLAG_ACK, tp.sndUna - 1, false);
        sk.ecnForData(s, false);
        stack.count(TcpCounter.TcpExtTCPWinProbe);
        sk.transmit(s);
    }
}
