package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class TimestampScaleTest {
    @Test
    void decimalUnits() {
        assertThat(TimestampScale.ofTsresol(6).toNanos(1_500_000)).isEqualTo(1_500_000_000L);
        assertThat(TimestampScale.ofTsresol(9).toNanos(123)).isEqualTo(123);
        assertThat(TimestampScale.ofTsresol(0).toNanos(2)).isEqualTo(2_000_000_000L);
        assertThat(TimestampScale.ofTsresol(12).toNanos(1_234_567)).isEqualTo(1_234);
        assertThat(TimestampScale.ofTsresol(19).toNanos(-1L)).isEqualTo(1_844_674_407L); // 2^64-1 units of 10^-19 s
        assertThat(TimestampScale.ofTsresol(28)).isNull();
    }

    @Test
    void binaryUnits() {
        assertThat(TimestampScale.ofTsresol(0x80).toNanos(3)).isEqualTo(3_000_000_000L);
        assertThat(TimestampScale.ofTsresol(0x80 | 1).toNanos(3)).isEqualTo(1_500_000_000L);
        assertThat(TimestampScale.ofTsresol(0x80 | 20).toNanos(1)).isEqualTo(953L); // 10^9 / 2^20 = 953.67
        assertThat(TimestampScale.ofTsresol(0x80 | 63).toNanos(Long.MIN_VALUE)).isEqualTo(1_000_000_000L);
        assertThat(TimestampScale.ofTsresol(0x80 | 32).toNanos((5L << 32) | 0x8000_0000L)).isEqualTo(5_500_000_000L);
    }

    @Test
    void overflowIsReportedNotWrapped() {
        assertThat(TimestampScale.ofTsresol(9).toNanos(-1L)).isEqualTo(TimestampScale.OUT_OF_RANGE);
        assertThat(TimestampScale.ofTsresol(6).toNanos(Long.MAX_VALUE / 999)).isEqualTo(TimestampScale.OUT_OF_RANGE);
        assertThat(TimestampScale.ofTsresol(0x80).toNanos(-1L)).isEqualTo(TimestampScale.OUT_OF_RANGE);
        assertThat(TimestampScale.ofTsresol(0x80 | 1).toNanos(-1L)).isEqualTo(TimestampScale.OUT_OF_RANGE);
    }

    /** Binary units agree with exact rational arithmetic, rounded down. */
    @Property
    void binaryMatchesBigIntegerArithmetic(@ForAll @IntRange(min = 1, max = 63) int exponent,
                                           @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long units) {
        java.math.BigInteger exact = java.math.BigInteger.valueOf(units).multiply(java.math.BigInteger.valueOf(1_000_000_000L))
                .shiftRight(exponent);
        long nanos = TimestampScale.ofTsresol(0x80 | exponent).toNanos(units);
        if (exact.bitLength() < 64) {
            assertThat(nanos).isEqualTo(exact.longValueExact());
        } else {
            assertThat(nanos).isEqualTo(TimestampScale.OUT_OF_RANGE);
        }
    }
}
