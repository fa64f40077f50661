package org.sonde.packet;

/** Atomic Acknowledge Extended Transport Header: the remote data before the atomic operation. */
public record AtomicAckEth(long originalRemoteData) implements Header {
    public static final int LENGTH = 8;

    public static AtomicAckEth decode(byte[] b, int off, int len) {
        DecodeException.require("AtomicAckETH", off, off + len, LENGTH, 0);
        return new AtomicAckEth(Bytes.i64(b, off));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put64(b, off, originalRemoteData);
        return LENGTH;
    }
}
