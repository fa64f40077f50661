package org.sonde.replay.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpConfig.CongestionControlKind;

/**
 * The model configured like a namespace's kernel: Linux's defaults ({@link TcpConfig#LINUX}) with the sysctls
 * {@link TcpConfig} models read from the namespace; {@link #notes} names what the model cannot follow.
 */
record KernelTcpConfig(TcpConfig config, List<String> notes) {
    /** The sysctls read from each namespace (under {@code net.ipv4.}). */
    static final List<String> SYSCTLS = List.of("tcp_congestion_control", "tcp_sack", "tcp_dsack", "tcp_timestamps", "tcp_window_scaling",
            "tcp_ecn", "tcp_recovery", "tcp_early_retrans", "tcp_reordering", "tcp_max_reordering", "tcp_syn_retries", "tcp_retries2",
            "tcp_frto", "tcp_rmem", "tcp_wmem", "tcp_autocorking", "tcp_thin_linear_timeouts", "tcp_slow_start_after_idle", "tcp_moderate_rcvbuf",
            "tcp_app_win", "tcp_tso_win_divisor");

    static KernelTcpConfig of(Map<String, String> s, String release) {
        TcpConfig d = TcpConfig.LINUX;
        List<String> notes = new ArrayList<>();
        int tcpRecovery = (int) number(s, "tcp_recovery", d.recovery());
        int recovery = TcpConfig.kernelRecovery(tcpRecovery, release);
        if (recovery != tcpRecovery) {
            notes.add("tcp_recovery " + tcpRecovery + ": " + (release == null ? "the kernel (its release not recorded, taken for 6.18)" : release)
                    + " detects losses with RACK whatever its bit 0x1 says (Linux 6.17 removed RFC 6675's recovery), and so does the replay");
        }
        String ccName = s.getOrDefault("tcp_congestion_control", "cubic");
        CongestionControlKind cc = switch (ccName) {
            case "reno" -> CongestionControlKind.RENO;
            case "dctcp" -> CongestionControlKind.DCTCP;
            case "cubic" -> CongestionControlKind.CUBIC;
            default -> {
                notes.add("congestion control " + ccName + " is not modelled; replayed with cubic");
                yield CongestionControlKind.CUBIC;
            }
        };
        // the receive window grows from tcp_rmem[1] as the kernel's (tcp_grow_window); the buffer itself stays put
        long[] rmem = triple(s.get("tcp_rmem"));
        long rcvBuf = rmem == null ? 131_072 : rmem[1];
        long rcvBufMax = Math.max(rcvBuf, rmem == null ? 33_554_432 : rmem[2]);
        if (!"0".equals(s.getOrDefault("tcp_moderate_rcvbuf", "1"))) {
            notes.add("receive buffer autotuning (tcp_moderate_rcvbuf, tcp_rmem " + s.getOrDefault("tcp_rmem", "?") + ") is not modelled: "
                    + "the buffer stays at tcp_rmem[1], so the window stops growing where the kernel's grows on");
        }
        // the send buffer is the kernel's: sized for the window from tcp_wmem[1] and grown with it up to tcp_wmem[2]
        long[] wmem = triple(s.get("tcp_wmem"));
        long sndBufDefault = wmem == null ? 16_384 : wmem[1];
        long sndBufMax = Math.max(sndBufDefault, wmem == null ? 4_194_304 : wmem[2]);
        if (!"31".equals(s.getOrDefault("tcp_app_win", "31"))) notes.add("tcp_app_win " + s.get("tcp_app_win") + ": modelled as 31");
        int ecn = (int) number(s, "tcp_ecn", 2);
        int reordering = (int) number(s, "tcp_reordering", d.reordering());
        long frto = number(s, "tcp_frto", d.frto()); // any value but 0 enables F-RTO, as 1 and 2 do
        TcpConfig c = new TcpConfig(cc, d.mss(), d.initCwnd(), d.rtoMinNanos(), d.rtoMaxNanos(), d.rtoInitialNanos(), d.delayedAckNanos(),
                d.delayedAckMaxNanos(), d.quickAcks(), rcvBuf, d.initialReceiveWindowBytes(), sndBufMax,
                number(s, "tcp_sack", 1) != 0, number(s, "tcp_dsack", 1) != 0, number(s, "tcp_timestamps", 1) != 0,
                number(s, "tcp_window_scaling", 1) != 0, d.nagle(), ecn == 1 || ecn == 3, reordering,
                Math.max(reordering, (int) number(s, "tcp_max_reordering", d.maxReordering())), (int) number(s, "tcp_syn_retries", d.synRetries()),
                d.synAckRetries(), (int) number(s, "tcp_retries2", d.retries2()), d.timeWaitNanos(), d.dctcpShiftG(), d.dctcpAlphaOnInit(),
                d.readRateBps(), d.readSizeBytes(), d.hystart(), recovery,
                (int) number(s, "tcp_early_retrans", d.earlyRetrans()), true, rcvBufMax, true, sndBufDefault, d.timerTickNanos(),
                d.timerTickOriginNanos(), true, (int) number(s, "tcp_tso_win_divisor", d.tsoWinDivisor()),
                true, frto == 0 ? 0 : frto == 1 ? 1 : 2);
        return new KernelTcpConfig(c, notes);
    }

    /** A sysctl of three numbers ({@code tcp_rmem}: min, default, max), null when absent or not three numbers. */
    private static long[] triple(String v) {
        if (v == null) return null;
        String[] parts = v.strip().split("\\s+");
        if (parts.length != 3) return null;
        try {
            return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2])};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long number(Map<String, String> s, String key, long fallback) {
        String v = s.get(key);
        if (v == null) return fallback;
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
