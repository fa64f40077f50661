package org.sonde.capture.inspect;

import org.sonde.packet.PacketView;

/**
 * The integrity verdicts of one dissected packet — IPv4 header checksum, TCP/UDP/ICMP checksum,
 * RoCEv2 ICRC — computed once and shared by the per-packet output and the totals.
 * Each is {@code null} when the packet has no such field.
 */
record Verdicts(Boolean ipv4Checksum, Boolean l4Checksum, Boolean icrc) {
    static final Verdicts NONE = new Verdicts(null, null, null);
    private static final Verdicts[] CACHE = new Verdicts[27];

    static {
        Boolean[] values = {null, Boolean.TRUE, Boolean.FALSE};
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 3; c++) CACHE[a * 9 + b * 3 + c] = new Verdicts(values[a], values[b], values[c]);
    }

    /** Verifies what the packet carries; returns a shared instance, so the hot path does not allocate. */
    static Verdicts of(PacketView v) {
        int ip = v.isIpv4() ? (v.ipv4ChecksumValid() ? 1 : 2) : 0;
        int l4 = (v.isTcp() || v.isUdp() || v.isIcmp()) ? (v.l4ChecksumValid() ? 1 : 2) : 0;
        int icrc = v.isRoce() ? (v.roceIcrcValid() ? 1 : 2) : 0;
        return CACHE[ip * 9 + l4 * 3 + icrc];
    }
}
