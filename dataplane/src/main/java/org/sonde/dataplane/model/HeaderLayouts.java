package org.sonde.dataplane.model;

import java.util.List;

/**
 * hassel's header layouts, in one place. hassel numbers header bytes from 0 but writes a header
 * as a {@code 0/1/x} string starting from its highest byte, each field most significant bit
 * first; {@link HeaderField#offsetBits()} counts in that text order.
 */
public final class HeaderLayouts {
    private HeaderLayouts() {}

    /**
     * hassel's full 16-byte header: vlan 16, ip_src 32, ip_dst 32, ip_proto 8, tp_src 16, tp_dst 16,
     * tcp_ctrl 8 at bytes 0-1, 2-5, 6-9, 10, 11-12, 13-14, 15. Fields are listed in byte order (which
     * is the BDD variable order); the text reads tcp_ctrl | tp_dst | tp_src | ip_proto | ip_dst |
     * ip_src | vlan, so a match ending in {@code 0000000111010110} means vlan 470.
     */
    public static final HeaderLayout HASSEL = HeaderLayout.builder("hassel")
            .field("vlan", 16)
            .field("ip_src", 32)
            .field("ip_dst", 32)
            .field("ip_proto", 8)
            .field("tp_src", 16)
            .field("tp_dst", 16)
            .field("tcp_ctrl", 8)
            .build();

    /**
     * APKeep's five fields, which are what the preprocessed Stanford snapshot's FIB and ACLs match
     * on (no rule matches or sets a VLAN, so there is no vlan field): ip_dst 32, ip_src 32,
     * ip_proto 8, tp_src 16, tp_dst 16, listed in that order (the BDD variable order), destination
     * first because every forwarding rule tests it.
     */
    public static final HeaderLayout APKEEP = HeaderLayout.builder("apkeep")
            .field("ip_dst", 32)
            .field("ip_src", 32)
            .field("ip_proto", 8)
            .field("tp_src", 16)
            .field("tp_dst", 16)
            .build();

    /** hassel's IP-only models (Stanford "simple"): the destination address alone. */
    public static final HeaderLayout HASSEL_IP_DST = new HeaderLayout("hassel-ip-dst", 32,
            List.of(new HeaderField("ip_dst", 0, 32)));

    /**
     * hassel's Internet2 model: ip_dst at bytes 0-3, vlan at bytes 4-5, so the text reads
     * vlan | ip_dst. Fields are listed in text order.
     */
    public static final HeaderLayout HASSEL_VLAN_IP_DST = new HeaderLayout("hassel-vlan-ip-dst", 48,
            List.of(new HeaderField("vlan", 0, 16), new HeaderField("ip_dst", 16, 32)));
}
