package org.sonde.verify.run;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.SliceChecker;
import org.sonde.verify.check.SliceContext;
import org.sonde.verify.check.SubnetGraph;
import org.sonde.verify.check.SubnetTrie;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotBuilder;

/**
 * Libra's incremental mode (§4.4.3): a checking service that keeps, per subnet, all the rules that
 * match it (not only the selected ones, so that deleting the selected rule falls back to the next),
 * and on each rule update finds the affected subnets with one probe of the subnet trie (the map
 * step) and updates only their forwarding graphs at the changed switch (the reduce step). Each
 * subnet's graph is a {@link SubnetGraph}, made from its slice when the verifier starts (for a subnet
 * added later, when an update first reaches it) and then kept: the applying rule at the changed switch is found through a {@link RuleIndex}, black
 * holes and reachability are updated where the graph changed, and loops by a search from the
 * changed switch (Tarjan's components again only when a loop goes or went through it). Waypoints
 * are checked by a search over the subnet's graph made again from its slice. Subnets can be added
 * (their rules found by one pass over all rules, as Libra's rerun of the mappers) and removed (their
 * results dropped).
 *
 * <p>The base snapshot's slices stay in one array as the in-process backend makes them; changes are
 * an overlay: per subnet the added rules and the deleted base rules. Switches are those of the base
 * snapshot; not thread-safe.
 */
public final class IncrementalVerifier {
    private final Snapshot base;
    private final Set<Check> checks;
    private final SubnetTrie baseTrie;
    private final SlicedRules baseSlices;
    private final int baseSubnets;
    // subnets: the base ones, then added ones; removed ones are kept as holes
    private final List<Ipv4Prefix> subnets = new ArrayList<>();
    private final List<int[]> waypoints = new ArrayList<>();
    private final List<int[]> extraBaseRules = new ArrayList<>(); // base rules matching each added subnet
    private final boolean[] removedBase;
    private final Set<Integer> removedExtra = new HashSet<>();
    // added rules, column-wise; dead once deleted
    private final IntArrayList addSwitch = new IntArrayList(), addAddress = new IntArrayList(), addLength = new IntArrayList(),
            addPriority = new IntArrayList(), addNextHops = new IntArrayList();
    private final List<Boolean> addAlive = new ArrayList<>();
    private final Int2ObjectOpenHashMap<IntArrayList> addedBySubnet = new Int2ObjectOpenHashMap<>();
    private final Int2ObjectOpenHashMap<IntOpenHashSet> deletedBySubnet = new Int2ObjectOpenHashMap<>();
    private final IntOpenHashSet deletedBase = new IntOpenHashSet();
    private final List<int[]> groups;
    private final Map<List<Integer>, Integer> groupIds = new HashMap<>();
    private final List<List<Violation>> violations = new ArrayList<>();
    // deliver rules per switch: a switch with one is an edge switch, which the waypoint check looks at
    private final int[] deliverRules;
    private SliceContext context;
    private SliceChecker checker;
    private int[] buffer = new int[1024];
    private final IntArrayList affected = new IntArrayList();
    private int subnetsAdded;
    private final RuleIndex index;
    // added rules alive, by switch and prefix (key: switch << 38 | RuleIndex.key), and the mask lengths they use per switch
    private final Long2ObjectOpenHashMap<IntArrayList> addedByPrefix = new Long2ObjectOpenHashMap<>();
    private final long[] addedLengths;
    // per switch, the switches with a rule forwarding to it (in some subnet): where a graph looks for senders
    private final int[][] mayForwardTo;
    private final List<SubnetGraph> graphs = new ArrayList<>(); // an added subnet's is null until an update reaches it
    private final SubnetGraph.Scratch scratch;
    private final SubnetGraph.Network network = new SubnetGraph.Network() {
        @Override
        public String[] switchNames() {
            return context.switchNames();
        }

        @Override
        public int[] group(int id) {
            return groups.get(id);
        }

        @Override
        public int[] mayForwardTo(int sw) {
            return mayForwardTo[sw];
        }

        @Override
        public String describe(int subnet, int sw) {
            int ref = applying(sw, subnets.get(subnet));
            return context.describeRule(sw, subnets.get(subnet).address(), length(ref), nextHopsOf(ref), priority(ref));
        }
    };

    /** Checks the base snapshot in full (in-process, on {@code threads} threads) and keeps what incremental checks need. */
    public IncrementalVerifier(Snapshot base, Set<Check> checks, int threads) {
        this.base = base;
        this.checks = Set.copyOf(checks);
        SliceContext baseContext = base.context();
        baseTrie = new SubnetTrie(baseContext.subnets());
        baseSubnets = base.subnetCount();
        removedBase = new boolean[baseSubnets];
        baseSlices = LocalBackend.inPool(threads, () -> SlicedRules.shuffle(SlicedRules.map(base, baseTrie, VerifyProgress.NONE), baseSubnets, threads * 4));
        List<Violation>[] found = LocalBackend.inPool(threads, () -> LocalBackend.reduce(base, baseContext, baseSlices, this.checks, VerifyProgress.NONE));
        for (int s = 0; s < baseSubnets; s++) {
            subnets.add(base.subnet(s));
            waypoints.add(base.waypoints(s));
            violations.add(found[s]);
        }
        deliverRules = new int[base.switchCount()];
        for (int r = 0; r < base.ruleCount(); r++) if (base.ruleNextHops(r) == NextHops.DELIVER) deliverRules[base.ruleSwitch(r)]++;
        groups = new ArrayList<>();
        for (int g = 0; g < base.groupCount(); g++) groups.add(base.group(g));
        for (int g = 0; g < groups.size(); g++) groupIds.put(Arrays.stream(groups.get(g)).boxed().toList(), g);
        index = new RuleIndex(base);
        addedLengths = new long[base.switchCount()];
        mayForwardTo = senders(base);
        scratch = new SubnetGraph.Scratch(base.switchCount());
        rebuildContext();
        graphs.addAll(Arrays.asList(LocalBackend.inPool(threads, this::baseGraphs)));
    }

    /**
     * Every base subnet's graph, made once from its slice (in parallel on the calling pool) and then
     * kept: 4 bytes per switch and subnet, the memory Libra's reducers trade for updates that touch
     * only what changed.
     */
    private SubnetGraph[] baseGraphs() {
        SubnetGraph[] made = new SubnetGraph[baseSubnets];
        ThreadLocal<SliceChecker> checkers = ThreadLocal.withInitial(() -> new SliceChecker(context, checks));
        ThreadLocal<int[][]> buffers = ThreadLocal.withInitial(() -> new int[][] {new int[1024]});
        IntStream.range(0, baseSubnets).parallel().forEach(s -> {
            int count = baseSlices.count(s);
            int[][] holder = buffers.get();
            if (holder[0].length < count * SliceChecker.FIELDS) holder[0] = new int[count * SliceChecker.FIELDS * 2];
            for (int k = 0; k < count; k++) SlicedRules.put(base, baseSlices.rule(s, k), holder[0], k);
            made[s] = graph(s, checkers.get(), holder[0], count);
        });
        return made;
    }

    private SubnetGraph graph(int s, SliceChecker selector, int[] slice, int count) {
        int[] nextHops = new int[base.switchCount()];
        selector.selectInto(slice, count, nextHops);
        return new SubnetGraph(network, s, subnets.get(s), nextHops, checks.contains(Check.BLACKHOLES), checks.contains(Check.REACHABILITY));
    }

    /** Per switch, the switches with a rule that forwards to it: from the distinct (switch, next-hop group) pairs. */
    private static int[][] senders(Snapshot base) {
        LongOpenHashSet pairs = new LongOpenHashSet();
        for (int r = 0; r < base.ruleCount(); r++) if (base.ruleNextHops(r) >= 0) pairs.add((long) base.ruleSwitch(r) << 32 | base.ruleNextHops(r));
        IntArrayList[] lists = new IntArrayList[base.switchCount()];
        for (long pair : pairs) {
            int from = (int) (pair >>> 32);
            for (int to : base.group((int) pair)) {
                if (lists[to] == null) lists[to] = new IntArrayList();
                lists[to].add(from);
            }
        }
        int[][] senders = new int[lists.length][];
        for (int sw = 0; sw < lists.length; sw++) senders[sw] = lists[sw] == null ? new int[0] : Arrays.stream(lists[sw].toIntArray()).sorted().distinct().toArray();
        return senders;
    }

    private void rebuildContext() {
        boolean[] edge = new boolean[base.switchCount()];
        for (int sw = 0; sw < edge.length; sw++) edge[sw] = deliverRules[sw] > 0;
        context = new SliceContext(base.context().switchNames(), groups.toArray(int[][]::new), subnets.toArray(Ipv4Prefix[]::new),
                waypoints.toArray(int[][]::new), edge);
        checker = new SliceChecker(context, checks);
    }

    /** The violations of the current state, in {@link Violation} order. */
    public List<Violation> violations() {
        List<Violation> all = new ArrayList<>();
        for (int s = 0; s < violations.size(); s++) if (!removed(s)) all.addAll(violations.get(s));
        Collections.sort(all);
        return all;
    }

    /** How many violations the current state has: {@link #violations()}'s size, without collecting and sorting them. */
    public int violationCount() {
        int count = 0;
        for (int s = 0; s < violations.size(); s++) if (!removed(s)) count += violations.get(s).size();
        return count;
    }

    private boolean removed(int s) {
        return s < baseSubnets ? removedBase[s] : removedExtra.contains(s);
    }

    /** Applies one rule update and checks the affected subnets again. */
    public UpdateOutcome apply(RuleUpdate u) {
        int sw = base.switchIndex(u.switchName());
        if (sw < 0) throw new IllegalArgumentException("unknown switch " + u.switchName() + " (updates change rules of the snapshot's switches)");
        // the rule's prefix is the map's input, read (as the switch's index is found) before the map is timed
        Ipv4Prefix prefix = u.prefix();
        int address = prefix.address(), length = prefix.length();
        long t0 = System.nanoTime();
        long range = baseTrie.matching(address, length);
        addedSubnetsInside(prefix);
        long t1 = System.nanoTime();
        int[] affected = affected(range);
        boolean applied = false;
        if (u.op() != RuleUpdate.Op.ADD) applied = remove(sw, prefix, u.priority(), affected);
        if (u.op() == RuleUpdate.Op.ADD || u.op() == RuleUpdate.Op.MODIFY) {
            add(sw, prefix, nextHops(u.nextHops()), u.priority(), affected);
            applied = true;
        }
        List<Violation> appeared = new ArrayList<>(), cleared = new ArrayList<>();
        if (applied) for (int s : affected) recheck(s, sw, appeared, cleared);
        if (edgeChanged) {
            // the switch became an edge switch or stopped being one: every waypoint check may change
            edgeChanged = false;
            rebuildContext();
            Set<Integer> done = new HashSet<>();
            for (int s : affected) done.add(s);
            for (int s = 0; s < subnets.size(); s++)
                if (waypoints.get(s) != null && !removed(s) && !done.contains(s)) recheck(s, -1, appeared, cleared);
        }
        long t2 = System.nanoTime();
        return new UpdateOutcome(applied, applied ? affected.length : 0, t1 - t0, t2 - t1, appeared, cleared);
    }

    /**
     * The map step's scan of the subnets added since the base snapshot (the base ones are one probe
     * of the trie): those inside {@code prefix}, into {@link #affected}. Allocates nothing.
     */
    private void addedSubnetsInside(Ipv4Prefix prefix) {
        if (subnetsAdded == 0) return; // then the list stays empty, and is not even touched (a cache miss between updates)
        affected.clear();
        for (int s = baseSubnets; s < subnets.size(); s++) if (!removedExtra.contains(s) && prefix.contains(subnets.get(s))) affected.add(s);
    }

    /** The subnets to check again: the run the trie gave, without removed subnets, then the added ones found. */
    private int[] affected(long range) {
        int first = SubnetTrie.first(range), end = SubnetTrie.end(range), n = 0, added = subnetsAdded == 0 ? 0 : affected.size();
        int[] all = new int[end - first + added];
        for (int s = first; s < end; s++) if (!removedBase[s]) all[n++] = s;
        for (int k = 0; k < added; k++) all[n++] = affected.getInt(k);
        return n == all.length ? all : Arrays.copyOf(all, n);
    }

    private int nextHops(List<String> names) {
        if (names.equals(List.of(NextHops.DELIVER_WORD))) return NextHops.DELIVER;
        if (names.equals(List.of(NextHops.DROP_WORD))) return NextHops.DROP;
        TreeSet<Integer> ids = new TreeSet<>();
        for (String n : names) {
            int id = base.switchIndex(n);
            if (id < 0) throw new IllegalArgumentException("unknown next hop " + n + " (updates forward to the snapshot's switches)");
            ids.add(id);
        }
        List<Integer> key = List.copyOf(ids);
        Integer g = groupIds.get(key);
        if (g == null) {
            g = groups.size();
            groups.add(key.stream().mapToInt(Integer::intValue).toArray());
            groupIds.put(key, g);
            rebuildContext();
        }
        return g;
    }

    private boolean edgeChanged;

    private void countDeliver(int sw, int nextHops, int delta) {
        if (nextHops != NextHops.DELIVER) return;
        boolean before = deliverRules[sw] > 0;
        deliverRules[sw] += delta;
        if (before != deliverRules[sw] > 0) edgeChanged = true;
    }

    private void add(int sw, Ipv4Prefix prefix, int nextHops, int priority, int[] affected) {
        countDeliver(sw, nextHops, 1);
        int id = addSwitch.size();
        addSwitch.add(sw);
        addAddress.add(prefix.address());
        addLength.add(prefix.length());
        addPriority.add(priority);
        addNextHops.add(nextHops);
        addAlive.add(true);
        for (int s : affected) addedBySubnet.computeIfAbsent(s, k -> new IntArrayList()).add(id);
        addedByPrefix.computeIfAbsent(prefixKey(sw, prefix.address(), prefix.length()), k -> new IntArrayList()).add(id);
        addedLengths[sw] |= 1L << prefix.length();
        if (nextHops >= 0)
            for (int to : groups.get(nextHops))
                if (Arrays.stream(mayForwardTo[to]).noneMatch(from -> from == sw)) {
                    mayForwardTo[to] = Arrays.copyOf(mayForwardTo[to], mayForwardTo[to].length + 1);
                    mayForwardTo[to][mayForwardTo[to].length - 1] = sw;
                }
    }

    private static long prefixKey(int sw, int address, int length) {
        return (long) sw << 38 | RuleIndex.key(address, length);
    }

    /** Deletes the rule of {@code sw} with this prefix and priority (an added one first); false when there is none. */
    private boolean remove(int sw, Ipv4Prefix prefix, int priority, int[] affected) {
        IntArrayList sameRule = addedByPrefix.get(prefixKey(sw, prefix.address(), prefix.length()));
        for (int k = sameRule == null ? -1 : sameRule.size() - 1; k >= 0; k--) {
            int id = sameRule.getInt(k);
            if (addPriority.getInt(id) == priority) {
                addAlive.set(id, false);
                sameRule.removeInt(k);
                countDeliver(sw, addNextHops.getInt(id), -1);
                final int dead = id;
                for (int s : affected) {
                    IntArrayList list = addedBySubnet.get(s);
                    if (list != null) list.rem(dead);
                }
                return true;
            }
        }
        int r = findBaseRule(sw, prefix, priority);
        if (r < 0) return false;
        deletedBase.add(r);
        countDeliver(sw, base.ruleNextHops(r), -1);
        for (int s : affected) deletedBySubnet.computeIfAbsent(s, k -> new IntOpenHashSet()).add(r);
        return true;
    }

    private int findBaseRule(int sw, Ipv4Prefix prefix, int priority) {
        long key = RuleIndex.key(prefix.address(), prefix.length());
        int place = index.first(sw, prefix.address(), prefix.length());
        for (; place >= 0 && index.same(sw, place, key); place++) {
            int r = index.rule(place);
            if (base.rulePriority(r) == priority && !deletedBase.contains(r)) return r;
        }
        return -1;
    }

    /**
     * The rule that applies to {@code subnet} at switch {@code sw} now: a base rule (not deleted), an
     * added one as {@code -2 - id}, or -1 for none. Looks up the switch's rules at each mask length
     * it uses up to the subnet's.
     */
    private int applying(int sw, Ipv4Prefix subnet) {
        int best = -1;
        long bits = (index.lengths(sw) | addedLengths[sw]) & ((1L << (subnet.length() + 1)) - 1);
        while (bits != 0) {
            int length = Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            int address = subnet.address() & Ipv4Prefix.mask(length);
            long key = RuleIndex.key(address, length);
            int place = index.first(sw, address, length);
            for (; place >= 0 && index.same(sw, place, key); place++) {
                int r = index.rule(place);
                if (!deletedBase.contains(r) && (best == -1 || appliesBefore(r, best))) best = r;
            }
            IntArrayList added = addedByPrefix.get(prefixKey(sw, address, length));
            if (added != null) for (int k = 0; k < added.size(); k++) if (best == -1 || appliesBefore(-2 - added.getInt(k), best)) best = -2 - added.getInt(k);
        }
        return best;
    }

    private boolean appliesBefore(int a, int b) {
        return SliceChecker.appliesBefore(context.groups(), priority(a), length(a), nextHopsOf(a), priority(b), length(b), nextHopsOf(b));
    }

    private int priority(int ref) {
        return ref >= 0 ? base.rulePriority(ref) : addPriority.getInt(-2 - ref);
    }

    private int length(int ref) {
        return ref >= 0 ? base.ruleLength(ref) : addLength.getInt(-2 - ref);
    }

    private int nextHopsOf(int ref) {
        return ref == -1 ? SubnetGraph.NO_RULE : ref >= 0 ? base.ruleNextHops(ref) : addNextHops.getInt(-2 - ref);
    }

    private int baseRuleCount(int s) {
        return s < baseSubnets ? baseSlices.count(s) : extraBaseRules.get(s - baseSubnets).length;
    }

    private int baseRule(int s, int k) {
        return s < baseSubnets ? baseSlices.rule(s, k) : extraBaseRules.get(s - baseSubnets)[k];
    }

    /** Assembles the current slice of subnet {@code s} into {@link #buffer}; returns its rule count. */
    private int slice(int s) {
        int n = baseRuleCount(s);
        IntArrayList added = addedBySubnet.get(s);
        int capacity = (n + (added == null ? 0 : added.size())) * SliceChecker.FIELDS;
        if (buffer.length < capacity) buffer = new int[capacity * 2];
        IntOpenHashSet deleted = deletedBySubnet.get(s);
        int count = 0;
        for (int k = 0; k < n; k++) {
            int r = baseRule(s, k);
            if (deleted != null && deleted.contains(r)) continue;
            SlicedRules.put(base, r, buffer, count++);
        }
        if (added != null)
            for (int id : added) {
                int o = count++ * SliceChecker.FIELDS;
                buffer[o] = addSwitch.getInt(id);
                buffer[o + 1] = addLength.getInt(id);
                buffer[o + 2] = addPriority.getInt(id);
                buffer[o + 3] = addNextHops.getInt(id);
            }
        return count;
    }

    private void recheck(int s, int changedSwitch, List<Violation> appeared, List<Violation> cleared) {
        List<Violation> before = violations.get(s);
        List<Violation> after = changedSwitch < 0 ? fullCheck(s) : update(s, changedSwitch, before);
        for (Violation v : after) if (!before.contains(v)) appeared.add(v);
        for (Violation v : before) if (!after.contains(v)) cleared.add(v);
        violations.set(s, after);
    }

    private List<Violation> fullCheck(int s) {
        int count = slice(s); // may grow the buffer: read it only after
        return checker.check(s, buffer, count);
    }

    /** The violations of subnet {@code s} after the rules of {@code sw} changed, from its kept graph. */
    private List<Violation> update(int s, int sw, List<Violation> before) {
        SubnetGraph graph = graphs.get(s);
        if (graph == null) { // a subnet added since: its graph is made the first time an update reaches it
            int count = slice(s); // may grow the buffer: read it only after
            graph = graph(s, checker, buffer, count);
            graphs.set(s, graph);
        } else {
            graph.change(sw, nextHopsOf(applying(sw, subnets.get(s))), scratch);
        }
        // a change at sw can only make a cycle through sw, or break loops that went through it
        String changed = context.switchNames()[sw];
        boolean loopsAgain = checks.contains(Check.LOOPS)
                && (before.stream().anyMatch(v -> v.type() == ViolationType.LOOP && v.switches().contains(changed)) || graph.cycleThrough(sw, scratch));
        boolean waypointsAgain = checks.contains(Check.WAYPOINTS) && waypoints.get(s) != null;
        List<Violation> full = loopsAgain || waypointsAgain ? fullCheck(s) : List.of();
        List<Violation> after = new ArrayList<>(graph.violations());
        (loopsAgain ? full : before).stream().filter(v -> v.type() == ViolationType.LOOP).forEach(after::add);
        full.stream().filter(v -> v.type() == ViolationType.WAYPOINT_BYPASS).forEach(after::add);
        return after;
    }

    /** Adds a subnet to verify: one pass over all rules finds those that match it. */
    public UpdateOutcome addSubnet(Ipv4Prefix subnet) {
        long t0 = System.nanoTime();
        for (int s = 0; s < subnets.size(); s++)
            if (subnets.get(s).equals(subnet) && !removed(s)) return new UpdateOutcome(false, 0, 0, 0, List.of(), List.of());
        IntArrayList matching = new IntArrayList();
        for (int r = 0; r < base.ruleCount(); r++)
            if (!deletedBase.contains(r) && base.ruleLength(r) <= subnet.length()
                    && (subnet.address() & Ipv4Prefix.mask(base.ruleLength(r))) == base.ruleAddress(r)) matching.add(r);
        int s = subnets.size();
        subnets.add(subnet);
        waypoints.add(null);
        extraBaseRules.add(matching.toIntArray());
        violations.add(List.of());
        graphs.add(null);
        subnetsAdded++;
        for (int id = 0; id < addSwitch.size(); id++)
            if (addAlive.get(id) && new Ipv4Prefix(addAddress.getInt(id), addLength.getInt(id)).contains(subnet))
                addedBySubnet.computeIfAbsent(s, k -> new IntArrayList()).add(id);
        rebuildContext();
        long t1 = System.nanoTime();
        List<Violation> appeared = new ArrayList<>(), cleared = new ArrayList<>();
        recheck(s, -1, appeared, cleared);
        return new UpdateOutcome(true, 1, t1 - t0, System.nanoTime() - t1, appeared, cleared);
    }

    /** Stops verifying a subnet: its results are dropped. */
    UpdateOutcome removeSubnet(Ipv4Prefix subnet) {
        for (int s = 0; s < subnets.size(); s++) {
            if (!subnets.get(s).equals(subnet) || removed(s)) continue;
            if (s < baseSubnets) removedBase[s] = true;
            else removedExtra.add(s);
            List<Violation> cleared = violations.get(s);
            violations.set(s, List.of());
            return new UpdateOutcome(true, 1, 0, 0, List.of(), cleared);
        }
        return new UpdateOutcome(false, 0, 0, 0, List.of(), List.of());
    }

    /** The current state as a snapshot of its own (base rules not deleted, added rules alive, subnets not removed). */
    public Snapshot currentSnapshot() {
        SnapshotBuilder b = new SnapshotBuilder();
        for (int sw = 0; sw < base.switchCount(); sw++) b.switchId(base.switchName(sw));
        for (int r = 0; r < base.ruleCount(); r++)
            if (!deletedBase.contains(r)) b.addRule(base.switchName(base.ruleSwitch(r)), base.rulePrefix(r), hopNames(base.ruleNextHops(r)), base.rulePriority(r));
        for (int id = 0; id < addSwitch.size(); id++)
            if (addAlive.get(id))
                b.addRule(base.switchName(addSwitch.getInt(id)), new Ipv4Prefix(addAddress.getInt(id), addLength.getInt(id)),
                        hopNames(addNextHops.getInt(id)), addPriority.getInt(id));
        for (int s = 0; s < subnets.size(); s++) {
            if (removed(s)) continue;
            b.addSubnet(subnets.get(s));
            if (waypoints.get(s) != null)
                b.addWaypoint(subnets.get(s), Arrays.stream(waypoints.get(s)).mapToObj(base::switchName).toList());
        }
        base.physicalOf().forEach(b::addLogicalSwitch);
        return b.build();
    }

    private List<String> hopNames(int nextHops) {
        return List.of(NextHops.text(nextHops, context.groups(), context.switchNames()).split(","));
    }
}
