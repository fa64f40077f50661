package org.sonde.inject.tcp.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.UsageException;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTraffic;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpConfig.CongestionControlKind;

/**
 * The simulated stack's settings for a TCP test: Linux's defaults ({@link TcpConfig#LINUX}) with
 * the test's congestion control and the sysctls {@link TcpConfig} models; the others are named in
 * {@link #notes}, since the model behaves as if they had their default.
 *
 * @param notes what the model does not follow, one sentence each
 */
record SimTcpSettings(TcpConfig config, List<String> notes) {
    SimTcpSettings {
        notes = List.copyOf(notes);
    }

    static SimTcpSettings of(TcpTestConfig test) {
        TcpConfig d = TcpConfig.LINUX;
        CongestionControlKind cc = switch (test.traffic().congestionControl()) {
            case "reno" -> CongestionControlKind.RENO;
            case "cubic" -> CongestionControlKind.CUBIC;
            case "dctcp" -> CongestionControlKind.DCTCP;
            default -> throw new UsageException("--target sim-tcp: the simulator's TCP has no congestion control '"
                    + test.traffic().congestionControl() + "'", "it models reno, cubic and dctcp; run the test on --target linux");
        };
        Map<String, String> s = new TreeMap<>(test.sysctls());
        List<String> notes = new ArrayList<>();
        boolean sack = flag(s, "tcp_sack", d.sack()), dsack = flag(s, "tcp_dsack", d.dsack());
        boolean timestamps = flag(s, "tcp_timestamps", d.timestamps()), scaling = flag(s, "tcp_window_scaling", d.windowScaling());
        boolean ecn = d.ecn();
        String e = s.remove("tcp_ecn");
        if (e != null) {
            ecn = number(e, "tcp_ecn") == 1 || number(e, "tcp_ecn") == 3;
            if (number(e, "tcp_ecn") == 0) notes.add("tcp_ecn 0: the model's listener still accepts ECN (it always behaves as tcp_ecn 2 on passive opens)");
        }
        int tcpRecovery = (int) integer(s, "tcp_recovery", d.recovery());
        int recovery = TcpConfig.kernelRecovery(tcpRecovery, SimTcpTarget.MODEL);
        if (recovery != tcpRecovery) {
            notes.add("tcp_recovery " + tcpRecovery + ": from Linux 6.17 on losses are detected with RACK whatever its bit 0x1 says"
                    + " (RFC 6675's recovery was removed), and so they are in the model");
        }
        int earlyRetrans = (int) integer(s, "tcp_early_retrans", d.earlyRetrans());
        int reordering = (int) integer(s, "tcp_reordering", d.reordering());
        int maxReordering = (int) integer(s, "tcp_max_reordering", d.maxReordering());
        int synRetries = (int) integer(s, "tcp_syn_retries", d.synRetries());
        int retries2 = (int) integer(s, "tcp_retries2", d.retries2());
        long frtoSysctl = integer(s, "tcp_frto", d.frto());
        int frto = frtoSysctl == 0 ? 0 : frtoSysctl == 1 ? 1 : 2; // any other value enables it, as 1 and 2 do
        for (String ignored : s.keySet()) notes.add(ignored + " " + s.get(ignored) + ": not modelled; the model keeps Linux's default behaviour");
        if (!test.traffic().receiver().equals(TcpTraffic.Receiver.EAGER)) {
            notes.add("receive-buffer and read-pause: not modelled; the model's server reads everything as it arrives");
        }
        TcpConfig c = new TcpConfig(cc, d.mss(), d.initCwnd(), d.rtoMinNanos(), d.rtoMaxNanos(), d.rtoInitialNanos(), d.delayedAckNanos(),
                d.delayedAckMaxNanos(), d.quickAcks(), d.receiveBufferBytes(), d.initialReceiveWindowBytes(), d.sendBufferBytes(), sack, dsack,
                timestamps, scaling, d.nagle(), ecn, reordering, Math.max(reordering, maxReordering), synRetries, d.synAckRetries(), retries2,
                d.timeWaitNanos(), d.dctcpShiftG(), d.dctcpAlphaOnInit(), d.readRateBps(), d.readSizeBytes(), d.hystart(), recovery, earlyRetrans,
                d.receiveWindowGrowth(), d.receiveBufferMaxBytes(), d.sendBufferGrowth(), d.sendBufferDefaultBytes(), d.timerTickNanos(), d.timerTickOriginNanos(),
                d.tsoDeferral(), d.tsoWinDivisor(), d.socketBacklog(), frto);
        return new SimTcpSettings(c, notes);
    }

    private static boolean flag(Map<String, String> s, String key, boolean fallback) {
        String v = s.remove(key);
        return v == null ? fallback : number(v, key) != 0;
    }

    private static long integer(Map<String, String> s, String key, long fallback) {
        String v = s.remove(key);
        return v == null ? fallback : number(v, key);
    }

    private static long number(String v, String key) {
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("--target sim-tcp: " + key + " '" + v + "' is not a number the model can use",
                    "give the sysctl as an integer, as /proc/sys/net/ipv4/" + key + " takes it");
        }
    }
}
