package org.sonde.packet;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One TCP option (RFC 9293, 7323, 2018). A known kind whose length byte is not the one its RFC
 * defines is kept as {@link Unknown}, so that decoding then encoding reproduces the bytes.
 */
public sealed interface TcpOption {
    int KIND_END_OF_OPTION_LIST = 0;
    int KIND_NO_OPERATION = 1;
    int KIND_MAXIMUM_SEGMENT_SIZE = 2;
    int KIND_WINDOW_SCALE = 3;
    int KIND_SACK_PERMITTED = 4;
    int KIND_SACK = 5;
    int KIND_TIMESTAMPS = 8;
    /** TCP options fill at most 40 bytes (data offset 15 words minus the 20-byte header). */
    int MAX_SPACE = 40;
    String LAYER = "TCP option";

    int kind();

    /** Bytes on the wire, including kind and length bytes. */
    int length();

    /** Writes the option at {@code off}; returns {@link #length()}. */
    int encode(byte[] b, int off);

    /**
     * End of option list (kind 0). The bytes after it up to the end of the option space are kept in
     * {@code padding} (normally zeros) so that they survive a decode-encode round trip.
     */
    record EndOfOptionList(ImmutableBytes padding) implements TcpOption {
        public EndOfOptionList {
            Objects.requireNonNull(padding, "padding");
        }

        public EndOfOptionList() {
            this(ImmutableBytes.EMPTY);
        }

        @Override public int kind() { return KIND_END_OF_OPTION_LIST; }
        @Override public int length() { return 1 + padding.length(); }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = 0;
            padding.writeTo(b, off + 1);
            return length();
        }
    }

    /** No-operation (kind 1), used to align options. */
    record NoOperation() implements TcpOption {
        @Override public int kind() { return KIND_NO_OPERATION; }
        @Override public int length() { return 1; }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = 1;
            return 1;
        }
    }

    /** Maximum segment size (kind 2, length 4). */
    record MaximumSegmentSize(int mssBytes) implements TcpOption {
        public MaximumSegmentSize {
            Bytes.checkBits("MSS", mssBytes, 16);
        }

        @Override public int kind() { return KIND_MAXIMUM_SEGMENT_SIZE; }
        @Override public int length() { return 4; }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = KIND_MAXIMUM_SEGMENT_SIZE;
            b[off + 1] = 4;
            Bytes.put16(b, off + 2, mssBytes);
            return 4;
        }
    }

    /** Window scale (kind 3, length 3); the shift count as sent (RFC 7323 caps its use at 14). */
    record WindowScale(int shiftCount) implements TcpOption {
        public WindowScale {
            Bytes.checkBits("window scale shift", shiftCount, 8);
        }

        @Override public int kind() { return KIND_WINDOW_SCALE; }
        @Override public int length() { return 3; }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = KIND_WINDOW_SCALE;
            b[off + 1] = 3;
            b[off + 2] = (byte) shiftCount;
            return 3;
        }
    }

    /** SACK permitted (kind 4, length 2). */
    record SackPermitted() implements TcpOption {
        @Override public int kind() { return KIND_SACK_PERMITTED; }
        @Override public int length() { return 2; }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = KIND_SACK_PERMITTED;
            b[off + 1] = 2;
            return 2;
        }
    }

    /** One SACK block: the first sequence number of a received block and the one after its end. */
    record SackBlock(long leftEdge, long rightEdge) {
        public SackBlock {
            Bytes.checkUnsigned32("SACK left edge", leftEdge);
            Bytes.checkUnsigned32("SACK right edge", rightEdge);
        }
    }

    /** Selective acknowledgment (kind 5, length 2 + 8 per block). */
    record Sack(List<SackBlock> blocks) implements TcpOption {
        public Sack {
            blocks = List.copyOf(blocks);
            if (2 + 8 * blocks.size() > MAX_SPACE) {
                throw new IllegalArgumentException("at most 4 SACK blocks fit in the TCP option space; got " + blocks.size());
            }
        }

        @Override public int kind() { return KIND_SACK; }
        @Override public int length() { return 2 + 8 * blocks.size(); }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = KIND_SACK;
            b[off + 1] = (byte) length();
            int p = off + 2;
            for (SackBlock s : blocks) {
                Bytes.put32(b, p, s.leftEdge());
                Bytes.put32(b, p + 4, s.rightEdge());
                p += 8;
            }
            return length();
        }
    }

    /** Timestamps (kind 8, length 10): TSval and TSecr, unsigned 32 bits. */
    record Timestamps(long value, long echoReply) implements TcpOption {
        public Timestamps {
            Bytes.checkUnsigned32("TSval", value);
            Bytes.checkUnsigned32("TSecr", echoReply);
        }

        @Override public int kind() { return KIND_TIMESTAMPS; }
        @Override public int length() { return 10; }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = KIND_TIMESTAMPS;
            b[off + 1] = 10;
            Bytes.put32(b, off + 2, value);
            Bytes.put32(b, off + 6, echoReply);
            return 10;
        }
    }

    /** Any other option (or a known kind with an unexpected length): kind, length byte, raw data. */
    record Unknown(int kind, ImmutableBytes data) implements TcpOption {
        public Unknown {
            Bytes.checkBits("option kind", kind, 8);
            if (kind == KIND_END_OF_OPTION_LIST || kind == KIND_NO_OPERATION) {
                throw new IllegalArgumentException("option kind " + kind + " has no length byte");
            }
            if (2 + data.length() > MAX_SPACE) {
                throw new IllegalArgumentException("option of " + (2 + data.length()) + " bytes exceeds the 40-byte option space");
            }
        }

        @Override public int length() { return 2 + data.length(); }

        @Override
        public int encode(byte[] b, int off) {
            b[off] = (byte) kind;
            b[off + 1] = (byte) length();
            data.writeTo(b, off + 2);
            return length();
        }
    }

    /**
     * The length of the option at {@code p}, checked to end before {@code end}: 1 for NOP, the rest
     * of the option space for EOL, the length byte otherwise. The one option walker shared by
     * {@link PacketView} (which only validates) and {@link #decodeAll}.
     */
    static int checkedLength(byte[] b, int p, int end, int errBase) {
        int kind = Bytes.u8(b, p);
        if (kind == KIND_END_OF_OPTION_LIST) return end - p;
        if (kind == KIND_NO_OPERATION) return 1;
        if (p + 1 >= end) throw new DecodeException(LAYER, p - errBase, "kind " + kind + " has no length byte");
        int olen = Bytes.u8(b, p + 1);
        if (olen < 2) throw new DecodeException(LAYER, p - errBase, "kind " + kind + " length " + olen + " is below 2");
        if (olen > end - p) {
            throw new DecodeException(LAYER, p - errBase,
                    "kind " + kind + " length " + olen + " exceeds the " + (end - p) + " bytes of option space left");
        }
        return olen;
    }

    /** Validates the option space of {@code len} bytes at {@code off} without allocating. */
    static void check(byte[] b, int off, int len, int errBase) {
        int end = off + len;
        for (int p = off; p < end; ) p += checkedLength(b, p, end, errBase);
    }

    /** Decodes the option space of {@code len} bytes at {@code off}; offsets in errors are relative to {@code errBase}. */
    static List<TcpOption> decodeAll(byte[] b, int off, int len, int errBase) {
        List<TcpOption> out = new ArrayList<>();
        int end = off + len;
        for (int p = off; p < end; ) {
            int n = checkedLength(b, p, end, errBase);
            out.add(decodeOne(Bytes.u8(b, p), n, b, p));
            p += n;
        }
        return out;
    }

    private static TcpOption decodeOne(int kind, int olen, byte[] b, int p) {
        if (kind == KIND_END_OF_OPTION_LIST) return new EndOfOptionList(ImmutableBytes.copyOf(b, p + 1, olen - 1));
        if (kind == KIND_NO_OPERATION) return new NoOperation();
        if (kind == KIND_MAXIMUM_SEGMENT_SIZE && olen == 4) return new MaximumSegmentSize(Bytes.u16(b, p + 2));
        if (kind == KIND_WINDOW_SCALE && olen == 3) return new WindowScale(Bytes.u8(b, p + 2));
        if (kind == KIND_SACK_PERMITTED && olen == 2) return new SackPermitted();
        if (kind == KIND_TIMESTAMPS && olen == 10) return new Timestamps(Bytes.u32(b, p + 2), Bytes.u32(b, p + 6));
        if (kind == KIND_SACK && (olen - 2) % 8 == 0) {
            List<SackBlock> blocks = new ArrayList<>();
            for (int q = p + 2; q < p + olen; q += 8) blocks.add(new SackBlock(Bytes.u32(b, q), Bytes.u32(b, q + 4)));
            return new Sack(blocks);
        }
        return new Unknown(kind, ImmutableBytes.copyOf(b, p + 2, olen - 2));
    }

    /** Sum of the options' lengths. */
    static int totalLength(List<TcpOption> options) {
        int n = 0;
        for (TcpOption o : options) n += o.length();
        return n;
    }
}
