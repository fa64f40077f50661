package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LaunchScheduleTest {
    @Test
    void nothingDuringWaitThenALinearRampThenTheFullRate() {
        LaunchSchedule s = new LaunchSchedule(1000, 3, 10);
        assertThat(s.dueBy(2.9)).isZero();
        assertThat(s.rateAt(8)).isEqualTo(500, within(1e-9));
        // the ramp launches half the rate times its length: 1000 * 10 / 2
        assertThat(s.dueBy(13)).isEqualTo(5000);
        assertThat(s.dueBy(14)).isEqualTo(6000);
        assertThat(s.rateAt(20)).isEqualTo(1000, within(1e-9));
    }

    @Test
    void withoutRampTheRateHoldsFromTheStart() {
        LaunchSchedule s = new LaunchSchedule(200, 0, 0);
        assertThat(s.dueBy(1)).isEqualTo(200);
        assertThat(s.timeOf(200)).isEqualTo(1.0, within(1e-9));
    }

    @Property(tries = 300)
    void timeOfIsTheInverseOfDueBy(@ForAll @IntRange(min = 1, max = 100_000) int n) {
        LaunchSchedule s = new LaunchSchedule(5000, 1, 10);
        double t = s.timeOf(n);
        assertThat(s.dueBy(t + 1e-9)).isGreaterThanOrEqualTo(n);
        assertThat(s.dueBy(t - 1e-6)).isLessThan(n);
    }
}
