package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class DownsampleTest {

    @Provide
    Arbitrary<double[]> values() {
        return Arbitraries.doubles().between(-1e9, 1e9).array(double[].class).ofMaxSize(20_000);
    }

    @Property(tries = 200)
    void keepsTheGlobalExtremesInOrderWithinTheBudget(@ForAll("values") double[] ys, @ForAll @IntRange(min = 4, max = 600) int maxPoints) {
        double[] xs = new double[ys.length];
        for (int i = 0; i < xs.length; i++) xs[i] = Math.sin(i) * i; // not sorted: x extremes matter too
        int[] kept = Downsample.extremes(xs, ys, maxPoints);

        assertThat(kept.length).isLessThanOrEqualTo(maxPoints);
        assertThat(kept).isSorted().doesNotHaveDuplicates();
        if (ys.length == 0) return;
        assertThat(kept).contains(argMin(ys), argMax(ys), argMin(xs), argMax(xs));
        if (ys.length <= maxPoints) assertThat(kept).hasSize(ys.length);
    }

    private static int argMin(double[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) if (a[i] < a[best]) best = i;
        return best;
    }

    private static int argMax(double[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) if (a[i] > a[best]) best = i;
        return best;
    }

    @Property(tries = 50)
    void aSingleSpikeInAMillionPointsSurvives(@ForAll @IntRange(min = 0, max = 999_999) int spikeAt) {
        double[] xs = new double[1_000_000];
        double[] ys = new double[xs.length];
        Arrays.setAll(xs, i -> i);
        Arrays.setAll(ys, i -> i % 7);
        ys[spikeAt] = 1e6;
        int[] kept = Downsample.extremes(xs, ys, 4000);
        assertThat(kept.length).isLessThanOrEqualTo(4000);
        assertThat(kept).contains(spikeAt);
    }
}
