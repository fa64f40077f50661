package org.sonde.packet;

/** UDP destination ports that select a dissector. */
public final class WellKnownPorts {
    /** VXLAN (RFC 7348). */
    public static final int VXLAN = 4789;
    /** RoCEv2 (InfiniBand Annex A17). */
    public static final int ROCE_V2 = 4791;

    private WellKnownPorts() {}
}
