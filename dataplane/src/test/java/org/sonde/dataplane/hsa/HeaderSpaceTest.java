package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.UnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.sonde.dataplane.hsa.SmallUniverse.Sample;

/** Header space operations against brute force over every header of a 10-bit layout. */
class HeaderSpaceTest {

    private static List<Sample> samples(SmallUniverse u, long seed) {
        Random rnd = new Random(seed);
        List<Sample> out = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            out.add(u.random(rnd, 4));
        }
        return out;
    }

    private static void assertHolds(HeaderSpace space, BitSet model) {
        for (int i = 0; i < SmallUniverse.SIZE; i++) {
            assertThat(space.contains(SmallUniverse.header(i))).as("header %d", i).isEqualTo(model.get(i));
        }
        assertThat(space.count()).isEqualTo(BigInteger.valueOf(model.cardinality()));
        assertThat(space.isEmpty()).isEqualTo(model.isEmpty());
        assertThat(space.isAll()).isEqualTo(model.cardinality() == SmallUniverse.SIZE);
    }

    /** The image of {@code model} under a header-to-header function. */
    private static BitSet image(BitSet model, UnaryOperator<Header> f) {
        BitSet out = new BitSet(SmallUniverse.SIZE);
        model.stream().forEach(i -> out.set(SmallUniverse.index(f.apply(SmallUniverse.header(i)))));
        return out;
    }

    private static Header with(Header h, String field, long value) {
        long[] v = h.values();
        v[SmallUniverse.LAYOUT.names().indexOf(field)] = value;
        return new Header(SmallUniverse.LAYOUT, v);
    }

    @Property(tries = 80)
    void setSemanticsCountsAndCanonicity(@ForAll long seed) {
        SmallUniverse u = new SmallUniverse();
        List<Sample> samples = samples(u, seed);
        for (Sample s : samples) {
            assertHolds(s.space(), s.model());
        }
        for (Sample x : samples) {
            for (Sample y : samples) {
                assertThat(x.space().equals(y.space())).isEqualTo(x.model().equals(y.model()));
                assertThat(x.space().node() == y.space().node()).isEqualTo(x.model().equals(y.model()));
                BitSet outside = (BitSet) y.model().clone();
                outside.andNot(x.model());
                assertThat(x.space().contains(y.space())).isEqualTo(outside.isEmpty());
                assertThat(x.space().overlaps(y.space())).isEqualTo(x.model().intersects(y.model()));
            }
        }
    }

    @Property(tries = 80)
    void picksAreMembers(@ForAll long seed) {
        SmallUniverse u = new SmallUniverse();
        for (Sample s : samples(u, seed)) {
            Optional<Header> smallest = s.space().pick();
            Optional<Header> drawn = s.space().pick(new Random(seed));
            if (s.model().isEmpty()) {
                assertThat(smallest).isEmpty();
                assertThat(drawn).isEmpty();
                continue;
            }
            assertThat(SmallUniverse.index(smallest.orElseThrow())).isEqualTo(s.model().nextSetBit(0));
            assertThat(s.model().get(SmallUniverse.index(drawn.orElseThrow()))).isTrue();
            assertThat(s.space().pick(new Random(seed))).isEqualTo(drawn);
        }
    }

    @Property(tries = 80)
    void rewritesAndQuantification(@ForAll long seed) {
        SmallUniverse u = new SmallUniverse();
        Random rnd = new Random(seed);
        for (Sample s : samples(u, seed)) {
            String f = SmallUniverse.FIELDS[rnd.nextInt(3)];
            long max = SmallUniverse.LAYOUT.field(f).orElseThrow().fullMask();
            long value = rnd.nextLong(max + 1);
            long mask = rnd.nextLong(max + 1);

            assertHolds(s.space().set(f, value), image(s.model(), h -> with(h, f, value)));
            assertHolds(s.space().rewrite(f, mask, value),
                    image(s.model(), h -> with(h, f, (h.get(f) & ~mask) | (value & mask))));

            // forget(f) holds every header whose other fields match a member.
            BitSet forgotten = new BitSet(SmallUniverse.SIZE);
            for (int i = 0; i < SmallUniverse.SIZE; i++) {
                Header h = SmallUniverse.header(i);
                for (long x = 0; x <= max; x++) {
                    if (s.model().get(SmallUniverse.index(with(h, f, x)))) {
                        forgotten.set(i);
                        break;
                    }
                }
            }
            assertHolds(s.space().forget(f), forgotten);

            String hMask = SmallUniverse.randomTernary(rnd, "01", SmallUniverse.LAYOUT.widthBits());
            String hRewrite = SmallUniverse.randomTernary(rnd, "01", SmallUniverse.LAYOUT.widthBits());
            assertHolds(s.space().rewriteHassel(hMask, hRewrite), image(s.model(), h -> {
                char[] text = SmallUniverse.hasselText(h);
                for (int p = 0; p < text.length; p++) {
                    if (hMask.charAt(p) == '0') {
                        text[p] = hRewrite.charAt(p);
                    }
                }
                return hasselHeader(new String(text));
            }));
        }
    }

    /** The one header a fully specified hassel string of the small layout denotes. */
    private static Header hasselHeader(String text) {
        long c = Long.parseLong(text.substring(0, 3), 2);
        long b = Long.parseLong(text.substring(3, 7), 2);
        long a = Long.parseLong(text.substring(7, 10), 2);
        return new Header(SmallUniverse.LAYOUT, new long[] {a, b, c});
    }

    @Property(tries = 40)
    void singletonsAndFullWildcardsAgree(@ForAll long seed) {
        SmallUniverse u = new SmallUniverse();
        int i = new Random(seed).nextInt(SmallUniverse.SIZE);
        Header h = SmallUniverse.header(i);
        HeaderSpace one = u.algebra.of(h);
        assertThat(one.count()).isEqualTo(BigInteger.ONE);
        assertThat(one.pick()).contains(h);
        assertThat(u.algebra.wildcard(new String(SmallUniverse.hasselText(h)))).isEqualTo(one);
        assertThat(u.algebra.equal("a", h.get("a")).intersect(u.algebra.equal("b", h.get("b")))
                .intersect(u.algebra.equal("c", h.get("c")))).isEqualTo(one);
    }
}
