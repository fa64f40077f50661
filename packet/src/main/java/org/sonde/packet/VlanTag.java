package org.sonde.packet;

/**
 * One 802.1Q tag: the tag control information and the EtherType of what follows the tag. The tag's
 * own TPID (0x8100, or 0x88a8 for an 802.1ad outer tag) is the EtherType of the header before it.
 *
 * @param priority      PCP, 3 bits
 * @param dropEligible  DEI bit
 * @param vlanId        VID, 12 bits
 * @param etherType     EtherType of the next header (or the next tag's TPID), or {@link Header#AUTO}
 */
public record VlanTag(int priority, boolean dropEligible, int vlanId, int etherType) implements Header {
    public static final int LENGTH = 4;
    static final int OFF_TCI = 0;
    static final int OFF_ETHER_TYPE = 2;
    static final String LAYER = "802.1Q";

    public VlanTag {
        Bytes.checkBits("VLAN priority", priority, 3);
        Bytes.checkBits("VLAN id", vlanId, 12);
        Bytes.checkBitsOrAuto("EtherType", etherType, 16);
    }

    /** A tag with priority 0 whose inner EtherType {@link PacketBuilder} fills in. */
    public static VlanTag of(int vlanId) {
        return new VlanTag(0, false, vlanId, AUTO);
    }

    public static VlanTag decode(byte[] b, int off, int len) {
        DecodeException.require(LAYER, off, off + len, LENGTH, 0);
        int tci = Bytes.u16(b, off + OFF_TCI);
        return new VlanTag(tci >>> 13, (tci & 0x1000) != 0, tci & 0xFFF, Bytes.u16(b, off + OFF_ETHER_TYPE));
    }

    static int vlanId(byte[] b, int tagOff) {
        return Bytes.u16(b, tagOff + OFF_TCI) & 0xFFF;
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put16(b, off + OFF_TCI, priority << 13 | (dropEligible ? 0x1000 : 0) | vlanId);
        Bytes.put16(b, off + OFF_ETHER_TYPE, etherType == AUTO ? 0 : etherType);
        return LENGTH;
    }

    public VlanTag withEtherType(int newEtherType) {
        return new VlanTag(priority, dropEligible, vlanId, newEtherType);
    }
}
