package org.sonde.packet;

/** Immediate data: 32 bits delivered to the receiver's completion. */
public record ImmDt(int value) implements Header {
    public static final int LENGTH = 4;

    public static ImmDt decode(byte[] b, int off, int len) {
        DecodeException.require("ImmDt", off, off + len, LENGTH, 0);
        return new ImmDt(Bytes.i32(b, off));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put32(b, off, value);
        return LENGTH;
    }
}
