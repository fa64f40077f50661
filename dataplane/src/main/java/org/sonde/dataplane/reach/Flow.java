package org.sonde.dataplane.reach;

import java.math.BigInteger;
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
     * The outputs of the tables applied to this flow, by port ({@link Transfer}'s memo): the first
     * port's in two fields, further ones in a small open-addressing table of ports (0: free, so
     * port p is stored as p + 1) and their outputs. An exact flow is its search's only flow of its
     * cube and meets each table once per source that reaches it alike; kept here, a repeat costs a
     * probe of the flow's own arrays instead of a search-wide map's.
     */
    private int firstPort;
    private Transfer.Outputs firstOutputs;
    private int[] morePorts;
    private Transfer.Outputs[] moreOutputs;
    private int moreCount;

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
    Transfer.Outputs appliedAt(int port) {
        if (firstOutputs == null) return null;
        if (firstPort == port) return firstOutputs;
        if (morePorts == null) return null;
        int mask = morePorts.length - 1;
        for (int i = mix(port) & mask; morePorts[i] != 0; i = (i + 1) & mask)
            if (morePorts[i] == port + 1) return moreOutputs[i];
        return null;
    }

    /** Remembers the outputs of the table at {@code port} (not remembered yet). */
    void applied(int port, Transfer.Outputs outputs) {
        if (firstOutputs == null) {
            firstPort = port;
            firstOutputs = outputs;
            return;
        }
        if (morePorts == null) {
            morePorts = new int[4];
            moreOutputs = outputsArray(4);
        } else if (2 * (moreCount + 1) > morePorts.length) {
            int[] ports = morePorts;
            Transfer.Outputs[] outs = moreOutputs;
            morePorts = new int[2 * ports.length];
            moreOutputs = outputsArray(2 * ports.length);
            moreCount = 0;
            for (int i = 0; i < ports.length; i++) if (ports[i] != 0) applied(ports[i] - 1, outs[i]);
        }
        int mask = morePorts.length - 1, i = mix(port) & mask;
        while (morePorts[i] != 0) i = (i + 1) & mask;
        morePorts[i] = port + 1;
        moreOutputs[i] = outputs;
        moreCount++;
    }

    private static Transfer.Outputs[] outputsArray(int n) {
        return new Transfer.Outputs[n];
    }

    /** Port numbers spread over a table's slots (hassel's are multiples of 10,000 plus small numbers). */
    private static int mix(int port) {
        return port * 0x9E3779B9 >>> 16;
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
