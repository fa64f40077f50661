package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Cubes against the sets of headers they stand for, enumerated: over 10 variables (ternary
 * digits drawn from a number in base 3) spanning two words of the packed form.
 */
class CubeTest {
    private static final int VARS = 10;

    @Property(tries = 400)
    void cubeOperationsAgreeWithTheirHeaderSets(@ForAll @IntRange(min = 0, max = 59_048) int a,
                                                @ForAll @IntRange(min = 0, max = 59_048) int b) {
        Cube x = cube(a), y = cube(b);
        boolean within = true, overlaps = false;
        for (int h = 0; h < 1 << VARS; h++) {
            if (holds(x, h) && !holds(y, h)) within = false;
            if (holds(x, h) && holds(y, h)) overlaps = true;
        }
        assertThat(x.within(y)).as("%s within %s", x, y).isEqualTo(within);
        assertThat(x.overlaps(y)).isEqualTo(overlaps);
        if (overlaps) {
            Cube both = x.and(y);
            for (int h = 0; h < 1 << VARS; h++) assertThat(holds(both, h)).isEqualTo(holds(x, h) && holds(y, h));
            assertThat(both.within(x)).isTrue();
            assertThat(both.within(y)).isTrue();
        }
        assertThat(x.within(x)).isTrue();
        assertThat(x.within(Cube.any(64 + VARS))).isTrue();
    }

    /** The cube whose variable v is the v-th base-3 digit of {@code code}: 0, 1 or don't care. */
    private static Cube cube(int code) {
        boolean[] care = new boolean[VARS], value = new boolean[VARS];
        for (int v = 0; v < VARS; v++, code /= 3) {
            care[v] = code % 3 != 2;
            value[v] = code % 3 == 1;
        }
        // Spread over two words: variable v sits at bit 60 + v, so the cube crosses a word boundary.
        boolean[] wideCare = new boolean[64 + VARS], wideValue = new boolean[64 + VARS];
        for (int v = 0; v < VARS; v++) {
            wideCare[60 + v] = care[v];
            wideValue[60 + v] = value[v];
        }
        return Cube.of(wideCare, wideValue);
    }

    private static boolean holds(Cube c, int h) {
        for (int v = 0; v < VARS; v++)
            if (c.cares(60 + v) && c.bit(60 + v) != ((h >> v & 1) == 1)) return false;
        return true;
    }
}
