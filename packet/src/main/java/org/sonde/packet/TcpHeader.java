package org.sonde.packet;

import java.util.List;
import java.util.Objects;

/**
 * TCP header (RFC 9293) with parsed options.
 *
 * @param sequenceNumber       unsigned 32 bits
 * @param acknowledgmentNumber unsigned 32 bits
 * @param dataOffset           header length in 32-bit words (5..15), or {@link Header#AUTO} to fit the options
 * @param reserved             the 3 reserved bits
 * @param flags                the 9 flag bits, NS (0x100) .. FIN (0x001); see the {@code FLAG_} constants
 * @param checksum             or {@link Header#AUTO}
 * @param options              in wire order; if they are shorter than the data offset implies, zeros fill the rest
 */
public record TcpHeader(int sourcePort, int destinationPort, long sequenceNumber, long acknowledgmentNumber,
                        int dataOffset, int reserved, int flags, int window, int checksum, int urgentPointer,
                        List<TcpOption> options) implements Header {
    public static final int MIN_LENGTH = 20;
    public static final int FLAG_FIN = 0x001;
    public static final int FLAG_SYN = 0x002;
    public static final int FLAG_RST = 0x004;
    public static final int FLAG_PSH = 0x008;
    public static final int FLAG_ACK = 0x010;
    public static final int FLAG_URG = 0x020;
    public static final int FLAG_ECE = 0x040;
    public static final int FLAG_CWR = 0x080;
    /** ECN nonce sum (RFC 3540, historic); AccECN calls it AE. */
    public static final int FLAG_NS = 0x100;
    private static final String[] FLAG_NAMES = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR", "NS"};

    static final int OFF_SOURCE_PORT = 0;
    static final int OFF_DESTINATION_PORT = 2;
    static final int OFF_SEQUENCE = 4;
    static final int OFF_ACKNOWLEDGMENT = 8;
    static final int OFF_DATA_OFFSET = 12;
    static final int OFF_FLAGS = 13;
    static final int OFF_WINDOW = 14;
    static final int OFF_CHECKSUM = 16;
    static final int OFF_URGENT = 18;
    static final String LAYER = "TCP";

    public TcpHeader {
        Bytes.checkBits("source port", sourcePort, 16);
        Bytes.checkBits("destination port", destinationPort, 16);
        Bytes.checkUnsigned32("sequence number", sequenceNumber);
        Bytes.checkUnsigned32("acknowledgment number", acknowledgmentNumber);
        Bytes.checkBits("reserved", reserved, 3);
        Bytes.checkBits("flags", flags, 9);
        Bytes.checkBits("window", window, 16);
        Bytes.checkBitsOrAuto("checksum", checksum, 16);
        Bytes.checkBits("urgent pointer", urgentPointer, 16);
        options = List.copyOf(Objects.requireNonNull(options, "options"));
        int optionBytes = TcpOption.totalLength(options);
        if (dataOffset == AUTO) {
            if (optionBytes > TcpOption.MAX_SPACE) {
                throw new IllegalArgumentException("TCP options of " + optionBytes + " bytes exceed the 40-byte option space");
            }
        } else {
            if (dataOffset < 5 || dataOffset > 15) {
                throw new IllegalArgumentException("TCP data offset " + dataOffset + " is outside 5..15 words");
            }
            if (optionBytes > dataOffset * 4 - MIN_LENGTH) {
                throw new IllegalArgumentException("TCP options of " + optionBytes + " bytes exceed data offset " + dataOffset);
            }
        }
    }

    /** Builder with window 65535, no flags, no options, data offset and checksum AUTO. */
    public static Builder builder(int sourcePort, int destinationPort) {
        return new Builder(sourcePort, destinationPort);
    }

    public Builder toBuilder() {
        Builder b = new Builder(sourcePort, destinationPort);
        b.sequenceNumber = sequenceNumber;
        b.acknowledgmentNumber = acknowledgmentNumber;
        b.dataOffset = dataOffset;
        b.reserved = reserved;
        b.flags = flags;
        b.window = window;
        b.checksum = checksum;
        b.urgentPointer = urgentPointer;
        b.options = options;
        return b;
    }

    /** Validates the data offset of the header at {@code off}; returns the header length in bytes. */
    static int checkedHeaderLength(byte[] b, int off, int end, int errBase) {
        DecodeException.require(LAYER, off, end, MIN_LENGTH, errBase);
        int words = Bytes.u8(b, off + OFF_DATA_OFFSET) >>> 4;
        if (words < 5) {
            throw new DecodeException(LAYER, off + OFF_DATA_OFFSET - errBase,
                    "data offset " + words + " words is below the minimum 5");
        }
        if (words * 4 > end - off) {
            throw new DecodeException(LAYER, off + OFF_DATA_OFFSET - errBase,
                    "header length " + words * 4 + " bytes exceeds the " + (end - off) + " bytes left");
        }
        return words * 4;
    }

    static int flags(byte[] b, int off) {
        return (b[off + OFF_DATA_OFFSET] & 1) << 8 | Bytes.u8(b, off + OFF_FLAGS);
    }

    public static TcpHeader decode(byte[] b, int off, int len) {
        int headerBytes = checkedHeaderLength(b, off, off + len, 0);
        return new TcpHeader(Bytes.u16(b, off + OFF_SOURCE_PORT), Bytes.u16(b, off + OFF_DESTINATION_PORT),
                Bytes.u32(b, off + OFF_SEQUENCE), Bytes.u32(b, off + OFF_ACKNOWLEDGMENT), headerBytes / 4,
                Bytes.u8(b, off + OFF_DATA_OFFSET) >>> 1 & 7, flags(b, off), Bytes.u16(b, off + OFF_WINDOW),
                Bytes.u16(b, off + OFF_CHECKSUM), Bytes.u16(b, off + OFF_URGENT),
                TcpOption.decodeAll(b, off + MIN_LENGTH, headerBytes - MIN_LENGTH, 0));
    }

    @Override
    public int length() {
        return dataOffset == AUTO ? MIN_LENGTH + (TcpOption.totalLength(options) + 3) / 4 * 4 : dataOffset * 4;
    }

    @Override
    public int encode(byte[] b, int off) {
        int len = length();
        Bytes.put16(b, off + OFF_SOURCE_PORT, sourcePort);
        Bytes.put16(b, off + OFF_DESTINATION_PORT, destinationPort);
        Bytes.put32(b, off + OFF_SEQUENCE, sequenceNumber);
        Bytes.put32(b, off + OFF_ACKNOWLEDGMENT, acknowledgmentNumber);
        Bytes.put8(b, off + OFF_DATA_OFFSET, len / 4 << 4 | reserved << 1 | flags >>> 8);
        Bytes.put8(b, off + OFF_FLAGS, flags);
        Bytes.put16(b, off + OFF_WINDOW, window);
        Bytes.put16(b, off + OFF_CHECKSUM, checksum == AUTO ? 0 : checksum);
        Bytes.put16(b, off + OFF_URGENT, urgentPointer);
        int p = off + MIN_LENGTH;
        for (TcpOption o : options) p += o.encode(b, p);
        java.util.Arrays.fill(b, p, off + len, (byte) 0);
        return len;
    }

    public boolean hasFlags(int mask) {
        return (flags & mask) == mask;
    }

    /**
     * Flag names, lowest bit first, comma-separated without spaces: {@code SYN,ACK},
     * {@code FIN,PSH,ACK}, {@code NS} for 0x100; {@code none} when no flag is set. Bits above the
     * nine flags are ignored.
     */
    public static String flagsToString(int flags) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < FLAG_NAMES.length; i++) {
            if ((flags & 1 << i) != 0) {
                if (!sb.isEmpty()) sb.append(',');
                sb.append(FLAG_NAMES[i]);
            }
        }
        return sb.isEmpty() ? "none" : sb.toString();
    }

    public TcpHeader withChecksum(int v) {
        return toBuilder().checksum(v).build();
    }

    /** Fluent construction of a {@link TcpHeader}. */
    public static final class Builder {
        private final int sourcePort;
        private final int destinationPort;
        private long sequenceNumber;
        private long acknowledgmentNumber;
        private int dataOffset = AUTO;
        private int reserved;
        private int flags;
        private int window = 65535;
        private int checksum = AUTO;
        private int urgentPointer;
        private List<TcpOption> options = List.of();

        private Builder(int sourcePort, int destinationPort) {
            this.sourcePort = sourcePort;
            this.destinationPort = destinationPort;
        }

        public Builder sequenceNumber(long v) { sequenceNumber = v; return this; }
        public Builder acknowledgmentNumber(long v) { acknowledgmentNumber = v; return this; }
        public Builder dataOffset(int v) { dataOffset = v; return this; }
        public Builder reserved(int v) { reserved = v; return this; }
        public Builder flags(int v) { flags = v; return this; }
        public Builder window(int v) { window = v; return this; }
        public Builder checksum(int v) { checksum = v; return this; }
        public Builder urgentPointer(int v) { urgentPointer = v; return this; }
        public Builder options(List<TcpOption> v) { options = v; return this; }
        public Builder options(TcpOption... v) { options = List.of(v); return this; }

        public TcpHeader build() {
            return new TcpHeader(sourcePort, destinationPort, sequenceNumber, acknowledgmentNumber, dataOffset,
                    reserved, flags, window, checksum, urgentPointer, options);
        }
    }
}
