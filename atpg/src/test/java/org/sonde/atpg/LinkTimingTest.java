package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Strict priority at a token-bucket link ({@link LinkTiming#strictPriority}): closed forms and the scheduler's invariants. */
class LinkTimingTest {
    static final int BUCKET = 100;
    /** One byte a millisecond. */
    static final long BPS = 8_000;

    static double[] frame(double arrivalMs, int cls, int bytes) {
        return new double[] {arrivalMs, cls, bytes};
    }

    @Test
    void theFirstFrameLeavesAloneThenHighBeforeLowEachAfterItsBytesWorthOfTokens() {
        // all at 0 in this order: low, low, high, high, low
        List<double[]> frames = List.of(frame(0, 1, 100), frame(0, 1, 100), frame(0, 0, 100), frame(0, 0, 100), frame(0, 1, 100));
        assertThat(LinkTiming.strictPriority(frames, BUCKET, BPS)).containsExactly(0, 300, 100, 200, 400);
    }

    @Test
    void aHighFrameArrivingWhileALowOneWaitsForTokensGoesFirstButOneLeavingAtOnceIsNotOvertaken() {
        // the bucket refills by 110 ms: the low frame at 110 leaves at once, the high one at 110 after it
        assertThat(LinkTiming.strictPriority(List.of(frame(0, 1, 100), frame(110, 1, 100), frame(110, 0, 100)), BUCKET, BPS))
                .containsExactly(0, 110, 210);
        // the second low frame waits for tokens until 100; the high one arriving at 50 is chosen when they are there
        assertThat(LinkTiming.strictPriority(List.of(frame(0, 1, 100), frame(10, 1, 100), frame(50, 0, 100)), BUCKET, BPS))
                .containsExactly(0, 200, 100);
    }

    /** With one class it is the plain token bucket: a frame leaves once the bucket, full at 0, holds its bytes, in arrival order. */
    @Property(tries = 300)
    void oneClassIsTheFifoTokenBucket(@ForAll("arrivals") List<double[]> arrivals) {
        List<double[]> frames = arrivals.stream().map(f -> frame(f[0], 0, (int) f[2])).toList();
        double[] out = LinkTiming.strictPriority(frames, BUCKET, BPS);
        double last = 0, tokens = BUCKET;
        List<Integer> order = byArrival(frames);
        for (int i : order) {
            double start = Math.max(frames.get(i)[0], last);
            double have = Math.min(BUCKET, tokens + (start - last));
            double left = have >= frames.get(i)[2] ? start : start + frames.get(i)[2] - have;
            assertThat(out[i]).as("frame " + i).isCloseTo(left, org.assertj.core.data.Offset.offset(1e-6));
            tokens = Math.min(BUCKET, tokens + (left - last)) - frames.get(i)[2];
            last = left;
        }
    }

    /**
     * Two classes: no frame leaves before it arrives, the bucket never goes below empty, and no low
     * frame leaves while a high one that has arrived is still waiting.
     */
    @Property(tries = 500)
    void twoClassesKeepTheBucketAndTheOrder(@ForAll("arrivals") List<double[]> frames) {
        double[] out = LinkTiming.strictPriority(frames, BUCKET, BPS);
        Integer[] byDeparture = new Integer[frames.size()];
        for (int i = 0; i < out.length; i++) byDeparture[i] = i;
        java.util.Arrays.sort(byDeparture, java.util.Comparator.comparingDouble(i -> out[i]));
        double last = 0, tokens = BUCKET;
        for (int i : byDeparture) {
            assertThat(out[i]).as("frame " + i + " leaves after it arrives").isGreaterThanOrEqualTo(frames.get(i)[0]);
            tokens = Math.min(BUCKET, tokens + (out[i] - last)) - frames.get(i)[2];
            assertThat(tokens).as("tokens after frame " + i).isGreaterThanOrEqualTo(-1e-6);
            last = out[i];
        }
        for (int l = 0; l < frames.size(); l++) {
            if (frames.get(l)[1] != 1) continue;
            for (int h = 0; h < frames.size(); h++) {
                if (frames.get(h)[1] != 0) continue;
                boolean overtaken = frames.get(h)[0] < out[l] - 1e-9 && out[l] < out[h] - 1e-9;
                assertThat(overtaken).as("low frame " + l + " leaves at " + out[l] + " while high frame " + h + " (arrived " + frames.get(h)[0]
                        + ") waits until " + out[h]).isFalse();
            }
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<double[]>> arrivals() {
        net.jqwik.api.Arbitrary<double[]> one = net.jqwik.api.Combinators.combine(
                net.jqwik.api.Arbitraries.integers().between(0, 400), net.jqwik.api.Arbitraries.integers().between(0, 1),
                net.jqwik.api.Arbitraries.integers().between(40, BUCKET)).as((at, cls, bytes) -> frame(at, cls, bytes));
        return one.list().ofMinSize(1).ofMaxSize(12);
    }

    private static List<Integer> byArrival(List<double[]> frames) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) out.add(i);
        out.sort(java.util.Comparator.comparingDouble(i -> frames.get(i)[0]));
        return out;
    }
}
