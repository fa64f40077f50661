package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyTest {
    @Test
    void meanStdevMaxAndPercentilesComeFromTheMeasuredHistogram() {
        Histogram h = new Histogram(1, 3_600_000_000L, 3);
        Random random = new Random(7);
        long n = 20_000;
        double sum = 0;
        double squares = 0;
        long max = 0;
        for (int i = 0; i < n; i++) {
            long v = 50 + (long) Math.abs(random.nextGaussian() * 400);
            h.recordValue(v);
            sum += v;
            squares += (double) v * v;
            max = Math.max(max, v);
        }
        double mean = sum / n;
        double stdev = Math.sqrt(squares / n - mean * mean);
        LoadResult.Latency l = LoadResult.Latency.of(h);
        assertThat(l.count()).isEqualTo(n);
        // the histogram keeps 3 significant digits: 0.1 % and the rounding to tenths
        assertThat(l.mean()).isCloseTo(mean, within(mean / 1000 + 0.1));
        assertThat(l.stdev()).isCloseTo(stdev, within(stdev / 1000 + 0.1));
        assertThat(l.max()).isBetween(max, max + max / 1000 + 1);
        assertThat(l.p50()).isLessThanOrEqualTo(l.p75());
        assertThat(l.p75()).isLessThanOrEqualTo(l.p90()).isGreaterThan(l.p50());
        assertThat(l.p99()).isLessThanOrEqualTo(l.p999());
        assertThat(l.p999()).isLessThanOrEqualTo(l.max());
    }

    @Test
    void nothingMeasuredIsAllZero() {
        LoadResult.Latency l = LoadResult.Latency.of(new Histogram(1, 3_600_000_000L, 3));
        assertThat(l).isEqualTo(new LoadResult.Latency(0, 0, 0, 0, 0, 0, 0, 0, 0));
    }
}
