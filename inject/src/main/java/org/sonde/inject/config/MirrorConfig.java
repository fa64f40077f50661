package org.sonde.inject.config;

import java.util.List;

/**
 * How mirrored packets reach the dumper pool.
 *
 * @param dumpers           the pool, in round-robin order
 * @param snapLength        bytes of each mirrored packet a dumper keeps (Lumina trims to 128)
 * @param rewriteUdpDstPort the UDP destination port mirrored copies carry, so a dumper's RSS spreads them
 *                          and its filter recognises them (Lumina's {@code rewrite-udp-dst-port})
 */
public record MirrorConfig(List<DumperSpec> dumpers, int snapLength, int rewriteUdpDstPort) {
    public static final int LUMINA_SNAP_LENGTH = 128;
    public static final int LUMINA_REWRITE_PORT = 9741;

    /** Two dumpers of equal weight that keep up, 128-byte trimming: Lumina's public setup. */
    public static final MirrorConfig DEFAULT = new MirrorConfig(
            List.of(new DumperSpec("dumper-1", 1, 0, 4095), new DumperSpec("dumper-2", 1, 0, 4095)),
            LUMINA_SNAP_LENGTH, LUMINA_REWRITE_PORT);

    public MirrorConfig {
        dumpers = List.copyOf(dumpers);
        if (dumpers.isEmpty()) throw new IllegalArgumentException("the mirror pool needs at least one dumper");
        if (dumpers.stream().map(DumperSpec::name).distinct().count() != dumpers.size()) {
            throw new IllegalArgumentException("dumper names must differ");
        }
        // the headers up to the BTH and RETH/AETH are 14 + 20 + 8 + 12 + 16 bytes
        if (snapLength < 70 || snapLength > 65_535) throw new IllegalArgumentException("snap length must be 70..65535, got " + snapLength);
        if (rewriteUdpDstPort < 1 || rewriteUdpDstPort > 65_535 || rewriteUdpDstPort == 4791) {
            throw new IllegalArgumentException("the mirror UDP port must be 1..65535 and not RoCE's 4791, got " + rewriteUdpDstPort);
        }
    }
}
