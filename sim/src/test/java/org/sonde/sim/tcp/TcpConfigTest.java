package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.config.ConfigMap;

class TcpConfigTest {
    private static TcpConfig parse(Map<String, Object> m) {
        return TcpConfig.parse(ConfigMap.of("tcp", m));
    }

    @Test
    void absentKeysKeepLinuxDefaults() {
        TcpConfig c = parse(Map.of());
        assertThat(c).isEqualTo(TcpConfig.LINUX);
        assertThat(c.congestionControl()).isEqualTo(TcpConfig.CongestionControlKind.CUBIC);
        assertThat(c.rtoMinNanos()).isEqualTo(200_000_000L);
        assertThat(c.rtoMaxNanos()).isEqualTo(120_000_000_000L);
        assertThat(c.delayedAckNanos()).isEqualTo(40_000_000L);
        assertThat(c.initCwnd()).isEqualTo(10);
        assertThat(c.maxReordering()).isEqualTo(300);
        assertThat(c.segmentPayload()).isEqualTo(1448);
        assertThat(c.dctcpShiftG()).isEqualTo(4);
        assertThat(c.rack()).isTrue(); // tcp_recovery = 1
        assertThat(c.tailLossProbes()).isTrue(); // tcp_early_retrans = 3
        assertThat(c.sendBufferGrowth()).isFalse();
        assertThat(c.timerTickNanos()).isZero();
    }

    @Test
    void theKernelsSendBufferAndTimerTicksAreKeys() {
        TcpConfig c = parse(Map.of("send-buffer-growth", true, "send-buffer-default", "16KiB", "timer-tick", "4ms", "timer-tick-origin", "1ms"));
        assertThat(c.sendBufferGrowth()).isTrue();
        assertThat(c.sendBufferDefaultBytes()).isEqualTo(16_384);
        assertThat(c.timerTickNanos()).isEqualTo(4_000_000L);
        assertThat(c.timerTickOriginNanos()).isEqualTo(1_000_000L);
        assertThat(c.tsoDeferral()).isFalse();
        TcpConfig d = parse(Map.of("tso-deferral", true, "tso-win-divisor", 0));
        assertThat(d.tsoDeferral()).isTrue();
        assertThat(d.tsoWinDivisor()).isZero();
        assertThat(TcpConfig.LINUX.tsoWinDivisor()).isEqualTo(3);
        assertThat(c.socketBacklog()).isFalse();
        assertThat(parse(Map.of("socket-backlog", true)).socketBacklog()).isTrue();
        assertThat(c.withTimerTicks(1_000_000L, -5)).isEqualTo(parse(Map.of("send-buffer-growth", true, "send-buffer-default", "16KiB", "timer-tick", "1ms"))
                .withTimerTicks(1_000_000L, -5));
    }

    @Test
    void recoveryAndEarlyRetransAreLinuxsSysctlValues() {
        TcpConfig off = parse(Map.of("recovery", 0, "early-retrans", 0));
        assertThat(off.rack()).isFalse();
        assertThat(off.tailLossProbes()).isFalse();
        TcpConfig staticWindow = parse(Map.of("recovery", TcpConfig.RACK_LOSS_DETECTION | TcpConfig.RACK_STATIC_REO_WND, "early-retrans", 4));
        assertThat(staticWindow.rack()).isTrue();
        assertThat(staticWindow.tailLossProbes()).isTrue();
        assertThat(parse(Map.of("recovery", TcpConfig.RACK_STATIC_REO_WND, "early-retrans", 2)).rack()).isFalse();
        assertThat(parse(Map.of("early-retrans", 2)).tailLossProbes()).isFalse(); // 1 and 2 were early retransmit, gone since 4.13
        assertThatThrownBy(() -> parse(Map.of("recovery", 8))).hasMessageStartingWith("tcp.recovery");
    }

    @Test
    void kebabCaseKeysWithUnits() {
        TcpConfig c = parse(Map.of("congestion-control", "dctcp", "rto-min", "5ms", "delayed-ack", "10ms", "init-cwnd", 4,
                "receive-buffer", "128KiB", "sack", false, "timestamps", "off", "nagle", "no", "dctcp-g", 0.125, "read-rate", "1Gbps"));
        assertThat(c.congestionControl()).isEqualTo(TcpConfig.CongestionControlKind.DCTCP);
        assertThat(c.rtoMinNanos()).isEqualTo(5_000_000L);
        assertThat(c.delayedAckNanos()).isEqualTo(10_000_000L);
        assertThat(c.initCwnd()).isEqualTo(4);
        assertThat(c.receiveBufferBytes()).isEqualTo(131_072);
        assertThat(c.sack()).isFalse();
        assertThat(c.segmentPayload()).isEqualTo(1460);
        assertThat(c.nagle()).isFalse();
        assertThat(c.dctcpShiftG()).isEqualTo(3);
        assertThat(c.readRateBps()).isEqualTo(1_000_000_000L);
        assertThat(c.receiveWindowGrowth()).isFalse();

        TcpConfig linux6 = parse(Map.of("receive-window-growth", true, "receive-buffer", "128KiB", "receive-buffer-max", "32MiB"));
        assertThat(linux6.receiveWindowGrowth()).isTrue();
        assertThat(linux6.receiveBufferMaxBytes()).isEqualTo(33_554_432);
        // a buffer larger than the default maximum raises the maximum with it
        assertThat(parse(Map.of("receive-buffer", "64MiB")).receiveBufferMaxBytes()).isEqualTo(64L << 20);
    }

    @Test
    void mistakesNameTheKey() {
        assertThatThrownBy(() -> parse(Map.of("rto-mni", "5ms"))).hasMessageStartingWith("tcp.rto-mni: is not a known setting");
        assertThatThrownBy(() -> parse(Map.of("congestion-control", "bbr"))).hasMessageContaining("tcp.congestion-control").hasMessageContaining("cubic");
        assertThatThrownBy(() -> parse(Map.of("rto-min", "5"))).hasMessageStartingWith("tcp.rto-min");
        assertThatThrownBy(() -> parse(Map.of("dctcp-g", 0.1))).hasMessageStartingWith("tcp.dctcp-g").hasMessageContaining("power of two");
    }

    @Test
    void rackIsTheOnlyLossDetectionFromLinux617OnWhateverTcpRecoverySays() {
        assertThat(TcpConfig.rackAlways("6.18.44-fc-v782")).isTrue();
        assertThat(TcpConfig.rackAlways("Linux 6.17.0")).isTrue();
        assertThat(TcpConfig.rackAlways("7.0.1")).isTrue();
        assertThat(TcpConfig.rackAlways("6.16.9-arch1")).isFalse();
        assertThat(TcpConfig.rackAlways("Linux 5.15.0-91-generic")).isFalse();
        assertThat(TcpConfig.rackAlways("sonde sim tcp (Linux 6.x model)")).isTrue(); // the model stands for 6.18
        assertThat(TcpConfig.kernelRecovery(0, "6.18.1")).isEqualTo(TcpConfig.RACK_LOSS_DETECTION);
        assertThat(TcpConfig.kernelRecovery(0, "6.1.0")).isZero();
        assertThat(TcpConfig.kernelRecovery(6, "6.18.1")).isEqualTo(7);
    }
}
