package org.sonde.capture;

/** The unit in which a writer stores timestamps. Finer units are not needed: Sonde's clock is nanoseconds. */
public enum TimestampResolution {
    MICROS(6, 1_000L),
    NANOS(9, 1L);

    private final int decimalExponent;
    private final long nanosPerUnit;

    TimestampResolution(int decimalExponent, long nanosPerUnit) {
        this.decimalExponent = decimalExponent;
        this.nanosPerUnit = nanosPerUnit;
    }

    /** How many nanoseconds one stored unit is (1000 for microseconds). */
    long nanosPerUnit() {
        return nanosPerUnit;
    }

    /** The pcapng {@code if_tsresol} value: units are 10^-exponent seconds. */
    int decimalExponent() {
        return decimalExponent;
    }
}
