package org.sonde.dataplane.hsa;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * A reduced ordered binary decision diagram engine over a fixed number of variables, kept in
 * primitive arrays.
 *
 * <p>A BDD is an {@code int} node id. {@link #FALSE} is 0 and {@link #TRUE} is 1; every other node
 * is a triple (var, low, high) stored packed in one array, made unique by an open-addressing
 * hash table, so two ids are equal exactly when their functions are equal (canonicity). Variable 0
 * is at the top of the order.
 *
 * <p><b>Memory: an arena without garbage collection.</b> Nodes are never freed; the arena lives as
 * long as this object and is dropped with it. Header-space work builds a bounded working set (rule
 * matches, their intersections, atomic predicates), so an arena keeps ids stable for callers that
 * store them (atoms, cached reachability) and avoids reference counting on every operation. A
 * caller that churns through unrelated sets should start a fresh {@code Bdd}. The operation cache
 * is lossy and direct-mapped; its entries never go stale because nodes never die.
 *
 * <p>Not thread-safe.
 */
final class Bdd {

    /** The empty function. */
    public static final int FALSE = 0;
    /** The function that is true everywhere. */
    public static final int TRUE = 1;

    // three ints a node in one array: 3 * 2^29 still fits an int index
    private static final int MAX_NODES = 1 << 29;
    private static final int MAX_CACHE = 1 << 22;

    private static final int OP_AND = 0;
    private static final int OP_OR = 1;
    private static final int OP_XOR = 2;
    private static final int OP_DIFF = 3;
    private static final int OP_NOT = 4;
    private static final int OP_EXISTS = 5;
    private static final int OP_RESTRICT = 6;
    private static final int OP_IMPLIES = 7;

    private final int numVars;

    /** Node n is (var, low, high) at nodes[3n .. 3n+2]: one probe of the unique table reads one cache line. */
    private int[] nodes;
    private int size;

    /** Node ids by hash of (var, low, high); 0 marks an empty slot (terminals are never stored). */
    private int[] unique;

    /** Entry i is (op, a, b, result) at cache[4i .. 4i+3]. */
    private int[] cache;

    /**
     * Creates an engine over {@code numVars} variables, numbered 0 (top of the order) to {@code
     * numVars - 1}.
     */
    public Bdd(int numVars) {
        if (numVars < 0 || numVars >= MAX_NODES) {
            throw new IllegalArgumentException("variable count out of range: " + numVars);
        }
        this.numVars = numVars;
        int capacity = 1 << 12;
        nodes = new int[3 * capacity];
        // Terminals sit below every variable, which keeps the "smaller var is on top" rule uniform.
        nodes[3 * FALSE] = numVars;
        nodes[3 * TRUE] = numVars;
        size = 2;
        unique = new int[capacity * 2];
        allocateCache(1 << 12);
    }

    /** Number of variables. */
    public int varCount() {
        return numVars;
    }

    /** Number of nodes allocated so far, terminals included. */
    public int nodeCount() {
        return size;
    }

    /** The variable a node tests; {@link #varCount()} for the terminals. */
    public int var(int node) {
        return nodes[3 * node];
    }

    /** The successor of a node when its variable is 0. */
    public int low(int node) {
        checkInner(node);
        return nodes[3 * node + 1];
    }

    /** The successor of a node when its variable is 1. */
    public int high(int node) {
        checkInner(node);
        return nodes[3 * node + 2];
    }

    /** The function "variable v is 1". */
    public int ithVar(int v) {
        checkVar(v);
        return mk(v, FALSE, TRUE);
    }

    /** The function "variable v is 0". */
    public int nithVar(int v) {
        checkVar(v);
        return mk(v, TRUE, FALSE);
    }

    /** Whether {@code f} is the empty function. */
    public boolean isFalse(int f) {
        return f == FALSE;
    }

    /** Whether {@code f} is true everywhere. */
    public boolean isTrue(int f) {
        return f == TRUE;
    }

    /** Conjunction. */
    public int and(int a, int b) {
        return apply(OP_AND, a, b);
    }

    /** Disjunction. */
    public int or(int a, int b) {
        return apply(OP_OR, a, b);
    }

    /** Exclusive or. */
    public int xor(int a, int b) {
        return apply(OP_XOR, a, b);
    }

    /** Difference: {@code a and not b}. */
    public int diff(int a, int b) {
        return apply(OP_DIFF, a, b);
    }

    /** Negation. */
    public int not(int a) {
        if (a <= TRUE) {
            return a ^ 1;
        }
        int slot = cacheSlot(OP_NOT, a, 0);
        if (cacheHit(slot, OP_NOT, a, 0)) {
            return cache[4 * slot + 3];
        }
        int l = not(nodes[3 * a + 1]);
        int h = not(nodes[3 * a + 2]);
        int r = mk(nodes[3 * a], l, h);
        cacheStore(OP_NOT, a, 0, r);
        return r;
    }

    /** Whether every assignment satisfying {@code a} satisfies {@code b}; creates no nodes. */
    public boolean implies(int a, int b) {
        return impliesRec(a, b);
    }

    /**
     * The cube fixing each variable v whose bit is set in {@code care} (bit v % 64 of word v / 64)
     * to the same bit of {@code value}; no sorting or boxing, for callers that build many.
     */
    public int cubeOfBits(long[] care, long[] value) {
        int r = TRUE;
        for (int v = numVars - 1; v >= 0; v--) {
            long bit = 1L << v;
            if ((care[v >> 6] & bit) == 0) continue;
            r = (value[v >> 6] & bit) != 0 ? mk(v, FALSE, r) : mk(v, r, FALSE);
        }
        return r;
    }

    /**
     * The conjunction of literals: variable {@code vars[i]} equals {@code values[i]}. The variables
     * must be distinct. The result is a cube usable with {@link #restrict}.
     */
    public int cube(int[] vars, boolean[] values) {
        if (vars.length != values.length) {
            throw new IllegalArgumentException("vars and values differ in length");
        }
        Integer[] order = new Integer[vars.length];
        for (int i = 0; i < order.length; i++) {
            checkVar(vars[i]);
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Integer.compare(vars[y], vars[x]));
        int r = TRUE;
        int previous = -1;
        // Built bottom-up so each mk sees its children already canonical.
        for (int i : order) {
            if (vars[i] == previous) {
                throw new IllegalArgumentException("variable repeated in cube: " + vars[i]);
            }
            previous = vars[i];
            r = values[i] ? mk(vars[i], FALSE, r) : mk(vars[i], r, FALSE);
        }
        return r;
    }

    /** The conjunction of the positive literals of {@code vars}: a variable set for {@link #exists}. */
    public int varSet(int[] vars) {
        boolean[] ones = new boolean[vars.length];
        Arrays.fill(ones, true);
        return cube(vars, ones);
    }

    /**
     * Existential quantification: {@code f} with the variables of {@code varSet} (built by {@link
     * #varSet}) made irrelevant, i.e. the union over all their values.
     */
    public int exists(int f, int varSet) {
        checkVarSet(varSet);
        return existsRec(f, varSet);
    }

    /**
     * The cofactor of {@code f} by a cube of literals (built by {@link #cube}): {@code f} with each
     * cube variable fixed to its literal's value, so the result no longer depends on them.
     */
    public int restrict(int f, int cube) {
        checkCube(cube);
        return restrictRec(f, cube);
    }

    /**
     * The exact number of assignments to all {@link #varCount()} variables that satisfy {@code f}.
     */
    public BigInteger satCount(int f) {
        return countBelow(f, new HashMap<>()).shiftLeft(nodes[3 * f]);
    }

    /**
     * Number of distinct inner nodes reachable from {@code f}: the size of its diagram.
     */
    public int dagSize(int f) {
        boolean[] seen = new boolean[size];
        return dagSizeRec(f, seen);
    }

    /**
     * The lexicographically smallest satisfying assignment, variable 0 most significant: the walk
     * takes the 0-branch whenever it is not empty and leaves free variables at 0. Index {@code v} of
     * the result is the value of variable {@code v}.
     *
     * @throws IllegalArgumentException if {@code f} is {@link #FALSE}
     */
    public boolean[] pickSmallest(int f) {
        requireSatisfiable(f);
        boolean[] assignment = new boolean[numVars];
        int n = f;
        while (n > TRUE) {
            if (nodes[3 * n + 1] != FALSE) {
                n = nodes[3 * n + 1];
            } else {
                assignment[nodes[3 * n]] = true;
                n = nodes[3 * n + 2];
            }
        }
        return assignment;
    }

    /**
     * A satisfying assignment drawn uniformly at random among all satisfying assignments, using
     * {@code random} as the only source of randomness (so a seeded generator makes it repeatable).
     *
     * @throws IllegalArgumentException if {@code f} is {@link #FALSE}
     */
    public boolean[] pickRandom(int f, Random random) {
        requireSatisfiable(f);
        Map<Integer, BigInteger> memo = new HashMap<>();
        boolean[] assignment = new boolean[numVars];
        // Variables skipped by an edge are free: uniform bits keep the draw uniform.
        for (int v = 0; v < numVars; v++) {
            assignment[v] = random.nextBoolean();
        }
        int n = f;
        while (n > TRUE) {
            int v = nodes[3 * n];
            BigInteger lowWeight = countBelow(nodes[3 * n + 1], memo).shiftLeft(nodes[3 * nodes[3 * n + 1]] - v - 1);
            BigInteger highWeight = countBelow(nodes[3 * n + 2], memo).shiftLeft(nodes[3 * nodes[3 * n + 2]] - v - 1);
            BigInteger draw = uniformBelow(lowWeight.add(highWeight), random);
            boolean takeHigh = draw.compareTo(lowWeight) >= 0;
            assignment[v] = takeHigh;
            n = takeHigh ? nodes[3 * n + 2] : nodes[3 * n + 1];
        }
        return assignment;
    }

    /** Whether {@code f} is true under {@code assignment} (indexed by variable). */
    public boolean evaluate(int f, boolean[] assignment) {
        if (assignment.length != numVars) {
            throw new IllegalArgumentException("assignment has " + assignment.length + " values");
        }
        int n = f;
        while (n > TRUE) {
            n = assignment[nodes[3 * n]] ? nodes[3 * n + 2] : nodes[3 * n + 1];
        }
        return n == TRUE;
    }

    // ---- core ----

    private int mk(int v, int l, int h) {
        if (l == h) {
            return l;
        }
        int mask = unique.length - 1;
        int slot = hash3(v, l, h) & mask;
        while (true) {
            int n = unique[slot];
            if (n == 0) {
                break;
            }
            if (nodes[3 * n] == v && nodes[3 * n + 1] == l && nodes[3 * n + 2] == h) {
                return n;
            }
            slot = (slot + 1) & mask;
        }
        if (3 * size == nodes.length) {
            growNodes();
            return mk(v, l, h);
        }
        int n = size++;
        nodes[3 * n] = v;
        nodes[3 * n + 1] = l;
        nodes[3 * n + 2] = h;
        unique[slot] = n;
        return n;
    }

    private int apply(int op, int a, int b) {
        int terminal = applyTerminal(op, a, b);
        if (terminal >= 0) {
            return terminal;
        }
        if ((op == OP_AND || op == OP_OR || op == OP_XOR) && a > b) {
            int t = a;
            a = b;
            b = t;
        }
        int slot = cacheSlot(op, a, b);
        if (cacheHit(slot, op, a, b)) {
            return cache[4 * slot + 3];
        }
        int va = nodes[3 * a];
        int vb = nodes[3 * b];
        int v = Math.min(va, vb);
        int a0 = va == v ? nodes[3 * a + 1] : a;
        int a1 = va == v ? nodes[3 * a + 2] : a;
        int b0 = vb == v ? nodes[3 * b + 1] : b;
        int b1 = vb == v ? nodes[3 * b + 2] : b;
        int l = apply(op, a0, b0);
        int h = apply(op, a1, b1);
        int r = mk(v, l, h);
        cacheStore(op, a, b, r);
        return r;
    }

    /** The result when it needs no recursion, or -1. */
    private int applyTerminal(int op, int a, int b) {
        return switch (op) {
            case OP_AND -> {
                if (a == FALSE || b == FALSE) yield FALSE;
                if (a == TRUE || a == b) yield b;
                if (b == TRUE) yield a;
                yield -1;
            }
            case OP_OR -> {
                if (a == TRUE || b == TRUE) yield TRUE;
                if (a == FALSE || a == b) yield b;
                if (b == FALSE) yield a;
                yield -1;
            }
            case OP_XOR -> {
                if (a == b) yield FALSE;
                if (a == FALSE) yield b;
                if (b == FALSE) yield a;
                if (a == TRUE) yield not(b);
                if (b == TRUE) yield not(a);
                yield -1;
            }
            case OP_DIFF -> {
                if (a == FALSE || b == TRUE || a == b) yield FALSE;
                if (b == FALSE) yield a;
                if (a == TRUE) yield not(b);
                yield -1;
            }
            default -> throw new IllegalStateException("not a binary operation: " + op);
        };
    }

    private boolean impliesRec(int a, int b) {
        if (a == FALSE || b == TRUE || a == b) {
            return true;
        }
        // Canonicity: an inner node is neither constant, so these cannot hold.
        if (a == TRUE || b == FALSE) {
            return false;
        }
        int slot = cacheSlot(OP_IMPLIES, a, b);
        if (cacheHit(slot, OP_IMPLIES, a, b)) {
            return cache[4 * slot + 3] == TRUE;
        }
        int va = nodes[3 * a];
        int vb = nodes[3 * b];
        int v = Math.min(va, vb);
        boolean r =
                impliesRec(va == v ? nodes[3 * a + 1] : a, vb == v ? nodes[3 * b + 1] : b)
                        && impliesRec(va == v ? nodes[3 * a + 2] : a, vb == v ? nodes[3 * b + 2] : b);
        cacheStore(OP_IMPLIES, a, b, r ? TRUE : FALSE);
        return r;
    }

    private int existsRec(int f, int set) {
        while (set != TRUE && nodes[3 * set] < nodes[3 * f]) {
            set = nodes[3 * set + 2];
        }
        if (f <= TRUE || set == TRUE) {
            return f;
        }
        int slot = cacheSlot(OP_EXISTS, f, set);
        if (cacheHit(slot, OP_EXISTS, f, set)) {
            return cache[4 * slot + 3];
        }
        int r;
        if (nodes[3 * set] == nodes[3 * f]) {
            int rest = nodes[3 * set + 2];
            int l = existsRec(nodes[3 * f + 1], rest);
            r = l == TRUE ? TRUE : or(l, existsRec(nodes[3 * f + 2], rest));
        } else {
            int l = existsRec(nodes[3 * f + 1], set);
            int h = existsRec(nodes[3 * f + 2], set);
            r = mk(nodes[3 * f], l, h);
        }
        cacheStore(OP_EXISTS, f, set, r);
        return r;
    }

    private int restrictRec(int f, int cube) {
        while (cube != TRUE && nodes[3 * cube] < nodes[3 * f]) {
            cube = nextInCube(cube);
        }
        if (f <= TRUE || cube == TRUE) {
            return f;
        }
        int slot = cacheSlot(OP_RESTRICT, f, cube);
        if (cacheHit(slot, OP_RESTRICT, f, cube)) {
            return cache[4 * slot + 3];
        }
        int r;
        if (nodes[3 * cube] == nodes[3 * f]) {
            boolean positive = nodes[3 * cube + 1] == FALSE;
            r = restrictRec(positive ? nodes[3 * f + 2] : nodes[3 * f + 1], nextInCube(cube));
        } else {
            int l = restrictRec(nodes[3 * f + 1], cube);
            int h = restrictRec(nodes[3 * f + 2], cube);
            r = mk(nodes[3 * f], l, h);
        }
        cacheStore(OP_RESTRICT, f, cube, r);
        return r;
    }

    private int nextInCube(int cube) {
        return nodes[3 * cube + 1] == FALSE ? nodes[3 * cube + 2] : nodes[3 * cube + 1];
    }

    /** Satisfying assignments of the variables from nodes[3 * n] down; memoised per call. */
    private BigInteger countBelow(int n, Map<Integer, BigInteger> memo) {
        if (n == FALSE) {
            return BigInteger.ZERO;
        }
        if (n == TRUE) {
            return BigInteger.ONE;
        }
        BigInteger known = memo.get(n);
        if (known != null) {
            return known;
        }
        int v = nodes[3 * n];
        BigInteger r =
                countBelow(nodes[3 * n + 1], memo)
                        .shiftLeft(nodes[3 * nodes[3 * n + 1]] - v - 1)
                        .add(countBelow(nodes[3 * n + 2], memo).shiftLeft(nodes[3 * nodes[3 * n + 2]] - v - 1));
        memo.put(n, r);
        return r;
    }

    private int dagSizeRec(int n, boolean[] seen) {
        if (n <= TRUE || seen[n]) {
            return 0;
        }
        seen[n] = true;
        return 1 + dagSizeRec(nodes[3 * n + 1], seen) + dagSizeRec(nodes[3 * n + 2], seen);
    }

    private static BigInteger uniformBelow(BigInteger bound, Random random) {
        int bits = bound.bitLength();
        BigInteger r;
        do {
            r = new BigInteger(bits, random);
        } while (r.compareTo(bound) >= 0);
        return r;
    }

    // ---- tables ----

    private void growNodes() {
        if (nodes.length / 3 >= MAX_NODES) {
            throw new IllegalStateException("BDD node table full (" + size + " nodes)");
        }
        int capacity = nodes.length / 3 * 2;
        nodes = Arrays.copyOf(nodes, 3 * capacity);
        // Load factor stays at most 1/2, which keeps linear probing short.
        unique = new int[capacity * 2];
        int mask = unique.length - 1;
        for (int n = 2; n < size; n++) {
            int slot = hash3(nodes[3 * n], nodes[3 * n + 1], nodes[3 * n + 2]) & mask;
            while (unique[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            unique[slot] = n;
        }
        if (cache.length / 4 < Math.min(capacity, MAX_CACHE)) {
            allocateCache(Math.min(capacity, MAX_CACHE));
        }
    }

    private void allocateCache(int capacity) {
        cache = new int[4 * capacity];
        for (int i = 0; i < cache.length; i += 4) cache[i] = -1;
    }

    private int cacheSlot(int op, int a, int b) {
        return hash3(op, a, b) & (cache.length / 4 - 1);
    }

    private boolean cacheHit(int slot, int op, int a, int b) {
        return cache[4 * slot] == op && cache[4 * slot + 1] == a && cache[4 * slot + 2] == b;
    }

    private void cacheStore(int op, int a, int b, int result) {
        // Recompute the slot: the cache may have been reallocated by a nested growth.
        int slot = cacheSlot(op, a, b);
        cache[4 * slot] = op;
        cache[4 * slot + 1] = a;
        cache[4 * slot + 2] = b;
        cache[4 * slot + 3] = result;
    }

    private static int hash3(int a, int b, int c) {
        long h = a * 0x9E3779B97F4A7C15L + b * 0xC2B2AE3D27D4EB4FL + c * 0x165667B19E3779F9L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 32));
    }

    private void checkVar(int v) {
        if (v < 0 || v >= numVars) {
            throw new IllegalArgumentException("no variable " + v + " among " + numVars);
        }
    }

    private void checkInner(int node) {
        if (node <= TRUE || node >= size) {
            throw new IllegalArgumentException("not an inner node: " + node);
        }
    }

    private void checkNode(int node) {
        if (node < 0 || node >= size) {
            throw new IllegalArgumentException("no node " + node);
        }
    }

    /** A cube: every inner node has exactly one FALSE child. */
    private void checkCube(int cube) {
        checkNode(cube);
        for (int n = cube; n > TRUE; n = nextInCube(n)) {
            if ((nodes[3 * n + 1] == FALSE) == (nodes[3 * n + 2] == FALSE)) {
                throw new IllegalArgumentException("not a cube: " + cube);
            }
        }
        if (cube == FALSE) {
            throw new IllegalArgumentException("the empty function is not a cube");
        }
    }

    /** A variable set: a cube of positive literals only. */
    private void checkVarSet(int set) {
        checkCube(set);
        for (int n = set; n > TRUE; n = nodes[3 * n + 2]) {
            if (nodes[3 * n + 1] != FALSE) {
                throw new IllegalArgumentException("not a set of variables: " + set);
            }
        }
    }

    private static void requireSatisfiable(int f) {
        if (f == FALSE) {
            throw new IllegalArgumentException("the empty function has no satisfying assignment");
        }
    }
}
