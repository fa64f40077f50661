package org.sonde.dataplane.hsa;

import java.util.BitSet;
import java.util.Random;
import java.util.function.Predicate;
import org.sonde.dataplane.model.HeaderLayout;

/**
 * A 10-bit layout small enough to enumerate: every header is an index, and a header space has a
 * brute-force model as a {@link BitSet} of indices. Index order is layout order with field a most
 * significant, which is also the BDD's variable order.
 */
final class SmallUniverse {
    static final HeaderLayout LAYOUT = HeaderLayout.builder("small").field("a", 3).field("b", 4).field("c", 3).build();
    static final int SIZE = 1 << 10;
    static final String[] FIELDS = {"a", "b", "c"};

    /** A space and the headers it should hold. */
    record Sample(HeaderSpace space, BitSet model) {}

    final HeaderAlgebra algebra = new HeaderAlgebra(LAYOUT);

    static Header header(int index) {
        return new Header(LAYOUT, new long[] {index >>> 7, (index >>> 3) & 15, index & 7});
    }

    static int index(Header h) {
        long[] v = h.values();
        return (int) ((v[0] << 7) | (v[1] << 3) | v[2]);
    }

    static BitSet model(Predicate<Header> p) {
        BitSet s = new BitSet(SIZE);
        for (int i = 0; i < SIZE; i++) {
            if (p.test(header(i))) {
                s.set(i);
            }
        }
        return s;
    }

    /** The header's bits in hassel's text order: c, b, a, each MSB first. */
    static char[] hasselText(Header h) {
        StringBuilder b = new StringBuilder();
        for (String f : new String[] {"c", "b", "a"}) {
            int w = LAYOUT.field(f).orElseThrow().widthBits();
            for (int i = w - 1; i >= 0; i--) {
                b.append(((h.get(f) >>> i) & 1) == 1 ? '1' : '0');
            }
        }
        return b.toString().toCharArray();
    }

    static String randomTernary(Random rnd, String alphabet, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    Sample random(Random rnd, int depth) {
        if (depth == 0 || rnd.nextInt(3) == 0) {
            return primitive(rnd);
        }
        Sample x = random(rnd, depth - 1);
        Sample y = random(rnd, depth - 1);
        BitSet m = (BitSet) x.model().clone();
        return switch (rnd.nextInt(4)) {
            case 0 -> {
                m.and(y.model());
                yield new Sample(x.space().intersect(y.space()), m);
            }
            case 1 -> {
                m.or(y.model());
                yield new Sample(x.space().union(y.space()), m);
            }
            case 2 -> {
                m.andNot(y.model());
                yield new Sample(x.space().minus(y.space()), m);
            }
            default -> {
                m.flip(0, SIZE);
                yield new Sample(x.space().complement(), m);
            }
        };
    }

    private Sample primitive(Random rnd) {
        String f = FIELDS[rnd.nextInt(FIELDS.length)];
        int width = LAYOUT.field(f).orElseThrow().widthBits();
        long max = (1L << width) - 1;
        long v = rnd.nextLong(max + 1);
        long w = rnd.nextLong(max + 1);
        long lo = Math.min(v, w);
        long hi = Math.max(v, w);
        return switch (rnd.nextInt(9)) {
            case 0 -> new Sample(algebra.equal(f, v), model(h -> h.get(f) == v));
            case 1 -> {
                int len = rnd.nextInt(width + 1);
                long mask = BitPrefix.mask(len, width);
                yield new Sample(algebra.prefix(f, v, len), model(h -> (h.get(f) & mask) == (v & mask)));
            }
            case 2 -> new Sample(algebra.ternary(f, v, w), model(h -> (h.get(f) & w) == (v & w)));
            case 3 -> new Sample(algebra.range(f, lo, hi), model(h -> h.get(f) >= lo && h.get(f) <= hi));
            case 4 -> new Sample(algebra.lessThan(f, v), model(h -> h.get(f) < v));
            case 5 -> new Sample(algebra.greaterThan(f, v), model(h -> h.get(f) > v));
            case 6 -> new Sample(algebra.notEqual(f, v), model(h -> h.get(f) != v));
            case 7 -> {
                String text = randomTernary(rnd, "01xxx", LAYOUT.widthBits());
                yield new Sample(algebra.wildcard(text), model(h -> {
                    char[] bits = hasselText(h);
                    for (int p = 0; p < bits.length; p++) {
                        if (text.charAt(p) != 'x' && text.charAt(p) != bits[p]) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            default -> rnd.nextBoolean()
                    ? new Sample(algebra.all(), model(h -> true))
                    : new Sample(algebra.none(), model(h -> false));
        };
    }
}
