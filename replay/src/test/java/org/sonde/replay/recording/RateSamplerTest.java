package org.sonde.replay.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Alg. 1: every packet's inferred send time is within th of the true one, and steady rates need few samples. */
class RateSamplerTest {

    private static List<RateSampler.Sample> sample(long th, long[] times) {
        RateSampler s = new RateSampler(th);
        for (int i = 0; i < times.length; i++) s.add(i, times[i]);
        return s.finish();
    }

    @Property(tries = 300)
    void everyInferredTimeIsWithinTheThreshold(@ForAll @Size(min = 1, max = 400) List<@IntRange(min = 0, max = 20_000) Integer> gaps,
                                               @ForAll @LongRange(min = 0, max = 10_000) long th) {
        long[] times = new long[gaps.size()];
        long t = 1_000_000;
        for (int i = 0; i < times.length; i++) {
            t += gaps.get(i);
            times[i] = t;
        }
        List<RateSampler.Sample> samples = sample(th, times);
        assertThat(samples.getFirst().index()).isZero();
        for (int i = 0; i < times.length; i++) {
            assertThat(Math.abs(RateSampler.infer(samples, i) - times[i])).as("packet %d", i).isLessThanOrEqualTo(th);
        }
    }

    @Test
    void aSteadyRateIsOneSampleAndARateChangeIsOneMore() {
        // 1,000 packets 1,230 ns apart (1500 B at 10 Gb/s), then 1,000 at half the rate: the paper's Fig. 5 case that
        // gap-based sampling gets wrong without bound
        long[] times = new long[2000];
        for (int i = 0; i < 2000; i++) times[i] = i < 1000 ? i * 1230L : 999 * 1230L + (i - 999) * 2460L;
        List<RateSampler.Sample> samples = sample(5_000, times);
        assertThat(samples).hasSizeLessThanOrEqualTo(3);
        for (int i = 0; i < times.length; i++) assertThat(Math.abs(RateSampler.infer(samples, i) - times[i])).isLessThanOrEqualTo(5_000);
    }

    @Test
    void aZeroThresholdKeepsTimesExactly() {
        long[] times = {0, 7, 9, 9, 30, 31, 32, 33, 100};
        List<RateSampler.Sample> samples = sample(0, times);
        List<Long> inferred = new ArrayList<>();
        for (int i = 0; i < times.length; i++) inferred.add(RateSampler.infer(samples, i));
        assertThat(inferred).containsExactly(0L, 7L, 9L, 9L, 30L, 31L, 32L, 33L, 100L);
    }

    @Test
    void packetsComeInOrder() {
        RateSampler s = new RateSampler(5);
        s.add(0, 10);
        assertThatThrownBy(() -> s.add(2, 20)).isInstanceOf(IllegalArgumentException.class);
    }
}
