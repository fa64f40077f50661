package org.sonde.atpg;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.reach.Model;

/**
 * Forwards one concrete header through a model with the semantics of
 * {@link org.sonde.dataplane.reach.Reachability} restricted to a single header: a header arriving
 * at a port passes the port's VLAN membership and IN ACLs ({@link PortFilters}) before the table,
 * and one leaving by a port passes its membership and OUT ACLs before it is delivered there or
 * crosses its links; the rules a header meets at a port are those whose claims (match minus
 * earlier rules, per the table's policy) hold it; out-ports equal to the in-port are skipped
 * (split horizon); with n stages the first n-1 outputs are fed back to the device; a header never
 * leaves by the output twin of its arrival port; a path stops when it comes back to a port it
 * passed with the same header. The ACL entries that decide are listed with the rules, as
 * {@code acl:<aclId>#<n>}; a deny entry ends its branch observably, like a drop rule.
 * Concrete headers need no BDDs, so a suite of thousands of packets runs in seconds.
 */
final class Forwarder {
    /**
     * Where a header went.
     *
     * @param egress  exit ports (ports without outgoing links) a copy left by, with the largest
     *                latency (ms: the links' latencies and slow links' queues, {@link LinkTiming}) of the copies leaving there
     * @param rules   ids of the rules and ACL entries on a branch that ends at an exit, in a drop
     *                rule or in an ACL deny entry (what a test observes), in first-fired order;
     *                those whose output only dies out (no rule or ACL entry matches downstream,
     *                a VLAN the port does not carry, loop) are left out, as reachability does
     * @param links   ids of the links on such branches, in first-crossed order
     * @param deadEnds ids of the rules and ACL entries met only on branches that die out: their
     *                loss changes nothing, but were one missing, the headers it takes would fall
     *                to the rules below it and might arrive somewhere
     * @param looped  whether some copy came back to a port with the same header
     * @param branched whether the packet was ever copied (several rules or out-ports): if not,
     *                losing any element on its one path loses the packet
     * @param arrivals exit port to the number of copies that left by it (overlapping rules
     *                without shadowing, or branches that meet again, send several)
     * @param observable the rules and links on some copy reaching an exit: losing one of them (and
     *                only those) changes the arrivals, since a lost element only removes copies and
     *                a test agent counts the copies of its packet at each exit
     */
    public record Trace(Map<Integer, Double> egress, Map<Integer, Integer> arrivals, List<String> rules, List<String> links,
                        List<String> deadEnds, boolean looped, boolean branched, List<String> observable) {
        public Trace {
            deadEnds = List.copyOf(deadEnds);
            egress = java.util.Collections.unmodifiableMap(new TreeMap<>(egress));
            arrivals = java.util.Collections.unmodifiableMap(new TreeMap<>(arrivals));
            rules = List.copyOf(rules);
            links = List.copyOf(links);
            observable = List.copyOf(observable);
        }
    }

    /** A rule as seen at one in-port, with its match as per-field mask and value arrays. */
    private record Entry(Rule rule, int[] fields, long[] masks, long[] values, Entry[] shadowers, int[] outs) {
        boolean matches(long[] h) {
            for (int i = 0; i < fields.length; i++) if ((h[fields[i]] & masks[i]) != values[i]) return false;
            return true;
        }
    }

    /**
     * A port's entries in table order, indexed on the most constrained field: entries whose
     * constraint there is a prefix (high bits) sit in a hash map per prefix mask, so a lookup
     * costs one probe per distinct mask instead of a scan (Internet2 ports hold ~10,000 rules).
     */
    private static final class Table {
        final MatchPolicy policy;
        final List<Entry> entries = new ArrayList<>();
        int field = -1;
        /** The prefix masks indexed, and per mask the entries by their value under it, each in table order. */
        long[] masks;
        Long2ObjectOpenHashMap<int[]>[] byValue;
        int[] unindexed;

        Table(MatchPolicy policy) {
            this.policy = policy;
        }

        @SuppressWarnings("unchecked")
        void index(int fields, int[] widths) {
            int[] uses = new int[fields];
            for (Entry e : entries) for (int f : e.fields()) uses[f]++;
            for (int f = 0; f < fields; f++) if (field < 0 || uses[f] > uses[field]) field = f;
            Map<Long, Map<Long, IntArrayList>> byMask = new LinkedHashMap<>();
            IntArrayList rest = new IntArrayList();
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                long mask = 0, value = 0;
                for (int k = 0; k < e.fields().length; k++)
                    if (e.fields()[k] == field) { mask = e.masks()[k]; value = e.values()[k]; }
                if (mask == 0 || !isPrefix(mask, widths[field])) {
                    rest.add(i);
                    continue;
                }
                byMask.computeIfAbsent(mask, m -> new HashMap<>()).computeIfAbsent(value, v -> new IntArrayList()).add(i);
            }
            unindexed = rest.toIntArray();
            masks = new long[byMask.size()];
            byValue = new Long2ObjectOpenHashMap[byMask.size()];
            int m = 0;
            for (var byThisMask : byMask.entrySet()) {
                masks[m] = byThisMask.getKey();
                byValue[m] = new Long2ObjectOpenHashMap<>(byThisMask.getValue().size());
                for (var v : byThisMask.getValue().entrySet()) byValue[m].put((long) v.getKey(), v.getValue().toIntArray());
                m++;
            }
        }

        /** Indexes of the entries that may match {@code h}, in table order. */
        int[] candidates(long[] h) {
            // Each entry is in one list: the lists' union, sorted, is in table order without repeats.
            IntArrayList out = new IntArrayList(unindexed.length + 8);
            out.addElements(0, unindexed);
            for (int m = 0; m < masks.length; m++) {
                int[] hit = byValue[m].get(h[field] & masks[m]);
                if (hit != null) out.addElements(out.size(), hit);
            }
            int[] all = out.toIntArray();
            Arrays.sort(all);
            return all;
        }

        private static boolean isPrefix(long mask, int width) {
            long full = width == 64 ? -1L : (1L << width) - 1;
            long inverted = ~mask & full;
            return (inverted & (inverted + 1)) == 0;
        }
    }

    private record Visit(int port, long[] header, Visit previous) {}

    /** What {@link Run#filtered} returns for a header the port's filters stop. */
    private static final Trail STOPPED = new Trail("", null);

    /** The rule and link ids of a branch, newest first, shared between branches. */
    private static final class Trail {
        final String id;
        final Trail previous;
        boolean counted, reachesExit;

        Trail(String id, Trail previous) {
            this.id = id;
            this.previous = previous;
        }
    }

    private final Model model;
    private final HeaderLayout layout;
    /** The layout's field names, made once: a layout makes a new list each time it is asked. */
    private final List<String> names;
    private final LinkTiming timing;
    private final Map<Integer, Table> byPort = new HashMap<>();
    private final PortFilters filters;

    /** A forwarder over {@code model}; {@code timing} says how long each link takes (no time: {@link LinkTiming#none}). */
    public Forwarder(Model model, LinkTiming timing) {
        this.model = model;
        this.layout = model.network().layout();
        this.names = layout.names();
        this.timing = timing;
        this.filters = new PortFilters(model.network());
        for (RuleTable t : model.network().tables()) compile(t);
        int[] widths = layout.fields().stream().mapToInt(org.sonde.dataplane.model.HeaderField::widthBits).toArray();
        byPort.values().forEach(t -> t.index(widths.length, widths));
    }

    public Forwarder(Model model) {
        this(model, LinkTiming.none());
    }

    private void compile(RuleTable t) {
        Map<Integer, Map<String, Entry>> seen = new HashMap<>();
        for (Rule r : t.rules()) {
            int n = r.match().fields().size(), i = 0;
            int[] fields = new int[n];
            long[] masks = new long[n], values = new long[n];
            for (var e : r.match().fields().entrySet()) {
                fields[i] = names.indexOf(e.getKey());
                masks[i] = e.getValue().mask();
                values[i] = e.getValue().value() & e.getValue().mask();
                i++;
            }
            int[] outs = r.actions().getLast() instanceof Action.Forward f
                    ? f.portIds().stream().mapToInt(Integer::intValue).toArray() : new int[0];
            for (int port : r.inPortIds()) {
                Map<String, Entry> before = seen.computeIfAbsent(port, p -> new HashMap<>());
                Entry[] shadowers = r.shadowedBy().stream().map(before::get).filter(java.util.Objects::nonNull).toArray(Entry[]::new);
                Entry e = new Entry(r, fields, masks, values, shadowers, outs);
                before.put(r.id(), e);
                byPort.computeIfAbsent(port, p -> new Table(t.policy())).entries.add(e);
            }
        }
    }

    /** Forwards {@code header} (one value per layout field) injected at port {@code ingress}. */
    public Trace forward(int ingress, long[] header) {
        return forward(ingress, header, (String) null);
    }

    /**
     * Forwards {@code header} as if the rule, ACL entry or link {@code dead} (null: none) lost
     * every packet: a test observes an element when its loss changes the test's arrivals.
     */
    public Trace forward(int ingress, long[] header, String dead) {
        return forward(ingress, header, new Change(dead, null, null, null, -1));
    }

    /**
     * Forwards {@code header} as if rule {@code missing} were absent from its table: the headers
     * it claimed fall to the rules below it (or to the rules it shadowed).
     */
    public Trace forwardWithout(int ingress, long[] header, String missing) {
        return forward(ingress, header, new Change(null, missing, null, null, -1));
    }

    /** Forwards {@code header} as if rule {@code rule} sent what it takes to {@code port} only. */
    public Trace forwardRedirecting(int ingress, long[] header, String rule, int port) {
        return forward(ingress, header, new Change(null, null, null, rule, port));
    }

    /**
     * Forwards {@code header} as if the ACL deny entry {@code denyEntry} permitted what it matches:
     * an expected-absent test observes a deny entry when the entry's failure would deliver it.
     */
    public Trace forwardPermitting(int ingress, long[] header, String denyEntry) {
        return forward(ingress, header, new Change(null, null, denyEntry, null, -1));
    }

    /**
     * A failure to forward under (each null when absent): a dead element loses every packet, a
     * missing rule lets its headers fall through, a permitted deny entry lets them pass, a
     * redirected rule sends them to {@code port} only.
     */
    private record Change(String dead, String missing, String permitted, String redirected, int port) {}

    private Trace forward(int ingress, long[] header, Change change) {
        if (header.length != layout.fields().size())
            throw new IllegalArgumentException(header.length + " header values for " + layout.fields().size() + " fields");
        Run run = new Run(change);
        run.arrive(ingress, header.clone(), null, null, 0);
        List<String> rules = run.rules.stream().filter(run.delivered::contains).toList();
        List<String> links = run.links.stream().filter(run.delivered::contains).toList();
        List<String> deadEnds = run.rules.stream().filter(r -> !run.delivered.contains(r)).toList();
        return new Trace(run.egress, run.arrivals, rules, links, deadEnds, run.looped, run.copies > 1,
                java.util.stream.Stream.concat(rules.stream(), links.stream()).filter(run.toExit::contains).toList());
    }

    /** The rules of the port's table that fire for {@code h}, in table order, {@code missing} (if not null) left out. */
    private List<Entry> fire(int port, long[] h, String missing) {
        Table t = byPort.get(port);
        if (t == null) return List.of();
        List<Entry> out = new ArrayList<>(1);
        for (int i : t.candidates(h)) {
            Entry e = t.entries.get(i);
            if (!e.matches(h) || e.rule().id().equals(missing)) continue;
            if (t.policy == MatchPolicy.FIRST_MATCH) return List.of(e);
            boolean shadowed = false;
            for (Entry s : e.shadowers()) if (s.matches(h) && !s.rule().id().equals(missing)) { shadowed = true; break; }
            if (!shadowed) out.add(e);
        }
        return out;
    }

    private long[] rewrite(Rule r, long[] h) {
        long[] out = h;
        for (Action a : r.actions()) {
            switch (a) {
                case Action.SetField s -> {
                    if (out == h) out = h.clone();
                    int i = names.indexOf(s.field());
                    out[i] = (out[i] & ~s.mask()) | s.value();
                }
                case Action.SetVlan s -> {
                    if (out == h) out = h.clone();
                    out[names.indexOf("vlan")] = s.vlanId();
                }
                case Action.PushVlan _, Action.PopVlan _ -> throw new IllegalArgumentException(
                        "rule " + r.id() + ": VLAN push/pop has no meaning on a fixed header layout");
                case Action.Forward _, Action.Drop _ -> { }
            }
        }
        return out;
    }

    private final class Run {
        final Map<Integer, Double> egress = new TreeMap<>();
        final LinkedHashSet<String> rules = new LinkedHashSet<>(), links = new LinkedHashSet<>();
        final Map<Integer, Integer> arrivals = new TreeMap<>();
        /** Elements on branches that end at an exit, in a drop rule or in an ACL deny entry. */
        final java.util.Set<String> delivered = new java.util.HashSet<>();
        /** Elements on branches that end at an exit. */
        final java.util.Set<String> toExit = new java.util.HashSet<>();
        final Change change;
        /** The redirected rule's one out-port, as the out-ports of a rule are held. */
        final int[] redirectedTo;
        boolean looped;
        /** Copies made by the most prolific rule application or link fan-out. */
        int copies;

        Run(Change change) {
            this.change = change;
            this.redirectedTo = new int[] {change.port()};
        }

        void arrive(int port, long[] h, Trail trail, Visit visits, double latency) {
            if (filters.filters(port, AclBinding.Direction.IN)) {
                trail = filtered(filters.apply(port, AclBinding.Direction.IN, h, change.permitted()), trail);
                if (trail == STOPPED) return;
            }
            for (Visit v = visits; v != null; v = v.previous)
                if (v.port == port && Arrays.equals(v.header, h)) { looped = true; return; }
            stage(port, port, 1, h, trail, new Visit(port, h, visits), latency);
        }

        void stage(int arrival, int port, int stage, long[] h, Trail trail, Visit visits, double latency) {
            List<Entry> fired = fire(port, h, change.missing());
            if (fired.size() > 1) copies = Math.max(copies, fired.size());
            for (Entry e : fired) {
                copies = Math.max(copies, e.outs().length);
                if (e.rule().id().equals(change.dead())) continue;
                rules.add(e.rule().id());
                Trail next = new Trail(e.rule().id(), trail);
                boolean redirect = e.rule().id().equals(change.redirected());
                // A drop rule ends its branch observably: the packet must not arrive.
                if (!redirect && e.rule().actions().getLast() instanceof Action.Drop) deliver(next);
                long[] written = rewrite(e.rule(), h);
                for (int out : redirect ? redirectedTo : e.outs()) {
                    if (out == port) continue;
                    if (stage < model.stages()) stage(arrival, out, stage + 1, written, next, visits, latency);
                    else if (model.outputTwins().getOrDefault(arrival, -1) != out) leave(out, written, next, visits, latency);
                }
            }
        }

        void leave(int port, long[] h, Trail trail, Visit visits, double latency) {
            if (filters.filters(port, AclBinding.Direction.OUT)) {
                trail = filtered(filters.apply(port, AclBinding.Direction.OUT, h, change.permitted()), trail);
                if (trail == STOPPED) return;
            }
            List<Link> from = model.network().linksFrom(port);
            if (from.isEmpty()) {
                egress.merge(port, latency, Math::max);
                arrivals.merge(port, 1, Integer::sum);
                deliver(trail);
                for (Trail t = trail; t != null && !t.reachesExit; t = t.previous) {
                    t.reachesExit = true;
                    toExit.add(t.id);
                }
            }
            Visit here = new Visit(port, h, visits);
            copies = Math.max(copies, from.size());
            for (Link l : from) {
                if (l.id().equals(change.dead())) continue;
                links.add(l.id());
                arrive(l.toPortId(), h, new Trail(l.id(), trail), here, timing.leave(l.id(), latency));
            }
        }

        /**
         * The trail extended by the ACL entries that decided, or {@link #STOPPED}: a deny entry
         * ends the branch observably (the packet must not arrive), a dead entry loses it.
         */
        Trail filtered(PortFilters.Outcome o, Trail trail) {
            for (PortFilters.Step s : o.steps()) {
                if (s.id().equals(change.dead())) return STOPPED;
                rules.add(s.id());
                trail = new Trail(s.id(), trail);
            }
            if (o.passed()) return trail;
            if (o.denied()) deliver(trail);
            return STOPPED;
        }

        void deliver(Trail t) {
            for (; t != null && !t.counted; t = t.previous) {
                t.counted = true;
                delivered.add(t.id);
            }
        }
    }
}
