package org.sonde.sim.tcp;

import static org.sonde.packet.TcpHeader.FLAG_CWR;
import static org.sonde.packet.TcpHeader.FLAG_FIN;
import static org.sonde.sim.tcp.Tcb.ECN_DEMAND_CWR;
import static org.sonde.sim.tcp.Tcb.ECN_OK;
import static org.sonde.sim.tcp.Tcb.ECN_SEEN;
import static org.sonde.sim.tcp.Tcb.MSS_DEFAULT;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;
import org.sonde.sim.net.IpFrame;

/**
 * The receiving half of a connection, as Linux's {@code tcp_input.c} and {@code tcp_output.c} run it: data into
 * the {@link ReceiveQueue} ({@code tcp_data_queue()}, D-SACKs for duplicates), when to ACK — at once in quick-ACK
 * mode, for out-of-order data, for every second full segment, else after the delayed-ACK timeout ATO, which
 * adapts to the arrival pattern ({@code tcp_event_data_recv()}, {@code __tcp_ack_snd_check()},
 * {@code tcp_send_delayed_ack()}) — the window offered ({@code __tcp_select_window()}: the free buffer, never
 * shrinking, receiver SWS avoidance), window updates after reads ({@code tcp_cleanup_rbuf()}), and the
 * receiver's ECN echo (with DCTCP's exact CE echo).
 *
 * <p>With {@link TcpConfig#receiveWindowGrowth()} the window grows as Linux 6.x grows it: the buffer
 * ({@code sk_rcvbuf}) is memory, turned into window by {@code scaling_ratio} (a received skb's
 * {@code len/truesize}, measured when {@code rcv_mss} changes); the offer is capped by {@code rcv_ssthresh},
 * which starts at the initial window ({@code tcp_select_initial_window()}, {@code tcp_init_buffer_space()}) and
 * grows by two segments per data segment ({@code tcp_grow_window()}) up to {@code window_clamp} and the free
 * space, each raise refilling the quick-ACK budget ({@code icsk_ack.quick |= 1}). A received skb is modelled as
 * Linux's for a segment a local TCP sent over veth or loopback: its payload in page frags behind a head whose
 * truesize is {@link #SKB_HEAD_TRUESIZE}, later segments coalesced into it ({@code tcp_try_coalesce()}) up to
 * {@code MAX_SKB_FRAGS}.
 *
 * <p>It owns Linux's {@code icsk_ack} state and the delayed-ACK timer; the {@link TcpSocket} builds and sends
 * the ACKs and moves the connection's state when the FIN arrives.
 */
final class Receiver {
    // icsk_ack.pending
    static final int ACK_SCHED = 1;
    static final int ACK_TIMER = 2;
    static final int ACK_PUSHED = 4;
    static final int ACK_PUSHED2 = 8;
    static final int ACK_NOW = 16;

    /** {@code TCP_RMEM_TO_WIN_SCALE}: {@code scaling_ratio} is a fraction of 256. */
    private static final int RMEM_TO_WIN_SCALE = 8;
    /** {@code TCP_DEFAULT_SCALING_RATIO}: 50 % until a segment is measured. */
    private static final int DEFAULT_SCALING_RATIO = 1 << (RMEM_TO_WIN_SCALE - 1);
    /**
     * The truesize of a received skb beyond its payload: the head a TCP sender allocated with its
     * {@code sk_buff} and {@code skb_shared_info}. Traced on Linux 6.18 x86-64 over veth (bpftrace on
     * {@code tcp:tcp_probe}): truesize is 832 B plus the payload (2280 B for 1448 B, 1022 B for 190 B), so a
     * 1448-byte segment gives {@code scaling_ratio} 1448·256/2280 = 162.
     */
    static final int SKB_HEAD_TRUESIZE = 832;
    /** {@code MAX_SKB_FRAGS}: segments coalesced into one skb of the receive queue. */
    private static final int MAX_SKB_FRAGS = 17;
    /** {@code SOCK_MIN_RCVBUF}: 2 × (2048 + the aligned {@code sk_buff}); {@code window_clamp} stays above half of it. */
    private static final int SOCK_MIN_RCVBUF = 4608;
    /** {@code tcp_grow_window()} is called for segments of at least this payload ({@code tcp_event_data_recv()}). */
    private static final int GROW_WINDOW_MIN_LEN = 128;

    private final TcpSocket sk;
    private final Tcb tp;
    private final ReceiveQueue rq;
    private final RttEstimator rtt;
    private final CongestionControl cc;
    private final TcpConfig cfg;
    private final TcpStack stack;
    private final Simulator sim;

    /** The window offered last ({@code rcv_wnd}) and rcv_nxt when it was ({@code rcv_wup}). */
    long rcvWnd;
    long rcvWup;
    /** The shift of the window we offer ({@code rcv_wscale}), 0 when the peer does not scale. */
    int rcvWscale;

    // the receive window's growth (TcpConfig.receiveWindowGrowth): tcp_sock's fields of the same names
    private final boolean growth;
    /** The window's cap, grown per segment ({@code rcv_ssthresh}). */
    long rcvSsthresh;
    /** The largest window ever offered ({@code window_clamp}). */
    long windowClamp;
    /** The receive buffer in memory bytes ({@code sk_rcvbuf}). */
    private final long rcvBuf;
    /** Payload per memory byte, × 256 ({@code scaling_ratio}). */
    int scalingRatio = DEFAULT_SCALING_RATIO;
    /** Our own segment size ({@code advmss}: the MSS we offered, less the timestamp option when it is on). */
    private int advmss;

    // icsk_ack: delayed-ACK state (tcp_event_data_recv(), tcp_send_delayed_ack())
    int ackPending;
    /** Quick ACKs left ({@code icsk_ack.quick}). */
    int quick;
    boolean pingpong;
    /** The delayed-ACK timeout ({@code icsk_ack.ato}), 0 before the first data. */
    long ato;
    private long ackTimeout;
    /** The peer's segment size as estimated from what arrives ({@code icsk_ack.rcv_mss}). */
    int rcvMss = MSS_DEFAULT;
    private int lastSegSize;
    private long lrcvtime;
    final Timer delackTimer;
    private final TimerWheel wheel;
    // DCTCP's receiver half (struct dctcp: ce_state, prior_rcv_nxt)
    private boolean ceState;
    long priorRcvNxt;
    /** Whether the ACK now delayed was held back for a segment that was a retransmission (diagnostics). */
    private boolean delayingRetransmission;
    long delayedAcksOfRetransmissions;

    Receiver(TcpSocket sk, Tcb tp, ReceiveQueue rq, RttEstimator rtt, CongestionControl cc, TcpConfig cfg, TcpStack stack, Simulator sim) {
        this.sk = sk;
        this.tp = tp;
        this.rq = rq;
        this.rtt = rtt;
        this.cc = cc;
        this.cfg = cfg;
        this.stack = stack;
        this.sim = sim;
        this.wheel = cfg.timerWheel();
        this.delackTimer = new Timer(sim, () -> sk.timerFired(TcpObserver.TimerKind.DELACK, this::delackTimerFired));
        this.growth = cfg.receiveWindowGrowth();
        this.rcvBuf = cfg.receiveBufferBytes();
        this.advmss = cfg.segmentPayload();
        if (!cfg.windowScaling()) {
            this.rcvWscale = 0;
        } else if (growth) {
            // tcp_select_initial_window(): the scale that covers the largest buffer autotuning may reach
            long space = Math.max(fullSpace(), cfg.receiveBufferMaxBytes());
            this.rcvWscale = Math.clamp(63 - Long.numberOfLeadingZeros(space) - 15, 0, 14);
        } else {
            this.rcvWscale = windowScaleFor(cfg.receiveBufferBytes());
        }
        this.windowClamp = 65_535L << 14; // tcp_select_initial_window() with no clamp set: the largest scaled window
    }

    /**
     * The window a SYN or SYN-ACK offers (its field is this, at most 65535), sets {@code rcv_wnd} and
     * {@code rcv_ssthresh}; {@code mss} is the segment size it is rounded to ({@code tcp_select_initial_window()}:
     * the advertised MSS in a SYN, less the timestamp option in a SYN-ACK that carries it).
     */
    long synWindow(int mss) {
        long window;
        if (growth) {
            long space = Math.min(windowClamp, fullSpace());
            if (space > mss) space = space / mss * mss;
            window = space;
            windowClamp = Math.min(windowClamp, 65_535L << rcvWscale);
        } else {
            window = Math.min(Math.min(cfg.receiveBufferBytes(), cfg.initialReceiveWindowBytes()), 65_535);
        }
        rcvWnd = window;
        rcvSsthresh = window;
        return window;
    }

    /**
     * {@code tcp_init_buffer_space()} when the connection is established: {@code window_clamp} no larger than the
     * buffer's window less one segment ({@code tcp_app_win} 31 reserves nothing more), {@code rcv_ssthresh} within it.
     */
    void initBufferSpace(boolean timestamps) {
        advmss = cfg.mss() - (timestamps ? TcpSegment.TIMESTAMP_OPTION_BYTES : 0);
        if (!growth) return;
        long maxwin = fullSpace();
        windowClamp = Math.min(windowClamp, 65_535L << rcvWscale); // the peer may have refused window scaling
        if (windowClamp >= maxwin) windowClamp = maxwin;
        if (windowClamp > 2L * advmss && windowClamp + advmss > maxwin) windowClamp = Math.max(2L * advmss, maxwin - advmss);
        rcvSsthresh = Math.min(rcvSsthresh, windowClamp);
    }

    /** The handshake told the peer's initial sequence: data is expected from {@code rcvNxt} on. */
    void init(long rcvNxt) {
        rq.init(rcvNxt);
        rcvWup = rcvNxt;
    }

    /** {@code inet_csk_ack_scheduled()}: an ACK is owed. */
    boolean ackScheduled() {
        return (ackPending & ACK_SCHED) != 0;
    }

    /** {@code inet_csk_enter_pingpong_mode()}: the connection is interactive, ACKs may wait for data to carry them. */
    void enterPingpongMode() {
        pingpong = true;
    }

    /** {@code tcp_data_queue()}: the data of an acceptable segment, in order, old, out of order or beyond the window. */
    void dataQueue(TcpSegment s, long seq, long end) {
        boolean fin = s.has(FLAG_FIN);
        long dataEnd = end - (fin ? 1 : 0);
        if (seq == end) return;
        if (s.has(FLAG_CWR)) { // tcp_ecn_accept_cwr()
            tp.ecnFlags &= ~ECN_DEMAND_CWR;
            if (seq != end) ackPending |= ACK_NOW;
        }
        if (seq == rq.rcvNxt) {
            if (receiveWindow() == 0 && !(s.payloadBytes == 0 && fin)) {
                stack.count(TcpCounter.TcpExtTCPZeroWindowDrop);
                outOfWindow();
                return;
            }
            if (bufferFull(s.payloadBytes)) return;
            queueAndOut(s, seq, dataEnd, fin);
            return;
        }
        if (end <= rq.rcvNxt) { // a retransmission of data we have: D-SACK and an immediate ACK
            stack.count(TcpCounter.TcpExtDelayedACKLost);
            if (delayingRetransmission) delayedAcksOfRetransmissions++; // the sender retransmitted again meanwhile
            dsackSet(seq, end);
            outOfWindow();
            return;
        }
        if (seq >= rq.rcvNxt + receiveWindow()) { // beyond the window
            outOfWindow();
            return;
        }
        if (seq < rq.rcvNxt) { // partly old
            dsackSet(seq, rq.rcvNxt);
            if (receiveWindow() == 0) {
                stack.count(TcpCounter.TcpExtTCPZeroWindowDrop);
                outOfWindow();
                return;
            }
            queueAndOut(s, seq, dataEnd, fin);
            return;
        }
        dataQueueOfo(s, seq, dataEnd, fin);
    }

    /** {@code tcp_try_rmem_schedule()} fails: the buffer cannot take {@code payload} more bytes. */
    private boolean bufferFull(int payload) {
        return growth ? rmemAlloc() > rcvBuf : rq.held() + payload > cfg.receiveBufferBytes();
    }

    /** Data the receiver cannot take: ACK at once, and in quick-ACK mode ({@code tcp_data_queue()}'s {@code out_of_window}). */
    private void outOfWindow() {
        enterQuickackMode(cfg.quickAcks());
        ackPending |= ACK_SCHED;
    }

    /** {@code tcp_queue_rcv()} and {@code tcp_ofo_queue()}: in-order data; a FIN it reaches is taken ({@code tcp_fin()}). */
    private void queueAndOut(TcpSegment s, long seq, long dataEnd, boolean fin) {
        boolean hadOfo = rq.hasOutOfOrder();
        if (fin) rq.finSeq = dataEnd;
        rq.advance(dataEnd);
        if (s.payloadBytes > 0) eventDataRecv(s);
        if (rq.finSeq >= 0 && rq.rcvNxt == rq.finSeq && !rq.finIn) {
            rq.fin();
            ackPending |= ACK_SCHED;
            sk.tcpFin();
        }
        if (hadOfo && !rq.hasOutOfOrder()) ackPending |= ACK_NOW; // RFC 5681 4.2: the gap is filled
    }

    /** {@code tcp_data_queue_ofo()}. */
    private void dataQueueOfo(TcpSegment s, long seq, long dataEnd, boolean fin) {
        ecnCheckCe(s);
        if (bufferFull(s.payloadBytes)) return;
        ackPending |= ACK_SCHED;
        stack.count(TcpCounter.TcpExtTCPOFOQueue);
        if (fin) rq.finSeq = dataEnd;
        long endSeq = dataEnd + (fin ? 1 : 0); // SACK and D-SACK blocks cover the FIN's sequence number, as end_seq does
        if (dataEnd > seq && rq.holdsOutOfOrder(seq, dataEnd)) {
            dsackSet(seq, endSeq);
            return;
        }
        boolean coalesced = rq.continuesOutOfOrder(seq);
        rq.addOutOfOrder(seq, dataEnd, endSeq);
        // SACK flows grow the window on out-of-order data too (without SACK it stays, for the duplicate ACKs' sake);
        // data coalesced into the last out-of-order skb is judged by its payload, a new skb by its truesize
        if (growth && tp.sackOk) growWindow(s.payloadBytes, coalesced);
    }

    /** {@code tcp_dsack_set()}: the next ACK reports [seq, end) as received twice. */
    private void dsackSet(long seq, long end) {
        if (!tp.sackOk || !cfg.dsack()) return;
        stack.count(seq < rq.rcvNxt ? TcpCounter.TcpExtTCPDSACKOldSent : TcpCounter.TcpExtTCPDSACKOfoSent);
        rq.setDsack(seq, end);
    }

    /** {@code tcp_event_data_recv()}: adapts the delayed-ACK timeout (ATO) and enters quick-ACK mode at the start and after idle periods. */
    private void eventDataRecv(TcpSegment s) {
        ackPending |= ACK_SCHED;
        measureRcvMss(s);
        long now = sim.now();
        long atoMin = cfg.delayedAckNanos();
        if (ato == 0) {
            incrQuickack(cfg.quickAcks());
            ato = atoMin;
        } else {
            long m = now - lrcvtime;
            if (m <= atoMin / 2) {
                ato = (ato >> 1) + atoMin / 2; // the fast path: segments arrive back to back
            } else if (m < ato) {
                ato = (ato >> 1) + m;
                if (ato > rtt.rto) ato = rtt.rto;
            } else if (m > rtt.rto) {
                incrQuickack(cfg.quickAcks()); // the peer was idle (or timed out) for longer than an RTO
            }
        }
        lrcvtime = now;
        ecnCheckCe(s);
        if (s.retransmission) delayingRetransmission = true;
        if (growth && s.payloadBytes >= GROW_WINDOW_MIN_LEN) growWindow(s.payloadBytes, true);
    }

    /**
     * {@code tcp_grow_window()}: {@code rcv_ssthresh} grows by two segments (at most to {@code window_clamp} and
     * the free space) and the quick-ACK budget is refilled by one, when an skb of this truesize would fit the
     * buffer's window (check #2). With {@code adjust} the skb is judged by its payload alone
     * ({@code truesize_adjust()}: a veth skb's payload is all in page frags, so only the head's truesize is taken
     * off), which always passes; without, by its whole truesize.
     */
    private void growWindow(int len, boolean adjust) {
        long room = Math.min(windowClamp, space()) - rcvSsthresh;
        if (room <= 0) return;
        long truesize = adjust ? len : len + SKB_HEAD_TRUESIZE;
        long incr = winFromSpace(truesize) <= len ? 2L * advmss : growWindowSlowly(len, truesize);
        if (incr == 0) return;
        incr = Math.max(incr, 2L * len);
        rcvSsthresh += Math.min(room, incr);
        quick |= 1;
    }

    /** {@code __tcp_grow_window()}: a costly skb grows the window only while it is small against the largest buffer. */
    private long growWindowSlowly(int len, long truesize) {
        long t = winFromSpace(truesize) >> 1;
        long window = winFromSpace(cfg.receiveBufferMaxBytes()) >> 1;
        while (rcvSsthresh <= window) {
            if (t <= len) return 2L * rcvMss;
            t >>= 1;
            window >>= 1;
        }
        return 0;
    }

    /** {@code tcp_measure_rcv_mss()}'s new {@code scaling_ratio}, from a segment of {@code len} bytes and its truesize. */
    private void measureScalingRatio(int len) {
        int old = scalingRatio;
        scalingRatio = (int) Math.max(1, ((long) len << RMEM_TO_WIN_SCALE) / (len + SKB_HEAD_TRUESIZE));
        if (scalingRatio != old) setWindowClamp(winFromSpace(rcvBuf));
    }

    /** {@code tcp_set_window_clamp()} (as of 6.15): a lower clamp lowers {@code rcv_ssthresh}, a higher one lets it reach {@code rcv_wnd}. */
    private void setWindowClamp(long val) {
        long old = windowClamp;
        long clamp = Math.max(SOCK_MIN_RCVBUF / 2, val);
        if (clamp == old) return;
        windowClamp = clamp;
        if (clamp < old) rcvSsthresh = Math.min(rcvSsthresh, clamp);
        else rcvSsthresh = Math.max(Math.min(rcvWnd, clamp), rcvSsthresh);
    }

    /** {@code tcp_win_from_space()}: the window a number of memory bytes holds. */
    private long winFromSpace(long space) {
        return space * scalingRatio >> RMEM_TO_WIN_SCALE;
    }

    /** {@code tcp_full_space()}. */
    private long fullSpace() {
        return winFromSpace(rcvBuf);
    }

    /** {@code tcp_space()}: the window the free memory holds. */
    private long space() {
        return winFromSpace(rcvBuf - rmemAlloc());
    }

    /**
     * {@code sk_rmem_alloc}: the held bytes and a head for every {@link #MAX_SKB_FRAGS} segments of them (a queued
     * skb takes later segments as frags, so they add their payload only).
     */
    long rmemAlloc() {
        long held = rq.held();
        if (held == 0) return 0;
        long segments = (held + rcvMss - 1) / rcvMss;
        return held + SKB_HEAD_TRUESIZE * ((segments + MAX_SKB_FRAGS - 1) / MAX_SKB_FRAGS);
    }

    /** {@code tcp_measure_rcv_mss()}: the peer's segment size, and whether small (pushed) segments arrive. */
    private void measureRcvMss(TcpSegment s) {
        int len = s.payloadBytes;
        if (len >= rcvMss) {
            if (growth && len != rcvMss) measureScalingRatio(len);
            rcvMss = Math.min(len, cfg.mss());
        } else {
            if (len >= MSS_DEFAULT && len == lastSegSize) {
                rcvMss = len;
                lastSegSize = len;
                return;
            }
            lastSegSize = len;
            if ((ackPending & ACK_PUSHED) != 0) ackPending |= ACK_PUSHED2;
            ackPending |= ACK_PUSHED;
        }
    }

    /** {@code tcp_incr_quickack()}: up to half the window's worth of segments are ACKed one by one. */
    private void incrQuickack(int maxQuickacks) {
        long q = rcvWnd / (2L * rcvMss);
        if (q == 0) q = 2;
        q = Math.min(q, maxQuickacks);
        if (q > quick) quick = (int) q;
    }

    /** {@code tcp_enter_quickack_mode()}. */
    private void enterQuickackMode(int maxQuickacks) {
        incrQuickack(maxQuickacks);
        pingpong = false;
        ato = cfg.delayedAckNanos();
    }

    /** {@code tcp_in_quickack_mode()}. */
    boolean inQuickackMode() {
        return quick > 0 && !pingpong;
    }

    /** {@code __tcp_ecn_check_ce()} with DCTCP's CE-echo state machine ({@code dctcp_ece_ack_update()}). */
    private void ecnCheckCe(TcpSegment s) {
        if ((tp.ecnFlags & ECN_OK) == 0) return;
        switch (s.ecn) {
            case IpFrame.ECN_NOT_ECT -> {
                // a segment without ECT after ECT ones is probably a retransmission: do not delay its ACK
                if ((tp.ecnFlags & ECN_SEEN) != 0) enterQuickackMode(2);
            }
            case IpFrame.ECN_CE -> {
                if (cc.needsEcn()) dctcpEceAckUpdate(true);
                if ((tp.ecnFlags & ECN_DEMAND_CWR) == 0) {
                    enterQuickackMode(2); // the sender may have a tiny window: do not delay
                    tp.ecnFlags |= ECN_DEMAND_CWR;
                }
                tp.ecnFlags |= ECN_SEEN;
            }
            default -> {
                if (cc.needsEcn()) dctcpEceAckUpdate(false);
                tp.ecnFlags |= ECN_SEEN;
            }
        }
    }

    /**
     * {@code dctcp_ece_ack_update()}: the receiver echoes CE exactly. When the CE state changes, an ACK
     * delayed under the old state is sent first (acknowledging up to the previous rcv_nxt with the old
     * ECE), then the new state is ACKed at once.
     */
    private void dctcpEceAckUpdate(boolean ce) {
        if (ceState != ce) {
            if ((ackPending & ACK_TIMER) != 0) {
                setDemandCwr(ceState);
                sk.sendAckUpTo(priorRcvNxt);
            }
            ackPending |= ACK_NOW;
        }
        priorRcvNxt = rq.rcvNxt;
        ceState = ce;
        setDemandCwr(ce);
    }

    /** Sets or clears {@code TCP_ECN_DEMAND_CWR}: ECE on every ACK until the sender's CWR arrives. */
    private void setDemandCwr(boolean on) {
        if (on) tp.ecnFlags |= ECN_DEMAND_CWR;
        else tp.ecnFlags &= ~ECN_DEMAND_CWR;
    }

    /** {@code __tcp_ack_snd_check()}. */
    void ackSndCheck(boolean ofoPossible) {
        // more than one full segment unacknowledged, and the application read it all (sk_rcvlowat 1) or the window's right edge advances
        if ((rq.rcvNxt - rcvWup > rcvMss && (rq.unread() == 0 || selectWindowRaw() >= rcvWnd))
                || inQuickackMode()
                || (ackPending & ACK_NOW) != 0) {
            if (!sk.deferAck()) sk.sendAck(); // from the backlog, the ACK waits for the release (tcp_backlog_ack_defer)
            return;
        }
        if (ofoPossible && rq.hasOutOfOrder()) { // out-of-order data is ACKed at once (SACK compression not modelled)
            sk.sendAck();
            return;
        }
        sendDelayedAck();
    }

    /** {@code tcp_send_delayed_ack()}. */
    private void sendDelayedAck() {
        long a = ato;
        long delackMin = cfg.delayedAckNanos();
        if (a > delackMin) {
            long maxAto = 500_000_000L; // HZ / 2
            if (pingpong || (ackPending & ACK_PUSHED) != 0) maxAto = cfg.delayedAckMaxNanos();
            if (rtt.srtt8 != 0) {
                long srtt = Math.max(rtt.srtt(), delackMin);
                if (srtt < maxAto) maxAto = srtt;
            }
            a = Math.min(a, maxAto);
        }
        long now = sim.now();
        long timeout = now + a;
        if ((ackPending & ACK_TIMER) != 0) {
            if (ackTimeout <= now + (a >> 2)) { // the pending one is nearly due: ACK now
                sk.sendAck();
                return;
            }
            if (timeout >= ackTimeout) timeout = ackTimeout;
        }
        ackPending |= ACK_SCHED | ACK_TIMER;
        ackTimeout = timeout;
        delackTimer.arm(wheel.expiry(now, timeout));
    }

    /** {@code tcp_delack_timer_handler()}. */
    void delackTimerFired() {
        if ((ackPending & ACK_TIMER) == 0) return;
        ackPending &= ~ACK_TIMER;
        if ((ackPending & ACK_SCHED) != 0) {
            if (delayingRetransmission) delayedAcksOfRetransmissions++; // it waited the whole ATO
            if (!pingpong) ato = Math.min(ato << 1, rtt.rto); // the delayed ACK was needed: inflate ATO
            else {
                pingpong = false;
                ato = cfg.delayedAckNanos();
            }
            sk.sendAck();
            stack.count(TcpCounter.TcpExtDelayedACKs);
        }
    }

    /** {@code tcp_event_ack_sent()}: any segment carrying an ACK settles the pending delayed ACK. */
    void eventAckSent() {
        if (quick > 0) {
            if (quick <= 1) {
                quick = 0;
                ato = cfg.delayedAckNanos();
            } else {
                quick--;
            }
        }
        ackPending = 0;
        delackTimer.cancel();
        delayingRetransmission = false;
    }

    /** {@code tcp_event_data_sent()}: data sent soon after data was received means an interactive (ping-pong) connection. */
    void eventDataSent(long now) {
        if (ato > 0 && now - lrcvtime < ato) pingpong = true;
    }

    /** {@code tcp_cleanup_rbuf()}: after a read, ACK if one is overdue or the window grew a lot. */
    void cleanupRbuf(long copied) {
        if (sk.state().compareTo(TcpSocket.State.ESTABLISHED) < 0) return;
        boolean timeToAck = false;
        if ((ackPending & ACK_SCHED) != 0) {
            if (rq.rcvNxt - rcvWup > rcvMss
                    || (copied > 0 && ((ackPending & ACK_PUSHED2) != 0 || ((ackPending & ACK_PUSHED) != 0 && !pingpong)) && rq.held() == 0)) {
                timeToAck = true;
            }
        }
        if (copied > 0 && !timeToAck && !rq.finIn) {
            long now = receiveWindow();
            if (2 * now <= windowClamp()) {
                long w = selectWindowRaw();
                if (w > 0 && w >= 2 * now) timeToAck = true;
            }
        }
        if (timeToAck) sk.sendAck();
    }

    /** {@code tcp_receive_window()}: what is left of the window last advertised. */
    long receiveWindow() {
        return Math.max(rcvWup + rcvWnd - rq.rcvNxt, 0);
    }

    /** {@code window_clamp}: the largest window the buffer and the window scale allow. */
    private long windowClamp() {
        return growth ? windowClamp : Math.min(cfg.receiveBufferBytes(), 65_535L << rcvWscale);
    }

    /**
     * {@code __tcp_select_window()}: the free receive space (with window growth: at most {@code rcv_ssthresh}), zero
     * when it falls below one segment (receiver SWS avoidance).
     */
    private long selectWindowRaw() {
        long mss = rcvMss;
        long full;
        long allowed;
        long free;
        if (growth) {
            allowed = fullSpace();
            full = Math.min(windowClamp, allowed);
            free = space();
        } else {
            full = windowClamp();
            allowed = full;
            free = Math.min(Math.max(0, cfg.receiveBufferBytes() - rq.held()), full);
        }
        if (mss > full) {
            mss = full;
            if (mss <= 0) return 0;
        }
        if (free < (full >> 1)) {
            quick = 0; // a filling buffer ends quick-ACK mode
            free = Math.floorDiv(free, 1L << rcvWscale) << rcvWscale;
            if (free < (allowed >> 4) || free < mss) return 0;
        }
        if (growth && free > rcvSsthresh) free = rcvSsthresh;
        if (rcvWscale > 0) {
            long unit = 1L << rcvWscale;
            return (free + unit - 1) / unit * unit;
        }
        long window = rcvWnd;
        if (window <= free - mss || window > free) window = free / mss * mss;
        else if (mss == full && free > window + (full >> 1)) window = free;
        return window;
    }

    /** {@code tcp_select_window()}: never shrinks the offered window; returns the scaled 16-bit value. */
    int selectWindow() {
        long oldWin = rcvWnd;
        long curWin = receiveWindow();
        long newWin = selectWindowRaw();
        if (newWin < curWin) {
            if (newWin == 0) stack.count(TcpCounter.TcpExtTCPWantZeroWindowAdv);
            long unit = 1L << rcvWscale;
            newWin = (curWin + unit - 1) / unit * unit;
        }
        rcvWnd = newWin;
        rcvWup = rq.rcvNxt;
        long field = Math.min(newWin, 65_535L << rcvWscale) >> rcvWscale;
        if (field == 0) {
            if (oldWin != 0) stack.count(TcpCounter.TcpExtTCPToZeroWindowAdv);
        } else if (oldWin == 0) {
            stack.count(TcpCounter.TcpExtTCPFromZeroWindowAdv);
        }
        return (int) field;
    }

    /** {@code tcp_send_dupack()}: an unacceptable segment is answered at once (old data also with a D-SACK). */
    void sendDupAck(long seq, long end) {
        if (end != seq && seq < rq.rcvNxt) {
            stack.count(TcpCounter.TcpExtDelayedACKLost);
            enterQuickackMode(cfg.quickAcks());
            dsackSet(seq, Math.min(end, rq.rcvNxt));
        }
        sk.sendAck();
    }

    /** {@code tcp_select_initial_window()}: the smallest shift that lets the 16-bit field cover the buffer. */
    private static int windowScaleFor(long space) {
        int s = 0;
        while (space > 65_535 && s < 14) {
            space >>= 1;
            s++;
        }
        return s;
    }
}
