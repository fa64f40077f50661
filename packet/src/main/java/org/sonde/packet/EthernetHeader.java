package org.sonde.packet;

import java.util.Objects;

/**
 * Ethernet II header: destination, source, EtherType. VLAN tags are separate {@link VlanTag}
 * headers; when tagged, {@code etherType} holds the tag's TPID (0x8100, 0x88a8).
 *
 * @param etherType the EtherType, or {@link Header#AUTO} to take it from the next header
 */
public record EthernetHeader(MacAddress destination, MacAddress source, int etherType) implements Header {
    public static final int LENGTH = 14;
    static final int OFF_DESTINATION = 0;
    static final int OFF_SOURCE = 6;
    static final int OFF_ETHER_TYPE = 12;
    static final String LAYER = "Ethernet";

    public EthernetHeader {
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(source, "source");
        Bytes.checkBitsOrAuto("EtherType", etherType, 16);
    }

    /** An Ethernet header whose EtherType {@link PacketBuilder} fills in. */
    public static EthernetHeader of(MacAddress destination, MacAddress source) {
        return new EthernetHeader(destination, source, AUTO);
    }

    public static EthernetHeader decode(byte[] b, int off, int len) {
        DecodeException.require(LAYER, off, off + len, LENGTH, 0);
        return new EthernetHeader(MacAddress.read(b, off + OFF_DESTINATION), MacAddress.read(b, off + OFF_SOURCE),
                Bytes.u16(b, off + OFF_ETHER_TYPE));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        destination.write(b, off + OFF_DESTINATION);
        source.write(b, off + OFF_SOURCE);
        Bytes.put16(b, off + OFF_ETHER_TYPE, etherType == AUTO ? 0 : etherType);
        return LENGTH;
    }

    public EthernetHeader withEtherType(int newEtherType) {
        return new EthernetHeader(destination, source, newEtherType);
    }
}
