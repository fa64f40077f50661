package org.sonde.packet;

/** Atomic Extended Transport Header: virtual address, R_Key, swap (or add) data, compare data. */
public record AtomicEth(long virtualAddress, int remoteKey, long swapOrAddData, long compareData) implements Header {
    public static final int LENGTH = 28;

    public static AtomicEth decode(byte[] b, int off, int len) {
        DecodeException.require("AtomicETH", off, off + len, LENGTH, 0);
        return new AtomicEth(Bytes.i64(b, off), Bytes.i32(b, off + 8), Bytes.i64(b, off + 12), Bytes.i64(b, off + 20));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put64(b, off, virtualAddress);
        Bytes.put32(b, off + 8, remoteKey);
        Bytes.put64(b, off + 12, swapOrAddData);
        Bytes.put64(b, off + 20, compareData);
        return LENGTH;
    }
}
