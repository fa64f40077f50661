package org.sonde.dataplane.reach;

import java.math.BigInteger;
import java.util.List;
import org.sonde.dataplane.hsa.HeaderAlgebra;
import org.sonde.dataplane.hsa.HeaderSpace;

/**
 * What a path carries: its header space and a cube holding it. While only cube-shaped rules
 * (a match no earlier rule carves) have acted on it, the space is the cube itself ({@link
 * #exact}), intersections and rewrites are bit operations on the cube, and the BDD is built
 * only if someone asks for it. Internet2's rules are cubes without shadowing, so its 12.8
 * million paths need almost no BDD work; Stanford's longest-prefix tables carve spaces and
 * take the BDD path.
 */
final class Flow {
    private final Cube cube;
    private final boolean exact;
    /** An exact flow's number among its search's distinct cubes ({@link Transfer#exact}); -1 for others. */
    private final int id;
    /** The space; built lazily for exact flows. */
    private HeaderSpace space;
    /** The smallest header, once asked for: a flow reached from many sources is asked many times. */
    private long[] example;
    /**
     * The port of the last table applied to this flow, and its outputs ({@link Transfer}'s memo
     * before its maps): a rule's output with one out-port meets one table, once per source that
     * reaches it alike.
     */
    private int appliedPort;
    private List<Transfer.Output> appliedOutputs;

    private Flow(Cube cube, boolean exact, int id, HeaderSpace space) {
        this.cube = cube;
        this.exact = exact;
        this.id = id;
        this.space = space;
    }

    /** The flow whose space is exactly {@code cube}, numbered {@code id}: only {@link Transfer#exact} makes them. */
    static Flow exact(Cube cube, int id) {
        return new Flow(cube, true, id, null);
    }

    /** The flow of {@code space}, held by {@code cube}. */
    static Flow of(HeaderSpace space, Cube cube) {
        return new Flow(cube, false, -1, space);
    }

    Cube cube() {
        return cube;
    }

    boolean exact() {
        return exact;
    }

    /** An exact flow's number: equal cubes, equal numbers (within one {@link Transfer}). */
    int id() {
        return id;
    }

    HeaderSpace space(HeaderAlgebra algebra) {
        if (space == null) space = algebra.cube(cube.care(), cube.value());
        return space;
    }

    /** The outputs remembered for the table at {@code port}, or null. */
    List<Transfer.Output> appliedAt(int port) {
        return appliedOutputs != null && appliedPort == port ? appliedOutputs : null;
    }

    /** Remembers the outputs of the table at {@code port}. */
    void applied(int port, List<Transfer.Output> outputs) {
        appliedPort = port;
        appliedOutputs = outputs;
    }

    /** Whether some header is in both. */
    boolean overlaps(Flow other, HeaderAlgebra algebra) {
        if (!cube.overlaps(other.cube)) return false;
        return (exact && other.exact) || space(algebra).overlaps(other.space(algebra));
    }

    /** How many headers. */
    BigInteger count(HeaderAlgebra algebra) {
        return exact ? BigInteger.ONE.shiftLeft(algebra.variableCount() - cube.fixed()) : space(algebra).count();
    }

    /** The smallest header, values in layout order (a copy: the caller may keep it). */
    long[] example(HeaderAlgebra algebra) {
        return sharedExample(algebra).clone();
    }

    /** The smallest header as {@link #example}, the same array every time: read it, never modify it. */
    long[] sharedExample(HeaderAlgebra algebra) {
        if (example == null)
            example = exact ? algebra.smallest(cube.care(), cube.value()).values() : space(algebra).pick().orElseThrow().values();
        return example;
    }
}
