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
    ECN(3),
    /** TCP's advertised window, before scaling. */
    TCP_WINDOW(0xFFFF),
    /** TCP's nine flag bits, NS .. FIN (0x100 .. 0x001). */
    TCP_FLAGS(0x1FF);

    /** The fields a RoCE test may rewrite. */
    public static final java.util.Set<HeaderField> ROCE = java.util.Collections.unmodifiableSet(
            java.util.EnumSet.of(MIG_REQ, ACK_REQ, SOLICITED, FECN, BECN, PKEY, ECN));
    /** The fields a TCP test may rewrite. */
    public static final java.util.Set<HeaderField> TCP = java.util.Collections.unmodifiableSet(
            java.util.EnumSet.of(ECN, TCP_WINDOW, TCP_FLAGS));

    public final int maxValue;

    HeaderField(int maxValue) {
        this.maxValue = maxValue;
    }

    /** The YAML name: lower case with dashes. */
    public String yamlName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
