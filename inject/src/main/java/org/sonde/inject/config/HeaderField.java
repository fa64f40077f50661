package org.sonde.inject.config;

/** A header field a {@code rewrite} event may set, with the largest value it holds. */
public enum HeaderField {
    /** BTH MigReq: clearing it sends some NICs down a slow path (Lumina §6.2.3). */
    MIG_REQ(1),
    ACK_REQ(1),
    SOLICITED(1),
    FECN(1),
    BECN(1),
    PKEY(0xFFFF),
    /** IPv4 ECN bits. */
    ECN(3);

    public final int maxValue;

    HeaderField(int maxValue) {
        this.maxValue = maxValue;
    }

    /** The YAML name: lower case with dashes. */
    public String yamlName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
