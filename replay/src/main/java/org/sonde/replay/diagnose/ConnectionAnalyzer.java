package org.sonde.replay.diagnose;

/** Both directions of one TCP connection (one 4-tuple, from a SYN or from its first packet to its end). */
final class ConnectionAnalyzer {
    /** Without a handshake to measure a round trip, holes filled within this time count as reordering (Wireshark's default too). */
    static final long DEFAULT_REORDER_NANOS = 3_000_000;

    final FlowAnalyzer forward, backward;
    private long synNanos = -1, synAckNanos = -1, initialRttNanos = -1;
    private Endpoint synFrom;
    private int synScale = -1;
    boolean closed;

    ConnectionAnalyzer(Endpoint first, Endpoint second) {
        forward = new FlowAnalyzer(first, second);
        backward = new FlowAnalyzer(second, first);
    }

    void accept(TcpPacket p) {
        accept(p, true, true);
    }

    /**
     * @param asData whether p counts for its own direction (its segment, its sequence numbers)
     * @param asAck  whether p counts for the other direction (its ACK, window and SACK blocks)
     */
    void accept(TcpPacket p, boolean asData, boolean asAck) {
        FlowAnalyzer from = p.src().equals(forward.src) ? forward : backward;
        FlowAnalyzer to = from == forward ? backward : forward;
        handshake(p);
        if (asData) from.sent(p);
        if (asAck && p.has(TcpPacket.ACK) && to.based()) to.acknowledged(p);
        if (asAck && p.window() == 0 && !p.has(TcpPacket.RST) && !p.has(TcpPacket.SYN)) to.zeroWindowFrames.add(p.frame());
        if (asData && p.sequenceLength() > 0) from.segment(p, reorderNanos(from));
        if (p.has(TcpPacket.RST) || p.has(TcpPacket.FIN)) closed = true;
    }

    /** SYN, SYN-ACK, then the opener's first ACK: the whole round trip, wherever the capture point lies on the path. */
    private void handshake(TcpPacket p) {
        if (p.has(TcpPacket.SYN)) {
            // RFC 7323: scaling applies when both SYNs carry the option; the flow towards p's sender uses its shift
            FlowAnalyzer towardsSender = p.src().equals(forward.src) ? backward : forward;
            FlowAnalyzer fromSender = towardsSender == forward ? backward : forward;
            int shift = Math.max(p.windowScale(), 0);
            if (!p.has(TcpPacket.ACK)) {
                synScale = p.windowScale();
                towardsSender.receiverWindowScale = shift;
            } else {
                boolean both = synScale >= 0 && p.windowScale() >= 0;
                towardsSender.receiverWindowScale = both ? shift : 0;
                if (!both) fromSender.receiverWindowScale = 0;
            }
        }
        if (p.has(TcpPacket.SYN) && !p.has(TcpPacket.ACK)) {
            if (synNanos < 0) {
                synNanos = p.timeNanos();
                synFrom = p.src();
            }
        } else if (p.has(TcpPacket.SYN) && synNanos >= 0 && synAckNanos < 0 && !p.src().equals(synFrom)) {
            synAckNanos = p.timeNanos();
        } else if (synAckNanos >= 0 && initialRttNanos < 0 && p.src().equals(synFrom) && p.has(TcpPacket.ACK)) {
            initialRttNanos = p.timeNanos() - synNanos;
        }
    }

    private long reorderNanos(FlowAnalyzer from) {
        if (initialRttNanos > 0) return initialRttNanos;
        return DEFAULT_REORDER_NANOS;
    }

    long initialRttNanos() {
        return initialRttNanos;
    }
}
