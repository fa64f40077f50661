package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.hsa.SmallUniverse.Sample;
import org.sonde.dataplane.model.HeaderLayouts;

/** Atomic predicates against brute force over a 10-bit layout. */
class AtomicPredicatesTest {

    @Property(tries = 100)
    void atomsAreTheCoarsestPartitionThatRebuildsEveryPredicate(@ForAll long seed) {
        SmallUniverse u = new SmallUniverse();
        Random rnd = new Random(seed);
        List<Sample> samples = new ArrayList<>();
        int n = rnd.nextInt(9);
        for (int i = 0; i < n; i++) {
            samples.add(u.random(rnd, 3));
        }
        List<HeaderSpace> predicates = samples.stream().map(Sample::space).toList();
        AtomicPredicates ap = AtomicPredicates.compute(u.algebra, predicates);

        // A partition of all headers into non-empty atoms.
        int[] atomOfHeader = new int[SmallUniverse.SIZE];
        for (int h = 0; h < SmallUniverse.SIZE; h++) {
            int owner = -1;
            for (int a = 0; a < ap.atomCount(); a++) {
                if (ap.atoms().get(a).contains(SmallUniverse.header(h))) {
                    assertThat(owner).as("header %d in two atoms", h).isEqualTo(-1);
                    owner = a;
                }
            }
            assertThat(owner).as("header %d in no atom", h).isNotNegative();
            assertThat(ap.atomOf(SmallUniverse.header(h))).isEqualTo(owner);
            atomOfHeader[h] = owner;
        }
        assertThat(ap.atoms()).noneMatch(HeaderSpace::isEmpty);

        // Every predicate is exactly the union of its atoms.
        assertThat(ap.predicateCount()).isEqualTo(n);
        for (int p = 0; p < n; p++) {
            BitSet ids = ap.atomsOf(p);
            assertThat(ap.union(ids)).isEqualTo(predicates.get(p));
            assertThat(ap.atomIdsOf(p)).containsExactly(ids.stream().toArray());
            for (int h = 0; h < SmallUniverse.SIZE; h++) {
                assertThat(ids.get(atomOfHeader[h])).isEqualTo(samples.get(p).model().get(h));
            }
        }

        // Coarsest: any two atoms are told apart by some predicate.
        for (int a = 0; a < ap.atomCount(); a++) {
            for (int b = a + 1; b < ap.atomCount(); b++) {
                boolean separated = false;
                for (int p = 0; p < n && !separated; p++) {
                    separated = ap.atomsOf(p).get(a) != ap.atomsOf(p).get(b);
                }
                assertThat(separated).as("atoms %d and %d", a, b).isTrue();
            }
        }
    }

    @Test
    void nestedPrefixesGiveThreeAtoms() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayouts.HASSEL);
        HeaderSpace slash8 = algebra.prefix("ip_dst", 10L << 24, 8);
        HeaderSpace slash16 = algebra.prefix("ip_dst", (10L << 24) | (1L << 16), 16);
        AtomicPredicates ap = AtomicPredicates.compute(algebra, List.of(slash8, slash16, slash8));
        assertThat(ap.atomCount()).isEqualTo(3);
        assertThat(ap.atomIdsOf(0)).hasSize(2);
        assertThat(ap.atomIdsOf(1)).hasSize(1);
        assertThat(ap.atomsOf(2)).isEqualTo(ap.atomsOf(0));
        assertThat(ap.atoms().get(ap.atomIdsOf(1)[0])).isEqualTo(slash16);
    }

    @Test
    void noPredicatesIsOneAtom() {
        HeaderAlgebra algebra = new HeaderAlgebra(SmallUniverse.LAYOUT);
        AtomicPredicates ap = AtomicPredicates.compute(algebra, List.of());
        assertThat(ap.atoms()).containsExactly(algebra.all());
        assertThat(ap.predicateCount()).isZero();
    }
}
