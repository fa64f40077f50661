package org.sonde.replay.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.sim.tcp.TcpConfig;

/**
 * The model configured from a namespace's sysctls: the receive window grows from {@code tcp_rmem}'s default buffer, the
 * send buffer is the kernel's from {@code tcp_wmem}, skbs are deferred by {@code tcp_tso_win_divisor}, losses are
 * detected as the kernel's release does with its {@code tcp_recovery}.
 */
class KernelTcpConfigTest {
    private static final String KERNEL = "Linux 6.18.44-fc-v782";

    @Test
    void tcpRecoveryZeroTurnsRackOffOnlyOnKernelsThatStillHaveAnotherLossDetection() {
        KernelTcpConfig recent = KernelTcpConfig.of(Map.of("tcp_recovery", "0"), KERNEL);
        assertThat(recent.config().recovery() & TcpConfig.RACK_LOSS_DETECTION).isNotZero(); // Linux 6.17 removed RFC 6675's recovery
        assertThat(recent.notes()).anySatisfy(n -> assertThat(n).contains("tcp_recovery 0"));
        KernelTcpConfig old = KernelTcpConfig.of(Map.of("tcp_recovery", "0"), "Linux 6.12.48");
        assertThat(old.config().recovery() & TcpConfig.RACK_LOSS_DETECTION).isZero();
        assertThat(old.notes()).noneSatisfy(n -> assertThat(n).contains("tcp_recovery"));
        assertThat(KernelTcpConfig.of(Map.of("tcp_recovery", "3"), "Linux 6.12.48").config().recovery()).isEqualTo(3);
        assertThat(KernelTcpConfig.of(Map.of("tcp_recovery", "2"), KERNEL).config().recovery()).isEqualTo(3);
    }
    @Test
    void theReceiveWindowGrowsFromTcpRmemsDefaultWithTheScaleOfItsMaximum() {
        KernelTcpConfig k = KernelTcpConfig.of(Map.of("tcp_rmem", "4096\t131072\t33554432", "tcp_moderate_rcvbuf", "1"), KERNEL);
        assertThat(k.config().receiveWindowGrowth()).isTrue();
        assertThat(k.config().receiveBufferBytes()).isEqualTo(131_072);
        assertThat(k.config().receiveBufferMaxBytes()).isEqualTo(33_554_432);
        assertThat(k.notes()).anyMatch(n -> n.startsWith("receive buffer autotuning (tcp_moderate_rcvbuf"));

        KernelTcpConfig fixed = KernelTcpConfig.of(Map.of("tcp_rmem", "4096 87380 6291456", "tcp_moderate_rcvbuf", "0"), KERNEL);
        assertThat(fixed.config().receiveBufferBytes()).isEqualTo(87_380);
        assertThat(fixed.config().receiveBufferMaxBytes()).isEqualTo(6_291_456);
        assertThat(fixed.notes()).noneMatch(n -> n.contains("autotuning"));
    }

    @Test
    void theSendBufferStartsAtTcpWmemsDefaultAndGrowsUpToItsMaximum() {
        KernelTcpConfig k = KernelTcpConfig.of(Map.of("tcp_wmem", "4096\t16384\t4194304"), KERNEL);
        assertThat(k.config().sendBufferGrowth()).isTrue();
        assertThat(k.config().sendBufferDefaultBytes()).isEqualTo(16_384);
        assertThat(k.config().sendBufferBytes()).isEqualTo(4_194_304);
        KernelTcpConfig other = KernelTcpConfig.of(Map.of("tcp_wmem", "4096 65536 1048576"), KERNEL);
        assertThat(other.config().sendBufferDefaultBytes()).isEqualTo(65_536);
        assertThat(other.config().sendBufferBytes()).isEqualTo(1_048_576);
    }

    @Test
    void theSenderDefersSkbsAsTheKernelWithItsTsoWinDivisor() {
        KernelTcpConfig k = KernelTcpConfig.of(Map.of("tcp_tso_win_divisor", "3"), KERNEL);
        assertThat(k.config().tsoDeferral()).isTrue();
        assertThat(k.config().socketBacklog()).as("the recorded calls hold the model's sockets as they held the kernel's").isTrue();
        assertThat(k.config().tsoWinDivisor()).isEqualTo(3);
        assertThat(KernelTcpConfig.of(Map.of("tcp_tso_win_divisor", "0"), KERNEL).config().tsoWinDivisor()).isZero();
    }
}
