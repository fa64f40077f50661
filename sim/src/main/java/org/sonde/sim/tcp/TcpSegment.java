package org.sonde.sim.tcp;

import java.util.ArrayList;
import java.util.List;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;
import org.sonde.sim.net.IpFrame;

/**
 * A TCP segment on a simulated wire: header fields as plain values, the payload as a length (zeros
 * when encoded). Sequence and acknowledgment numbers are the 32-bit wire values and wrap; the
 * stack unwraps them against its own 64-bit sequence space.
 *
 * <p>Options are laid out as Linux's {@code tcp_options_write()} does, so that captures look like
 * a Linux host's: {@code MSS, SACK_PERM+TS (or NOP NOP TS / NOP NOP SACK_PERM), NOP WS, NOP NOP SACK}.
 * SACK blocks are held in four {@code long}s (left edge in the high half) so that a segment is one
 * allocation.
 */
public final class TcpSegment extends IpFrame {
    public static final int HEADER = 20;
    /** {@code NOP NOP TS} or {@code SACK_PERM TS}: 12 bytes, what Linux subtracts from the MSS. */
    public static final int TIMESTAMP_OPTION_BYTES = 12;
    public static final int MAX_SACK_BLOCKS = 4;

    public int seq;
    public int ack;
    /** {@link TcpHeader}'s {@code FLAG_} bits. */
    public int flags;
    /** The 16-bit window field (already shifted right by the sender's window scale). */
    public int window;
    public final int payloadBytes;

    /** MSS option value, or 0 when absent (SYN and SYN-ACK only). */
    public int mssOption;
    /** Window scale shift, or -1 when absent. */
    public int windowScaleOption = -1;
    public boolean sackPermitted;
    public boolean timestamps;
    public int tsVal;
    public int tsEcr;
    private int sackCount;
    private long sack0;
    private long sack1;
    private long sack2;
    private long sack3;

    /**
     * Simulation metadata, not on the wire: whether the sender transmitted this sequence range before.
     * Lets analyses (the DETER study) tell retransmissions apart without reconstructing the stream.
     */
    public boolean retransmission;

    TcpSegment(int payloadBytes, int optionBytes, int priority) {
        super(HEADER + optionBytes + payloadBytes, priority);
        this.payloadBytes = payloadBytes;
        protocol = IpProtocols.TCP;
    }

    /** The bytes of options this segment carries, as Linux lays them out (a multiple of 4). */
    public static int optionBytes(boolean syn, boolean timestamps, boolean sackPermitted, boolean windowScale, int sackBlocks) {
        int n = 0;
        if (syn) n += 4; // MSS
        if (timestamps) n += TIMESTAMP_OPTION_BYTES; // SACK_PERM is folded into the timestamp word
        else if (sackPermitted) n += 4; // NOP NOP SACK_PERM
        if (windowScale) n += 4; // NOP WS
        if (sackBlocks > 0) n += 4 + 8 * sackBlocks; // NOP NOP SACK
        return n;
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** Sequence space the segment occupies: payload plus one for SYN and for FIN. */
    public int sequenceLength() {
        return payloadBytes + ((flags & TcpHeader.FLAG_SYN) != 0 ? 1 : 0) + ((flags & TcpHeader.FLAG_FIN) != 0 ? 1 : 0);
    }

    public int sackBlocks() {
        return sackCount;
    }

    /** Left edge (wire value) of SACK block {@code i}. */
    int sackLeft(int i) {
        return (int) (sackAt(i) >>> 32);
    }

    /** Right edge (wire value, exclusive) of SACK block {@code i}. */
    int sackRight(int i) {
        return (int) sackAt(i);
    }

    void addSack(int left, int right) {
        long v = (long) left << 32 | (right & 0xFFFF_FFFFL);
        switch (sackCount) {
            case 0 -> sack0 = v;
            case 1 -> sack1 = v;
            case 2 -> sack2 = v;
            case 3 -> sack3 = v;
            default -> throw new IllegalStateException("at most 4 SACK blocks");
        }
        sackCount++;
    }

    private long sackAt(int i) {
        return switch (i) {
            case 0 -> sack0;
            case 1 -> sack1;
            case 2 -> sack2;
            case 3 -> sack3;
            default -> throw new IndexOutOfBoundsException(i);
        };
    }

    @Override
    protected void addTransport(PacketBuilder b) {
        b.add(TcpHeader.builder(sourcePort, destinationPort)
                .sequenceNumber(seq & 0xFFFF_FFFFL)
                .acknowledgmentNumber(ack & 0xFFFF_FFFFL)
                .flags(flags)
                .window(window)
                .options(options())
                .build());
        b.payload(new byte[payloadBytes]);
    }

    /** The options in Linux's wire order. */
    public List<TcpOption> options() {
        List<TcpOption> o = new ArrayList<>(8);
        TcpOption nop = new TcpOption.NoOperation();
        if (mssOption > 0) o.add(new TcpOption.MaximumSegmentSize(mssOption));
        if (timestamps) {
            if (sackPermitted) o.add(new TcpOption.SackPermitted());
            else {
                o.add(nop);
                o.add(nop);
            }
            o.add(new TcpOption.Timestamps(tsVal & 0xFFFF_FFFFL, tsEcr & 0xFFFF_FFFFL));
        } else if (sackPermitted) {
            o.add(nop);
            o.add(nop);
            o.add(new TcpOption.SackPermitted());
        }
        if (windowScaleOption >= 0) {
            o.add(nop);
            o.add(new TcpOption.WindowScale(windowScaleOption));
        }
        if (sackCount > 0) {
            o.add(nop);
            o.add(nop);
            List<TcpOption.SackBlock> blocks = new ArrayList<>(sackCount);
            for (int i = 0; i < sackCount; i++) {
                blocks.add(new TcpOption.SackBlock(sackLeft(i) & 0xFFFF_FFFFL, sackRight(i) & 0xFFFF_FFFFL));
            }
            o.add(new TcpOption.Sack(blocks));
        }
        return o;
    }

    @Override
    public TcpSegment copy() {
        return withPayload(payloadBytes);
    }

    /** A copy carrying {@code payload} bytes instead, the frame's size changed by as much. */
    TcpSegment withPayload(int payload) {
        TcpSegment c = copyIpFieldsTo(new TcpSegment(payload, 0, priority));
        c.bytes = bytes + payload - payloadBytes;
        c.seq = seq;
        c.ack = ack;
        c.flags = flags;
        c.window = window;
        c.mssOption = mssOption;
        c.windowScaleOption = windowScaleOption;
        c.sackPermitted = sackPermitted;
        c.timestamps = timestamps;
        c.tsVal = tsVal;
        c.tsEcr = tsEcr;
        c.sackCount = sackCount;
        c.sack0 = sack0;
        c.sack1 = sack1;
        c.sack2 = sack2;
        c.sack3 = sack3;
        c.retransmission = retransmission;
        return c;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TCP ").append(sourcePort).append(" > ").append(destinationPort)
                .append(" [").append(TcpHeader.flagsToString(flags)).append("] seq ").append(Integer.toUnsignedString(seq));
        if (has(TcpHeader.FLAG_ACK)) sb.append(" ack ").append(Integer.toUnsignedString(ack));
        sb.append(" win ").append(window).append(" len ").append(payloadBytes);
        for (int i = 0; i < sackCount; i++) {
            sb.append(i == 0 ? " sack " : ",").append(Integer.toUnsignedString(sackLeft(i))).append('-').append(Integer.toUnsignedString(sackRight(i)));
        }
        return sb.toString();
    }
}
