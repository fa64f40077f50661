package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Ranges as unions of prefixes, the way ACL port operators become wildcards. */
class BitPrefixTest {

    private static boolean covers(BitPrefix p, long x) {
        long mask = BitPrefix.mask(p.length(), p.width());
        return (x & mask) == p.value();
    }

    @Property(tries = 300)
    void coverIsExactDisjointAndIncreasing(@ForAll @IntRange(min = 1, max = 11) int width,
                                           @ForAll @IntRange(min = 0, max = 2047) int a,
                                           @ForAll @IntRange(min = 0, max = 2047) int b) {
        long max = (1L << width) - 1;
        long lo = Math.min(a & max, b & max);
        long hi = Math.max(a & max, b & max);
        List<BitPrefix> cover = BitPrefix.coverRange(lo, hi, width);
        for (long x = 0; x <= max; x++) {
            final long v = x;
            long hits = cover.stream().filter(p -> covers(p, v)).count();
            assertThat(hits).as("value %d", x).isEqualTo(x >= lo && x <= hi ? 1 : 0);
        }
        for (int i = 1; i < cover.size(); i++) {
            assertThat(cover.get(i).value()).isGreaterThan(cover.get(i - 1).value());
        }
        // A range needs at most 2(w-1) prefixes.
        assertThat(cover.size()).isLessThanOrEqualTo(Math.max(1, 2 * (width - 1)));
    }

    @Test
    void knownCovers() {
        // 1..65534 is the worst case for 16 bits: 2 * 15 prefixes.
        assertThat(BitPrefix.coverRange(1, 65534, 16)).hasSize(30);
        assertThat(BitPrefix.coverRange(0, 65535, 16)).containsExactly(new BitPrefix(0, 0, 16));
        assertThat(BitPrefix.coverRange(1024, 2047, 16)).containsExactly(new BitPrefix(1024, 6, 16));
        assertThat(BitPrefix.coverRange(0, -1L, 64)).containsExactly(new BitPrefix(0, 0, 64));
        assertThat(BitPrefix.coverRange(-2L, -1L, 64)).containsExactly(new BitPrefix(-2L, 63, 64));
        assertThat(BitPrefix.coverRange(1, -1L, 64)).hasSize(64);
    }

    @Test
    void rejectsBadInput() {
        assertThatThrownBy(() -> BitPrefix.coverRange(5, 4, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BitPrefix.coverRange(0, 256, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BitPrefix(1, 7, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BitPrefix(0, 9, 8)).isInstanceOf(IllegalArgumentException.class);
    }
}
