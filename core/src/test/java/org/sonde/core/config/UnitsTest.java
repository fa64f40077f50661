package org.sonde.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void quantitiesParseExactly() {
        assertThat(Units.nanos("100us")).isEqualTo(100_000);
        assertThat(Units.nanos("1.5ms")).isEqualTo(1_500_000);
        assertThat(Units.nanos("2s")).isEqualTo(2_000_000_000L);
        assertThat(Units.nanos("7ns")).isEqualTo(7);
        assertThat(Units.bitsPerSecond("10Gbps")).isEqualTo(10_000_000_000L);
        assertThat(Units.bitsPerSecond("2.5gbps")).isEqualTo(2_500_000_000L);
        assertThat(Units.bytes("30KB")).isEqualTo(30_000);
        assertThat(Units.bytes("1MiB")).isEqualTo(1 << 20);
        assertThat(Units.bytes("1500")).isEqualTo(1500);
    }

    @Test
    void malformedQuantitiesSayWhatIsWrong() {
        assertThatThrownBy(() -> Units.nanos("10")).hasMessageContaining("needs a unit");
        assertThatThrownBy(() -> Units.nanos("1.5ns")).hasMessageContaining("whole number of nanoseconds");
        assertThatThrownBy(() -> Units.bitsPerSecond("10GB")).hasMessageContaining("rate '10GB' needs a unit");
        assertThatThrownBy(() -> Units.bytes("ten")).hasMessageContaining("is not a quantity");
        assertThatThrownBy(() -> Units.bytes("3 parsecs")).hasMessageContaining("unknown unit");
    }

    @Property
    void formattedDurationsParseBack(@ForAll @LongRange(min = 0, max = 10_000_000_000L) long nanos) {
        String s = Units.formatNanos(nanos);
        long back = Units.nanos(s.replace("µ", "u"));
        assertThat(back).isEqualTo(nanos);
    }

    @Property
    void durationsFormattedInAnothersUnitParseBackInThatUnit(@ForAll @LongRange(min = 0, max = 10_000_000_000L) long nanos,
                                                             @ForAll @LongRange(min = 0, max = 10_000_000_000L) long like) {
        String s = Units.formatNanos(nanos, like);
        assertThat(Units.nanos(s)).isEqualTo(nanos);
        assertThat(s).endsWith(like >= 1_000_000 ? "ms" : like >= 1_000 ? "us" : "ns");
    }

    @Test
    void twoDurationsOfOneSentenceShareAUnit() {
        assertThat(Units.formatNanos(10_000, 67_108_864)).isEqualTo("0.01ms");
        assertThat(Units.formatNanos(67_108_864)).isEqualTo("67.108864ms");
        assertThat(Units.formatNanos(-2_000_000)).isEqualTo("-2ms");
    }

    @Test
    void distributionsParseAndStayInRange() {
        SplittableRandom r = new SplittableRandom(1);
        assertThat(Distribution.parse("5us")).isEqualTo(new Distribution.Constant(5000));
        Distribution u = Distribution.parse("uniform(1us, 3us)");
        for (int i = 0; i < 1000; i++) assertThat(u.sample(r)).isBetween(1000L, 3000L);
        Distribution n = Distribution.parse("normal(1us, 5us)");
        for (int i = 0; i < 1000; i++) assertThat(n.sample(r)).isNotNegative();
        Distribution.Empirical e = (Distribution.Empirical) Distribution.parse("empirical(1us 0.5, 3us 1)");
        assertThat(e.quantile(0.25)).isEqualTo(1000);
        assertThat(e.quantile(0.75)).isEqualTo(2000);
        assertThat(e.mean()).isEqualTo(0.5 * 1000 + 0.5 * 2000);
        double sum = 0;
        Distribution x = Distribution.parse("exponential(2us)");
        for (int i = 0; i < 20000; i++) sum += x.sample(r);
        assertThat(sum / 20000).isBetween(1900.0, 2100.0);
    }

    @Test
    void malformedDistributionsSayWhatIsWrong() {
        assertThatThrownBy(() -> Distribution.parse("gamma(1us)")).hasMessageContaining("unknown distribution 'gamma'");
        assertThatThrownBy(() -> Distribution.parse("uniform(3us, 1us)")).hasMessageContaining("maximum is below the minimum");
        assertThatThrownBy(() -> Distribution.parse("uniform(3us)")).hasMessageContaining("takes 2 argument(s)");
        assertThatThrownBy(() -> Distribution.parse("empirical(1us 0.5, 2us 0.9)")).hasMessageContaining("must be 1");
        assertThatThrownBy(() -> Distribution.parse("exponential(2us")).hasMessageContaining("closing parenthesis");
    }
}
