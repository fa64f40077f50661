package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class TicksTest {

    /** Numbers of every magnitude from 1e-250 to 1e251, both signs, and zero. */
    private static Arbitrary<Double> anyMagnitude() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, Combinators.combine(Arbitraries.doubles().between(-10, 10), Arbitraries.integers().between(-250, 250))
                        .as((m, e) -> m * Math.pow(10, e))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(0.0)));
    }

    @Provide
    Arbitrary<double[]> ranges() {
        Arbitrary<Double> n = anyMagnitude();
        Arbitrary<double[]> wide = Combinators.combine(n, n).as((a, b) -> new double[] {Math.min(a, b), Math.max(a, b)});
        Arbitrary<double[]> equal = n.map(a -> new double[] {a, a});
        Arbitrary<double[]> narrow = Combinators.combine(n, Arbitraries.integers().between(0, 16), Arbitraries.doubles().between(0, 1))
                .as((a, d, f) -> new double[] {a, a + Math.abs(a) * f * Math.pow(10, -d)});
        Arbitrary<double[]> everyday = Combinators.combine(Arbitraries.doubles().between(-1000, 1000), Arbitraries.doubles().between(0, 5000))
                .as((a, w) -> new double[] {a, a + w});
        return Arbitraries.oneOf(wide, equal, narrow, everyday);
    }

    @Property(tries = 2000)
    void linearTicksAreNiceAndCoverTheRange(@ForAll("ranges") double[] range, @ForAll @IntRange(min = 2, max = 12) int target) {
        double min = range[0], max = range[1];
        Ticks t = Ticks.linear(min, max, target);
        List<Ticks.Tick> ticks = t.ticks();

        assertThat(t.lo()).isLessThanOrEqualTo(min);
        assertThat(t.hi()).isGreaterThanOrEqualTo(max);
        assertThat(ticks.size()).isBetween(2, 2 * target + 3);
        double step = t.step();
        double mantissa = step / Math.pow(10, Math.floor(Math.log10(step)));
        assertThat(List.of(1.0, 2.0, 5.0, 10.0)).anySatisfy(m -> assertThat(mantissa).isCloseTo(m, org.assertj.core.data.Offset.offset(1e-9)));
        for (int i = 0; i < ticks.size(); i++) {
            double v = ticks.get(i).value();
            // ticks are the doubles nearest to decimal multiples of the step
            assertThat(java.math.BigDecimal.valueOf(v).remainder(java.math.BigDecimal.valueOf(step)).signum())
                    .as("tick %s is a multiple of %s", v, step).isZero();
            if (i > 0) {
                double tolerance = Math.max(step * 1e-6, 4 * Math.ulp(v));
                assertThat(v - ticks.get(i - 1).value()).isCloseTo(step, org.assertj.core.data.Offset.offset(tolerance));
            }
        }
        // no more than one step of padding on either side of a real range
        if (max - min > Math.max(Math.abs(min), Math.abs(max)) * 1e-12 && max - min >= 1e-290) {
            assertThat(ticks.size() - 1).isLessThanOrEqualTo((int) Math.ceil((max - min) / step * (1 + 1e-9)) + 2);
        }
        assertThat(new HashSet<>(ticks.stream().map(Ticks.Tick::label).toList())).as("labels are distinct").hasSize(ticks.size());
    }

    @Provide
    Arbitrary<double[]> positiveRanges() {
        // the whole domain a log axis takes, [1e-300, 1e300]
        Arbitrary<Double> p = Combinators.combine(Arbitraries.doubles().between(1, 10), Arbitraries.integers().between(-300, 299))
                .as((m, e) -> Math.min(m * Math.pow(10, e), Ticks.LIMIT));
        return Arbitraries.oneOf(
                Combinators.combine(p, p).as((a, b) -> new double[] {Math.min(a, b), Math.max(a, b)}),
                p.map(a -> new double[] {a, a}));
    }

    @Property(tries = 1000)
    void logTicksArePowersOfTenOrTheir2And5MultiplesAndCoverTheRange(@ForAll("positiveRanges") double[] range) {
        Ticks t = Ticks.log(range[0], range[1]);
        List<Ticks.Tick> ticks = t.ticks();
        assertThat(t.log()).isTrue();
        assertThat(t.lo()).isLessThanOrEqualTo(range[0]);
        assertThat(t.hi()).isGreaterThanOrEqualTo(range[1]);
        assertThat(ticks.size()).isBetween(2, 12);
        for (int i = 0; i < ticks.size(); i++) {
            double v = ticks.get(i).value();
            double mantissa = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-12));
            assertThat(List.of(1.0, 2.0, 5.0, 10.0)).anySatisfy(m -> assertThat(mantissa).isCloseTo(m, org.assertj.core.data.Offset.offset(1e-9)));
            if (i > 0) assertThat(v).isGreaterThan(ticks.get(i - 1).value());
        }
        assertThat(new HashSet<>(ticks.stream().map(Ticks.Tick::label).toList())).hasSize(ticks.size());
    }

    @Test
    void everydayRangesGetTheExpectedTicksAndLabels() {
        assertThat(labels(Ticks.linear(0, 1, 5))).containsExactly("0", "0.2", "0.4", "0.6", "0.8", "1.0");
        assertThat(labels(Ticks.linear(3, 97, 6))).containsExactly("0", "20", "40", "60", "80", "100");
        assertThat(labels(Ticks.linear(-7, 3, 5))).containsExactly("−8", "−6", "−4", "−2", "0", "2", "4");
        assertThat(labels(Ticks.linear(0, 1.5e6, 8))).containsExactly("0", "0.2M", "0.4M", "0.6M", "0.8M", "1.0M", "1.2M", "1.4M", "1.6M");
        assertThat(labels(Ticks.linear(0, 3e-6, 3))).containsExactly("0", "1e−6", "2e−6", "3e−6");
        assertThat(labels(Ticks.log(3, 40))).containsExactly("2", "5", "10", "20", "50");
        assertThat(labels(Ticks.log(0.02, 3e5))).containsExactly("0.01", "0.1", "1", "10", "100", "1k", "10k", "100k", "1M");
    }

    @Test
    void logTicksOfRangesSpanningHundredsOfDecadesStayFinite() {
        // the grid aligned to its stride would reach 1e310, beyond the doubles
        for (double[] r : new double[][] {{1e-240, 1e249}, {1e-300, 1e300}, {1e-300, 1e-299}, {1e299, 1e300}}) {
            Ticks t = Ticks.log(r[0], r[1]);
            assertThat(t.lo()).as("%s", List.of(r[0], r[1])).isLessThanOrEqualTo(r[0]).isPositive();
            assertThat(t.hi()).isGreaterThanOrEqualTo(r[1]).isFinite();
            assertThat(t.ticks().size()).isBetween(2, 12);
        }
        assertThat(labels(Ticks.log(1e-240, 1e249))).first().isEqualTo("1e−240");
    }

    @Test
    void equalEndsAreWidenedAroundTheValue() {
        Ticks zero = Ticks.linear(0, 0, 5);
        assertThat(zero.lo()).isEqualTo(-1);
        assertThat(zero.hi()).isEqualTo(1);
        Ticks five = Ticks.linear(5, 5, 5);
        assertThat(five.lo()).isLessThan(5).isGreaterThanOrEqualTo(4.4);
        assertThat(five.hi()).isGreaterThan(5).isLessThanOrEqualTo(5.6);
        assertThat(labels(Ticks.log(100, 100))).containsExactly("50", "100", "200");
    }

    @Test
    void logTicksRejectNonPositiveValuesWithAClearMessage() {
        assertThatThrownBy(() -> Ticks.log(0, 10)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("log axis");
        assertThatThrownBy(() -> Ticks.log(-5, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ticks.linear(Double.NaN, 1, 5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
        assertThatThrownBy(() -> Ticks.linear(2, 1, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> labels(Ticks t) {
        return t.ticks().stream().map(Ticks.Tick::label).toList();
    }
}
