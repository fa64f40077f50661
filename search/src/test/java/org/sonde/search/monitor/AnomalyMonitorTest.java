package org.sonde.search.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sonde.search.engine.HostCounters;
import org.sonde.search.engine.NicSpec;
import org.sonde.search.engine.OfferedLoad;
import org.sonde.search.engine.Run;
import org.sonde.search.engine.Sample;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Request;
import org.sonde.search.space.Traffic;

/** §5.2's conditions on averaged samples. */
class AnomalyMonitorTest {
    private static final NicSpec SPEC = new NicSpec(200e9, 200e6, 82, 5e-6);
    private final AnomalyMonitor monitor = AnomalyMonitor.paper(SPEC);

    private static Point write(int qps, int depth, int size) {
        return Point.oneWay(new Traffic(QpType.RC, Opcode.WRITE, qps, 4096, 1, depth, 1, 1, List.of(new Request(size, 1)), size,
                new Endpoint(Memory.LOCAL_NUMA, 1, 1 << 20), new Endpoint(Memory.LOCAL_NUMA, 1, 1 << 20)));
    }

    private static Sample carried(Point p, double fraction, double pauseMicrosA, double pauseMicrosB) {
        OfferedLoad.Rates r = OfferedLoad.expected(p, SPEC);
        double bits = r.totalBitsPerSec() * fraction, pkts = r.totalPacketsPerSec() * fraction;
        return new Sample(new HostCounters(bits, 0, pkts, 0, pauseMicrosA), new HostCounters(0, bits, 0, pkts, pauseMicrosB), new double[0]);
    }

    @Test
    void pauseAboveATenthOfAPercentOnEitherHostIsAnAnomaly() {
        Point p = write(8, 64, 65536);
        assertThat(monitor.judge(p, carried(p, 1, 900, 0))).isEmpty();
        assertThat(monitor.judge(p, carried(p, 1, 1100, 0))).contains(Symptom.PAUSE);
        assertThat(monitor.judge(p, carried(p, 1, 0, 1100))).contains(Symptom.PAUSE);
    }

    @Test
    void throughputTwentyPercentBelowTheBoundIsAnAnomaly() {
        Point p = write(8, 64, 65536);
        assertThat(OfferedLoad.expected(p, SPEC).totalBitsPerSec()).isCloseTo(200e9, org.assertj.core.data.Percentage.withPercentage(1));
        assertThat(monitor.judge(p, carried(p, 0.85, 0, 0))).isEmpty();
        assertThat(monitor.judge(p, carried(p, 0.75, 0, 0))).contains(Symptom.THROUGHPUT);
    }

    @Test
    void aWorkloadThatOffersLittleIsJudgedAgainstWhatItOffers() {
        // one QP with one outstanding 64-byte WRITE offers far less than the line or packet rate
        Point p = write(1, 1, 64);
        OfferedLoad.Rates r = OfferedLoad.expected(p, SPEC);
        assertThat(r.totalPacketsPerSec()).isLessThan(0.01 * SPEC.packetsPerSec());
        assertThat(monitor.judge(p, carried(p, 1, 0, 0))).isEmpty();
        AnomalyMonitor specOnly = new AnomalyMonitor(SPEC, 0.001, 0.2, false);
        assertThat(specOnly.judge(p, carried(p, 1, 0, 0))).contains(Symptom.THROUGHPUT);
    }

    @Test
    void theVerdictIsOnTheMeanOfTheSamples() {
        Point p = write(8, 64, 65536);
        Sample high = carried(p, 1, 3000, 0), low = carried(p, 1, 0, 0);
        // one transient spike among four samples averages below the threshold
        Run r = new Run(List.of(high, low, low, low), 30);
        assertThat(monitor.judge(p, r)).isEqualTo(Optional.empty());
        Run storm = new Run(List.of(high, high, low, low), 30);
        assertThat(monitor.judge(p, storm)).contains(Symptom.PAUSE);
    }
}
