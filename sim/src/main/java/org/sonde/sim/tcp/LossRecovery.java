package org.sonde.sim.tcp;

import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_SACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACK_TLP;
import static org.sonde.sim.tcp.AckFlags.FLAG_ECE_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_FORWARD_PROGRESS;
import static org.sonde.sim.tcp.AckFlags.FLAG_LOST_RETRANS;
import static org.sonde.sim.tcp.AckFlags.FLAG_NOT_DUP;
import static org.sonde.sim.tcp.AckFlags.FLAG_ORIG_SACK_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_REXMIT_LOST;
import static org.sonde.sim.tcp.AckFlags.FLAG_REXMIT_NEW;
import static org.sonde.sim.tcp.AckFlags.FLAG_SET_XMIT_TIMER;
import static org.sonde.sim.tcp.AckFlags.FLAG_SND_UNA_ADVANCED;
import static org.sonde.sim.tcp.CongestionControl.CWR;
import static org.sonde.sim.tcp.CongestionControl.DISORDER;
import static org.sonde.sim.tcp.CongestionControl.LOSS;
import static org.sonde.sim.tcp.CongestionControl.OPEN;
import static org.sonde.sim.tcp.CongestionControl.RECOVERY;
import static org.sonde.sim.tcp.Tcb.ECN_OK;
import static org.sonde.sim.tcp.Tcb.ECN_QUEUE_CWR;

import org.sonde.sim.kernel.Simulator;

/**
 * Loss recovery as Linux's {@code tcp_input.c} runs it: the congestion state machine (Open, Disorder, CWR,
 * Recovery, Loss) driven by {@code tcp_fastretrans_alert()}, which segments are lost (RACK with SACK, the
 * duplicate threshold with {@code tcp_recovery = 0}, NewReno without SACK), entering and leaving recovery,
 * CWR and the Loss state of an RTO with F-RTO (RFC 5682, {@code tcp_process_loss()}), the undos the timestamps
 * or D-SACKs prove ({@code tcp_try_undo_partial()}, {@code tcp_try_undo_recovery()}, {@code tcp_try_undo_loss()},
 * {@code tcp_try_undo_dsack()}), the tail loss probe's outcome, and the window while reducing:
 * proportional rate reduction (RFC 6937, {@code tcp_cwnd_reduction()}), else the congestion control's growth.
 *
 * <p>{@code icsk_ca_state}, {@code reordering}, {@code retrans_stamp} and the undo's marker and count are in the
 * {@link Tcb} (RACK and the SACK tagger read them); the episode's own state is here.
 */
final class LossRecovery {
    private final Tcb tp;
    private final Scoreboard sb;
    private final CongestionWindow cw;
    private final CongestionControl cc;
    private final RackTlp rack;
    private final SackTagger tagger;
    private final TcpConfig cfg;
    private final TcpStack stack;
    private final Simulator sim;

    /** {@code tp->high_seq}: snd_nxt when the current recovery, CWR or loss episode began. */
    long highSeq;
    /** {@code tp->prior_cwnd}: the window when the reduction began (PRR's RecoverFS, and what an undo restores). */
    int priorCwnd;
    /** {@code tp->prior_ssthresh}: what an undo restores; 0 when the reduction is not to be undone. */
    int priorSsthresh;
    /** {@code tp->frto}: this Loss episode runs F-RTO (its new data not yet sent, or sent and its loss not yet proven). */
    boolean frto;
    /** Set when a loss undo restarts the timeout count ({@code icsk_retransmits = 0}), for the sender to take. */
    boolean retransmitsCleared;
    /** PRR's counts since the reduction began: segments delivered ({@code prr_delivered}) and sent ({@code prr_out}). */
    long prrDelivered;
    long prrOut;

    LossRecovery(Tcb tp, Scoreboard sb, CongestionWindow cw, CongestionControl cc, RackTlp rack, SackTagger tagger, TcpConfig cfg,
            TcpStack stack, Simulator sim) {
        this.tp = tp;
        this.sb = sb;
        this.cw = cw;
        this.cc = cc;
        this.rack = rack;
        this.tagger = tagger;
        this.cfg = cfg;
        this.stack = stack;
        this.sim = sim;
    }

    /**
     * {@code tcp_fastretrans_alert()}: the state machine run on a dubious ACK (a duplicate, one that SACKs, D-SACKs
     * or echoes ECE, or any ACK outside Open). Returns {@code flag} as Linux's {@code *ack_flag} leaves it, with
     * {@link AckFlags#FLAG_REXMIT_LOST} when lost segments are to be retransmitted and {@link AckFlags#FLAG_REXMIT_NEW}
     * when F-RTO sends new data first. {@code unsentData}: data waits to be sent for the first time.
     */
    int fastRetransAlert(long priorSndUna, int numDupack, int flag, boolean unsentData) {
        boolean eceAck = (flag & FLAG_ECE_ACK) != 0;
        boolean doLost = numDupack > 0 || ((flag & FLAG_DATA_SACKED) != 0 && forceFastRetransmit());
        if (sb.isEmpty() && sb.sackedOut > 0) sb.sackedOut = 0;
        // D. state exit when high_seq is acked
        if (tp.caState == OPEN) tp.retransStamp = -1;
        else if (tp.sndUna >= highSeq) {
            if (tp.caState == CWR) {
                if (tp.sndUna != highSeq) {
                    endCwndReduction();
                    setCaState(OPEN);
                }
            } else if (tp.caState == RECOVERY) {
                if (!tp.sackOk) sb.sackedOut = 0; // tcp_reset_reno_sack()
                if (tryUndoRecovery()) return flag;
                endCwndReduction();
            }
        }
        // E. process the state
        boolean fastRexmit = false;
        int rexmit = 0; // REXMIT_NONE
        if (tp.caState == RECOVERY) {
            if ((flag & FLAG_SND_UNA_ADVANCED) == 0) {
                if (!tp.sackOk) tagger.addRenoSack(numDupack, eceAck);
            } else {
                if (tryUndoPartial(priorSndUna)) return flag;
                if (tp.caState == RECOVERY) doLost = !tp.sackOk || forceFastRetransmit(); // a partial ACK forces a retransmit
            }
            if (tryUndoDsack()) tryToOpen(flag);
            flag = identifyPacketLoss(flag);
            if (tp.caState != RECOVERY) { // undone: a new recovery only if loss is evident (reordering, then loss)
                if (!timeToRecover()) return flag;
                enterRecovery(eceAck);
                fastRexmit = true;
            }
        } else {
            if (tp.caState == LOSS) {
                rexmit = processLoss(flag, numDupack, eceAck, unsentData);
                flag = identifyPacketLoss(flag);
                // on to the Open-state processing once recovered or undone, or (RACK) when retransmissions were lost again
                if (tp.caState != OPEN && (flag & FLAG_LOST_RETRANS) == 0) return flag | rexmit;
            }
            if (!tp.sackOk) {
                if ((flag & FLAG_SND_UNA_ADVANCED) != 0) sb.sackedOut = 0;
                tagger.addRenoSack(numDupack, eceAck);
            }
            if (tp.caState <= DISORDER) tryUndoDsack();
            flag = identifyPacketLoss(flag);
            if (!timeToRecover()) {
                tryToOpen(flag);
                return flag | rexmit;
            }
            enterRecovery(eceAck);
            fastRexmit = true;
        }
        if (doLost && !cfg.rack()) updateScoreboard(fastRexmit);
        return flag | FLAG_REXMIT_LOST;
    }

    /** {@code tcp_force_fast_retransmit()}: SACKed data lies more than {@code reordering} segments beyond snd_una. */
    private boolean forceFastRetransmit() {
        long fack = sb.sackedOut > 0 ? sb.highestSack : tp.sndUna;
        return fack > tp.sndUna + (long) tp.reordering * tp.mssCache;
    }

    /**
     * {@code tcp_time_to_recover()}: loss proven, or (without RACK, which marks the losses itself) more
     * SACKed (duplicate-ACKed) segments than the reordering degree.
     */
    private boolean timeToRecover() {
        if (sb.lostOut > 0) return true;
        return !cfg.rack() && sb.sackedOut + 1 > tp.reordering; // tcp_dupack_heuristics()
    }

    /** {@code tcp_identify_packet_loss()}: NewReno marks the head lost without SACK, RACK marks what it finds with it. */
    private int identifyPacketLoss(int flag) {
        if (sb.isEmpty()) return flag;
        if (!tp.sackOk) {
            boolean una = (flag & FLAG_SND_UNA_ADVANCED) != 0;
            if ((tp.caState < RECOVERY && sb.sackedOut >= tp.reordering) || (tp.caState == RECOVERY && una)) { // tcp_newreno_mark_lost()
                if (!sb.is(0, Scoreboard.LOST)) sb.markLost(0);
            }
        } else if (cfg.rack()) {
            int priorRetrans = sb.retransOut;
            if (rack.rackMarkLost()) flag &= ~FLAG_SET_XMIT_TIMER; // the reordering timer is armed
            if (priorRetrans > sb.retransOut) flag |= FLAG_LOST_RETRANS;
        }
        return flag;
    }

    /** {@code tcp_update_scoreboard()}: with SACK a hole is lost once {@code reordering} SACKed segments lie above it. */
    private void updateScoreboard(boolean fastRexmit) {
        if (!tp.sackOk) return;
        int sackedUpto = sb.sackedOut - tp.reordering;
        if (sackedUpto >= 0) markHeadLost(sackedUpto, false);
        else if (fastRexmit) markHeadLost(1, true);
    }

    /** {@code tcp_mark_head_lost()}. */
    private void markHeadLost(int packets, boolean markHead) {
        int cnt = 0;
        for (int i = 0; i < sb.size(); i++) {
            if (sb.end(i) > highSeq) break;
            if (sb.is(i, Scoreboard.SACKED)) cnt++;
            if (cnt > packets) break;
            if (!sb.is(i, Scoreboard.LOST)) sb.markLost(i);
            if (markHead) break;
        }
    }

    /**
     * {@code tcp_try_undo_recovery()}: the episode is over; the window reduction is undone if the timestamps show the
     * originals arrived. Reno holds the state until data above high_seq is acked.
     */
    private boolean tryUndoRecovery() {
        if (mayUndo()) {
            stack.count(tp.caState == LOSS ? TcpCounter.TcpExtTCPLossUndo : TcpCounter.TcpExtTCPFullUndo);
            undoCwndReduction(false);
        } else if (rack.reoWndPersist > 0) {
            rack.reoWndPersist--; // one more recovery that was not undone
        }
        if (nonSackPreventingReopen()) return true;
        setCaState(OPEN);
        return false;
    }

    /** {@code tcp_is_non_sack_preventing_reopen()}: without SACK the state is held until data above high_seq is acked (RFC 6582). */
    private boolean nonSackPreventingReopen() {
        if (tp.sndUna != highSeq || tp.sackOk) return false;
        if (!anyRetransDone()) tp.retransStamp = -1;
        return true;
    }

    /**
     * {@code tcp_try_undo_loss()}: in Loss, an undo when the timestamps show the originals arrived or (F-RTO) when
     * data never retransmitted was acknowledged; every segment is then no longer lost.
     */
    private boolean tryUndoLoss(boolean frtoUndo) {
        if (!frtoUndo && !mayUndo()) return false;
        undoCwndReduction(true);
        stack.count(TcpCounter.TcpExtTCPLossUndo);
        if (frtoUndo) stack.count(TcpCounter.TcpExtTCPSpuriousRTOs);
        retransmitsCleared = true;
        if (nonSackPreventingReopen()) return true;
        if (frtoUndo || tp.sackOk) setCaState(OPEN);
        return true;
    }

    /** {@code tcp_may_undo()}: D-SACKs showed every retransmission needless, or the timestamps the first one. */
    private boolean mayUndo() {
        return tp.undoMarker >= 0 && (tp.undoRetrans == 0 || packetDelayed());
    }

    /** {@code tcp_try_undo_dsack()}: D-SACKs showed every retransmission of the episode needless. */
    private boolean tryUndoDsack() {
        if (tp.undoMarker < 0 || tp.undoRetrans != 0) return false;
        rack.reoWndPersist = Math.min(RackTlp.RACK_RECOVERY_THRESH, rack.reoWndPersist + 1);
        undoCwndReduction(false);
        stack.count(TcpCounter.TcpExtTCPDSACKUndo);
        return true;
    }

    /**
     * {@code tcp_init_undo()}: the episode may be undone until shown real; the retransmissions (a loss probe's
     * included) already out must each be D-SACKed first.
     */
    private void initUndo() {
        tp.undoMarker = tp.sndUna;
        tp.undoRetrans = sb.retransOut + (rack.tlpHighSeq != 0 && rack.tlpRetrans ? 1 : 0);
        if (tp.undoRetrans == 0) tp.undoRetrans = -1; // 0 would mean "undo now"
    }

    /**
     * {@code tcp_try_undo_partial()}: the timestamp echo shows the hole was filled by the original, not by
     * the retransmission. That was reordering: the duplicate threshold grows and, once no retransmission
     * is out, the window reduction is undone and the ACK is processed on (Linux 5.x and 6.x; 4.x stopped
     * there). Returns true when the ACK is to be processed no further: while retransmissions are out (new data
     * may go, but nothing more is marked lost or retransmitted).
     */
    private boolean tryUndoPartial(long priorSndUna) {
        if (tp.undoMarker < 0 || !packetDelayed()) return false;
        tagger.checkSackReordering(priorSndUna, true);
        if (sb.retransOut > 0) return true;
        if (!anyRetransDone()) tp.retransStamp = -1;
        undoCwndReduction(true);
        stack.count(TcpCounter.TcpExtTCPPartialUndo);
        tryKeepOpen();
        return false;
    }

    /** {@code tcp_undo_cwnd_reduction()} with {@code tcp_reno_undo_cwnd()}; {@code unmarkLoss}: no segment is lost any more. */
    private void undoCwndReduction(boolean unmarkLoss) {
        if (unmarkLoss) sb.unmarkAllLost();
        if (priorSsthresh > 0) {
            cw.cwnd = Math.max(cw.cwnd, priorCwnd);
            if (priorSsthresh > cw.ssthresh) cw.ssthresh = priorSsthresh;
        }
        tp.undoMarker = -1;
        rack.rackAdvanced = true; // RACK looks at the losses again
    }

    /** {@code tcp_current_ssthresh()}: what to restore on undo. */
    private int currentSsthresh() {
        if (inCwndReduction()) return cw.ssthresh;
        return Math.max(cw.ssthresh, (cw.cwnd >> 1) + (cw.cwnd >> 2));
    }

    /** {@code tcp_packet_delayed()}: the ACK echoes a timestamp older than the first retransmission. */
    private boolean packetDelayed() {
        return tp.retransStamp >= 0 && tp.tsOk && tp.sawTstamp && tp.rcvTsecr - tp.tsOf(tp.retransStamp) < 0;
    }

    /** {@code tcp_try_to_open()}. */
    private void tryToOpen(int flag) {
        if (!anyRetransDone()) tp.retransStamp = -1;
        if ((flag & FLAG_ECE_ACK) != 0) enterCwr();
        if (tp.caState != CWR) tryKeepOpen();
    }

    /** {@code tcp_try_keep_open()}. */
    private void tryKeepOpen() {
        int st = (sb.sackedOut + sb.lostOut) > 0 || anyRetransDone() ? DISORDER : OPEN;
        if (tp.caState != st) {
            setCaState(st);
            highSeq = tp.sndNxt;
        }
    }

    /** {@code tcp_any_retrans_done()}. */
    private boolean anyRetransDone() {
        return sb.retransOut > 0 || (!sb.isEmpty() && sb.is(0, Scoreboard.EVER_RETRANS));
    }

    /** {@code tcp_enter_cwr()}: ECN asked for a reduction, which is never undone. */
    private void enterCwr() {
        priorSsthresh = 0;
        if (tp.caState < CWR) {
            tp.undoMarker = -1;
            initCwndReduction();
            setCaState(CWR);
        }
    }

    /** {@code tcp_enter_recovery()}. */
    void enterRecovery(boolean eceAck) {
        stack.count(tp.sackOk ? TcpCounter.TcpExtTCPSackRecovery : TcpCounter.TcpExtTCPRenoRecovery);
        priorSsthresh = 0;
        initUndo();
        if (tp.caState != CWR && tp.caState != RECOVERY) {
            if (!eceAck) priorSsthresh = currentSsthresh();
            initCwndReduction();
        }
        setCaState(RECOVERY);
    }

    /** {@code tcp_init_cwnd_reduction()}. */
    private void initCwndReduction() {
        highSeq = tp.sndNxt;
        rack.tlpHighSeq = 0;
        cw.cwndCnt = 0;
        priorCwnd = cw.cwnd;
        prrDelivered = 0;
        prrOut = 0;
        cw.ssthresh = cc.ssthresh(cw);
        if ((tp.ecnFlags & ECN_OK) != 0) tp.ecnFlags |= ECN_QUEUE_CWR;
    }

    /** {@code tcp_end_cwnd_reduction()}: the window falls to ssthresh unless the reduction was undone. */
    private void endCwndReduction() {
        if (cw.ssthresh < CongestionWindow.INFINITE_SSTHRESH && (tp.caState == CWR || tp.undoMarker >= 0)) cw.cwnd = cw.ssthresh;
        cc.cwndEvent(cw, CongestionControl.Event.COMPLETE_CWR, sim.now());
    }

    /** {@code tcp_set_ca_state()}: the congestion control hears of the change first. */
    private void setCaState(int st) {
        cc.setState(cw, tp.caState, st);
        tp.caState = st;
    }

    /** {@code tcp_in_cwnd_reduction()}. */
    boolean inCwndReduction() {
        return tp.caState == CWR || tp.caState == RECOVERY;
    }

    /**
     * {@code tcp_process_loss()}: an ACK in Loss. Undone when the timestamps prove the timeout spurious or (F-RTO,
     * step 3.b) when data never retransmitted is acknowledged; with F-RTO the first ACK that advances snd_una sends new
     * data (step 2.b), and a duplicate or SACK after it proves the loss (step 3.a); otherwise what the timeout marked
     * lost is retransmitted until high_seq is acked. Returns {@link AckFlags#FLAG_REXMIT_NEW},
     * {@link AckFlags#FLAG_REXMIT_LOST} or 0 ({@code REXMIT_NONE}).
     */
    private int processLoss(int flag, int numDupack, boolean ece, boolean unsentData) {
        boolean recovered = tp.sndUna >= highSeq;
        if ((flag & FLAG_SND_UNA_ADVANCED) != 0 && tryUndoLoss(false)) return 0;
        if (frto) {
            if ((flag & FLAG_ORIG_SACK_ACKED) != 0 && tryUndoLoss(true)) return 0;
            if (tp.sndNxt > highSeq) {
                if ((flag & FLAG_DATA_SACKED) != 0 || numDupack > 0) frto = false; // step 3.a: the loss was real
            } else if ((flag & FLAG_SND_UNA_ADVANCED) != 0 && !recovered) {
                highSeq = tp.sndNxt;
                // step 2.b: new data, once tcp_ack() has grown the window, if the peer's window has room
                if (unsentData && tp.sndUna + tp.sndWnd > tp.sndNxt) return FLAG_REXMIT_NEW;
                frto = false;
            }
        }
        if (recovered) {
            tryUndoRecovery(); // step 2.a and the first part of 3.a
            return 0;
        }
        if (!tp.sackOk) {
            // a duplicate after F-RTO's new data means that data arrived: it leaves the flight
            if (tp.sndNxt > highSeq && numDupack > 0) tagger.addRenoSack(numDupack, ece);
            else if ((flag & FLAG_SND_UNA_ADVANCED) != 0) sb.sackedOut = 0; // tcp_reset_reno_sack()
        }
        return FLAG_REXMIT_LOST;
    }

    /**
     * {@code tcp_enter_loss()}: everything not SACKed is lost, except (with RACK) segments sent less than
     * RACK's RTT ago, and the window restarts from one segment. {@code retransmits} counts the RTOs of this
     * episode before this one ({@code icsk_retransmits}).
     */
    void enterLoss(int retransmits) {
        long now = sim.now();
        boolean newRecovery = tp.caState < RECOVERY;
        for (int i = 0; i < sb.size(); i++) { // tcp_timeout_mark_lost()
            if (i > 0 && cfg.rack() && rack.rackRtt - (now - sb.sentAt(i)) > 0) continue; // too recent to judge
            if (sb.markLost(i)) stack.count(TcpCounter.TcpExtTCPLostRetransmit);
        }
        if (tp.caState <= DISORDER || highSeq <= tp.sndUna || (tp.caState == LOSS && retransmits == 0)) {
            priorSsthresh = currentSsthresh();
            initUndo();
            priorCwnd = cw.cwnd;
            cw.ssthresh = cc.ssthresh(cw);
            cc.cwndEvent(cw, CongestionControl.Event.LOSS, sim.now());
        }
        cw.cwnd = sb.inFlight() + 1;
        cw.cwndCnt = 0;
        if (tp.caState <= DISORDER && sb.sackedOut >= cfg.reordering()) tp.reordering = Math.min(tp.reordering, cfg.reordering());
        setCaState(LOSS);
        highSeq = tp.sndNxt;
        rack.tlpHighSeq = 0; // after tcp_init_undo() counted a probe's retransmission (Linux 6.10 on)
        if ((tp.ecnFlags & ECN_OK) != 0) tp.ecnFlags |= ECN_QUEUE_CWR;
        if (!tp.sackOk) sb.sackedOut = 0;
        // F-RTO step 1: only when no recovery was under way, or on a repeated timeout of the same snd_una (RFC 5682 3.2)
        frto = cfg.fRto() && (newRecovery || retransmits > 0);
    }

    /**
     * {@code tcp_process_tlp_ack()}: an ACK beyond the probe of a resent segment means a loss the probe
     * repaired, so the window is reduced once (CWR); a D-SACK of the probe or a pure duplicate means
     * nothing was lost.
     */
    void processTlpAck(long ack, int flag) {
        if (ack < rack.tlpHighSeq) return;
        if (!rack.tlpRetrans || (flag & FLAG_DSACK_TLP) != 0) {
            rack.tlpHighSeq = 0;
        } else if (ack > rack.tlpHighSeq) {
            initCwndReduction(); // ends the episode
            setCaState(CWR);
            endCwndReduction();
            tryKeepOpen();
            stack.count(TcpCounter.TcpExtTCPLossProbeRecovery);
        } else if ((flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP | FLAG_DATA_SACKED)) == 0) {
            rack.tlpHighSeq = 0;
        }
    }

    /** {@code tcp_cong_control()}: PRR while reducing, the congestion control's growth otherwise. */
    void congControl(long ack, int ackedSacked, int flag) {
        if (inCwndReduction()) {
            cwndReduction(ackedSacked, flag);
        } else if (mayRaiseCwnd(flag)) {
            cc.congAvoid(cw, ackedSacked, sim.now());
        }
    }

    /** {@code tcp_may_raise_cwnd()}. */
    private boolean mayRaiseCwnd(int flag) {
        if (tp.reordering > cfg.reordering()) return (flag & FLAG_FORWARD_PROGRESS) != 0;
        return (flag & FLAG_DATA_ACKED) != 0;
    }

    /** {@code tcp_cwnd_reduction()}: proportional rate reduction (RFC 6937). */
    void cwndReduction(int newlyAckedSacked, int flag) {
        if (newlyAckedSacked <= 0 || priorCwnd == 0) return;
        int inFlight = sb.inFlight();
        long delta = (long) cw.ssthresh - inFlight;
        prrDelivered += newlyAckedSacked;
        long sndcnt;
        if (delta < 0) {
            long dividend = (long) cw.ssthresh * prrDelivered + priorCwnd - 1;
            sndcnt = dividend / priorCwnd - prrOut;
        } else {
            sndcnt = Math.max(prrDelivered - prrOut, newlyAckedSacked);
            if ((flag & FLAG_SND_UNA_ADVANCED) != 0) sndcnt++;
            sndcnt = Math.min(delta, sndcnt);
        }
        sndcnt = Math.max(sndcnt, prrOut == 0 ? 1 : 0); // force the fast retransmit on entry
        cw.cwnd = (int) (inFlight + sndcnt);
    }
}
