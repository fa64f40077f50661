package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.HeaderLayouts;

/** Sanity at full size: the 128-bit hassel layout with many random prefixes. */
class LargeLayoutTest {

    private record Interval(long lo, long hi) {}

    /** Headers covered by a union of ip prefixes, by merging their address intervals. */
    private static BigInteger addressesCovered(List<Interval> intervals) {
        List<Interval> sorted = new ArrayList<>(intervals);
        sorted.sort(Comparator.comparingLong(Interval::lo));
        BigInteger total = BigInteger.ZERO;
        long lo = -1;
        long hi = -2;
        for (Interval i : sorted) {
            if (i.lo() > hi + 1) {
                total = total.add(BigInteger.valueOf(hi - lo + 1));
                lo = i.lo();
                hi = i.hi();
            } else {
                hi = Math.max(hi, i.hi());
            }
        }
        return total.add(BigInteger.valueOf(hi - lo + 1));
    }

    private static List<Interval> randomPrefixes(Random rnd, int count, List<long[]> prefixes) {
        List<Interval> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int len = 8 + rnd.nextInt(25);
            long value = rnd.nextLong(1L << 32) & BitPrefix.mask(len, 32);
            prefixes.add(new long[] {value, len});
            out.add(new Interval(value, value + (1L << (32 - len)) - 1));
        }
        return out;
    }

    @Test
    void tenThousandPrefixesStayCompactAndCountExactly() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayouts.HASSEL);
        Random rnd = new Random(42);
        List<long[]> dst = new ArrayList<>();
        List<long[]> src = new ArrayList<>();
        List<Interval> dstIntervals = randomPrefixes(rnd, 10_000, dst);
        List<Interval> srcIntervals = randomPrefixes(rnd, 1_000, src);

        HeaderSpace dstUnion = algebra.none();
        for (long[] p : dst) {
            dstUnion = dstUnion.union(algebra.prefix("ip_dst", p[0], (int) p[1]));
        }
        HeaderSpace srcUnion = algebra.none();
        for (long[] p : src) {
            srcUnion = srcUnion.union(algebra.prefix("ip_src", p[0], (int) p[1]));
        }
        BigInteger others = BigInteger.ONE.shiftLeft(96);
        BigInteger dstCount = addressesCovered(dstIntervals).multiply(others);
        BigInteger srcCount = addressesCovered(srcIntervals).multiply(others);
        assertThat(dstUnion.count()).isEqualTo(dstCount);
        assertThat(srcUnion.count()).isEqualTo(srcCount);

        // Fields are independent, so |A and B| = |A| |B| / 2^128.
        HeaderSpace both = dstUnion.intersect(srcUnion);
        assertThat(both.count()).isEqualTo(dstCount.multiply(srcCount).shiftRight(128));
        assertThat(dstUnion.union(srcUnion).count()).isEqualTo(dstCount.add(srcCount).subtract(both.count()));

        // A union of prefixes is a trie: at most one node per prefix bit.
        Bdd bdd = algebra.bdd();
        assertThat(bdd.dagSize(dstUnion.node())).isLessThanOrEqualTo(32 * 10_000);
        assertThat(bdd.dagSize(both.node())).isLessThanOrEqualTo(bdd.dagSize(dstUnion.node()) + bdd.dagSize(srcUnion.node()));

        // Every prefix is inside the union, and a pick from the intersection satisfies both.
        for (long[] p : dst) {
            assertThat(dstUnion.contains(algebra.prefix("ip_dst", p[0], (int) p[1]))).isTrue();
        }
        Header h = both.pick(new Random(1)).orElseThrow();
        assertThat(both.contains(h)).isTrue();
        assertThat(dstUnion.contains(h) && srcUnion.contains(h)).isTrue();

        // Rewriting ip_dst of the intersection keeps only the ip_src constraint.
        HeaderSpace rewritten = both.set("ip_dst", 0x0A000001L);
        assertThat(rewritten).isEqualTo(srcUnion.intersect(algebra.equal("ip_dst", 0x0A000001L)));
        assertThat(rewritten.count()).isEqualTo(srcCount.shiftRight(32));
    }

    @Test
    void aclStyleEntriesOnAllFields() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayouts.HASSEL);
        HeaderSpace web = algebra.equal("ip_proto", 6)
                .intersect(algebra.prefix("ip_src", 0xAC110000L, 16))
                .intersect(algebra.range("tp_dst", 80, 443))
                .intersect(algebra.greaterThan("tp_src", 1023));
        BigInteger expected = BigInteger.ONE.shiftLeft(128 - 8 - 16 - 16 - 16)
                .multiply(BigInteger.valueOf(443 - 80 + 1))
                .multiply(BigInteger.valueOf(65535 - 1023));
        assertThat(web.count()).isEqualTo(expected);
        Header h = web.pick().orElseThrow();
        assertThat(h.get("ip_proto")).isEqualTo(6);
        assertThat(h.get("tp_dst")).isEqualTo(80);
        assertThat(h.get("tp_src")).isEqualTo(1024);
        assertThat(h.get("ip_src")).isEqualTo(0xAC110000L);
        assertThat(web.forget("tp_dst", "tp_src", "ip_src", "ip_proto").isAll()).isTrue();
    }
}
