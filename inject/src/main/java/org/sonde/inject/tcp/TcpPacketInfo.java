package org.sonde.inject.tcp;

/**
 * One IPv4/TCP packet of a test in the test's terms, as {@link TcpFlows} classifies it.
 * Sequence and acknowledgement numbers are relative to the sender's and the receiver's initial
 * sequence numbers (the SYN is 0, the first data byte 1), as Wireshark shows them.
 *
 * @param connection  1-based, in the order the client opened them; 0 for a packet of no connection
 *                    the test opened (it passes untouched)
 * @param fromClient  whether the client sent it (the client sends the messages)
 * @param dataBytes   TCP payload bytes
 * @param flags       TCP's nine flag bits ({@link org.sonde.packet.TcpHeader#FLAG_SYN} ...)
 * @param segment     the 1-based data segment of its sender whose first byte it carries (the first
 *                    of several for a coalesced retransmission), 0 without data
 * @param iteration   which transmission of {@code segment} this is: 1 the original
 * @param carried     every segment whose first byte it carries, with {@code carriedIterations}
 * @param ack         1-based number among its sender's acknowledgements without data (no SYN,
 *                    FIN or RST), 0 for other packets
 * @param sack        SACK blocks as relative [left, right) pairs, flat; empty without
 * @param ecn         the IPv4 header's ECN bits (3: CE)
 */
public record TcpPacketInfo(int connection, boolean fromClient, long relSeq, long relAck, int dataBytes, int flags, int window,
                            int segment, int iteration, int[] carried, int[] carriedIterations, int ack, long[] sack, int ecn) {
    /** A packet of no connection of the test. */
    static final TcpPacketInfo NONE = new TcpPacketInfo(0, false, 0, 0, 0, 0, 0, 0, 0, new int[0], new int[0], 0, new long[0], 0);

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** The relative sequence number after its data (and SYN or FIN, which take one each). */
    public long endSeq() {
        return relSeq + dataBytes + ((flags & 0x003) != 0 ? 1 : 0);
    }
}
