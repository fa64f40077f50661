package org.sonde.packet;

/**
 * RDMA Extended Transport Header: remote virtual address (64 bits), R_Key (raw 32 bits), DMA
 * length in bytes (unsigned 32 bits).
 */
public record Reth(long virtualAddress, int remoteKey, long dmaLength) implements Header {
    public static final int LENGTH = 16;
    static final int OFF_VIRTUAL_ADDRESS = 0;
    static final int OFF_REMOTE_KEY = 8;
    static final int OFF_DMA_LENGTH = 12;

    public Reth {
        Bytes.checkUnsigned32("DMA length", dmaLength);
    }

    public static Reth decode(byte[] b, int off, int len) {
        DecodeException.require("RETH", off, off + len, LENGTH, 0);
        return new Reth(Bytes.i64(b, off + OFF_VIRTUAL_ADDRESS), Bytes.i32(b, off + OFF_REMOTE_KEY),
                Bytes.u32(b, off + OFF_DMA_LENGTH));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put64(b, off + OFF_VIRTUAL_ADDRESS, virtualAddress);
        Bytes.put32(b, off + OFF_REMOTE_KEY, remoteKey);
        Bytes.put32(b, off + OFF_DMA_LENGTH, dmaLength);
        return LENGTH;
    }
}
