package org.sonde.search.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sonde.search.monitor.Symptom;

/** The Linux target's monitor: 20% short of the open-loop offered rate, or latency far above the baseline's. */
class TcpMonitorTest {
    private static TcpSample sample(double offered, double carried, long p99) {
        return new TcpSample(offered, carried, carried, 1e6, p99 / 2, p99, 0, 0, List.of("server.ListenOverflows"), new double[] {0}, 2);
    }

    @Test
    void throughputIsJudgedAgainstTheOfferedRate() {
        TcpMonitor m = TcpMonitor.withBaseline(0.2, 400);
        assertThat(m.judge(sample(1000, 810, 500))).isEmpty();
        assertThat(m.judge(sample(1000, 790, 500))).contains(Symptom.THROUGHPUT);
        assertThat(m.efficiency(sample(1000, 500, 500))).isEqualTo(0.5);
        assertThat(m.efficiency(sample(1000, 1200, 500))).isEqualTo(1.0);
    }

    @Test
    void latencyIsJudgedAgainstTheBaselineWithAFloor() {
        // a 400 us baseline: the floor, the kernel's minimum RTO of 200 ms, is the limit
        TcpMonitor m = TcpMonitor.withBaseline(0.2, 400);
        assertThat(m.latencyLimitMicros()).isEqualTo(200_000);
        assertThat(m.judge(sample(1000, 1000, 190_000))).isEmpty();
        assertThat(m.judge(sample(1000, 1000, 250_000))).isEqualTo(Optional.of(Symptom.LATENCY));
        assertThat(m.efficiency(sample(1000, 1000, 400_000))).isEqualTo(0.5);
        // a slow baseline raises the limit: 50 times 6 ms
        assertThat(TcpMonitor.withBaseline(0.2, 6_000).judge(sample(1000, 1000, 250_000))).isEmpty();
        // throughput first: a run short of its rate and slow is a throughput anomaly
        assertThat(m.judge(sample(1000, 100, 900_000))).contains(Symptom.THROUGHPUT);
    }
}
