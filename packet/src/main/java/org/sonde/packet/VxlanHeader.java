package org.sonde.packet;

/**
 * VXLAN header (RFC 7348): flags (I = 0x08 marks a valid VNI), reserved bits, the 24-bit VXLAN
 * network identifier. An Ethernet frame follows.
 */
public record VxlanHeader(int flags, int reserved1, int vni, int reserved2) implements Header {
    public static final int LENGTH = 8;
    /** The I flag: the VNI field is valid. */
    public static final int FLAG_VNI_VALID = 0x08;
    static final int OFF_FLAGS = 0;
    static final int OFF_VNI = 4;
    static final String LAYER = "VXLAN";

    public VxlanHeader {
        Bytes.checkBits("VXLAN flags", flags, 8);
        Bytes.checkBits("reserved", reserved1, 24);
        Bytes.checkBits("VNI", vni, 24);
        Bytes.checkBits("reserved", reserved2, 8);
    }

    /** The usual header: I flag set, reserved fields zero. */
    public static VxlanHeader of(int vni) {
        return new VxlanHeader(FLAG_VNI_VALID, 0, vni, 0);
    }

    static int vni(byte[] b, int off) {
        return Bytes.u24(b, off + OFF_VNI);
    }

    public static VxlanHeader decode(byte[] b, int off, int len) {
        DecodeException.require(LAYER, off, off + len, LENGTH, 0);
        return new VxlanHeader(Bytes.u8(b, off), Bytes.u24(b, off + 1), vni(b, off), Bytes.u8(b, off + 7));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put8(b, off, flags);
        Bytes.put24(b, off + 1, reserved1);
        Bytes.put24(b, off + OFF_VNI, vni);
        Bytes.put8(b, off + 7, reserved2);
        return LENGTH;
    }
}
