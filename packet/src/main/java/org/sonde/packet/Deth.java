package org.sonde.packet;

/** Datagram Extended Transport Header (UD and RD): Q_Key (raw 32 bits), a reserved byte, the 24-bit source QP. */
public record Deth(int queueKey, int reserved, int sourceQp) implements Header {
    public static final int LENGTH = 8;

    public Deth {
        Bytes.checkBits("reserved", reserved, 8);
        Bytes.checkBits("source QP", sourceQp, 24);
    }

    public static Deth decode(byte[] b, int off, int len) {
        DecodeException.require("DETH", off, off + len, LENGTH, 0);
        return new Deth(Bytes.i32(b, off), Bytes.u8(b, off + 4), Bytes.u24(b, off + 5));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put32(b, off, queueKey);
        Bytes.put8(b, off + 4, reserved);
        Bytes.put24(b, off + 5, sourceQp);
        return LENGTH;
    }
}
