package org.sonde.sim.tcp;

import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_CWR;
import static org.sonde.packet.TcpHeader.FLAG_ECE;
import static org.sonde.packet.TcpHeader.FLAG_FIN;
import static org.sonde.packet.TcpHeader.FLAG_PSH;
import static org.sonde.packet.TcpHeader.FLAG_RST;
import static org.sonde.packet.TcpHeader.FLAG_SYN;
import static org.sonde.sim.tcp.AckFlags.FLAG_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_CA_ALERT;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_SACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACKING_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACK_TLP;
import static org.sonde.sim.tcp.AckFlags.FLAG_ECE_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_FIN_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_FORWARD_PROGRESS;
import static org.sonde.sim.tcp.AckFlags.FLAG_LOST_RETRANS;
import static org.sonde.sim.tcp.AckFlags.FLAG_NOT_DUP;
import static org.sonde.sim.tcp.AckFlags.FLAG_RETRANS_DATA_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_REXMIT_LOST;
import static org.sonde.sim.tcp.AckFlags.FLAG_SET_XMIT_TIMER;
import static org.sonde.sim.tcp.AckFlags.FLAG_SND_UNA_ADVANCED;
import static org.sonde.sim.tcp.AckFlags.FLAG_SYN_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_WIN_UPDATE;
import static org.sonde.sim.tcp.CongestionControl.CWR;
import static org.sonde.sim.tcp.CongestionControl.DISORDER;
import static org.sonde.sim.tcp.CongestionControl.LOSS;
import static org.sonde.sim.tcp.CongestionControl.OPEN;
import static org.sonde.sim.tcp.CongestionControl.RECOVERY;
import static org.sonde.sim.tcp.Tcb.ECN_DEMAND_CWR;
import static org.sonde.sim.tcp.Tcb.ECN_OK;
import static org.sonde.sim.tcp.Tcb.ECN_QUEUE_CWR;
import static org.sonde.sim.tcp.Tcb.ECN_SEEN;
import static org.sonde.sim.tcp.Tcb.MSS_DEFAULT;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;
import org.sonde.sim.net.IpFrame;

/**
 * One TCP connection endpoint, modelled on Linux's {@code tcp_input.c}, {@code tcp_output.c} and
 * {@code tcp_timer.c}: the comments name the Linux functions each part follows.
 *
 * <p>Sequence numbers are kept as 64-bit values that never wrap (the initial sequence number plus
 * bytes); segments carry their low 32 bits and incoming ones are unwrapped against {@code snd_una}
 * or {@code rcv_nxt}.
 *
 * <p>Loss detection is Linux's: RACK-TLP (RFC 8985, {@code tcp_recovery.c}) on SACK connections, or
 * the classic duplicate threshold on the SACK scoreboard with {@code tcp_recovery = 0}; NewReno for
 * connections without SACK; proportional rate reduction in recovery; F-RTO and most undo left out
 * ({@code tcp_frto = 0}); see {@link TcpStack} for the list.
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
    private final CongestionControl cc;
    private final CongestionWindow cw;
    private final Tcb tp;
    private final RttEstimator rtt;
    private final XmitTimer xt;
    private final RackTlp rack;
    private final SackTagger tagger;
    private final LossRecovery recovery;
    final Receiver rcv;
    private final Scoreboard sb = new Scoreboard();
    private final ReceiveQueue rq = new ReceiveQueue();
    private Listener app = NONE;
    private TcpStack.Acceptor acceptor;
    private State state = State.CLOSED;

    // negotiated at the handshake
    private int sndWscale;
    private boolean peerOfferedWindowScale;
    private int peerMss;
    private final boolean ecnRequested;

    // sender: tcp_sock fields
    private long appPending;
    private boolean closeRequested;
    private boolean finSent;
    private long sndSml;
    private long cwndUsageSeq;
    private long totalRetrans;
    private int timeouts;
    private long synSentAt = -1;

    // timers
    private int retransmits;
    private int probesOut;

    // receiver
    private long irs;
    private int tsRecent;
    private long totalRead;
    private boolean eofReported;

    // the application's reader model
    private long readRateBps = -1; // -1: the application reads only when it calls read()
    private int readSize;
    private long nextReadAt;
    private final Timer readTimer;
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
        this.rtt = new RttEstimator(cfg, tp);
        this.xt = new XmitTimer(sim, sb, rtt, this::xmitTimerFired);
        this.rack = new RackTlp(tp, sb, rtt, xt, cfg, stack, sim);
        this.tagger = new SackTagger(tp, sb, rack, rtt, cw, cc, cfg, stack, sim);
        this.recovery = new LossRecovery(tp, sb, cw, cc, rack, tagger, cfg, stack, sim);
        this.rcv = new Receiver(this, tp, rq, rtt, cc, cfg, stack, sim);
        this.readTimer = new Timer(sim, this::readTimerFired);
        this.timeWaitTimer = new Timer(sim, this::timeWaitOver);
    }

    // ---------------------------------------------------------------------------------------------
    // application calls

    public void setListener(Listener listener) {
        this.app = listener == null ? NONE : listener;
    }

    /** Hands {@code bytes} to the socket now: what fits the send buffer is queued, the rest waits as a blocked write would. */
    public void send(long bytes) {
        if (bytes <= 0) return;
        if (closeRequested || state == State.CLOSED) throw new IllegalStateException("send on a closed socket " + this);
        appPending += bytes;
        fillSendBuffer();
        if (state.compareTo(State.ESTABLISHED) >= 0) pushPendingFrames();
    }

    /** {@link #send} at simulated time {@code atNanos}. */
    public void sendAt(long atNanos, long bytes) {
        sim.at(atNanos, () -> send(bytes));
    }

    /** Moves the application's pending bytes into the send buffer as far as it has room. */
    private void fillSendBuffer() {
        long room = cfg.sendBufferBytes() - (tp.writeSeq - tp.sndUna);
        long n = Math.min(room, appPending);
        if (n > 0) {
            tp.writeSeq += n;
            appPending -= n;
        }
    }

    /** {@code tcp_close()}: a FIN follows the data; unread received data makes it a RST. */
    public void close() {
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
        pushPendingFrames();
    }

    /** Aborts with a RST ({@code SO_LINGER} 0 then close, or {@code tcp_abort}). */
    public void abort() {
        if (state == State.CLOSED) return;
        if (state != State.SYN_SENT && state != State.LISTEN && state != State.TIME_WAIT) sendReset();
        done(true);
    }

    /** Reads up to {@code max} bytes now; returns how many. */
    public long read(long max) {
        long n = Math.min(max, rq.unread());
        if (n <= 0) return 0;
        rq.copiedSeq += n;
        totalRead += n;
        rcv.cleanupRbuf(n);
        app.read(this, n, totalRead);
        checkEof();
        return n;
    }

    /** The application reads every byte as soon as it is in order. */
    public void readAll() {
        readRateBps = 0;
        readSize = Integer.MAX_VALUE;
        applicationRead();
    }

    /** The application reads {@code readSize} bytes per call at {@code bitsPerSecond} at most (so buffers fill and windows close). */
    public void readAtRate(long bitsPerSecond, int readSize) {
        if (bitsPerSecond <= 0 || readSize <= 0) throw new IllegalArgumentException("read rate and size must be positive");
        this.readRateBps = bitsPerSecond;
        this.readSize = readSize;
        applicationRead();
    }

    /** The application stops reading (the receive buffer fills up and the window closes). */
    public void stopReading() {
        readRateBps = -1;
        readTimer.cancel();
    }

    private void applicationRead() {
        if (readRateBps < 0 || rq.unread() == 0) return;
        if (readRateBps == 0) {
            read(Long.MAX_VALUE);
            return;
        }
        long now = sim.now();
        if (now < nextReadAt) {
            readTimer.arm(nextReadAt);
            return;
        }
        long n = read(readSize);
        nextReadAt = now + Math.max(1, n * 8 * 1_000_000_000L / readRateBps);
        if (rq.unread() > 0) readTimer.arm(nextReadAt);
    }

    private void readTimerFired() {
        applicationRead();
    }

    private void checkEof() {
        if (rq.finIn && !eofReported && rq.copiedSeq == rq.finSeq) {
            eofReported = true;
            app.peerClosed(this);
        }
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

    public long cwndBytes() {
        return (long) cw.cwnd * tp.mssCache;
    }

    /** Smoothed RTT in nanoseconds (0 before the first sample). */
    public long srttNanos() {
        return rtt.srtt();
    }

    /** The windowed minimum RTT ({@code tcpi_min_rtt}) in nanoseconds, {@link Long#MAX_VALUE} before the first sample. */
    public long minRttNanos() {
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

    public long bytesAcked() {
        return tp.bytesAcked;
    }

    public long bytesRead() {
        return totalRead;
    }

    /** Bytes in order in the receive buffer that the application has not read. */
    public long unreadBytes() {
        return rq.unread();
    }

    public long totalRetransmissions() {
        return totalRetrans;
    }

    /** Retransmission timeouts of this connection's data (SYN timeouts excluded). */
    public int timeouts() {
        return timeouts;
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

    public boolean ecnNegotiated() {
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
    public long delayedAcksOfRetransmissions() {
        return rcv.delayedAcksOfRetransmissions;
    }

    /** The {@code tcp_info}-like state for statistics. */
    public TcpInfo info() {
        return new TcpInfo(state, tp.caState, cw.cwnd, cw.ssthresh, tp.mssCache, rtt.srtt(), rtt.rttvar, rtt.rto, rtt.backoff, sb.packetsOut(),
                sb.sackedOut, sb.lostOut, sb.retransOut, tp.reordering, tp.bytesAcked, totalRead, totalRetrans, tp.sndWnd);
    }

    // ---------------------------------------------------------------------------------------------
    // opening

    void setAcceptor(TcpStack.Acceptor acceptor) {
        this.acceptor = acceptor;
    }

    /** {@code tcp_connect()}: sends the SYN. */
    void connect(Listener listener) {
        setListener(listener);
        tp.iss = stack.initialSequence();
        tp.tsOffset = stack.initialSequence();
        tp.sndUna = tp.iss;
        tp.sndNxt = tp.iss + 1;
        tp.writeSeq = tp.iss + 1;
        state = State.SYN_SENT;
        stack.count(TcpCounter.TcpActiveOpens);
        if (ecnRequested) tp.ecnFlags = ECN_OK; // tcp_ecn_send_syn(): confirmed or dropped by the SYN-ACK
        sendSyn(false);
    }

    private void sendSyn(boolean retransmission) {
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
        tp.iss = stack.initialSequence();
        tp.tsOffset = stack.initialSequence();
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
            sndWscale = Math.min(syn.windowScaleOption, 14);
        } else {
            sndWscale = 0;
            rcv.rcvWscale = 0;
        }
        peerMss = syn.mssOption > 0 ? syn.mssOption : MSS_DEFAULT;
        tp.mssCache = Math.min(peerMss, cfg.mss()) - (tp.tsOk ? TcpSegment.TIMESTAMP_OPTION_BYTES : 0);
        if (tp.tsOk) tsRecent = syn.tsVal;
        tp.sndWnd = syn.window; // never scaled in a SYN
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
        app.connected(this);
        pushPendingFrames();
    }

    /** The handshake's RTT sample: Karn's rule, else the timestamp echo. */
    private void synRttSample() {
        rtt.synRttSample(synSentAt >= 0 ? sim.now() - synSentAt : rtt.tsRtt(sim.now()), sim.now());
    }

    /** {@code tcp_init_transfer()}. */
    private void established() {
        state = State.ESTABLISHED;
        xt.clear();
        cw.cwnd = retransmits > 1 ? 1 : cfg.initCwnd(); // RFC 6298 (5.7): a lost SYN leaves one segment
        retransmits = 0;
        cwndUsageSeq = tp.sndNxt;
        rtt.rttSeq = tp.sndNxt;
        rcv.priorRcvNxt = rq.rcvNxt;
    }

    /** {@code tcp_rcv_state_process()} for SYN_RECV: the third segment of the handshake. */
    private boolean synRecvAcked(TcpSegment s) {
        if (s.ack != (int) (tp.iss + 1)) {
            sendResetFor(s.ack, 0, false);
            return false;
        }
        tp.sndUna = tp.iss + 1;
        synRttSample();
        tp.sndWnd = (long) s.window << sndWscale;
        tp.sndWl1 = rq.rcvNxt; // tcp_init_wl(): the segment's own sequence
        established();
        stack.count(TcpCounter.TcpPassiveOpens);
        stack.accepted(this, acceptor);
        app.connected(this);
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // receiving: tcp_rcv_state_process() / tcp_rcv_established()

    void segmentArrived(TcpSegment s) {
        stack.count(TcpCounter.TcpInSegs);
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
        if (ack(s, seq) < 0) return;
        if (state == State.CLOSED) return;
        long unreadBefore = rq.unread();
        if (s.payloadBytes > 0 || s.has(FLAG_FIN)) rcv.dataQueue(s, seq, end);
        pushPendingFrames(); // tcp_data_snd_check()
        if (rcv.ackScheduled()) rcv.ackSndCheck(true); // tcp_ack_snd_check()
        if (rq.unread() > unreadBefore) { // tcp_data_ready(): the application wakes up
            app.readable(this, rq.unread());
            applicationRead();
        }
        checkEof();
    }

    private void sendSynAckAgain() {
        TcpSegment s = newSegment(0, FLAG_SYN | FLAG_ACK, tp.iss, true);
        if ((tp.ecnFlags & ECN_OK) != 0) s.flags |= FLAG_ECE;
        s.retransmission = true;
        synSentAt = -1;
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

    // --- tcp_ack() ---------------------------------------------------------------------------------

    /** Returns -1 when the segment must be discarded. */
    private int ack(TcpSegment s, long segSeq) {
        long ack = tp.sndUna + (s.ack - (int) tp.sndUna);
        long priorSndUna = tp.sndUna;
        long priorFack = tp.sackOk && sb.sackedOut > 0 ? sb.highestSack : tp.sndUna;
        int priorPackets = sb.packetsOut();
        long priorDelivered = tp.delivered;
        tagger.newAck();
        if (s.payloadBytes == 0) stack.count(TcpCounter.TcpExtTCPPureAcks);
        if (ack < tp.sndUna) { // old ACK: only its D-SACK matters
            if (tp.sackOk && s.sackBlocks() > 0) tagger.sacktag(s, ack, priorFack);
            return 0;
        }
        if (ack > tp.sndNxt) { // it acknowledges data we never sent
            sendAck();
            return -1;
        }
        int flag = 0;
        if (ack > tp.sndUna) flag |= FLAG_SND_UNA_ADVANCED;
        if (s.payloadBytes > 0) flag |= FLAG_DATA;
        flag |= updateWindow(s, ack, segSeq);
        boolean ece = (tp.ecnFlags & ECN_OK) != 0 && s.has(FLAG_ECE) && !s.has(FLAG_SYN);
        if (ece) {
            flag |= FLAG_ECE_ACK;
            recovery.priorSsthresh = 0; // an ECN-demanded reduction is never undone
        }
        if (tp.sackOk && s.sackBlocks() > 0) flag |= tagger.sacktag(s, ack, priorFack);
        if (tagger.sackDelivered > 0) tagger.countDelivered(tagger.sackDelivered, ece);
        probesOut = 0;
        if (priorPackets == 0) { // no_queue: perhaps the window opened for a probed sender
            ackProbe();
            if (rack.tlpHighSeq != 0) recovery.processTlpAck(ack, flag);
            return 1;
        }
        flag |= tagger.cleanRtxQueue(ack, priorFack, ece, flag);
        if ((flag & FLAG_FIN_ACKED) != 0) finAcked();
        cc.inAckEvent(cw, tp.sndUna, tp.sndNxt, tp.delivered, tp.deliveredCe, sim.now());
        rack.rackUpdateReoWnd(tagger.latestDeliveredSentAt >= 0, tagger.priorDeliveredSample);
        if (rack.tlpHighSeq != 0) recovery.processTlpAck(ack, flag);
        if (ackIsDubious(flag)) {
            int numDupack = (flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP | FLAG_DSACKING_ACK)) == 0 ? 1 : 0;
            flag = recovery.fastRetransAlert(priorSndUna, numDupack, flag);
        }
        if ((flag & FLAG_SET_XMIT_TIMER) != 0) setXmitTimer(); // unless RACK armed its reordering timer
        recovery.congControl(ack, (int) (tp.delivered - priorDelivered), flag);
        if ((flag & FLAG_REXMIT_LOST) != 0) xmitRetransmitQueue();
        if ((flag & FLAG_SND_UNA_ADVANCED) != 0) {
            fillSendBuffer();
            app.acked(this, tp.bytesAcked);
        }
        return 1;
    }

    private boolean ackIsDubious(int flag) {
        return (flag & FLAG_NOT_DUP) == 0 || (flag & FLAG_CA_ALERT) != 0 || tp.caState != OPEN;
    }

    /** {@code tcp_ack_update_window()}: a window change is not a duplicate ACK (FLAG_WIN_UPDATE). */
    private int updateWindow(TcpSegment s, long ack, long segSeq) {
        int flag = 0;
        long nwin = (long) s.window << sndWscale;
        if (ack > tp.sndUna || segSeq > tp.sndWl1 || (segSeq == tp.sndWl1 && nwin > tp.sndWnd)) {
            flag |= FLAG_WIN_UPDATE;
            tp.sndWl1 = segSeq;
            tp.sndWnd = nwin;
        }
        tp.sndUna = ack;
        return flag;
    }

    /** {@code tcp_set_xmit_timer()}. */
    private void setXmitTimer() {
        if (!rack.scheduleLossProbe(true)) xt.rearmRto();
    }

    // --- RACK: tcp_recovery.c ----------------------------------------------------------------------

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

    // --- TLP: tcp_output.c ---------------------------------------------------------------------------

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
                writeXmit(true);
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

    // ---------------------------------------------------------------------------------------------
    // sending: tcp_write_xmit(), tcp_xmit_retransmit_queue()

    private boolean hasUnsent() {
        return tp.sndNxt < tp.writeSeq || finQueued() && !finSent;
    }

    private boolean finQueued() {
        return closeRequested && appPending == 0 && (state == State.FIN_WAIT1 || state == State.LAST_ACK || state == State.CLOSING);
    }

    /** {@code __tcp_push_pending_frames()}. */
    private void pushPendingFrames() {
        if (state.compareTo(State.ESTABLISHED) < 0 || state == State.TIME_WAIT) return;
        if (!hasUnsent()) return;
        if (writeXmit(false) && sb.isEmpty() && hasUnsent()) checkProbeTimer();
    }

    /**
     * Sends new data as cwnd, the peer's window and Nagle allow; returns true if data is left unsent. A
     * loss probe ({@code push_one == 2}) sends one segment whatever cwnd and Nagle say.
     */
    private boolean writeXmit(boolean lossProbe) {
        boolean cwndLimited = false;
        int sent = 0;
        while (hasUnsent()) {
            if (sb.inFlight() >= cw.cwnd && !lossProbe) { // tcp_cwnd_test()
                cwndLimited = true;
                break;
            }
            int len = (int) Math.min(tp.mssCache, tp.writeSeq - tp.sndNxt);
            boolean fin = finQueued() && tp.sndNxt + len == tp.writeSeq;
            if (len > 0 && tp.sndNxt + len > tp.sndUna + tp.sndWnd) break; // tcp_snd_wnd_test()
            // tcp_nagle_test(): Minshall's variant holds a small segment while an earlier small one is unacked
            if (len < tp.mssCache && !fin && cfg.nagle() && !lossProbe && !sb.isEmpty() && sndSml > tp.sndUna) break;
            sendNewData(len, fin);
            sent++;
            if (lossProbe) break;
        }
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

    private void sendNewData(int len, boolean fin) {
        long now = sim.now();
        if (sb.inFlight() == 0) cc.cwndEvent(cw, CongestionControl.Event.TX_START, now);
        boolean firstOut = sb.isEmpty();
        TcpSegment s = newSegment(len, FLAG_ACK | (fin ? FLAG_FIN : 0) | (len > 0 && tp.sndNxt + len == tp.writeSeq ? FLAG_PSH : 0), tp.sndNxt, false);
        ecnForData(s, true);
        sb.add(tp.sndNxt, len + (fin ? 1 : 0), fin, now, tp.delivered);
        tp.sndNxt += len + (fin ? 1 : 0);
        if (fin) finSent = true;
        if (len < tp.mssCache) sndSml = tp.sndNxt; // tcp_minshall_update()
        if (recovery.inCwndReduction()) recovery.prrOut++;
        stack.count(TcpCounter.TcpExtTCPOrigDataSent);
        cw.lastSendNanos = now;
        rcv.eventDataSent(now);
        transmit(s);
        if (firstOut || xt.pending == XmitTimer.PROBE0 || xt.pending == XmitTimer.LOSS_PROBE) xt.rearmRto(); // tcp_event_new_data_sent()
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
        if (!resend(i)) return false;
        sb.markRetransmitted(i, sim.now(), tp.delivered);
        return true;
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
        TcpSegment s = newSegment(len, FLAG_ACK | (fin ? FLAG_FIN : 0) | (len > 0 ? FLAG_PSH : 0), seq, false);
        ecnForData(s, false);
        s.retransmission = true;
        if (tp.retransStamp < 0) tp.retransStamp = sim.now();
        totalRetrans++;
        stack.count(TcpCounter.TcpRetransSegs);
        transmit(s);
        return true;
    }

    // --- timers --------------------------------------------------------------------------------------

    /** {@code tcp_write_timer_handler()}: the loss probe and reordering timers re-arm the RTO themselves. */
    private void xmitTimerFired() {
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
        if (state == State.SYN_SENT || state == State.SYN_RECV) {
            int limit = state == State.SYN_SENT ? cfg.synRetries() : cfg.synAckRetries();
            if (retransmits >= limit) {
                stack.count(TcpCounter.TcpExtTCPAbortOnTimeout);
                if (state == State.SYN_SENT) stack.count(TcpCounter.TcpAttemptFails);
                done(true);
                return;
            }
            retransmits++;
            rtt.backOff();
            stack.count(TcpCounter.TcpExtTCPTimeouts);
            stack.count(TcpCounter.TcpExtTCPSynRetrans);
            stack.count(TcpCounter.TcpRetransSegs);
            totalRetrans++;
            sendSyn(true);
            return;
        }
        if (sb.isEmpty()) return;
        rack.tlpHighSeq = 0;
        stack.count(TcpCounter.TcpExtTCPTimeouts);
        timeouts++;
        if (retransmits >= cfg.retries2()) { // tcp_write_timeout()
            stack.count(TcpCounter.TcpExtTCPAbortOnTimeout);
            done(true);
            return;
        }
        if (retransmits == 0) {
            stack.count(tp.caState == LOSS ? TcpCounter.TcpExtTCPLossFailures
                    : tp.sackOk ? TcpCounter.TcpExtTCPSackFailures : TcpCounter.TcpExtTCPRenoFailures);
        }
        recovery.enterLoss(retransmits);
        retransmits++;
        if (retransmit(0)) stack.count(TcpCounter.TcpExtTCPSlowStartRetrans);
        rtt.backOff();
        xt.reset(XmitTimer.RETRANS, sim.now() + rtt.rto);
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
            done(true);
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
            sendNewData(len, finQueued() && tp.sndNxt + len == tp.writeSeq);
            return;
        }
        TcpSegment s = newSegment(0, FLAG_ACK, tp.sndUna - 1, false);
        ecnForData(s, false);
        stack.count(TcpCounter.TcpExtTCPWinProbe);
        transmit(s);
    }

    // ---------------------------------------------------------------------------------------------
    // FIN and ACK: tcp_fin(), __tcp_send_ack()

    /** {@code tcp_fin()}: the in-order FIN arrived (the {@link Receiver} took it); the connection's state moves. */
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
    private void finAcked() {
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

    private TcpSegment newSegment(int payload, int flags, long seq, boolean syn) {
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
            s.window = (int) Math.min(Math.min(cfg.receiveBufferBytes(), cfg.initialReceiveWindowBytes()), 65_535);
            rcv.rcvWnd = s.window;
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
    private void ecnForData(TcpSegment s, boolean newData) {
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

    private void transmit(TcpSegment s) {
        if ((s.flags & FLAG_ACK) != 0) rcv.eventAckSent();
        if (cc.needsEcn() && (tp.ecnFlags & ECN_OK) != 0 || cc.needsEcn() && s.has(FLAG_SYN)) s.ecn = IpFrame.ECN_ECT0;
        stack.count(TcpCounter.TcpOutSegs);
        stack.host().send(s);
    }

    private void sendReset() {
        TcpSegment s = newSegment(0, FLAG_RST | FLAG_ACK, tp.sndNxt, false);
        stack.count(TcpCounter.TcpOutRsts);
        if (state == State.ESTABLISHED || state == State.CLOSE_WAIT) stack.count(TcpCounter.TcpEstabResets);
        stack.count(TcpCounter.TcpOutSegs);
        stack.host().send(s);
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
        app.closed(this, false);
        timeWaitTimer.arm(sim.now() + cfg.timeWaitNanos());
    }

    private void timeWaitOver() {
        stack.count(TcpCounter.TcpExtTW);
        state = State.CLOSED;
        stack.remove(this);
    }

    /** {@code tcp_done()}. */
    private void done(boolean reset) {
        State was = state;
        state = State.CLOSED;
        xt.clear();
        rcv.delackTimer.cancel();
        readTimer.cancel();
        stack.remove(this);
        if (was != State.CLOSED) app.closed(this, reset);
    }

    @Override
    public String toString() {
        return "tcp " + stack.host().name() + ":" + localPort + " > " + Integer.toUnsignedString(remoteIp >>> 24) + "." + (remoteIp >>> 16 & 255)
                + "." + (remoteIp >>> 8 & 255) + "." + (remoteIp & 255) + ":" + remotePort + " " + state;
    }
}
