package org.sonde.sim.rdma;

import java.util.function.LongConsumer;
import org.sonde.packet.Psn;

/**
 * A queue pair: its identity, connection, state, pacing, and the two halves that run the
 * transport — the {@link Requester} (send queue) and the {@link Responder} (receive side). RC QPs
 * are connected to one peer QP; UD QPs send to any QP named in each work request.
 */
public final class QueuePair {
    public enum Type { RC, UD }

    /** IBA QP states that matter here: ready to send, or failed (every further request is flushed). */
    public enum State { RESET, RTS, ERROR }

    final RdmaNic nic;
    final int qpn;
    final Type type;
    final int initialPsn;
    State state = State.RESET;
    /** The host address this QP sends from (its GID); the host's primary address unless connected on another. */
    int localIp;
    int remoteIp;
    int remoteQpn;
    int remoteInitialPsn;
    int udpSourcePort;
    /** UD: the Q_Key datagrams must carry. */
    int queueKey;
    final Requester requester;
    final Responder responder;
    final ReactionPoint rp;

    /** Traffic class of its data and ACKs. */
    int priority;
    /** Earliest time the pacer lets the next data packet go. */
    long nextSendNanos;
    /** Whether the NIC scheduler holds this QP in its round robin. */
    boolean scheduled;
    long retransmissions;
    LongConsumer placedListener;

    QueuePair(RdmaNic nic, int qpn, Type type, int initialPsn) {
        this.nic = nic;
        this.qpn = qpn;
        this.type = type;
        this.initialPsn = initialPsn;
        this.localIp = nic.host().ip();
        this.priority = nic.config().priority();
        this.requester = new Requester(this);
        this.responder = new Responder(this);
        this.rp = new ReactionPoint(nic.simulator(), nic.config().dcqcn(), nic.port().rateBps());
    }

    public int qpn() {
        return qpn;
    }

    public Type type() {
        return type;
    }

    public State state() {
        return state;
    }

    /** The first PSN this QP sends (random, from the NIC's seeded stream). */
    public int initialPsn() {
        return initialPsn;
    }

    int remoteQpn() {
        return remoteQpn;
    }

    /** The address (GID) this QP sends from. */
    int localIp() {
        return localIp;
    }

    /** The peer's address (RC): the destination of this QP's packets. */
    public int remoteIp() {
        return remoteIp;
    }

    public RdmaNic nic() {
        return nic;
    }

    /** The current DCQCN rate in bit/s (the link rate when unthrottled). */
    public long rateBps() {
        return rp.rateBps();
    }

    /** Data packets this QP has sent more than once (go-back-N and timeouts, READ re-requests included). */
    public long retransmissions() {
        return retransmissions;
    }

    /** The responder's expected PSN (RC). */
    int expectedPsn() {
        return responder.expectedPsn();
    }

    /** Payload bytes this QP has placed as responder (SEND, WRITE) or received as READ requester, in order. */
    void onPlaced(LongConsumer listener) {
        this.placedListener = listener;
    }

    /** Sets the traffic class of this QP's packets (the NIC's configured class by default). */
    public void setPriority(int priority) {
        if (priority < 0 || priority > 7) throw new IllegalArgumentException("traffic class must be 0..7, got " + priority);
        this.priority = priority;
    }

    public int priority() {
        return priority;
    }

    /** Connects an RC QP from its host's address {@code localIp} to a remote one (INIT → RTR → RTS in one step). */
    void connect(int localIp, int remoteIp, int remoteQpn, int remoteInitialPsn) {
        this.localIp = localIp;
        this.remoteIp = remoteIp;
        this.remoteQpn = remoteQpn;
        this.remoteInitialPsn = remoteInitialPsn;
        // RoCEv2 NICs vary the UDP source port per QP pair for ECMP entropy (Annex A17.5.1)
        this.udpSourcePort = 0xC000 | ((qpn ^ remoteQpn ^ (remoteQpn >>> 12)) & 0x3FFF);
        responder.start(remoteInitialPsn);
        state = State.RTS;
    }

    void readyUd() {
        this.udpSourcePort = 0xC000 | (qpn & 0x3FFF);
        state = State.RTS;
    }

    /** Posts a send-queue work request. */
    public void post(WorkRequest wr) {
        requester.post(wr);
        nic.scheduler().activate(this);
    }

    /** Posts {@code n} receive buffers (consumed by incoming SENDs). */
    public void postReceive(int n) {
        responder.postReceive(n);
    }

    /** The earliest time this QP can send a data packet: now or later, {@link Long#MAX_VALUE} if it has nothing. */
    long readyAt(long now) {
        if (state != State.RTS) return Long.MAX_VALUE;
        long t = Math.min(responder.readyAt(now), requester.readyAt(now));
        return t == Long.MAX_VALUE ? t : Math.max(t, nextSendNanos);
    }

    /** The next data packet (READ responses first: they answer requests already admitted), or null. */
    RoceFrame poll(long now) {
        RoceFrame f = responder.readyAt(now) <= now ? responder.nextResponse() : null;
        if (f == null && requester.readyAt(now) <= now) f = requester.nextPacket();
        return f;
    }

    /** Paces the next packet at the current rate and feeds DCQCN's byte counter. */
    void sent(RoceFrame f, long now) {
        long rate = rp.rateBps();
        long wireBits = (long) (f.bytes + org.sonde.sim.net.Frame.WIRE_OVERHEAD) * 8;
        nextSendNanos = Math.max(nextSendNanos, now) + (wireBits * 1_000_000_000L + rate - 1) / rate;
        rp.sent(f.bytes);
    }

    /** A frame addressed from this QP to its peer (RC) with the common header fields filled. */
    RoceFrame frame(org.sonde.packet.RoceOpcode op, int payload, int psn, int priority) {
        RoceFrame f = new RoceFrame(op, payload, priority);
        f.sourceIp = localIp;
        f.destinationIp = remoteIp;
        f.destinationQp = remoteQpn;
        f.sourcePort = udpSourcePort;
        f.psn = psn & Psn.MASK;
        f.migReq = nic.profile().migReq();
        if (nic.config().ecn()) f.ecn = org.sonde.sim.net.IpFrame.ECN_ECT0;
        return f;
    }

    /** Fails the QP: outstanding and later requests complete with {@code status}. */
    void fail(WorkRequest.Status status) {
        if (state == State.ERROR) return;
        state = State.ERROR;
        requester.flush(status);
    }

    @Override
    public String toString() {
        return "QP 0x" + Integer.toHexString(qpn) + "@" + nic.host().name();
    }
}
