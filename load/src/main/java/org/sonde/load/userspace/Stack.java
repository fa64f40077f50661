package org.sonde.load.userspace;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * What the client and server stacks share: the socket table, the one transmit frame every
 * packet is written into, the link's addresses, ARP (answering for this side's addresses,
 * as dperf's {@code arp.c} does, since the kernel does not own them), and with 'kni' the path
 * to the kernel: every frame that is no ARP request for this side and no TCP to or from the
 * listen port (no connection or listener of the engine) goes to the kernel's TAP interface.
 */
abstract class Stack {
    static final int FRAME_BYTES = 2048;

    final SocketTable table;
    final FrameOut out;
    final WorkerStats stats;
    final byte[] ownMac;
    final int tos;
    final MemorySegment tx;
    final Arena arena = Arena.ofShared();
    final Share share;
    /** The kernel's TAP interface (dperf's KNI), or null: frames no connection or listener takes are then dropped. */
    private FrameOut kernel;
    private int isnState;

    Stack(SocketTable table, FrameOut out, WorkerStats stats, byte[] ownMac, int tos, long seed, Share share) {
        this.share = share;
        this.table = table;
        this.out = out;
        this.stats = stats;
        this.ownMac = ownMac.clone();
        this.tos = tos;
        this.tx = arena.allocate(FRAME_BYTES);
        this.isnState = (int) (seed ^ (seed >>> 32)) | 1;
    }

    /** Whether this side owns {@code ip} (ARP requests for it are answered). */
    abstract boolean owns(int ip);

    /** The server's port: one end of every connection (the fanout hashes only frames to or from it). */
    abstract int listenPort();

    /** Hands the frames that are not the engine's to the kernel through {@code tap} (the first worker's, which the fanout gives them). */
    final void handToKernel(FrameOut tap) {
        this.kernel = tap;
    }

    /** Takes one received frame. */
    final void receive(MemorySegment frame, int length, long nowNanos) {
        stats.increment(Counter.PKT_RX);
        if (Frames.isArp(frame, length)) {
            stats.increment(Counter.ARP_RX);
            if (!arp(frame)) toKernel(frame, length); // replies, and requests for other addresses: the kernel learns from them too
            return;
        }
        // IPv6, ICMP, UDP, TCP to other addresses: the kernel's, with 'kni'
        if (!Frames.isTcp(frame, length) || !owns(Frames.dstIp(frame))) {
            toKernel(frame, length);
            return;
        }
        boolean engines = Frames.srcPort(frame) == listenPort() || Frames.dstPort(frame) == listenPort();
        if (!engines && kernel != null) {
            toKernel(frame, length); // another port of our address: no connection or listener of ours (without 'kni' the stack resets it)
            return;
        }
        if (!Frames.ipChecksumOk(frame)) {
            stats.increment(Counter.TCP_DROP);
            return;
        }
        // the fanout gives a connection's frames to its owner, and frames of other ports to the first worker
        boolean mine = engines ? share.owns(Frames.srcIp(frame), Frames.dstIp(frame), Frames.srcPort(frame), Frames.dstPort(frame)) : share.worker() == 0;
        if (!mine) {
            // another worker's frame: its state is not ours to touch
            stats.increment(Counter.WRONG_WORKER);
            return;
        }
        segment(frame, nowNanos);
    }

    /** A TCP segment to one of this side's addresses. */
    abstract void segment(MemorySegment frame, long nowNanos);

    /** Passes a frame to the kernel's TAP interface if there is one. */
    private void toKernel(MemorySegment frame, int length) {
        if (kernel == null) return;
        if (kernel.send(frame, length)) stats.increment(Counter.KNI_TX);
        else stats.increment(Counter.DROP_TX);
    }

    /** Called for every ARP frame; replies learned MACs go to {@link #arpReply}. True when it was a request for this side, answered. */
    private boolean arp(MemorySegment f) {
        int oper = Frames.arpOper(f);
        if (oper == 1 && owns(Frames.arpTargetIp(f))) {
            byte[] asker = Frames.arpSenderMac(f);
            int n = Frames.arp(tx, 2, asker, ownMac, Frames.arpTargetIp(f), asker, Frames.arpSenderIp(f));
            if (send(n)) stats.increment(Counter.ARP_TX);
            return true;
        }
        if (oper == 2) arpReply(Frames.arpSenderIp(f), Frames.arpSenderMac(f));
        return false;
    }

    void arpReply(int ip, byte[] mac) {
        // only a client resolves its gateway
    }

    /** Broadcasts "who has {@code targetIp}? tell {@code ownIp}". */
    final void arpRequest(int ownIp, int targetIp) {
        int n = Frames.arp(tx, 1, Frames.BROADCAST, ownMac, ownIp, Frames.ZERO_MAC, targetIp);
        if (send(n)) stats.increment(Counter.ARP_TX);
    }

    final boolean send(int length) {
        if (out.send(tx, length)) {
            stats.increment(Counter.PKT_TX);
            return true;
        }
        stats.increment(Counter.DROP_TX);
        return false;
    }

    /** A new initial sequence number (xorshift: unpredictable enough for a tester, no allocation). */
    final int nextIsn() {
        int x = isnState;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        isnState = x;
        return x;
    }

    /** Writes a segment for {@code slot} with {@code payloadLength} bytes already at the payload offset, and sends it. */
    final void sendSegment(int slot, byte[] peerMac, int seq, int flags, int payloadLength) {
        int n = Frames.tcp(tx, peerMac, ownMac, table.intField(slot, SocketTable.LOCAL_IP), table.intField(slot, SocketTable.PEER_IP),
                table.shortField(slot, SocketTable.LOCAL_PORT), table.shortField(slot, SocketTable.PEER_PORT),
                seq, table.intField(slot, SocketTable.RCV_NXT), flags, payloadLength, tos);
        send(n);
    }

    /** Copies the fixed payload into the transmit frame (stop-and-wait keeps no buffers: every send takes it from here). */
    final void stagePayload(MemorySegment payload, boolean syn) {
        MemorySegment.copy(payload, 0, tx, Frames.payloadOffset(syn), payload.byteSize());
    }

    /** An RST|ACK answering a segment that belongs to no socket (dperf's tcp_rst). */
    final void reset(MemorySegment f, byte[] peerMac) {
        int flags = Frames.flags(f);
        if ((flags & Frames.RST) != 0) return;
        int len = Frames.payloadLength(f) + ((flags & (Frames.SYN | Frames.FIN)) != 0 ? 1 : 0);
        int seq = (flags & Frames.ACK) != 0 ? Frames.ack(f) : 0;
        int n = Frames.tcp(tx, peerMac, ownMac, Frames.dstIp(f), Frames.srcIp(f), Frames.dstPort(f), Frames.srcPort(f),
                seq, Frames.seq(f) + len, Frames.RST | Frames.ACK, 0, tos);
        send(n);
    }

    /** Whether sequence number a is before b (modulo 2^32). */
    static boolean before(int a, int b) {
        return a - b < 0;
    }

    void free() {
        arena.close();
    }
}
