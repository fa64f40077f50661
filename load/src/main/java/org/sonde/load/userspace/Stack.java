package org.sonde.load.userspace;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * What the client and server stacks share: the socket table, the one transmit frame every
 * packet is written into, the link's addresses, ARP over IPv4 and neighbour discovery over IPv6
 * (answering for this side's addresses and the port's own, as dperf's {@code arp.c} and
 * {@code nd.c} do, since the kernel does not own them; with 'neigh_ignore' for the port's only),
 * and with 'kni' the path
 * to the kernel: every frame that is no ARP request for this side and no TCP to or from the
 * listen port (no connection or listener of the engine) goes to the kernel's TAP interface.
 */
abstract class Stack {
    /** A buffer that holds any frame the engine sends or takes: one of the largest jumbo MTU, tagged. */
    static final int FRAME_BYTES = org.sonde.netio.PacketSocket.slotBytes(org.sonde.load.config.UserspaceOptions.JUMBO_MTU_MAX);
    private static final byte[] UNSPECIFIED = new byte[16];

    final SocketTable table;
    final FrameOut out;
    final WorkerStats stats;
    final byte[] ownMac;
    final int tos;
    /**
     * Where every frame is written: {@link #wire} itself, with a tunnel the part after the outer headers, with a VLAN
     * the part after the tag's 4 bytes (the MAC addresses move in front of the tag as it is sent).
     */
    MemorySegment tx;
    /** The whole transmit frame. */
    private final MemorySegment wire;
    /** The VXLAN tunnel every frame travels in, or null. */
    final Tunnel tunnel;
    final Arena arena = Arena.ofShared();
    final Share share;
    /** IPv6: the high 96 bits of this side's and the peer's addresses; both null over IPv4. */
    final byte[] localHigh;
    final byte[] peerHigh;
    /** The kernel's TAP interface (dperf's KNI), or null: frames no connection or listener takes are then dropped. */
    private FrameOut kernel;
    /** The MSS option of this side's SYNs and SYN-ACKs. */
    private int mss;
    /** The 802.1Q VLAN ID of every frame sent and received (dperf's vlan), or 0 for untagged frames. */
    private int vlan;
    /** Whether segments for no socket are answered with RST (dperf's tcp_rst) or dropped. */
    private boolean tcpRst = true;
    /** The port's own address (4 or 16 bytes), answered for like this side's traffic addresses; null until given. */
    private byte[] portAddress;
    /** Whether ARP and neighbour discovery answer for the port's address only (dperf's neigh_ignore). */
    private boolean onlyPortAnswered;
    private int isnState;

    Stack(SocketTable table, FrameOut out, WorkerStats stats, byte[] ownMac, int tos, long seed, Share share, Prefixes prefixes, Tunnel tunnel) {
        this.share = share;
        this.localHigh = prefixes == null ? null : prefixes.local();
        this.peerHigh = prefixes == null ? null : prefixes.peer();
        this.table = table;
        this.out = out;
        this.stats = stats;
        this.ownMac = ownMac.clone();
        this.tos = tos;
        this.tunnel = tunnel;
        this.mss = localHigh == null ? Frames.MSS : Frames.MSS6;
        this.wire = arena.allocate(FRAME_BYTES + Frames.VXLAN_INNER);
        this.tx = tunnel == null ? wire : wire.asSlice(Frames.VXLAN_INNER);
        this.isnState = (int) (seed ^ (seed >>> 32)) | 1;
    }

    /** Whether this side owns {@code ip} (an IPv6 address's low 32 bits, its prefix being {@link #localHigh}): ARP or NDP for it is answered. */
    abstract boolean owns(int ip);

    /** The server's port: one end of every connection (the fanout hashes only frames to or from it). */
    abstract int listenPort();

    /** Announces {@code mss} in this side's SYNs and SYN-ACKs instead of the family's default (dperf's 'mss'); before the worker starts. */
    final void announceMss(int mss) {
        this.mss = mss;
    }

    /** Tags every frame with VLAN {@code id} and takes only frames tagged with it (dperf's 'vlan'; not with a tunnel); before the worker starts. */
    final void tagFrames(int id) {
        if (tunnel != null) throw new IllegalStateException("a VLAN and a VXLAN tunnel at once");
        this.vlan = id;
        this.tx = wire.asSlice(Vlan.TAG);
    }

    /** Drops segments for no socket without answering them (dperf's 'tcp_rst 0'); before the worker starts. */
    final void dropUnknownSegments() {
        this.tcpRst = false;
    }

    /** The port's own address (the 'port' line's), answered in ARP or neighbour discovery; before the worker starts. */
    final void portAddress(byte[] address) {
        this.portAddress = address.clone();
    }

    /**
     * Answers ARP and neighbour solicitations for the port's address only, not for this side's traffic
     * addresses (dperf's 'neigh_ignore'): in LVS-DR the load balancer alone answers for the virtual address
     * its real servers serve, and reaches each server at the port address; before the worker starts.
     */
    final void answerOnlyForPort() {
        if (portAddress == null) throw new IllegalStateException("the port's address is not given");
        this.onlyPortAnswered = true;
    }

    /** Whether an ARP request or a neighbour solicitation for {@code target} (4 or 16 bytes) is this side's to answer. */
    private boolean answersFor(byte[] target) {
        if (Arrays.equals(target, portAddress)) return true;
        if (onlyPortAnswered) return false;
        return (localHigh == null || Arrays.equals(target, 0, Frames.PREFIX_BYTES, localHigh, 0, Frames.PREFIX_BYTES)) && owns(Prefixes.low(target));
    }

    /** Hands the frames that are not the engine's to the kernel through {@code tap} (the first worker's, which the fanout gives them). */
    final void handToKernel(FrameOut tap) {
        this.kernel = tap;
    }

    /** Takes one received frame. */
    final void receive(MemorySegment frame, int length, long nowNanos) {
        stats.increment(Counter.PKT_RX);
        if (vlan != 0) {
            if (!Vlan.isTagged(frame, length, vlan)) return; // untagged, or another VLAN's: not ours, as a VLAN interface would not see it
            frame = Vlan.untag(frame);
            length -= Vlan.TAG;
        }
        if (tunnel != null) {
            if (Frames.isArp(frame, length)) {
                stats.increment(Counter.ARP_RX);
                outerArp(frame);
                return;
            }
            if (!Frames.isVxlan(frame, length, tunnel.localVtep, tunnel.vni)) {
                return; // not our tunnel's: dropped, as frames for the kernel are without 'kni' (not available with 'vxlan')
            }
            if (tunnel.nextHopMac == null) {
                tunnel.nextHopMac = new byte[6];
                Frames.srcMac(frame, tunnel.nextHopMac); // the server answers through whoever sent
            }
            length = Math.min(Frames.vxlanInnerLength(frame), length - Frames.VXLAN_INNER);
            frame = frame.asSlice(Frames.VXLAN_INNER, length);
        }
        if (Frames.isArp(frame, length)) {
            stats.increment(Counter.ARP_RX);
            // replies, requests for other addresses, and all of ARP on an IPv6 side: the kernel learns from them too
            if (localHigh != null || !arp(frame)) toKernel(frame, length);
            return;
        }
        if (localHigh != null && Frames.isNeighbor(frame, length)) {
            stats.increment(Counter.ARP_RX);
            if (!neighbor(frame)) toKernel(frame, length);
            return;
        }
        // the other family, ICMP, UDP, TCP to other addresses: the kernel's, with 'kni'
        if (!Frames.isTcp(frame, length) || !ownsDestination(frame)) {
            toKernel(frame, length);
            return;
        }
        boolean engines = Frames.srcPort(frame) == listenPort() || Frames.dstPort(frame) == listenPort();
        if (!engines && kernel != null) {
            toKernel(frame, length); // another port of our address: no connection or listener of ours (without 'kni' the stack resets it)
            return;
        }
        if (!Frames.ipChecksumOk(frame) || peerHigh != null && !Frames.srcHigh(frame, peerHigh)) {
            stats.increment(Counter.TCP_DROP); // a damaged header, or an IPv6 source outside the peer's prefix
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

    /** Whether a TCP frame is of this side's family and to one of its addresses. */
    private boolean ownsDestination(MemorySegment f) {
        if (Frames.isV6(f) != (localHigh != null)) return false;
        return owns(Frames.dstIp(f)) && (localHigh == null || Frames.dstHigh(f, localHigh));
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
        if (oper == 1 && answersFor(java.nio.ByteBuffer.allocate(4).putInt(Frames.arpTargetIp(f)).array())) {
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

    /**
     * Called for every neighbour solicitation and advertisement on an IPv6 side; advertisements go
     * to {@link #neighborReply}. True when it was a solicitation for this side's address, answered
     * (duplicate address detection's, from the unspecified address, is left unanswered: the
     * engine's addresses are configured, not autoconfigured, and RFC 4862 would have it defend them
     * by multicast, which the peer does not need).
     */
    private boolean neighbor(MemorySegment f) {
        if (Frames.neighborType(f) == Frames.NEIGHBOR_ADVERTISEMENT) {
            byte[] mac = Frames.neighborMac(f);
            if (mac == null) {
                mac = new byte[6];
                Frames.srcMac(f, mac);
            }
            neighborReply(Frames.neighborTarget(f), mac);
            return false;
        }
        byte[] target = Frames.neighborTarget(f);
        if (!answersFor(target)) return false;
        byte[] asker = Frames.srcAddress6(f);
        if (Arrays.equals(asker, UNSPECIFIED)) return true;
        byte[] askerMac = Frames.neighborMac(f);
        if (askerMac == null) { // a unicast probe (neighbour unreachability detection) may leave the option out
            askerMac = new byte[6];
            Frames.srcMac(f, askerMac);
        }
        int n = Frames.neighborAdvertisement(tx, askerMac, ownMac, Arrays.copyOf(target, Frames.PREFIX_BYTES), Prefixes.low(target),
                Arrays.copyOf(asker, Frames.PREFIX_BYTES),
                Prefixes.low(asker));
        if (send(n)) stats.increment(Counter.ARP_TX);
        return true;
    }

    void neighborReply(byte[] target, byte[] mac) {
        // only a client resolves its gateway
    }

    /** Sends a neighbour solicitation for {@code target} from {@code own} (16-byte addresses). */
    final void neighborSolicitation(byte[] own, byte[] target) {
        int n = Frames.neighborSolicitation(tx, ownMac, Arrays.copyOf(own, Frames.PREFIX_BYTES), Prefixes.low(own),
                Arrays.copyOf(target, Frames.PREFIX_BYTES), Prefixes.low(target));
        if (send(n)) stats.increment(Counter.ARP_TX);
    }

    /** Broadcasts "who has {@code targetIp}? tell {@code ownIp}". */
    final void arpRequest(int ownIp, int targetIp) {
        int n = Frames.arp(tx, 1, Frames.BROADCAST, ownMac, ownIp, Frames.ZERO_MAC, targetIp);
        if (send(n)) stats.increment(Counter.ARP_TX);
    }

    /** Sends the frame of {@code length} bytes at {@link #tx}, tagged or in the tunnel if the configuration says so. */
    final boolean send(int length) {
        if (vlan != 0) return sendRaw(Vlan.tag(wire, vlan, length));
        if (tunnel == null) return sendRaw(length);
        int port = Frames.isTcp(tx, length) ? Tunnel.sourcePort(Frames.srcIp(tx), Frames.dstIp(tx), Frames.srcPort(tx), Frames.dstPort(tx)) : 0xc000;
        return sendRaw(Frames.vxlan(wire, tunnel.nextHopMac, tunnel.portMac, tunnel.localVtep, tunnel.remoteVtep, port, tunnel.vni, length, tos));
    }

    /** The outer network's ARP: requests for the local tunnel endpoint are answered, the gateway's reply is its MAC. */
    private void outerArp(MemorySegment f) {
        int oper = Frames.arpOper(f);
        if (oper == 1 && Frames.arpTargetIp(f) == tunnel.localVtep) {
            byte[] asker = Frames.arpSenderMac(f);
            int n = Frames.arp(wire, 2, asker, tunnel.portMac, tunnel.localVtep, asker, Frames.arpSenderIp(f));
            if (sendRaw(n)) stats.increment(Counter.ARP_TX);
        } else if (oper == 2 && Frames.arpSenderIp(f) == tunnel.gateway) {
            tunnel.nextHopMac = Frames.arpSenderMac(f);
        }
    }

    /** Asks the outer network for its gateway's MAC (a tunnel's client, before it sends). */
    final void outerArpRequest(int ownIp) {
        int n = Frames.arp(wire, 1, Frames.BROADCAST, tunnel.portMac, ownIp, Frames.ZERO_MAC, tunnel.gateway);
        if (sendRaw(n)) stats.increment(Counter.ARP_TX);
    }

    private boolean sendRaw(int length) {
        if (out.send(wire, length)) {
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
        int n = Frames.tcp(tx, peerMac, ownMac, table.intField(slot, SocketTable.LOCAL_IP), table.intField(slot, SocketTable.PEER_IP), localHigh, peerHigh,
                table.shortField(slot, SocketTable.LOCAL_PORT), table.shortField(slot, SocketTable.PEER_PORT),
                seq, table.intField(slot, SocketTable.RCV_NXT), flags, payloadLength, tos, mss);
        if (send(n) && flags == Frames.ACK && payloadLength == 0) stats.increment(Counter.ACK_TX);
    }

    /** The MSS this side announces: the longest segment it takes, and sends. */
    final int mss() {
        return mss;
    }

    /** Copies {@code length} bytes of a payload from {@code offset} into a data segment's payload (a large response's part). */
    final void stagePayload(MemorySegment payload, long offset, int length) {
        MemorySegment.copy(payload, offset, tx, Frames.payloadOffset(false, localHigh != null), length);
    }

    /** Copies the fixed payload into the transmit frame (stop-and-wait keeps no buffers: every send takes it from here). */
    final void stagePayload(MemorySegment payload, boolean syn) {
        MemorySegment.copy(payload, 0, tx, Frames.payloadOffset(syn, localHigh != null), payload.byteSize());
    }

    /** An RST|ACK answering a segment that belongs to no socket (dperf's tcp_rst); nothing with 'tcp_rst 0' (the caller counted tcpDrop). */
    final void reset(MemorySegment f, byte[] peerMac) {
        int flags = Frames.flags(f);
        if ((flags & Frames.RST) != 0 || !tcpRst) return;
        int len = Frames.payloadLength(f) + ((flags & (Frames.SYN | Frames.FIN)) != 0 ? 1 : 0);
        int seq = (flags & Frames.ACK) != 0 ? Frames.ack(f) : 0;
        int n = Frames.tcp(tx, peerMac, ownMac, Frames.dstIp(f), Frames.srcIp(f), localHigh, peerHigh, Frames.dstPort(f), Frames.srcPort(f),
                seq, Frames.seq(f) + len, Frames.RST | Frames.ACK, 0, tos, mss);
        if (send(n)) stats.increment(Counter.RST_TX);
    }

    /** Whether sequence number a is before b (modulo 2^32). */
    static boolean before(int a, int b) {
        return a - b < 0;
    }

    void free() {
        arena.close();
    }
}
