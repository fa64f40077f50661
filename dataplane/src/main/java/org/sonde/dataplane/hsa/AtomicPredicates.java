package org.sonde.dataplane.hsa;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The atomic predicates of a list of predicates: the coarsest partition of all headers into
 * non-empty atoms such that every predicate is a union of atoms, with each predicate's atoms.
 *
 * <p>Reachability can then work on small sets of atom ids instead of BDDs. Computed by
 * incremental refinement: start from one atom holding every header and split each atom by each
 * predicate in turn, keeping only non-empty halves. An atom that a predicate does not split keeps
 * its id, so ids depend only on the order of the predicates.
 */
final class AtomicPredicates {

    private final List<HeaderSpace> atoms;
    private final List<BitSet> atomsOfPredicate;

    private AtomicPredicates(List<HeaderSpace> atoms, List<BitSet> atomsOfPredicate) {
        this.atoms = List.copyOf(atoms);
        this.atomsOfPredicate = atomsOfPredicate;
    }

    /**
     * The atomic predicates of {@code predicates}, all from {@code algebra}. With no predicates
     * there is one atom, every header.
     */
    public static AtomicPredicates compute(HeaderAlgebra algebra, List<HeaderSpace> predicates) {
        List<HeaderSpace> atoms = new ArrayList<>();
        atoms.add(algebra.all());
        for (HeaderSpace p : predicates) {
            if (p.algebra() != algebra) {
                throw new IllegalArgumentException("predicate of another algebra");
            }
            int before = atoms.size();
            for (int i = 0; i < before; i++) {
                HeaderSpace atom = atoms.get(i);
                HeaderSpace in = atom.intersect(p);
                if (in.isEmpty() || in.equals(atom)) {
                    continue;
                }
                atoms.set(i, in);
                atoms.add(atom.minus(p));
            }
        }
        // After refinement every atom lies wholly inside or outside each predicate.
        List<BitSet> members = new ArrayList<>(predicates.size());
        for (HeaderSpace p : predicates) {
            BitSet ids = new BitSet(atoms.size());
            for (int i = 0; i < atoms.size(); i++) {
                if (p.contains(atoms.get(i))) {
                    ids.set(i);
                }
            }
            members.add(ids);
        }
        return new AtomicPredicates(atoms, members);
    }

    /** The atoms, indexed by atom id. */
    public List<HeaderSpace> atoms() {
        return atoms;
    }

    /** Number of atoms. */
    public int atomCount() {
        return atoms.size();
    }

    /** Number of predicates the atoms were computed from. */
    public int predicateCount() {
        return atomsOfPredicate.size();
    }

    /** Ids of the atoms whose union is predicate number {@code predicate} (a copy). */
    public BitSet atomsOf(int predicate) {
        return (BitSet) atomsOfPredicate.get(predicate).clone();
    }

    /** Ids of the atoms whose union is predicate number {@code predicate}, ascending. */
    public int[] atomIdsOf(int predicate) {
        return atomsOfPredicate.get(predicate).stream().toArray();
    }

    /** The id of the atom holding {@code header}. */
    public int atomOf(Header header) {
        for (int i = 0; i < atoms.size(); i++) {
            if (atoms.get(i).contains(header)) {
                return i;
            }
        }
        throw new IllegalStateException("atoms do not cover " + header);
    }

    /** The union of the atoms in {@code ids}. */
    public HeaderSpace union(BitSet ids) {
        HeaderSpace r = atoms.getFirst().algebra().none();
        for (int i = ids.nextSetBit(0); i >= 0; i = ids.nextSetBit(i + 1)) {
            r = r.union(atoms.get(i));
        }
        return r;
    }
}
