package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The BDD engine against truth tables over few variables. */
class BddTest {
    private static final int VARS = 9;
    private static final int ROWS = 1 << VARS;

    /** A function and its truth table; row r sets variable v to bit (VARS-1-v) of r. */
    private record Fn(int node, BitSet table) {}

    private static boolean bit(int row, int v) {
        return ((row >>> (VARS - 1 - v)) & 1) != 0;
    }

    private static boolean[] assignment(int row) {
        boolean[] a = new boolean[VARS];
        for (int v = 0; v < VARS; v++) {
            a[v] = bit(row, v);
        }
        return a;
    }

    private static int row(boolean[] a) {
        int r = 0;
        for (boolean b : a) {
            r = (r << 1) | (b ? 1 : 0);
        }
        return r;
    }

    private static BitSet table(java.util.function.IntPredicate p) {
        BitSet t = new BitSet(ROWS);
        for (int r = 0; r < ROWS; r++) {
            if (p.test(r)) {
                t.set(r);
            }
        }
        return t;
    }

    private static Fn random(Bdd bdd, Random rnd, int depth) {
        if (depth == 0 || rnd.nextInt(4) == 0) {
            int v = rnd.nextInt(VARS);
            return switch (rnd.nextInt(5)) {
                case 0 -> new Fn(Bdd.TRUE, table(r -> true));
                case 1 -> new Fn(Bdd.FALSE, table(r -> false));
                case 2 -> new Fn(bdd.nithVar(v), table(r -> !bit(r, v)));
                default -> new Fn(bdd.ithVar(v), table(r -> bit(r, v)));
            };
        }
        Fn a = random(bdd, rnd, depth - 1);
        Fn b = random(bdd, rnd, depth - 1);
        BitSet t = (BitSet) a.table().clone();
        return switch (rnd.nextInt(5)) {
            case 0 -> {
                t.and(b.table());
                yield new Fn(bdd.and(a.node(), b.node()), t);
            }
            case 1 -> {
                t.or(b.table());
                yield new Fn(bdd.or(a.node(), b.node()), t);
            }
            case 2 -> {
                t.xor(b.table());
                yield new Fn(bdd.xor(a.node(), b.node()), t);
            }
            case 3 -> {
                t.andNot(b.table());
                yield new Fn(bdd.diff(a.node(), b.node()), t);
            }
            default -> {
                t.flip(0, ROWS);
                yield new Fn(bdd.not(a.node()), t);
            }
        };
    }

    private static List<Fn> pool(Bdd bdd, long seed) {
        Random rnd = new Random(seed);
        List<Fn> fns = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            fns.add(random(bdd, rnd, 6));
        }
        return fns;
    }

    private static void assertMatches(Bdd bdd, int node, BitSet table) {
        for (int r = 0; r < ROWS; r++) {
            assertThat(bdd.evaluate(node, assignment(r))).as("row %d", r).isEqualTo(table.get(r));
        }
    }

    @Property(tries = 60)
    void operationsMatchTruthTablesAndAreCanonical(@ForAll long seed) {
        Bdd bdd = new Bdd(VARS);
        List<Fn> fns = pool(bdd, seed);
        for (Fn f : fns) {
            assertMatches(bdd, f.node(), f.table());
            assertThat(bdd.isFalse(f.node())).isEqualTo(f.table().isEmpty());
            assertThat(bdd.isTrue(f.node())).isEqualTo(f.table().cardinality() == ROWS);
        }
        for (Fn f : fns) {
            for (Fn g : fns) {
                assertThat(f.node() == g.node()).isEqualTo(f.table().equals(g.table()));
                BitSet outside = (BitSet) f.table().clone();
                outside.andNot(g.table());
                assertThat(bdd.implies(f.node(), g.node())).isEqualTo(outside.isEmpty());
            }
        }
    }

    @Property(tries = 60)
    void countsAndPicks(@ForAll long seed) {
        Bdd bdd = new Bdd(VARS);
        Random rnd = new Random(seed);
        for (Fn f : pool(bdd, seed)) {
            assertThat(bdd.satCount(f.node())).isEqualTo(BigInteger.valueOf(f.table().cardinality()));
            if (f.table().isEmpty()) {
                assertThatThrownBy(() -> bdd.pickSmallest(f.node())).isInstanceOf(IllegalArgumentException.class);
                continue;
            }
            assertThat(row(bdd.pickSmallest(f.node()))).isEqualTo(f.table().nextSetBit(0));
            long pickSeed = rnd.nextLong();
            boolean[] picked = bdd.pickRandom(f.node(), new Random(pickSeed));
            assertThat(f.table().get(row(picked))).isTrue();
            assertThat(bdd.pickRandom(f.node(), new Random(pickSeed))).isEqualTo(picked);
        }
    }

    @Property(tries = 60)
    void existsAndRestrict(@ForAll long seed) {
        Bdd bdd = new Bdd(VARS);
        Random rnd = new Random(seed);
        for (Fn f : pool(bdd, seed)) {
            int[] vars = rnd.ints(0, VARS).distinct().limit(rnd.nextInt(VARS + 1)).toArray();
            int varMask = 0;
            for (int v : vars) {
                varMask |= 1 << (VARS - 1 - v);
            }
            final int m = varMask;
            BitSet exists = table(r -> {
                for (int s = m; ; s = (s - 1) & m) { // every row that differs from r only on vars
                    if (f.table().get((r & ~m) | s)) {
                        return true;
                    }
                    if (s == 0) {
                        return false;
                    }
                }
            });
            assertMatches(bdd, bdd.exists(f.node(), bdd.varSet(vars)), exists);

            boolean[] values = new boolean[vars.length];
            int fixed = 0;
            for (int i = 0; i < vars.length; i++) {
                values[i] = rnd.nextBoolean();
                fixed |= values[i] ? 1 << (VARS - 1 - vars[i]) : 0;
            }
            final int fx = fixed;
            BitSet restricted = table(r -> f.table().get((r & ~m) | fx));
            assertMatches(bdd, bdd.restrict(f.node(), bdd.cube(vars, values)), restricted);
        }
    }

    @Property(tries = 20)
    void pickRandomIsUniform(@ForAll long seed) {
        Bdd bdd = new Bdd(VARS);
        // Unbalanced: x0 alone has 256 rows; !x0 & x1 & x2 has 64.
        int f = bdd.or(bdd.ithVar(0), bdd.and(bdd.ithVar(1), bdd.ithVar(2)));
        Random rnd = new Random(seed);
        int withX0 = 0;
        int draws = 3200;
        for (int i = 0; i < draws; i++) {
            if (bdd.pickRandom(f, rnd)[0]) {
                withX0++;
            }
        }
        // Expected share 256/320 = 0.8; 0.74..0.86 is beyond six standard deviations.
        assertThat(withX0).isBetween((int) (draws * 0.74), (int) (draws * 0.86));
    }

    @Test
    void countsBeyondLongRange() {
        Bdd bdd = new Bdd(200);
        assertThat(bdd.satCount(Bdd.TRUE)).isEqualTo(BigInteger.ONE.shiftLeft(200));
        assertThat(bdd.satCount(bdd.ithVar(199))).isEqualTo(BigInteger.ONE.shiftLeft(199));
        int cube = bdd.cube(new int[] {0, 150, 199}, new boolean[] {true, false, true});
        assertThat(bdd.satCount(cube)).isEqualTo(BigInteger.ONE.shiftLeft(197));
        assertThat(bdd.satCount(bdd.not(cube))).isEqualTo(BigInteger.ONE.shiftLeft(200).subtract(BigInteger.ONE.shiftLeft(197)));
        assertThat(bdd.satCount(Bdd.FALSE)).isZero();
    }

    /** x_i == x_{i+8} for all i in this order needs 2^8-ish nodes: enough to grow every table. */
    @Test
    void growsTablesWithoutLosingCanonicity() {
        int half = 8;
        Bdd bdd = new Bdd(2 * half);
        int f = Bdd.TRUE;
        for (int i = 0; i < half; i++) {
            f = bdd.and(f, bdd.not(bdd.xor(bdd.ithVar(i), bdd.ithVar(i + half))));
        }
        int built = bdd.nodeCount();
        int again = Bdd.TRUE;
        for (int i = half - 1; i >= 0; i--) {
            again = bdd.and(bdd.not(bdd.xor(bdd.ithVar(i + half), bdd.ithVar(i))), again);
        }
        assertThat(again).isEqualTo(f);
        assertThat(bdd.satCount(f)).isEqualTo(BigInteger.valueOf(1 << half));
        assertThat(bdd.dagSize(f)).isEqualTo(3 * (1 << half) - 3);

        // Many distinct functions force the node table and cache to grow past their first size.
        Random rnd = new Random(7);
        List<Integer> nodes = new ArrayList<>();
        List<boolean[]> rows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            boolean[] a = new boolean[2 * half];
            for (int v = 0; v < a.length; v++) {
                a[v] = rnd.nextBoolean();
            }
            int[] vars = new int[a.length];
            java.util.Arrays.setAll(vars, v -> v);
            nodes.add(bdd.or(f, bdd.cube(vars, a)));
            rows.add(a);
        }
        assertThat(bdd.nodeCount()).isGreaterThan(4096).isGreaterThan(built);
        for (int i = 0; i < nodes.size(); i++) {
            assertThat(bdd.evaluate(nodes.get(i), rows.get(i))).isTrue();
            assertThat(bdd.implies(f, nodes.get(i))).isTrue();
        }
    }

    @Test
    void rejectsMisuse() {
        Bdd bdd = new Bdd(4);
        assertThatThrownBy(() -> bdd.ithVar(4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> bdd.cube(new int[] {1, 1}, new boolean[] {true, false}))
                .isInstanceOf(IllegalArgumentException.class);
        int notASet = bdd.cube(new int[] {1}, new boolean[] {false});
        assertThatThrownBy(() -> bdd.exists(Bdd.TRUE, notASet)).isInstanceOf(IllegalArgumentException.class);
        int notACube = bdd.or(bdd.ithVar(0), bdd.ithVar(1));
        assertThatThrownBy(() -> bdd.restrict(Bdd.TRUE, notACube)).isInstanceOf(IllegalArgumentException.class);
        assertThat(bdd.exists(notACube, bdd.varSet(new int[] {0}))).isEqualTo(Bdd.TRUE);
        assertThat(bdd.restrict(notACube, bdd.cube(new int[] {0}, new boolean[] {false}))).isEqualTo(bdd.ithVar(1));
    }
}
