package org.sonde.packet;

/** The InfiniBand extended transport headers that may follow a BTH, with their lengths. */
public enum RoceExtensionHeader {
    /** Reliable Datagram ETH: EE-context. */
    RDETH(Rdeth.LENGTH, "RDETH"),
    /** Datagram ETH: Q_Key and source QP. */
    DETH(Deth.LENGTH, "DETH"),
    /** RDMA ETH: virtual address, R_Key, DMA length. */
    RETH(Reth.LENGTH, "RETH"),
    /** ACK ETH: syndrome and MSN. */
    AETH(Aeth.LENGTH, "AETH"),
    /** Atomic ETH: virtual address, R_Key, swap (or add) data, compare data. */
    ATOMIC_ETH(AtomicEth.LENGTH, "AtomicETH"),
    /** Atomic ACK ETH: original remote data. */
    ATOMIC_ACK_ETH(AtomicAckEth.LENGTH, "AtomicAckETH"),
    /** Immediate data. */
    IMMDT(ImmDt.LENGTH, "ImmDt"),
    /** Invalidate ETH: the R_Key to invalidate. */
    IETH(Ieth.LENGTH, "IETH"),
    /** The 16 reserved bytes that follow the BTH of a CNP (RoCEv2 Annex A17.9.3). */
    CNP_PAYLOAD(CnpPayload.LENGTH, "CNP");

    private final int lengthBytes;
    private final String label;

    RoceExtensionHeader(int lengthBytes, String label) {
        this.lengthBytes = lengthBytes;
        this.label = label;
    }

    /** The name used in the IBA specification and in error messages, e.g. {@code AtomicETH}. */
    public String label() {
        return label;
    }

    public int lengthBytes() {
        return lengthBytes;
    }

    /** Decodes this kind of header from {@code len} bytes at {@code off}. */
    public Header decode(byte[] b, int off, int len) {
        return switch (this) {
            case RDETH -> Rdeth.decode(b, off, len);
            case DETH -> Deth.decode(b, off, len);
            case RETH -> Reth.decode(b, off, len);
            case AETH -> Aeth.decode(b, off, len);
            case ATOMIC_ETH -> AtomicEth.decode(b, off, len);
            case ATOMIC_ACK_ETH -> AtomicAckEth.decode(b, off, len);
            case IMMDT -> ImmDt.decode(b, off, len);
            case IETH -> Ieth.decode(b, off, len);
            case CNP_PAYLOAD -> CnpPayload.decode(b, off, len);
        };
    }

    /** The kind of a header record, or null if it is not an extended transport header. */
    public static RoceExtensionHeader of(Header h) {
        return switch (h) {
            case Rdeth x -> RDETH;
            case Deth x -> DETH;
            case Reth x -> RETH;
            case Aeth x -> AETH;
            case AtomicEth x -> ATOMIC_ETH;
            case AtomicAckEth x -> ATOMIC_ACK_ETH;
            case ImmDt x -> IMMDT;
            case Ieth x -> IETH;
            case CnpPayload x -> CNP_PAYLOAD;
            default -> null;
        };
    }
}
