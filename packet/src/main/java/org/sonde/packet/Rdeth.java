package org.sonde.packet;

/** Reliable Datagram Extended Transport Header: a reserved byte and the 24-bit EE-context. */
public record Rdeth(int reserved, int eeContext) implements Header {
    public static final int LENGTH = 4;

    public Rdeth {
        Bytes.checkBits("reserved", reserved, 8);
        Bytes.checkBits("EE-context", eeContext, 24);
    }

    public static Rdeth decode(byte[] b, int off, int len) {
        DecodeException.require("RDETH", off, off + len, LENGTH, 0);
        return new Rdeth(Bytes.u8(b, off), Bytes.u24(b, off + 1));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put8(b, off, reserved);
        Bytes.put24(b, off + 1, eeContext);
        return LENGTH;
    }
}
