package org.sonde.replay.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The model configured from a namespace's sysctls: the receive window grows from {@code tcp_rmem}'s default buffer, the
 * send buffer is the kernel's from {@code tcp_wmem}, skbs are deferred by {@code tcp_tso_win_divisor}.
 */
class KernelTcpConfigTest {
    @Test
    void theReceiveWindowGrowsFromTcpRmemsDefaultWithTheScaleOfItsMaximum() {
        KernelTcpConfig k = KernelTcpConfig.of(Map.of("tcp_rmem", "4096\t131072\t33554432", "tcp_moderate_rcvbuf", "1"));
        assertThat(k.config().receiveWindowGrowth()).isTrue();
        assertThat(k.config().receiveBufferBytes()).isEqualTo(131_072);
        assertThat(k.config().receiveBufferMaxBytes()).isEqualTo(33_554_432);
        assertThat(k.notes()).anyMatch(n -> n.startsWith("receive buffer autotuning (tcp_moderate_rcvbuf"));

        KernelTcpConfig fixed = KernelTcpConfig.of(Map.of("tcp_rmem", "4096 87380 6291456", "tcp_moderate_rcvbuf", "0"));
        assertThat(fixed.config().receiveBufferBytes()).isEqualTo(87_380);
        assertThat(fixed.config().receiveBufferMaxBytes()).isEqualTo(6_291_456);
        assertThat(fixed.notes()).noneMatch(n -> n.contains("autotuning"));
    }

    @Test
    void theSendBufferStartsAtTcpWmemsDefaultAndGrowsUpToItsMaximum() {
        KernelTcpConfig k = KernelTcpConfig.of(Map.of("tcp_wmem", "4096\t16384\t4194304"));
        assertThat(k.config().sendBufferGrowth()).isTrue();
        assertThat(k.config().sendBufferDefaultBytes()).isEqualTo(16_384);
        assertThat(k.config().sendBufferBytes()).isEqualTo(4_194_304);
        KernelTcpConfig other = KernelTcpConfig.of(Map.of("tcp_wmem", "4096 65536 1048576"));
        assertThat(other.config().sendBufferDefaultBytes()).isEqualTo(65_536);
        assertThat(other.config().sendBufferBytes()).isEqualTo(1_048_576);
    }

    @Test
    void theSenderDefersSkbsAsTheKernelWithItsTsoWinDivisor() {
        KernelTcpConfig k = KernelTcpConfig.of(Map.of("tcp_tso_win_divisor", "3"));
        assertThat(k.config().tsoDeferral()).isTrue();
        assertThat(k.config().socketBacklog()).as("the recorded calls hold the model's sockets as they held the kernel's").isTrue();
        assertThat(k.config().tsoWinDivisor()).isEqualTo(3);
        assertThat(KernelTcpConfig.of(Map.of("tcp_tso_win_divisor", "0")).config().tsoWinDivisor()).isZero();
    }
}
