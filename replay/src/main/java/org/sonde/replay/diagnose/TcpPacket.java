package org.sonde.replay.diagnose;

/**
 * The TCP facts of one captured packet that the diagnosis uses.
 *
 * @param frame          1-based number of the packet record in the capture (what Wireshark calls the frame number)
 * @param timeNanos      capture timestamp, nanoseconds since the Unix epoch
 * @param payloadBytes   TCP payload length from the IP length fields, so also right in a capture cut by a snap length
 * @param ipId           the IPv4 identification field, or -1 (IPv6)
 * @param windowScale    the window scale option's shift on a SYN, else -1
 * @param sackBlocks     SACK option blocks as raw 32-bit edges {@code left0, right0, left1, ...}; empty without SACK
 * @param tsVal          the timestamp option's TSval (unsigned 32 bits), or -1 without the option
 * @param tsEcr          its TSecr, or -1 without the option
 */
public record TcpPacket(long frame, long timeNanos, Endpoint src, Endpoint dst, long seq, long ack, int flags, int window,
                        int payloadBytes, int ipId, int windowScale, long[] sackBlocks, long tsVal, long tsEcr) {
    /** A packet without the timestamp option. */
    public TcpPacket(long frame, long timeNanos, Endpoint src, Endpoint dst, long seq, long ack, int flags, int window,
                     int payloadBytes, int ipId, int windowScale, long[] sackBlocks) {
        this(frame, timeNanos, src, dst, seq, ack, flags, window, payloadBytes, ipId, windowScale, sackBlocks, -1, -1);
    }

    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int PSH = 0x08;
    public static final int ACK = 0x10;

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    public boolean hasTimestamps() {
        return tsVal >= 0;
    }

    /** Sequence space the segment occupies: payload, plus one each for SYN and FIN. */
    public int sequenceLength() {
        return payloadBytes + (has(SYN) ? 1 : 0) + (has(FIN) ? 1 : 0);
    }
}
