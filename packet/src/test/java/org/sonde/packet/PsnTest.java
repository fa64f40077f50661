package org.sonde.packet;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PsnTest {

    @Test
    void wrapsAround() {
        assertThat(Psn.next(0xFFFFFF)).isZero();
        assertThat(Psn.add(0xFFFFFE, 5)).isEqualTo(3);
        assertThat(Psn.add(2, -5)).isEqualTo(0xFFFFFD);
        assertThat(Psn.distance(0xFFFFFE, 3)).isEqualTo(5);
        assertThat(Psn.distance(3, 0xFFFFFE)).isEqualTo(-5);
        assertThat(Psn.isBefore(0xFFFFFE, 3)).isTrue();
        assertThat(Psn.isAfter(3, 0xFFFFFE)).isTrue();
        assertThat(Psn.mask(0x1_2345_6789L)).isEqualTo(0x456789);
    }

    @Test
    void distanceRangeIsHalfOpenAtMinusHalf() {
        assertThat(Psn.distance(0, Psn.HALF)).isEqualTo(Psn.HALF);
        assertThat(Psn.distance(Psn.HALF, 0)).isEqualTo(Psn.HALF);
        assertThat(Psn.distance(0, Psn.HALF + 1)).isEqualTo(-Psn.HALF + 1);
    }

    @Test
    void windowWrapsAround() {
        assertThat(Psn.inWindow(0xFFFFF0, 32, 0xFFFFFF)).isTrue();
        assertThat(Psn.inWindow(0xFFFFF0, 32, 0x00000F)).isTrue();
        assertThat(Psn.inWindow(0xFFFFF0, 32, 0x000010)).isFalse();
        assertThat(Psn.inWindow(0xFFFFF0, 32, 0xFFFFEF)).isFalse();
        assertThat(Psn.inWindow(5, 0, 5)).isFalse();
        assertThat(Psn.inWindow(5, Psn.MODULUS, 4)).isTrue();
    }

    @Property
    void addThenDistanceIsTheIdentity(@ForAll @IntRange(max = 0xFFFFFF) int psn,
                                      @ForAll @IntRange(min = -(1 << 23) + 1, max = 1 << 23) int n) {
        int later = Psn.add(psn, n);
        assertThat(later).isBetween(0, Psn.MASK);
        assertThat(Psn.distance(psn, later)).isEqualTo(n);
        assertThat(Psn.add(later, -n)).isEqualTo(psn);
    }

    @Property
    void distanceReachesTheTarget(@ForAll @IntRange(max = 0xFFFFFF) int a, @ForAll @IntRange(max = 0xFFFFFF) int b) {
        int d = Psn.distance(a, b);
        assertThat(d).isGreaterThan(-Psn.HALF).isLessThanOrEqualTo(Psn.HALF);
        assertThat(Psn.add(a, d)).isEqualTo(b);
        if (d != Psn.HALF) assertThat(Psn.distance(b, a)).isEqualTo(-d);
    }

    @Property
    void compareAgreesWithBeforeAndAfter(@ForAll @IntRange(max = 0xFFFFFF) int a, @ForAll @IntRange(max = 0xFFFFFF) int b) {
        int c = Psn.compare(a, b);
        assertThat(c == 0).isEqualTo(a == b);
        assertThat(c < 0).isEqualTo(Psn.isBefore(a, b));
        if (Psn.distance(a, b) != Psn.HALF) {
            assertThat(Integer.signum(Psn.compare(b, a))).isEqualTo(-Integer.signum(c));
            assertThat(Psn.isAfter(a, b)).isEqualTo(c > 0);
        }
    }

    @Property
    void nextIsAfter(@ForAll @IntRange(max = 0xFFFFFF) int a) {
        assertThat(Psn.isAfter(Psn.next(a), a)).isTrue();
        assertThat(Psn.isBefore(a, Psn.next(a))).isTrue();
        assertThat(Psn.distance(a, Psn.next(a))).isEqualTo(1);
    }

    @Property
    void windowMembershipMatchesDistance(@ForAll @IntRange(max = 0xFFFFFF) int start,
                                         @ForAll @IntRange(max = 1 << 23) int length,
                                         @ForAll @IntRange(max = 0xFFFFFF) int psn) {
        int offset = Psn.distance(start, psn);
        boolean expected = offset >= 0 && offset < length;
        assertThat(Psn.inWindow(start, length, psn)).isEqualTo(expected);
    }
}
