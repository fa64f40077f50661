package org.sonde.sim.tcp;

import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_SYN;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortTap;

/**
 * Plays the remote end of one connection by hand, for unit tests of the socket's parts: the test builds each
 * segment the peer sends and hands it to the local stack at the moment it chooses, and reads what the local
 * socket sent. The peer's host has no TCP: the local segments reach it and are dropped there. The peer offers
 * what Linux does (MSS 1460, SACK, timestamps, window scale 7), so the socket sends 1448-byte segments.
 */
final class HandPeer {
    static final int PORT = 5001;
    static final int PEER_PORT = 40_000;
    /** The peer's initial sequence number. */
    static final long PEER_ISS = 7_000_000L;
    static final int PEER_WSCALE = 7;

    /** A segment the local socket sent and when (the link is so fast that back-to-back segments start at the same nanosecond). */
    record Sent(long at, TcpSegment segment) {
    }

    final TcpConfig cfg;
    final Simulator sim;
    final Host local;
    final Host peer;
    final TcpStack stack;
    final List<Sent> sent = new ArrayList<>();
    TcpSocket sock;
    /** The peer's next sequence number (absolute, before the 32-bit wrap). */
    long peerNxt = PEER_ISS + 1;
    /** The local socket's initial sequence number, from its SYN-ACK. */
    long localIss;
    /** The window field the peer sends (scaled by {@link #PEER_WSCALE}). */
    int peerWindow = 1000;
    /** What the peer's segments acknowledge of the socket's data, relative (1: nothing yet). */
    long ackRel = 1;
    /** ECN codepoint and extra flags for the next segments the peer sends. */
    int ecn;
    /** When not negative, the timestamp echo of the peer's next segments; else the latest TSval the socket sent. */
    long tsEcr = -1;
    private int lastTsVal;

    HandPeer(Map<String, Object> tcp) {
        cfg = TcpBed.config(tcp);
        Network net = new Network(1);
        sim = net.simulator();
        local = net.addHost("local", HostConfig.DEFAULT);
        peer = net.addHost("peer", HostConfig.DEFAULT);
        net.connect(local, peer, 1_000_000_000_000_000_000L, 0); // 1 Eb/s: a segment takes under a nanosecond to send
        net.computeRoutes();
        stack = new TcpStack(local, cfg);
        local.nic().addTap(new PortTap() {
            public boolean transmitted() {
                return true;
            }

            public boolean received() {
                return false;
            }

            public void record(long now, Frame f, Port p) {
                if (!(f instanceof TcpSegment s)) return;
                sent.add(new Sent(now, s));
                if (s.timestamps) lastTsVal = s.tsVal;
            }
        });
    }

    /**
     * The local socket accepts our connection: our SYN now (with ECN if {@code ecn}), its SYN-ACK, our ACK
     * {@code rttNanos} later. {@code acceptor} configures the socket (reading) when the handshake completes.
     */
    TcpSocket accept(long rttNanos, boolean ecn, Consumer<TcpSocket> acceptor) {
        stack.listen(PORT, s -> {
            sock = s;
            acceptor.accept(s);
        });
        TcpSegment syn = segment(PEER_ISS, 0, FLAG_SYN | (ecn ? org.sonde.packet.TcpHeader.FLAG_ECE | org.sonde.packet.TcpHeader.FLAG_CWR : 0), true);
        stack.receive(syn);
        TcpSegment synAck = sent.getLast().segment();
        localIss = synAck.seq & 0xFFFF_FFFFL;
        at(sim.now() + rttNanos);
        stack.receive(segment(peerNxt, 0, FLAG_ACK, false));
        return sock;
    }

    /** Sets the clock to {@code nanos}, running what is due before. */
    void at(long nanos) {
        sim.runUntil(nanos);
    }

    /** Runs what is due now: the frames the socket queued on the NIC start on the wire. */
    void settle() {
        sim.runUntil(sim.now());
    }

    /** The peer sends {@code bytes} of new data now (flags: ACK plus {@code extraFlags}); returns the segment. */
    TcpSegment data(int bytes, int extraFlags) {
        TcpSegment s = segment(peerNxt, bytes, FLAG_ACK | extraFlags, false);
        peerNxt += bytes;
        stack.receive(s);
        settle();
        return s;
    }

    TcpSegment data(int bytes) {
        return data(bytes, 0);
    }

    /** The peer sends {@code bytes} from {@code seq} (a gap, or data sent before) now. */
    TcpSegment dataAt(long seq, int bytes) {
        TcpSegment s = segment(seq, bytes, FLAG_ACK, false);
        stack.receive(s);
        settle();
        return s;
    }

    /**
     * The peer acknowledges the socket's data up to {@code rel} (relative: 1 is its first byte) with SACK blocks
     * given as relative start, end, start, end, ...; a pure ACK delivered now.
     */
    TcpSegment ack(long rel, long... sackRel) {
        ackRel = rel;
        TcpSegment s = segment(peerNxt, 0, FLAG_ACK, false, sackRel.length / 2);
        for (int k = 0; k < sackRel.length; k += 2) s.addSack((int) (localIss + sackRel[k]), (int) (localIss + sackRel[k + 1]));
        stack.receive(s);
        settle();
        return s;
    }

    /** The data segments the socket sent (payload or FIN), in order. */
    List<Sent> dataSent() {
        return sent.stream().filter(s -> s.segment().payloadBytes > 0 || s.segment().has(org.sonde.packet.TcpHeader.FLAG_FIN)).toList();
    }

    /** Where a segment the socket sent starts in its data (relative: 1 is the first byte). */
    long relSeq(TcpSegment s) {
        return ((s.seq & 0xFFFF_FFFFL) - localIss) & 0xFFFF_FFFFL;
    }

    /** A segment from the peer acknowledging {@link #ackRel} of what the socket sent. */
    TcpSegment segment(long seq, int payload, int flags, boolean syn) {
        return segment(seq, payload, flags, syn, 0);
    }

    /** The same, with room for {@code sackBlocks} SACK blocks. */
    TcpSegment segment(long seq, int payload, int flags, boolean syn, int sackBlocks) {
        boolean ts = cfg.timestamps();
        TcpSegment s = new TcpSegment(payload, TcpSegment.optionBytes(syn, ts, syn, syn, sackBlocks), 0);
        s.sourceIp = peer.ip();
        s.destinationIp = local.ip();
        s.sourcePort = PEER_PORT;
        s.destinationPort = PORT;
        s.seq = (int) seq;
        s.flags = flags;
        s.ecn = ecn;
        if ((flags & FLAG_ACK) != 0) s.ack = (int) (localIss + ackRel);
        if (syn) {
            s.mssOption = 1460;
            s.sackPermitted = true;
            s.windowScaleOption = PEER_WSCALE;
            s.window = 65_535;
        } else {
            s.window = peerWindow;
        }
        if (ts) {
            s.timestamps = true;
            s.tsVal = (int) (sim.now() / 1_000_000L) + 1;
            s.tsEcr = tsEcr >= 0 ? (int) tsEcr : lastTsVal;
        }
        return s;
    }

    /** The pure ACKs the socket sent (no SYN, no data), in order. */
    List<Sent> acks() {
        return sent.stream().filter(s -> s.segment().payloadBytes == 0 && !s.segment().has(FLAG_SYN)).toList();
    }

    /** What an ACK acknowledges, relative to our first data byte (1 = nothing yet). */
    long relAck(TcpSegment s) {
        return ((s.ack & 0xFFFF_FFFFL) - PEER_ISS) & 0xFFFF_FFFFL;
    }

    /** Our sequence number {@code rel} bytes into our data (1 = the first byte). */
    static long seq(long rel) {
        return PEER_ISS + rel;
    }
}
