package org.sonde.packet;

/**
 * One protocol header (or trailer) of a frame, as an immutable record. Every implementation has a
 * static {@code decode(byte[] b, int off, int len)} that reads it from {@code len} available bytes
 * at {@code off} and throws {@link DecodeException} on malformed or too few bytes.
 *
 * <p>Length, checksum and type fields may hold {@link #AUTO}: {@link PacketBuilder} replaces them with
 * the values the whole packet implies. Encoded on its own, a header writes an AUTO field as if
 * nothing followed it (lengths cover the header only, checksums that need the payload are 0, a
 * self-contained checksum such as the IPv4 header checksum is computed).
 */
public sealed interface Header permits EthernetHeader, VlanTag, Ipv4Header, Ipv6Header, Ipv6ExtensionHeader,
        Ipv6FragmentHeader, IcmpHeader, UdpHeader, TcpHeader, VxlanHeader, Bth, Rdeth, Deth, Reth, Aeth,
        AtomicEth, AtomicAckEth, ImmDt, Ieth, CnpPayload, Padding, Icrc {

    /** Marks a field to be computed by {@link PacketBuilder}. */
    int AUTO = -1;

    /** Bytes this header occupies on the wire. */
    int length();

    /** Writes the header at {@code off}; returns the number of bytes written ({@link #length()}). */
    int encode(byte[] b, int off);

    /** The header alone, encoded into a new array. */
    default byte[] toBytes() {
        byte[] b = new byte[length()];
        encode(b, 0);
        return b;
    }
}
