package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class EventWindowTest {
    /** A timeline of sequence numbers; negative ones are events at the sequence number's absolute value. */
    record Timeline(List<Long> points) implements EventWindow.Points {
        @Override
        public int size() {
            return points.size();
        }

        @Override
        public boolean isEvent(int i) {
            return points.get(i) < 0;
        }

        @Override
        public boolean isPacket(int i) {
            return points.get(i) >= 0;
        }

        @Override
        public long sequence(int i) {
            return Math.abs(points.get(i));
        }
    }

    @Test
    void aroundEventsReachesTheResendOfTheLastOneAndTheContextOnEitherSide() {
        // packets 0..9, a drop of 10, packets 11..14, 10 sent again, packets 15..19
        Timeline t = new Timeline(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, -10L, 11L, 12L, 13L, 14L, 10L, 15L, 16L, 17L, 18L, 19L));
        assertThat(EventWindow.around(t, 2)).hasValueSatisfying(w -> assertThat(w).containsExactly(8, 17));
        assertThat(EventWindow.around(new Timeline(List.of(0L, 1L, 2L)), 2)).isEmpty();
    }

    @Property(tries = 500)
    void aRoundKeepsItsWidthInsideTheRunAndHoldsItsMomentWhenItCan(@ForAll @LongRange(min = 0, max = 1_000_000) long start,
            @ForAll @LongRange(min = 0, max = 1_000_000) long length, @ForAll @LongRange(min = 1, max = 400_000) long width,
            @ForAll @LongRange(min = 0, max = 1_000_000) long offset) {
        long end = start + length, at = start + Math.min(offset, length);
        long[] w = EventWindow.round(at, width, start, end);
        assertThat(w[0]).isGreaterThanOrEqualTo(start);
        assertThat(w[1]).isLessThanOrEqualTo(end);
        assertThat(w[1] - w[0]).isEqualTo(Math.min(width, length));
        assertThat(at).isBetween(w[0], w[1]);
        // centred unless an end of the run is in the way
        if (at - width / 2 >= start && at - width / 2 + width <= end) assertThat(w[0]).isEqualTo(at - width / 2);
    }

    @Test
    void aRoundNeedsAWidth() {
        assertThatThrownBy(() -> EventWindow.round(5, 0, 0, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
