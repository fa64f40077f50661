package org.sonde.dataplane.reach;

import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sonde.dataplane.hsa.HeaderAlgebra;
import org.sonde.dataplane.hsa.HeaderSpace;
import org.sonde.dataplane.hsa.Rewrite;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;

/**
 * The rule tables of a network compiled into header spaces per in-port: for each rule the headers
 * it alone claims at that port (its match minus what the table's policy gives earlier rules),
 * its rewrite and its out-ports.
 */
final class Transfer {
    /**
     * One rule as seen from one in-port.
     *
     * @param claims     the headers the rule alone claims there, built when first asked
     * @param cubeClaims whether the rule claims its whole match cube (no earlier rule carves it),
     *                   so an exact flow meets it with bit operations alone
     */
    record Entry(Rule rule, int element, Claims claims, Cube match, boolean cubeClaims, Rewrite rewrite, Cube written,
                 int[] outPorts) {
        /** The claimed headers {@code hit} as the rule emits them. */
        HeaderSpace emit(HeaderSpace hit) {
            return rewrite == null ? hit : rewrite.apply(hit);
        }
    }

    /**
     * A rule's claims at a port, as a BDD made on first use: exact flows meet cube-claiming rules
     * with bit operations alone, so most of a large table's BDDs (Internet2's 77,841 rules, in
     * every worker's algebra) are never needed.
     */
    static final class Claims {
        private Supplier<HeaderSpace> make;
        private HeaderSpace space;

        Claims(Supplier<HeaderSpace> make) {
            this.make = make;
        }

        HeaderSpace get() {
            if (space == null) {
                space = make.get();
                make = null;
            }
            return space;
        }
    }

    /**
     * The rules' outputs for one arrival at a table, in table order, column-wise: per output the
     * rule's element number, whether it rewrites, its out-ports and the flow it emits (what it
     * claimed, rewritten). The search walks them once per source that reaches the table alike
     * (Internet2: ~8,700 outputs per device, 345 sources); arrays read in order spare it a chase
     * through an object per output and its rule.
     */
    static final class Outputs {
        static final Outputs NONE = new Outputs(new int[0], new boolean[0], new int[0][], new Flow[0]);
        private final int[] elements;
        private final boolean[] rewrites;
        private final int[][] outPorts;
        private final Flow[] flows;

        private Outputs(int[] elements, boolean[] rewrites, int[][] outPorts, Flow[] flows) {
            this.elements = elements;
            this.rewrites = rewrites;
            this.outPorts = outPorts;
            this.flows = flows;
        }

        int size() {
            return flows.length;
        }

        /** Output i's rule, by {@link ElementIds} number. */
        int element(int i) {
            return elements[i];
        }

        /** Whether output i's rule rewrites the header. */
        boolean rewrites(int i) {
            return rewrites[i];
        }

        /** Output i's rule's out-ports (shared: read, never modify). */
        int[] outPorts(int i) {
            return outPorts[i];
        }

        Flow flow(int i) {
            return flows[i];
        }

        /** Outputs made one by one, in order. */
        static final class Builder {
            private final List<Entry> entries = new ArrayList<>();
            private final List<Flow> flows = new ArrayList<>();

            Builder add(Entry e, Flow flow) {
                entries.add(e);
                flows.add(flow);
                return this;
            }

            Outputs build() {
                int n = flows.size();
                if (n == 0) return NONE;
                int[] elements = new int[n];
                boolean[] rewrites = new boolean[n];
                int[][] outs = new int[n][];
                for (int i = 0; i < n; i++) {
                    Entry e = entries.get(i);
                    elements[i] = e.element();
                    rewrites[i] = e.rewrite() != null;
                    outs[i] = e.outPorts();
                }
                return new Outputs(elements, rewrites, outs, flows.toArray(new Flow[0]));
            }
        }
    }

    private record PortTable(List<Entry> entries, CubeIndex index) {}

    private final HeaderAlgebra algebra;
    private final int vars;
    private final Int2ObjectOpenHashMap<PortTable> byPort = new Int2ObjectOpenHashMap<>();
    /**
     * Outputs by (port, space node) for flows that are not exact (exact flows keep theirs, {@link
     * Flow#appliedAt}). A search meets the same space at the same port once per source that
     * reaches it alike (every source of a device, on Internet2), and an algebra's nodes and exact
     * flows are canonical, so the table is applied once per distinct arrival, found by a number
     * instead of hashing and comparing cubes.
     */
    private final Long2ObjectOpenHashMap<Outputs> applied = new Long2ObjectOpenHashMap<>();
    /**
     * The one exact flow of each cube met: paths that carry equal cubes share it, with the
     * example header it computes once.
     */
    private final Map<Cube, Flow> exactFlows = new HashMap<>();

    private final ElementIds ids;
    /**
     * Per rule (element number), the exact flow it emits from a flow holding its whole match: its
     * match rewritten, the same whichever in-port it is met at. Every source of a device brings
     * the whole header space to its table, whose cube-claiming rules then emit these flows.
     */
    private final Flow[] wholeMatch;

    Transfer(Network network, HeaderAlgebra algebra, ElementIds ids) {
        this.algebra = algebra;
        this.ids = ids;
        this.vars = algebra.variableCount();
        this.wholeMatch = new Flow[ids.size()];
        for (RuleTable t : network.tables()) compile(t);
    }

    HeaderAlgebra algebra() {
        return algebra;
    }

    /** The exact flow of {@code cube}: the same object for equal cubes. */
    Flow exact(Cube cube) {
        Flow known = exactFlows.get(cube);
        if (known != null) return known;
        Flow flow = Flow.exact(cube, exactFlows.size());
        exactFlows.put(cube, flow);
        return flow;
    }

    private void compile(RuleTable table) {
        // Match BDDs are made when first needed (see Claims); a worker's algebra is its own.
        Map<String, HeaderSpace> matchOf = new HashMap<>();
        Map<String, Rule> ruleById = new HashMap<>();
        List<Rule> rules = table.rules();
        for (Rule r : rules) ruleById.put(r.id(), r);
        Function<String, HeaderSpace> match = id -> matchOf.computeIfAbsent(id, k -> algebra.match(ruleById.get(k).match()));
        // Ports that the same rules apply to (usually all of a FIB's in-ports: Internet2's 126,945 rules at ~38
        // ports each) get the same entries, claims included: one table built for them all, not one per port
        Int2ObjectOpenHashMap<IntArrayList> rulesAt = new Int2ObjectOpenHashMap<>();
        for (int k = 0; k < rules.size(); k++) {
            for (int port : rules.get(k).inPortIds()) rulesAt.computeIfAbsent(port, p -> new IntArrayList()).add(k);
        }
        Map<IntArrayList, PortTable> tableOf = new HashMap<>();
        Cube[] cubes = new Cube[rules.size()];
        for (Int2ObjectMap.Entry<IntArrayList> at : rulesAt.int2ObjectEntrySet()) {
            PortTable pt = tableOf.get(at.getValue());
            if (pt == null) {
                pt = portTable(table.policy(), rules, at.getValue(), at.getIntKey(), cubes, ruleById, match);
                tableOf.put(at.getValue(), pt);
            }
            byPort.put(at.getIntKey(), pt);
        }
    }

    /** The entries of {@code ruleIndices} (in table order) as they apply at {@code port}. */
    private PortTable portTable(MatchPolicy policy, List<Rule> rules, IntArrayList ruleIndices, int port, Cube[] cubes, Map<String, Rule> ruleById,
                                Function<String, HeaderSpace> match) {
        PortTable pt = new PortTable(new ArrayList<>(), new CubeIndex(vars));
        HeaderSpace claimedSoFar = algebra.none();
        for (int k : ruleIndices) {
            Rule r = rules.get(k);
            Cube cube = cubes[k] == null ? (cubes[k] = cube(r.match())) : cubes[k];
            Claims claims;
            boolean cubeClaims;
            if (policy == MatchPolicy.FIRST_MATCH) {
                HeaderSpace m = match.apply(r.id());
                HeaderSpace claimed = m.minus(claimedSoFar);
                claimedSoFar = claimedSoFar.union(m);
                claims = new Claims(() -> claimed);
                cubeClaims = claimed.equals(algebra.cube(cube.care(), cube.value()));
            } else {
                List<String> shadowers = new ArrayList<>();
                for (String s : r.shadowedBy()) if (ruleById.get(s).inPortIds().contains(port)) shadowers.add(s);
                claims = new Claims(() -> {
                    HeaderSpace c = match.apply(r.id());
                    for (String s : shadowers) c = c.minus(match.apply(s));
                    return c;
                });
                // Unshadowed, a rule claims its match, which is its cube (the conjunction of
                // the same bits): no BDD is needed to know it.
                cubeClaims = shadowers.isEmpty() || claims.get().equals(algebra.cube(cube.care(), cube.value()));
            }
            pt.index().add(pt.entries().size(), cube);
            pt.entries().add(new Entry(r, ids.element(r.id()), claims, cube, cubeClaims, rewrite(r), written(r), outPorts(r)));
        }
        return pt;
    }

    /**
     * The outputs of the rules applying to {@code in} arriving at {@code port}, in table order (a
     * cached result for a BDD flow carries the cubes of the first arrival, which hold the outputs
     * just as well).
     */
    Outputs apply(int port, Flow in) {
        Outputs remembered = in.appliedAt(port);
        if (remembered != null) return remembered;
        Outputs out;
        if (in.exact()) {
            // Exact flows are canonical: the flow's own memo is the only one needed.
            out = compute(port, in);
        } else {
            long key = ((long) port << 32) | (in.space(algebra).node() & 0xffffffffL);
            out = applied.get(key);
            if (out == null) {
                out = compute(port, in);
                applied.put(key, out);
            }
        }
        in.applied(port, out);
        return out;
    }

    private Outputs compute(int port, Flow in) {
        PortTable pt = byPort.get(port);
        if (pt == null) return Outputs.NONE;
        Outputs.Builder out = new Outputs.Builder();
        BitSet candidates = pt.index().overlapping(in.cube());
        for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
            Entry e = pt.entries().get(i);
            if (!in.cube().overlaps(e.match())) continue;
            if (in.exact() && e.cubeClaims() && e.rewrite() == null && in.cube().within(e.match())) {
                // What the rule passes unchanged is the flow itself (exact flows are canonical):
                // the common case past a network's first table, found without a cube or a lookup.
                out.add(e, in);
                continue;
            }
            if (in.exact() && e.cubeClaims() && e.match().within(in.cube())) {
                // The flow's part the rule claims is its whole match: the same flow every time.
                Flow whole = wholeMatch[e.element()];
                if (whole == null) whole = wholeMatch[e.element()] = exact(e.match().rewrite(e.written()));
                out.add(e, whole);
                continue;
            }
            Cube cube = in.cube().and(e.match()).rewrite(e.written());
            if (in.exact() && e.cubeClaims()) {
                out.add(e, exact(cube));
                continue;
            }
            HeaderSpace hit = in.space(algebra).intersect(e.claims().get());
            if (!hit.isEmpty()) out.add(e, Flow.of(e.emit(hit), cube));
        }
        return out.build();
    }

    private static int[] outPorts(Rule r) {
        return r.actions().getLast() instanceof Action.Forward f
                ? f.portIds().stream().mapToInt(Integer::intValue).toArray() : new int[0];
    }

    /** The rule's header changes as one compiled rewrite, or null if it changes nothing. */
    private Rewrite rewrite(Rule r) {
        Rewrite op = null;
        for (Action a : r.actions()) {
            Rewrite step = switch (a) {
                case Action.SetField s -> algebra.rewrite(s.field(), s.mask(), s.value());
                case Action.SetVlan s -> algebra.rewrite("vlan", algebra.layout().field("vlan").orElseThrow().fullMask(), s.vlanId());
                // A fixed-width header cannot hold a tag stack; say so instead of guessing.
                case Action.PushVlan _, Action.PopVlan _ -> throw new IllegalArgumentException(
                        "rule " + r.id() + ": reachability does not model VLAN push/pop on a fixed header layout");
                case Action.Forward _, Action.Drop _ -> null;
            };
            if (step != null) op = op == null ? step : op.then(step);
        }
        return op;
    }

    /** The cube of a match. */
    Cube cube(Match m) {
        boolean[] care = new boolean[vars], value = new boolean[vars];
        m.fields().forEach((field, t) -> bits(field, t.mask(), t.value(), care, value));
        return Cube.of(care, value);
    }

    /** The variables a rule's actions write, with the values written. */
    private Cube written(Rule r) {
        boolean[] care = new boolean[vars], value = new boolean[vars];
        for (Action a : r.actions()) {
            if (a instanceof Action.SetField s) bits(s.field(), s.mask(), s.value(), care, value);
            if (a instanceof Action.SetVlan s) bits("vlan", algebra.layout().field("vlan").orElseThrow().fullMask(), s.vlanId(), care, value);
        }
        return Cube.of(care, value);
    }

    private void bits(String field, long mask, long bits, boolean[] care, boolean[] value) {
        HeaderField f = algebra.layout().field(field).orElseThrow();
        for (int b = 0; b < f.widthBits(); b++) {
            long bit = 1L << (f.widthBits() - 1 - b);
            if ((mask & bit) == 0) continue;
            int v = algebra.var(field, b);
            care[v] = true;
            value[v] = (bits & bit) != 0;
        }
    }
}
