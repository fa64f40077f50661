package org.sonde.packet;

/** EtherType values this module knows (IEEE registry). */
public final class EtherTypes {
    public static final int IPV4 = 0x0800;
    public static final int ARP = 0x0806;
    /** 802.1Q customer VLAN tag. */
    public static final int VLAN = 0x8100;
    /** 802.1ad service VLAN tag (outer tag of QinQ). */
    public static final int QINQ = 0x88A8;
    /** Pre-standard QinQ outer tag some switches still send. */
    public static final int QINQ_LEGACY = 0x9100;
    public static final int IPV6 = 0x86DD;
    /** RoCE version 1 (IB GRH directly over Ethernet); not dissected further here. */
    public static final int ROCE_V1 = 0x8915;
    /** Values below this are 802.3 length fields, not EtherTypes. */
    public static final int MIN_ETHERTYPE = 0x0600;

    private EtherTypes() {}

    /** True for a tag protocol identifier that announces a VLAN tag. */
    public static boolean isVlanTag(int etherType) {
        return etherType == VLAN || etherType == QINQ || etherType == QINQ_LEGACY;
    }
}
