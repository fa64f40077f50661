package org.sonde.packet;

/** Invalidate Extended Transport Header: the R_Key that a Send with Invalidate invalidates. */
public record Ieth(int remoteKey) implements Header {
    public static final int LENGTH = 4;

    public static Ieth decode(byte[] b, int off, int len) {
        DecodeException.require("IETH", off, off + len, LENGTH, 0);
        return new Ieth(Bytes.i32(b, off));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put32(b, off, remoteKey);
        return LENGTH;
    }
}
