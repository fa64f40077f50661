package org.sonde.inject.analyze;

/**
 * The RDMA NICs Lumina tested, with what the analyzers need to know about each: its counter naming
 * (MLNX mlx5 or Intel ice/irdma), how it rate-limits CNPs (paper §6.3), and whether a NAK also
 * triggers a CNP (Lumina: CX5/CX6 with the NP enabled and slow restart on).
 */
public enum NicModel {
    CX4(Vendor.MLNX, CnpScope.PER_DEST_IP, 4_000, false),
    CX5(Vendor.MLNX, CnpScope.PER_PORT, 4_000, true),
    CX6(Vendor.MLNX, CnpScope.PER_PORT, 4_000, true),
    /** No configurable interval, but a hidden ~50 µs one (paper §6.3). */
    E810(Vendor.INTEL, CnpScope.PER_QP, 50_000, false),
    /**
     * A NIC that does what the specifications say (Sonde's {@code neutral} profile): mlx5 counter
     * names, CNPs paced per QP at the DCQCN paper's 50 µs, no CNP with a NAK.
     */
    SPEC(Vendor.MLNX, CnpScope.PER_QP, 50_000, false);

    enum Vendor { MLNX, INTEL }

    private final Vendor vendor;
    private final CnpScope cnpScope;
    private final long defaultMinCnpIntervalNanos;
    private final boolean nakCanTriggerCnp;

    NicModel(Vendor vendor, CnpScope cnpScope, long defaultMinCnpIntervalNanos, boolean nakCanTriggerCnp) {
        this.vendor = vendor;
        this.cnpScope = cnpScope;
        this.defaultMinCnpIntervalNanos = defaultMinCnpIntervalNanos;
        this.nakCanTriggerCnp = nakCanTriggerCnp;
    }

    Vendor vendor() {
        return vendor;
    }

    CnpScope cnpScope() {
        return cnpScope;
    }

    /** MLNX min_time_between_cnps defaults to 4 µs; E810's interval is fixed. */
    long defaultMinCnpIntervalNanos() {
        return defaultMinCnpIntervalNanos;
    }

    boolean nakCanTriggerCnp() {
        return nakCanTriggerCnp;
    }

    /** Lumina's nic.type names: CX4, CX5, CX6 (also CX4LX, CX6DX) and E810; also SPEC. */
    public static NicModel parse(String type) {
        NicModel m = find(type);
        if (m == null) throw new IllegalArgumentException("unknown NIC type " + type + " (CX4, CX5, CX6, E810 or SPEC)");
        return m;
    }

    /**
     * The NIC a simulator profile models, by its name ({@code cx4lx-like} is a CX4, {@code e810-like}
     * an E810); any other profile, {@code neutral} included, follows the specifications.
     */
    public static NicModel ofProfile(String profileName) {
        NicModel m = find(profileName);
        return m == null ? SPEC : m;
    }

    private static NicModel find(String type) {
        String t = type.trim().toUpperCase(java.util.Locale.ROOT);
        if (t.startsWith("CX4")) return CX4;
        if (t.startsWith("CX5")) return CX5;
        if (t.startsWith("CX6")) return CX6;
        if (t.startsWith("E810")) return E810;
        if (t.equals("SPEC")) return SPEC;
        return null;
    }
}
