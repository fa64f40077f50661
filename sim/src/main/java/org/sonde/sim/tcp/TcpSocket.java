package org.sonde.sim.tcp;

import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_CWR;
import static org.sonde.packet.TcpHeader.FLAG_ECE;
import static org.sonde.packet.TcpHeader.FLAG_FIN;
import static org.sonde.packet.TcpHeader.FLAG_RST;
import static org.sonde.packet.TcpHeader.FLAG_SYN;
import static org.sonde.sim.tcp.Tcb.ECN_DEMAND_CWR;
import static org.sonde.sim.tcp.Tcb.ECN_OK;
import static org.sonde.sim.tcp.Tcb.ECN_QUEUE_CWR;
import static org.sonde.sim.tcp.Tcb.MSS_DEFAULT;

import org.sonde.packet.Ipv4Address;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;
import org.sonde.sim.net.IpFrame;

/**
 * One TCP connection endpoint, modelled on Linux's {@code tcp_input.c}, {@code tcp_output.c} and
 * {@code tcp_timer.c}: the comments name the Linux functions each part follows.
 *
 * <p>The socket holds the connection's state machine, the application's calls, the handshake, and the building
 * and sending of segments. The algorithms run in its parts, package-private classes over the connection's shared
 * data ({@code Tcb}, {@code Scoreboard}, {@code ReceiveQueue}, {@link CongestionWindow}): the {@code Sender}
 * (each ACK, transmission, the retransmission timer), the {@code Receiver} (data, delayed ACKs, the window),
 * {@code SackTagger}, {@code LossRecovery} with PRR, {@code RackTlp}, {@code RttEstimator} and the
 * {@link CongestionControl}; the package description lists them.
 *
 * <p>Sequence numbers are kept as 64-bit values that never wrap (the initial sequence number plus
 * bytes); segments carry their low 32 bits and incoming ones are unwrapped against {@code snd_una}
 * or {@code rcv_nxt}.
 *
 * <p>Loss detection is Linux's: RACK-TLP (RFC 8985, {@code tcp_recovery.c}) on SACK connections, or
 * the classic duplicate threshold on the SACK scoreboard with {@code tcp_recovery = 0}; NewReno for
 * connections without SACK; proportional rate reduction in recovery; F-RTO after a timeout
 * ({@code tcp_frto}) and the undos timestamps prove; see {@link TcpStack} for what is left out.
 */
public final class TcpSocket {
    /** What an application model is told. All calls happen inside the simulation. */
    public interface Listener {
        /** The handshake completed (both for {@code connect} and for accepted connections). */
        default void connected(TcpSocket s) {
        }

        /** The peer acknowledged data: {@code totalAcked} bytes so far. */
        default void acked(TcpSocket s, long totalAcked) {
        }

        /** In-order data arrived: {@code unread} bytes wait in the receive buffer. */
        default void readable(TcpSocket s, long unread) {
        }

        /** The application model read {@code bytes} ({@link #readAll()}, {@link #readAtRate}); {@code totalRead} so far. */
        default void read(TcpSocket s, long bytes, long totalRead) {
        }

        /** The peer closed its side and every byte before its FIN has been read. */
        default void peerClosed(TcpSocket s) {
        }

        /** The connection is over: closed normally, or {@code reset} by a RST, a refused connect or a timeout. */
        default void closed(TcpSocket s, boolean reset) {
        }
    }

    public enum State { CLOSED, LISTEN, SYN_SENT, SYN_RECV, ESTABLISHED, FIN_WAIT1, FIN_WAIT2, CLOSE_WAIT, CLOSING, LAST_ACK, TIME_WAIT }

    private static final Listener NONE = new Listener() {
    };

    final TcpStack stack;
    private final Simulator sim;
    private final TcpConfig cfg;
    final int localPort;
    final int remoteIp;
    final int remotePort;
    private final int priority;
    private Listener app = NONE;
    private TcpStack.Acceptor acceptor;
    private State state = State.CLOSED;

    // the connection's data
    private final Tcb tp;
    private final Scoreboard sb = new Scoreboard();
    private final ReceiveQueue rq = new ReceiveQueue();
    private final CongestionWindow cw;
    /** Linux's send buffer, null unless {@code send-buffer-growth}. */
    final SendBuffer sndBuf;
    /** {@code tcp_wstamp_ns}: when the socket last transmitted a segment. */
    long lastXmitNanos;
    /** Linux's socket backlog, null unless {@code socket-backlog}. */
    final SocketBacklog backlog;
    /** The application is inside a call that took the socket, from {@link #lockSock()} to {@link #releaseSock()}. */
    private boolean held;
    /** The backlog is being handled ({@code __release_sock()}): an immediate ACK waits for {@code tcp_release_cb()}. */
    private boolean flushing;
    /**
     * What {@code tcp_release_cb()} does at the release: {@code TCP_WRITE_TIMER_DEFERRED} and
     * {@code TCP_DELACK_TIMER_DEFERRED} (the timer fired while the application held the socket), {@code TCP_ACK_DEFERRED}
     * (an immediate ACK decided while the backlog ran).
     */
    private boolean writeTimerDeferred, delackTimerDeferred, ackDeferred;
    // the parts that run its algorithms
    private final CongestionControl cc;
    private final RttEstimator rtt;
    private final XmitTimer xt;
    private final RackTlp rack;
    private final SackTagger tagger;
    private final LossRecovery recovery;
    final Receiver rcv;
    final Sender snd;

    // the handshake
    private boolean peerOfferedWindowScale;
    private int peerMss;
    private final boolean ecnRequested;
    private long irs;
    /** {@code ts_recent}: the peer's timestamp that our segments echo. */
    private int tsRecent;
    /** When the SYN (or SYN-ACK) was sent, -1 after a retransmission (Karn's rule). */
    private long synSentAt = -1;

    // the application: its writes not yet in the send buffer, its close, and its reads
    private long appPending;
    private boolean closeRequested;
    private final ApplicationReader reader;
    private final Timer timeWaitTimer;

    TcpSocket(TcpStack stack, int localPort, int remoteIp, int remotePort, int priority, boolean active) {
        this.stack = stack;
        this.sim = stack.simulator();
        this.cfg = stack.config();
        this.localPort = localPort;
        this.remoteIp = remoteIp;
        this.remotePort = remotePort;
        this.priority = priority;
        this.cc = CongestionControl.create(cfg);
        this.cw = new CongestionWindow(cfg.initCwnd());
        this.ecnRequested = active && (cfg.ecn() || cc.needsEcn());
        this.tp = new Tcb(cfg.reordering());
        this.sndBuf = cfg.sendBufferGrowth() ? new SendBuffer(tp, cfg) : null;
        this.backlog = cfg.socketBacklog() ? new SocketBacklog() : null;
        this.rtt = new RttEstimator(cfg, tp);
        this.xt = new XmitTimer(sim, sb, rtt, cfg.timerWheel(), this::xmitTimerFired);
        this.rack = new RackTlp(tp, sb, rtt, xt, cfg, stack, sim);
        this.tagger = new SackTagger(tp, sb, rack, rtt, cw, cc, cfg, stack, sim);
        this.recovery = new LossRecovery(tp, sb, cw, cc, rack, tagger, cfg, stack, sim);
        this.rcv = new Receiver(this, tp, rq, rtt, cc, cfg, stack, sim);
        this.snd = new Sender(this, tp, sb, cw, cc, rtt, xt, rack, tagger, recovery, rcv, cfg, stack, sim);
        this.reader = new ApplicationReader(this, rq, rcv, stack, sim);
        this.timeWaitTimer = new Timer(sim, () -> timerFired(TcpObserver.TimerKind.TIME_WAIT, this::timeWaitOver));
    }

    // ---------------------------------------------------------------------------------------------
    // application calls

    public void setListener(Listener listener) {
        this.app = listener == null ? NONE : listener;
    }

    /** Hands {@code bytes} to the socket now: what fits the send buffer is queued, the rest waits as a blocked write would. */
    public void send(long bytes) {
        stack.observer().call(this, TcpObserver.Call.SEND, bytes, 0);
        if (bytes <= 0) return;
        if (closeRequested || state == State.CLOSED) throw new IllegalStateException("send on a closed socket " + this);
        appPending += bytes;
        fillSendBuffer();
        if (state.compareTo(State.ESTABLISHED) >= 0) snd.pushPendingFrames();
    }

    /** {@link #send} at simulated time {@code atNanos}. */
    void sendAt(long atNanos, long bytes) {
        sim.at(atNanos, () -> send(bytes));
    }

    /**
     * {@code tcp_new_space()}: the peer acknowledged data, so the send buffer has room: a blocked write goes on
     * and the application hears of the progress.
     */
    void newSpace() {
        if (sndBuf == null) fillSendBuffer(); // else the write waits for tcp_check_space()
        stack.observer().callback(this, TcpObserver.Callback.ACKED, false);
        app.acked(this, tp.bytesAcked);
        stack.observer().callback(this, TcpObserver.Callback.ACKED, true);
    }

    /** Moves the application's pending bytes into the send buffer as far as it has room. */
    private void fillSendBuffer() {
        if (sndBuf != null) {
            sendmsg();
            return;
        }
        long room = cfg.sendBufferBytes() - (tp.writeSeq - tp.sndUna);
        long n = Math.min(room, appPending);
        if (n > 0) {
            tp.writeSeq += n;
            appPending -= n;
        }
    }

    /**
     * {@code tcp_sendmsg_locked()} into Linux's send buffer: the write appends to the last unsent skb up to
     * {@code size_goal}, pushing it out once full; a new skb needs free memory, else the write waits
     * ({@code sk_stream_wait_memory()}) with what it copied pushed out. Before the connection opens it waits for it.
     */
    private void sendmsg() {
        if (sndBuf.noSpace || state.compareTo(State.ESTABLISHED) < 0 || appPending == 0) return;
        boolean copied = false;
        while (appPending > 0) {
            long goal = sndBuf.sizeGoal(tp.maxWindow);
            long tail = sndBuf.tailLength();
            if (tail == 0 || tail >= goal) {
                if (!sndBuf.memoryFree()) {
                    if (copied) snd.pushPendingFrames(); // tcp_push() before the wait
                    copied = false;
                    sndBuf.noSpace = true;
                    // sk_stream_wait_memory() releases the socket: a held one's backlog is handled now, and what it
                    // frees lets the write go on (tcp_check_space(), from within)
                    if (held) flushBacklog();
                    break;
                }
                sndBuf.startSkb();
                tail = 0;
            }
            long n = Math.min(goal - tail, appPending);
            tp.writeSeq += n;
            appPending -= n;
            copied = true;
            if (tail + n >= goal) snd.pushOne(); // a full skb goes out at once
        }
        if (copied) snd.pushPendingFrames(); // tcp_push()
    }

    /**
     * {@code tcp_check_space()} after an ACK's transmissions: a waiting write may grow the buffer
     * ({@code tcp_new_space()}: unless the window is full) and goes on once the buffer is writeable.
     */
    private void checkSpace() {
        if (sndBuf == null || !sndBuf.noSpace) return;
        if (sb.inFlight() < cw.cwnd) sndBuf.expand(cw.cwnd, Math.min(peerMss, cfg.mss()));
        if (!sndBuf.writeable()) return;
        sndBuf.noSpace = false;
        sendmsg();
    }

    /** The end of the unsent skb at {@code snd_nxt}: the next skb's start, or {@code write_seq} for the last one. */
    long unsentSkbEnd() {
        return sndBuf == null ? tp.writeSeq : sndBuf.skbEnd(tp.sndNxt);
    }

    /** A transmission ended at {@code seq}: the skb it ended in is split there. */
    void sentUpTo(long seq) {
        if (sndBuf != null) sndBuf.splitAt(seq);
    }

    /** The application closed and every byte it wrote is in the send buffer: the FIN follows them. */
    boolean finQueued() {
        return closeRequested && appPending == 0 && (state == State.FIN_WAIT1 || state == State.LAST_ACK || state == State.CLOSING);
    }

    /** {@code tcp_close()}: a FIN follows the data; unread received data makes it a RST. */
    public void close() {
        stack.observer().call(this, TcpObserver.Call.CLOSE, 0, 0);
        if (closeRequested) return;
        closeRequested = true;
        switch (state) {
            case CLOSED, LISTEN, SYN_SENT -> {
                done(false);
                return;
            }
            default -> {
            }
        }
        if (rq.unread() > 0) {
            stack.count(TcpCounter.TcpExtTCPAbortOnData);
            sendReset();
            done(true);
            return;
        }
        if (state == State.ESTABLISHED || state == State.SYN_RECV) state = State.FIN_WAIT1;
        else if (state == State.CLOSE_WAIT) state = State.LAST_ACK;
        snd.pushPendingFrames();
    }

    /** Aborts with a RST ({@code SO_LINGER} 0 then close, or {@code tcp_abort}). */
    public void abort() {
        stack.observer().call(this, TcpObserver.Call.ABORT, 0, 0);
        if (state == State.CLOSED) return;
        if (state != State.SYN_SENT && state != State.LISTEN && state != State.TIME_WAIT) sendReset();
        done(true);
    }

    /**
     * {@code lock_sock()}: the application takes the socket for a call. With {@code socket-backlog}, until
     * {@link #releaseSock()} the segments that arrive wait in the socket's backlog and the retransmission and
     * delayed-ACK timers that fire wait for the release; the application's own calls go on. Without, it does nothing.
     *
     * @throws IllegalStateException if the application holds the socket already (one owner at a time)
     */
    public void lockSock() {
        stack.observer().call(this, TcpObserver.Call.LOCK, 0, 0);
        if (backlog == null) return;
        if (held) throw new IllegalStateException("the application holds " + this + " already");
        held = true;
    }

    /**
     * {@code release_sock()}: the backlog is handled ({@link #flushBacklog()}). Nothing when the application does not
     * hold the socket.
     */
    public void releaseSock() {
        stack.observer().call(this, TcpObserver.Call.RELEASE, 0, 0);
        if (!held) return;
        if (owned()) flushBacklog();
        held = false;
    }

    /**
     * {@code sock_owned_by_user()}: the application holds the socket, unless its write waits for send buffer memory
     * ({@code sk_stream_wait_memory()} releases the socket while it waits).
     */
    boolean owned() {
        return held && !(sndBuf != null && sndBuf.noSpace);
    }

    /**
     * {@code __release_sock()} then {@code tcp_release_cb()}: the backlog's skbs are handled in their order, an
     * immediate ACK among them waiting for the last, then the deferred timers run and the deferred ACK goes if one is
     * still due.
     */
    private void flushBacklog() {
        flushing = true;
        for (TcpSegment s; (s = backlog.poll()) != null; ) handleSegment(s);
        flushing = false;
        releaseCb();
    }

    /** {@code __tcp_ack_snd_check()} while the backlog runs ({@code tcp_backlog_ack_defer}): the ACK waits for the release. */
    boolean deferAck() {
        if (!flushing) return false;
        ackDeferred = true;
        return true;
    }

    /**
     * {@code tcp_release_cb()}: a retransmission or delayed-ACK timer that fired while the application held the socket
     * runs now unless it was armed again for later or cleared meanwhile ({@code tcp_write_timer_handler()} and
     * {@code tcp_delack_timer_handler()} check), then the deferred ACK goes if an ACK is still scheduled.
     */
    private void releaseCb() {
        if (writeTimerDeferred) {
            writeTimerDeferred = false;
            if (xt.pending != XmitTimer.NONE && !xt.timer.armed()) runTimer(xmitTimerKind(), snd::xmitTimerFired);
        }
        if (delackTimerDeferred) {
            delackTimerDeferred = false;
            if (!rcv.delackTimer.armed()) runTimer(TcpObserver.TimerKind.DELACK, rcv::delackTimerFired);
        }
        if (ackDeferred) {
            ackDeferred = false;
            if (rcv.ackScheduled()) sendAck();
        }
    }

    /** Reads up to {@code max} bytes now; returns how many. */
    public long read(long max) {
        stack.observer().call(this, TcpObserver.Call.READ, max, 0);
        return reader.read(max);
    }

    /** The application reads every byte as soon as it is in order. */
    public void readAll() {
        stack.observer().call(this, TcpObserver.Call.READ_ALL, 0, 0);
        reader.readAll();
    }

    /** The application reads {@code readSize} bytes per call at {@code bitsPerSecond} at most (so buffers fill and windows close). */
    public void readAtRate(long bitsPerSecond, int readSize) {
        stack.observer().call(this, TcpObserver.Call.READ_AT_RATE, bitsPerSecond, readSize);
        reader.readAtRate(bitsPerSecond, readSize);
    }

    /** The application stops reading (the receive buffer fills up and the window closes). */
    public void stopReading() {
        stack.observer().call(this, TcpObserver.Call.STOP_READING, 0, 0);
        reader.stop();
    }

    /** The application model this socket tells of its events. */
    Listener listener() {
        return app;
    }

    // ---------------------------------------------------------------------------------------------
    // statistics

    public State state() {
        return state;
    }

    public int localPort() {
        return localPort;
    }

    public int remotePort() {
        return remotePort;
    }

    public int remoteIp() {
        return remoteIp;
    }

    public int priority() {
        return priority;
    }

    /** The host this socket belongs to. */
    public org.sonde.sim.net.Host host() {
        return stack.host();
    }

    /** The window last offered to the peer, in bytes ({@code rcv_wnd}). */
    public long receiveWindowBytes() {
        return rcv.rcvWnd;
    }

    /** Quick ACKs left ({@code icsk_ack.quick}) and whether quick-ACK mode is on ({@code tcp_in_quickack_mode()}). */
    public int quickAcksLeft() {
        return rcv.quick;
    }

    public boolean inQuickAckMode() {
        return rcv.inQuickackMode();
    }

    /** The delayed-ACK timer is armed. */
    public boolean delayedAckPending() {
        return rcv.delackTimer.armed();
    }

    /** Congestion window in segments ({@code snd_cwnd}). */
    public int cwnd() {
        return cw.cwnd;
    }

    public int ssthresh() {
        return cw.ssthresh;
    }

    /** Payload bytes of a full segment ({@code mss_cache}). */
    public int mss() {
        return tp.mssCache;
    }

    long cwndBytes() {
        return (long) cw.cwnd * tp.mssCache;
    }

    /** Smoothed RTT in nanoseconds (0 before the first sample). */
    public long srttNanos() {
        return rtt.srtt();
    }

    /** The windowed minimum RTT ({@code tcpi_min_rtt}) in nanoseconds, {@link Long#MAX_VALUE} before the first sample. */
    long minRttNanos() {
        return rtt.minRtt;
    }

    /** RACK's reordering window in steps of min_rtt/4 ({@code rack.reo_wnd_steps}): 1 unless D-SACKs widened it. */
    int rackReoWndSteps() {
        return rack.reoWndSteps;
    }

    public long rttvarNanos() {
        return rtt.rttvar;
    }

    /** The current retransmission timeout, backoff included. */
    public long rtoNanos() {
        return rtt.rto;
    }

    public int backoff() {
        return rtt.backoff;
    }

    /** The bytes the application's writes have put into the send buffer so far. */
    long bytesWritten() {
        return tp.writeSeq - (tp.iss + 1);
    }

    long bytesAcked() {
        return tp.bytesAcked;
    }

    public long bytesRead() {
        return reader.totalRead();
    }

    /** Bytes in order in the receive buffer that the application has not read. */
    long unreadBytes() {
        return rq.unread();
    }

    public long totalRetransmissions() {
        return tp.totalRetrans;
    }

    /** Retransmission timeouts of this connection's data (SYN timeouts excluded). */
    public int timeouts() {
        return snd.timeouts;
    }

    /** Linux's {@code icsk_ca_state}: {@link CongestionControl#OPEN} .. {@link CongestionControl#LOSS}. */
    public int caState() {
        return tp.caState;
    }

    /** {@code tp->reordering}: the current duplicate-ACK threshold. */
    public int reordering() {
        return tp.reordering;
    }

    public long sendWindow() {
        return tp.sndWnd;
    }

    boolean ecnNegotiated() {
        return (tp.ecnFlags & ECN_OK) != 0;
    }

    public CongestionControl congestionControl() {
        return cc;
    }

    /**
     * Retransmissions whose ACK this receiver held back until the delayed-ACK timer fired or the sender
     * retransmitted again (the DETER §2.1 pattern: a receiver out of quick-ACK mode delays the ACK of
     * the segment an RTO resent).
     */
    long delayedAcksOfRetransmissions() {
        return rcv.delayedAcksOfRetransmissions;
    }

    /** The {@code tcp_info}-like state for statistics. */
    public TcpInfo info() {
        return new TcpInfo(state, tp.caState, cw.cwnd, cw.ssthresh, tp.mssCache, rtt.srtt(), rtt.rttvar, rtt.rto, rtt.backoff, sb.packetsOut(),
                sb.sackedOut, sb.lostOut, sb.retransOut, tp.reordering, tp.bytesAcked, reader.totalRead(), tp.totalRetrans, tp.sndWnd);
    }

    // ---------------------------------------------------------------------------------------------
    // opening

    void setAcceptor(TcpStack.Acceptor acceptor) {
        this.acceptor = acceptor;
    }

    /** {@code tcp_connect()}: sends the SYN. */
    void connect(Listener listener) {
        setListener(listener);
        tp.iss = stack.initialSequence(this, TcpObserver.Draw.ISS);
        tp.tsOffset = stack.initialSequence(this, TcpObserver.Draw.TS_OFFSET);
        tp.sndUna = tp.iss;
        tp.sndNxt = tp.iss + 1;
        tp.writeSeq = tp.iss + 1;
        state = State.SYN_SENT;
        stack.count(TcpCounter.TcpActiveOpens);
        if (ecnRequested) tp.ecnFlags = ECN_OK; // tcp_ecn_send_syn(): confirmed or dropped by the SYN-ACK
        sendSyn(false);
    }

    void sendSyn(boolean retransmission) {
        boolean synAck = state == State.SYN_RECV;
        TcpSegment s = newSegment(0, synAck ? FLAG_SYN | FLAG_ACK : FLAG_SYN, tp.iss, true);
        if (synAck) {
            if ((tp.ecnFlags & ECN_OK) != 0) s.flags |= FLAG_ECE; // tcp_ecn_make_synack()
        } else if (ecnRequested) {
            s.flags |= FLAG_ECE | FLAG_CWR;
        }
        s.retransmission = retransmission;
        synSentAt = retransmission ? -1 : sim.now();
        transmit(s);
        xt.reset(XmitTimer.RETRANS, sim.now() + rtt.rto);
    }

    /** {@code tcp_conn_request()}: a SYN reached a listener; this socket answers it from SYN_RECV. */
    void acceptSyn(TcpSegment syn) {
        irs = syn.seq & 0xFFFF_FFFFL;
        rcv.init(irs + 1);
        tp.iss = stack.initialSequence(this, TcpObserver.Draw.ISS);
        tp.tsOffset = stack.initialSequence(this, TcpObserver.Draw.TS_OFFSET);
        tp.sndUna = tp.iss;
        tp.sndNxt = tp.iss + 1;
        tp.writeSeq = tp.iss + 1;
        negotiate(syn);
        if (syn.has(FLAG_ECE) && syn.has(FLAG_CWR)) tp.ecnFlags = ECN_OK; // tcp_ecn_create_request(): tcp_ecn = 2 accepts
        state = State.SYN_RECV;
        sendSyn(false);
    }

    /** Options both sides offered (tcp_parse_options() on the SYN or SYN-ACK). */
    private void negotiate(TcpSegment syn) {
        tp.sackOk = cfg.sack() && syn.sackPermitted;
        tp.tsOk = cfg.timestamps() && syn.timestamps;
        peerOfferedWindowScale = cfg.windowScaling() && syn.windowScaleOption >= 0;
        if (peerOfferedWindowScale) {
            tp.sndWscale = Math.min(syn.windowScaleOption, 14);
        } else {
            tp.sndWscale = 0;
            rcv.rcvWscale = 0;
        }
        peerMss = syn.mssOption > 0 ? syn.mssOption : MSS_DEFAULT;
        tp.mssCache = Math.min(peerMss, cfg.mss()) - (tp.tsOk ? TcpSegment.TIMESTAMP_OPTION_BYTES : 0);
        if (tp.tsOk) tsRecent = syn.tsVal;
        tp.sndWnd = syn.window; // never scaled in a SYN
        tp.maxWindow = tp.sndWnd;
        tp.sndWl1 = syn.seq & 0xFFFF_FFFFL;
    }

    /** {@code tcp_rcv_synsent_state_process()}. */
    private void synSentReceived(TcpSegment s) {
        if (s.has(FLAG_ACK) && (s.ack != (int) (tp.iss + 1))) {
            if (!s.has(FLAG_RST)) sendResetFor(s.ack, 0, false);
            return;
        }
        if (s.has(FLAG_RST)) {
            if (s.has(FLAG_ACK)) { // connection refused
                stack.count(TcpCounter.TcpAttemptFails);
                done(true);
            }
            return;
        }
        if (!s.has(FLAG_SYN) || !s.has(FLAG_ACK)) return; // simultaneous open is not modelled
        irs = s.seq & 0xFFFF_FFFFL;
        rcv.init(irs + 1);
        negotiate(s);
        if ((tp.ecnFlags & ECN_OK) != 0 && !(s.has(FLAG_ECE) && !s.has(FLAG_CWR))) tp.ecnFlags = 0; // tcp_ecn_rcv_synack()
        tp.sndUna = tp.iss + 1;
        synRttSample();
        established();
        sendAck(); // tcp_send_ack() at once: the application is not deferring
        stack.observer().callback(this, TcpObserver.Callback.CONNECTED, false);
        app.connected(this);
        stack.observer().callback(this, TcpObserver.Callback.CONNECTED, true);
        snd.pushPendingFrames();
    }

    /** The handshake's RTT sample: Karn's rule, else the timestamp echo. */
    private void synRttSample() {
        rtt.synRttSample(synSentAt >= 0 ? sim.now() - synSentAt : rtt.tsRtt(sim.now()), sim.now());
    }

    /** {@code tcp_init_transfer()}. */
    private void established() {
        state = State.ESTABLISHED;
        xt.clear();
        cw.cwnd = snd.retransmits > 1 ? 1 : cfg.initCwnd(); // RFC 6298 (5.7): a lost SYN leaves one segment
        snd.retransmits = 0;
        snd.cwndUsageSeq = tp.sndNxt;
        rtt.rttSeq = tp.sndNxt;
        rcv.priorRcvNxt = rq.rcvNxt;
        rcv.initBufferSpace(tp.tsOk);
        if (sndBuf != null) { // tcp_init_buffer_space(): the buffer for the initial window; a write waiting for the connection goes on
            sndBuf.expand(cw.cwnd, Math.min(peerMss, cfg.mss()));
            sendmsg();
        }
    }

    /** {@code tcp_rcv_state_process()} for SYN_RECV: the third segment of the handshake. */
    private boolean synRecvAcked(TcpSegment s) {
        if (s.ack != (int) (tp.iss + 1)) {
            sendResetFor(s.ack, 0, false);
            return false;
        }
        tp.sndUna = tp.iss + 1;
        synRttSample();
        tp.sndWnd = (long) s.window << tp.sndWscale;
        tp.sndWl1 = rq.rcvNxt; // tcp_init_wl(): the segment's own sequence
        established();
        stack.count(TcpCounter.TcpPassiveOpens);
        stack.accepted(this, acceptor);
        stack.observer().callback(this, TcpObserver.Callback.CONNECTED, false);
        app.connected(this);
        stack.observer().callback(this, TcpObserver.Callback.CONNECTED, true);
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // receiving: tcp_rcv_state_process() / tcp_rcv_established()

    void segmentArrived(TcpSegment s) {
        stack.count(TcpCounter.TcpInSegs);
        if (owned()) { // tcp_v4_rcv(): the application holds the socket, so the segment waits in the backlog (or is dropped)
            long rcvbuf = cfg.receiveBufferBytes(), sndbuf = sndBuf == null ? cfg.sendBufferBytes() : sndBuf.sndbuf;
            switch (backlog.add(s, SocketBacklog.limit(rcvbuf, sndbuf), rcv.rmemAlloc())) {
                case COALESCED -> stack.count(TcpCounter.TcpExtTCPBacklogCoalesce);
                case DROPPED -> stack.count(TcpCounter.TcpExtTCPBacklogDrop);
                case QUEUED -> { }
            }
            return;
        }
        handleSegment(s);
    }

    /** {@code tcp_v4_do_rcv()}: a segment from the network or the backlog. */
    private void handleSegment(TcpSegment s) {
        tp.sawTstamp = s.timestamps; // tcp_parse_options()
        tp.rcvTsecr = s.tsEcr;
        switch (state) {
            case CLOSED, LISTEN -> {
                return;
            }
            case SYN_SENT -> {
                synSentReceived(s);
                return;
            }
            case TIME_WAIT -> {
                timeWaitReceived(s);
                return;
            }
            default -> {
            }
        }
        if (state == State.SYN_RECV && s.has(FLAG_SYN) && !s.has(FLAG_ACK)) { // the peer retransmitted its SYN
            if (s.seq == (int) irs) sendSynAckAgain();
            return;
        }
        long seq = rq.rcvNxt + (s.seq - (int) rq.rcvNxt);
        long end = seq + s.payloadBytes + (s.has(FLAG_FIN) ? 1 : 0);
        // tcp_validate_incoming(): tcp_sequence()
        if (!(end >= rcv.rcvWup && seq <= rq.rcvNxt + rcv.receiveWindow())) {
            if (!s.has(FLAG_RST)) {
                if (s.has(FLAG_SYN)) sendAck(); // challenge ACK
                else rcv.sendDupAck(seq, end);
            }
            return;
        }
        if (s.has(FLAG_RST)) {
            if (seq == rq.rcvNxt) reset();
            else sendAck(); // RFC 5961 challenge ACK
            return;
        }
        if (s.has(FLAG_SYN) && state != State.SYN_RECV) {
            sendAck();
            return;
        }
        if (!s.has(FLAG_ACK)) return;
        if (tp.tsOk && s.timestamps && seq <= rcv.rcvWup) tsRecent = s.tsVal; // tcp_replace_ts_recent()
        if (state == State.SYN_RECV && !synRecvAcked(s)) return;
        if (snd.ack(s, seq) < 0) return;
        if (state == State.CLOSED) return;
        long unreadBefore = rq.unread();
        if (s.payloadBytes > 0 || s.has(FLAG_FIN)) rcv.dataQueue(s, seq, end);
        snd.pushPendingFrames(); // tcp_data_snd_check()
        checkSpace();
        if (rcv.ackScheduled()) rcv.ackSndCheck(true); // tcp_ack_snd_check()
        if (rq.unread() > unreadBefore) { // tcp_data_ready(): the application wakes up
            stack.observer().callback(this, TcpObserver.Callback.READABLE, false);
            app.readable(this, rq.unread());
            stack.observer().callback(this, TcpObserver.Callback.READABLE, true);
            reader.dataReady();
        }
        reader.checkEof();
    }

    private void sendSynAckAgain() {
        TcpSegment s = newSegment(0, FLAG_SYN | FLAG_ACK, tp.iss, true);
        if ((tp.ecnFlags & ECN_OK) != 0) s.flags |= FLAG_ECE;
        s.retransmission = true;
        synSentAt = -1;
        stack.count(TcpCounter.TcpRetransSegs); // tcp_rtx_synack()
        transmit(s);
    }

    /** {@code tcp_timewait_state_process()}: a retransmitted FIN is ACKed again, a RST ends the wait. */
    private void timeWaitReceived(TcpSegment s) {
        if (s.has(FLAG_RST)) {
            timeWaitOver();
            return;
        }
        if (s.has(FLAG_FIN) || s.payloadBytes > 0) sendAck();
    }

    /** {@code tcp_write_timer()}: the retransmission timer fired; the sender knows what it was armed for. */
    private void xmitTimerFired() {
        timerFired(xmitTimerKind(), snd::xmitTimerFired);
    }

    /** What the retransmission timer is armed for ({@code icsk_pending}). */
    private TcpObserver.TimerKind xmitTimerKind() {
        return switch (xt.pending) {
            case XmitTimer.RETRANS -> TcpObserver.TimerKind.RETRANS;
            case XmitTimer.PROBE0 -> TcpObserver.TimerKind.PROBE0;
            case XmitTimer.REO_TIMEOUT -> TcpObserver.TimerKind.REO_TIMEOUT;
            case XmitTimer.LOSS_PROBE -> TcpObserver.TimerKind.LOSS_PROBE;
            default -> TcpObserver.TimerKind.XMIT_IDLE;
        };
    }

    /**
     * Runs a timer's handler with the observer told before and after; the retransmission and delayed-ACK timers of a
     * socket the application holds are left to the release ({@code tcp_write_timer()}, {@code tcp_delack_timer()}).
     */
    void timerFired(TcpObserver.TimerKind kind, Runnable handler) {
        if (owned()) {
            switch (kind) {
                case RETRANS, PROBE0, REO_TIMEOUT, LOSS_PROBE, XMIT_IDLE -> {
                    writeTimerDeferred = true;
                    return;
                }
                case DELACK -> {
                    delackTimerDeferred = true;
                    return;
                }
                default -> {
                }
            }
        }
        runTimer(kind, handler);
    }

    /** A timer's handler with the observer told before and after. */
    private void runTimer(TcpObserver.TimerKind kind, Runnable handler) {
        TcpObserver o = stack.observer();
        o.timer(this, kind, false);
        handler.run();
        o.timer(this, kind, true);
    }

    // ---------------------------------------------------------------------------------------------
    // FIN and ACK: tcp_fin(), __tcp_send_ack()

    /** {@code tcp_fin()}: the in-order FIN arrived (the {@code Receiver} took it); the connection's state moves. */
    void tcpFin() {
        switch (state) {
            case SYN_RECV, ESTABLISHED -> {
                state = State.CLOSE_WAIT;
                rcv.enterPingpongMode();
            }
            case FIN_WAIT1 -> {
                sendAck();
                state = State.CLOSING;
            }
            case FIN_WAIT2 -> {
                sendAck();
                enterTimeWait();
            }
            default -> {
            }
        }
    }

    /** Our FIN was acknowledged. */
    void finAcked() {
        switch (state) {
            case FIN_WAIT1 -> state = State.FIN_WAIT2;
            case CLOSING -> enterTimeWait();
            case LAST_ACK -> done(false);
            default -> {
            }
        }
    }

    void sendAck() {
        sendAckUpTo(rq.rcvNxt);
    }

    /** {@code __tcp_send_ack()}. */
    void sendAckUpTo(long rcvNxt) {
        if (state == State.CLOSED) return;
        TcpSegment s = newSegment(0, FLAG_ACK, tp.sndNxt, false, rcvNxt);
        ecnForData(s, false);
        transmit(s);
    }

    // ---------------------------------------------------------------------------------------------
    // building and transmitting segments

    TcpSegment newSegment(int payload, int flags, long seq, boolean syn) {
        return newSegment(payload, flags, seq, syn, rq.rcvNxt);
    }

    private TcpSegment newSegment(int payload, int flags, long seq, boolean syn, long ackSeq) {
        boolean ts = syn ? (state == State.SYN_RECV ? tp.tsOk : cfg.timestamps()) : tp.tsOk;
        boolean sackPerm = syn && (state == State.SYN_RECV ? tp.sackOk : cfg.sack());
        boolean ws = syn && (state == State.SYN_RECV ? peerOfferedWindowScale : cfg.windowScaling());
        int blocks = 0;
        if (!syn && tp.sackOk) {
            int avail = (OPTION_SPACE - (ts ? TcpSegment.TIMESTAMP_OPTION_BYTES : 0) - 4) / 8;
            blocks = Math.min(rq.numSacks + (rq.dsack ? 1 : 0), avail);
        }
        TcpSegment s = new TcpSegment(payload, TcpSegment.optionBytes(syn, ts, sackPerm, ws, blocks), priority);
        s.destinationIp = remoteIp;
        s.sourcePort = localPort;
        s.destinationPort = remotePort;
        s.seq = (int) seq;
        s.flags = flags;
        if ((flags & FLAG_ACK) != 0) s.ack = (int) ackSeq;
        if (syn) {
            s.mssOption = cfg.mss();
            s.sackPermitted = sackPerm;
            if (ws) s.windowScaleOption = rcv.rcvWscale;
            // a SYN-ACK's window is rounded to the segments the timestamps leave room for (tcp_openreq_init_rwin())
            int synMss = cfg.mss() - (state == State.SYN_RECV && tp.tsOk ? TcpSegment.TIMESTAMP_OPTION_BYTES : 0);
            s.window = (int) Math.min(rcv.synWindow(synMss), 65_535);
        } else {
            s.window = rcv.selectWindow();
        }
        if (ts) {
            s.timestamps = true;
            s.tsVal = tsNow();
            s.tsEcr = state == State.SYN_SENT ? 0 : tsRecent;
        }
        if (blocks > 0) {
            int k = 0;
            if (rq.dsack) {
                s.addSack((int) rq.dsackStart, (int) rq.dsackEnd);
                k++;
            }
            for (int i = 0; k < blocks; i++, k++) s.addSack((int) rq.sackStart[i], (int) rq.sackEnd[i]);
        }
        rq.dsack = false;
        return s;
    }

    private static final int OPTION_SPACE = 40;

    private int tsNow() {
        return tp.tsOf(sim.now());
    }

    /** {@code tcp_ecn_send()}: new data is ECT (and carries a queued CWR); ACKs and retransmissions are not, unless DCTCP. */
    void ecnForData(TcpSegment s, boolean newData) {
        if ((tp.ecnFlags & ECN_OK) == 0) return;
        if (newData && s.payloadBytes > 0) {
            s.ecn = IpFrame.ECN_ECT0;
            if ((tp.ecnFlags & ECN_QUEUE_CWR) != 0) {
                tp.ecnFlags &= ~ECN_QUEUE_CWR;
                s.flags |= FLAG_CWR;
            }
        } else if (cc.needsEcn()) {
            s.ecn = IpFrame.ECN_ECT0;
        }
        if ((tp.ecnFlags & ECN_DEMAND_CWR) != 0) s.flags |= FLAG_ECE;
    }

    void transmit(TcpSegment s) {
        lastXmitNanos = sim.now();
        if ((s.flags & FLAG_ACK) != 0) rcv.eventAckSent();
        if (cc.needsEcn() && (tp.ecnFlags & ECN_OK) != 0 || cc.needsEcn() && s.has(FLAG_SYN)) s.ecn = IpFrame.ECN_ECT0;
        // __tcp_transmit_skb() counts OutSegs only for new sequence space or none (RFC 1213's tcpOutSegs leaves out
        // segments of only retransmitted octets); retransmissions count in TcpRetransSegs alone
        if (!s.retransmission) stack.count(TcpCounter.TcpOutSegs);
        stack.host().send(s);
        stack.observer().sent(this, s);
    }

    private void sendReset() {
        TcpSegment s = newSegment(0, FLAG_RST | FLAG_ACK, tp.sndNxt, false);
        stack.count(TcpCounter.TcpOutRsts);
        if (state == State.ESTABLISHED || state == State.CLOSE_WAIT) stack.count(TcpCounter.TcpEstabResets);
        stack.count(TcpCounter.TcpOutSegs);
        stack.host().send(s);
        stack.observer().sent(this, s);
    }

    private void sendResetFor(int seq, int ack, boolean withAck) {
        stack.sendReset(remoteIp, localPort, remotePort, seq, ack, withAck, priority);
    }

    /** {@code tcp_reset()}: the peer reset the connection. */
    private void reset() {
        if (state == State.ESTABLISHED || state == State.CLOSE_WAIT) stack.count(TcpCounter.TcpEstabResets);
        done(true);
    }

    private void enterTimeWait() {
        state = State.TIME_WAIT;
        xt.clear();
        rcv.delackTimer.cancel();
        stack.observer().callback(this, TcpObserver.Callback.CLOSED, false);
        app.closed(this, false);
        stack.observer().callback(this, TcpObserver.Callback.CLOSED, true);
        timeWaitTimer.arm(sim.now() + cfg.timeWaitNanos());
    }

    private void timeWaitOver() {
        stack.count(TcpCounter.TcpExtTW);
        state = State.CLOSED;
        stack.remove(this);
    }

    /** {@code tcp_done()}. */
    void done(boolean reset) {
        State was = state;
        state = State.CLOSED;
        xt.clear();
        rcv.delackTimer.cancel();
        reader.cancel();
        stack.remove(this);
        if (was != State.CLOSED) {
            stack.observer().callback(this, TcpObserver.Callback.CLOSED, false);
            app.closed(this, reset);
            stack.observer().callback(this, TcpObserver.Callback.CLOSED, true);
        }
    }

    @Override
    public String toString() {
        return "tcp " + stack.host().name() + ":" + localPort + " > " + Ipv4Address.format(remoteIp) + ":" + remotePort + " " + state;
    }
}
