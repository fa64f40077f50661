package org.sonde.verify.check;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;

/**
 * Libra's reducer (§4.4.2, §4.5): from all the rules that match one subnet, selects per switch the
 * rule that applies — highest priority, then longest prefix — builds the subnet's forwarding graph
 * and checks it.
 *
 * <p>A slice is a flat array of {@link #FIELDS} ints per rule: switch, mask length, priority, next
 * hops (the rule's prefix is the subnet's first mask-length bits, so the address need not travel).
 * Both backends hand slices in this form, so they share this code and give the same answer.
 *
 * <p>Not thread-safe: it keeps scratch arrays as large as the network; use one per thread.
 */
public final class SliceChecker {
    public static final int FIELDS = 4;
    /** Rules listed per unreachable-subnet violation at most: a subnet nobody reaches has a rule at every switch. */
    public static final int MAX_RULES_LISTED = 20;

    private final SliceContext context;
    private final Set<Check> checks;
    private final int switchCount;
    // per switch, valid when stamp[sw] == round
    private final int[] stamp;
    private final int[] selected;   // entry index of the applying rule, -1 for a switch that is only a next hop
    private final int[] local;      // node number in this round's graph
    private int round;
    // per node
    private int[] nodeSwitch = new int[64];
    private int[] outStart = new int[65];
    private int[] out = new int[256];
    private int[] inStart = new int[65];
    private int[] in = new int[256];
    private final boolean[] reached;

    public SliceChecker(SliceContext context, Set<Check> checks) {
        this.context = context;
        this.checks = Set.copyOf(checks);
        this.switchCount = context.switchCount();
        stamp = new int[switchCount];
        selected = new int[switchCount];
        local = new int[switchCount];
        reached = new boolean[switchCount];
    }

    /** The violations of subnet {@code subnet}, whose matching rules are the first {@code count} rules of {@code slice}. */
    public List<Violation> check(int subnet, int[] slice, int count) {
        Ipv4Prefix prefix = context.subnets()[subnet];
        int nodes = buildGraph(slice, count);
        List<Violation> found = new ArrayList<>();
        if (checks.contains(Check.LOOPS)) loops(prefix, slice, nodes, found);
        if (checks.contains(Check.BLACKHOLES)) blackholes(prefix, slice, nodes, found);
        if (checks.contains(Check.REACHABILITY)) unreachable(prefix, slice, nodes, found);
        int[] waypoints = context.waypointsBySubnet()[subnet];
        if (checks.contains(Check.WAYPOINTS) && waypoints != null) bypasses(prefix, slice, nodes, waypoints, found);
        return found;
    }

    /** Whether rule entry {@code a} applies instead of {@code b} at the same switch. */
    private boolean better(int[] slice, int a, int b) {
        return appliesBefore(context.groups(), slice[a * FIELDS + 2], slice[a * FIELDS + 1], slice[a * FIELDS + 3],
                slice[b * FIELDS + 2], slice[b * FIELDS + 1], slice[b * FIELDS + 3]);
    }

    /**
     * Whether a rule (priority, mask length, next hops) applies instead of another of the same switch
     * that matches the same packets: highest priority, then longest prefix, then (a conflict in the
     * dump) by content, so the answer does not depend on the order rules come in.
     */
    public static boolean appliesBefore(int[][] groups, int priorityA, int lengthA, int nextHopsA, int priorityB, int lengthB, int nextHopsB) {
        if (priorityA != priorityB) return priorityA > priorityB;
        if (lengthA != lengthB) return lengthA > lengthB;
        if (nextHopsA < 0 || nextHopsB < 0) return nextHopsA < nextHopsB;
        return NextHops.compareGroups(groups[nextHopsA], groups[nextHopsB]) < 0;
    }

    /** Fills {@code nextHops} per switch with the next hops of the rule of the slice that applies, {@link SubnetGraph#NO_RULE} where none does. */
    public void selectInto(int[] slice, int count, int[] nextHops) {
        Arrays.fill(nextHops, SubnetGraph.NO_RULE);
        if (++round == 0) {
            Arrays.fill(stamp, 0);
            round = 1;
        }
        for (int i = 0; i < count; i++) {
            int sw = slice[i * FIELDS];
            if (stamp[sw] != round || better(slice, i, selected[sw])) {
                stamp[sw] = round;
                selected[sw] = i;
            }
        }
        for (int i = 0; i < count; i++) {
            int sw = slice[i * FIELDS];
            if (selected[sw] == i) nextHops[sw] = slice[i * FIELDS + 3];
        }
    }

    /** Selects the applying rule per switch and lays out the graph's out- and in-edges; returns the node count. */
    private int buildGraph(int[] slice, int count) {
        if (++round == 0) {
            Arrays.fill(stamp, 0);
            round = 1;
        }
        int nodes = 0;
        for (int i = 0; i < count; i++) {
            int sw = slice[i * FIELDS];
            if (stamp[sw] != round) {
                stamp[sw] = round;
                selected[sw] = i;
                nodes = addNode(sw, nodes);
            } else if (better(slice, i, selected[sw])) {
                selected[sw] = i;
            }
        }
        int ruleNodes = nodes;
        int edges = 0;
        for (int v = 0; v < ruleNodes; v++) {
            int nh = slice[selected[nodeSwitch[v]] * FIELDS + 3];
            if (nh < 0) continue;
            for (int target : context.groups()[nh]) {
                if (stamp[target] != round) {
                    stamp[target] = round;
                    selected[target] = -1;
                    nodes = addNode(target, nodes);
                }
                edges++;
            }
        }
        if (outStart.length < nodes + 1) {
            outStart = new int[2 * nodes + 1];
            inStart = new int[2 * nodes + 1];
        }
        if (out.length < edges) {
            out = new int[2 * edges];
            in = new int[2 * edges];
        }
        Arrays.fill(inStart, 0, nodes + 1, 0);
        int e = 0;
        for (int v = 0; v < nodes; v++) {
            outStart[v] = e;
            int sel = selected[nodeSwitch[v]];
            int nh = sel < 0 ? -1 : slice[sel * FIELDS + 3];
            if (nh < 0) continue;
            for (int target : context.groups()[nh]) {
                int w = local[target];
                out[e++] = w;
                inStart[w + 1]++;
            }
        }
        outStart[nodes] = e;
        for (int v = 0; v < nodes; v++) inStart[v + 1] += inStart[v];
        int[] fill = Arrays.copyOf(inStart, nodes);
        for (int v = 0; v < nodes; v++)
            for (int k = outStart[v]; k < outStart[v + 1]; k++) in[fill[out[k]]++] = v;
        return nodes;
    }

    private int addNode(int sw, int nodes) {
        if (nodes == nodeSwitch.length) nodeSwitch = Arrays.copyOf(nodeSwitch, nodes * 2);
        nodeSwitch[nodes] = sw;
        local[sw] = nodes;
        return nodes + 1;
    }

    private String ruleOf(Ipv4Prefix subnet, int[] slice, int sw) {
        int i = selected[sw];
        return context.describeRule(sw, subnet.address(), slice[i * FIELDS + 1], slice[i * FIELDS + 3], slice[i * FIELDS + 2]);
    }

    private List<String> names(int[] switches, int n) {
        int[] sorted = Arrays.copyOf(switches, n);
        Arrays.sort(sorted); // switches are numbered in name order
        List<String> names = new ArrayList<>(n);
        for (int sw : sorted) names.add(context.switchNames()[sw]);
        return names;
    }

    /** Loops: strongly connected components of more than one node, or a node forwarding to itself (Tarjan, iteratively). */
    private void loops(Ipv4Prefix subnet, int[] slice, int nodes, List<Violation> found) {
        int[] index = new int[nodes], low = new int[nodes], stack = new int[nodes], callNode = new int[nodes], callEdge = new int[nodes];
        boolean[] onStack = new boolean[nodes];
        Arrays.fill(index, -1);
        int counter = 0, sp = 0;
        for (int root = 0; root < nodes; root++) {
            if (index[root] >= 0) continue;
            int depth = 0;
            callNode[0] = root;
            callEdge[0] = outStart[root];
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int v = callNode[depth];
                if (callEdge[depth] < outStart[v + 1]) {
                    int w = out[callEdge[depth]++];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        callNode[++depth] = w;
                        callEdge[depth] = outStart[w];
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                if (low[v] == index[v]) {
                    int size = 0;
                    int top = sp;
                    do {
                        int w = stack[--sp];
                        onStack[w] = false;
                        size++;
                    } while (stack[sp] != v);
                    if (size > 1 || selfLoop(v)) {
                        int[] members = new int[size];
                        for (int k = 0; k < size; k++) members[k] = nodeSwitch[stack[sp + k]];
                        List<String> switches = names(members, size);
                        // onStack serves as the component's marks: a member's successors are members or
                        // nodes of finished components, never nodes still on the stack
                        List<String> cycle = cycle(stack, sp, size, onStack);
                        Arrays.sort(members);
                        List<String> rules = new ArrayList<>(size);
                        for (int sw : members) rules.add(ruleOf(subnet, slice, sw));
                        found.add(new Violation(ViolationType.LOOP, subnet, switches, cycle, rules));
                    }
                    assert top - sp == size;
                }
                depth--;
                if (depth >= 0) {
                    int parent = callNode[depth];
                    low[parent] = Math.min(low[parent], low[v]);
                }
            }
        }
    }

    /**
     * One cycle of a loop's component (nodes {@code stack[from..from+size)}), as switch names in
     * forwarding order with the first repeated at the end: from the component's first switch by
     * name, always on to the successor first by name, until a switch comes round again; the cycle
     * starts at its own first switch by name. Deterministic, so every backend draws the same one.
     */
    private List<String> cycle(int[] stack, int from, int size, boolean[] scratch) {
        String[] names = context.switchNames();
        for (int k = 0; k < size; k++) scratch[stack[from + k]] = true;
        int v = stack[from];
        for (int k = 1; k < size; k++) if (nodeSwitch[stack[from + k]] < nodeSwitch[v]) v = stack[from + k];
        IntArrayList walk = new IntArrayList();
        Int2IntOpenHashMap position = new Int2IntOpenHashMap();
        position.defaultReturnValue(-1);
        while (position.get(v) < 0) {
            position.put(v, walk.size());
            walk.add(v);
            int next = -1;
            for (int k = outStart[v]; k < outStart[v + 1]; k++) {
                int w = out[k];
                if (scratch[w] && (next < 0 || nodeSwitch[w] < nodeSwitch[next])) next = w;
            }
            v = next;
        }
        for (int k = 0; k < size; k++) scratch[stack[from + k]] = false;
        int[] ring = walk.subList(position.get(v), walk.size()).toIntArray();
        int first = 0;
        for (int k = 1; k < ring.length; k++) if (nodeSwitch[ring[k]] < nodeSwitch[ring[first]]) first = k;
        List<String> cycle = new ArrayList<>(ring.length + 1);
        for (int k = 0; k <= ring.length; k++) cycle.add(names[nodeSwitch[ring[(first + k) % ring.length]]]);
        return cycle;
    }

    private boolean selfLoop(int v) {
        for (int k = outStart[v]; k < outStart[v + 1]; k++) if (out[k] == v) return true;
        return false;
    }

    /** Black holes: switches that are sent the subnet's packets but have no rule for it. */
    private void blackholes(Ipv4Prefix subnet, int[] slice, int nodes, List<Violation> found) {
        for (int v = 0; v < nodes; v++) {
            int sw = nodeSwitch[v];
            if (selected[sw] >= 0) continue;
            int[] senders = new int[inStart[v + 1] - inStart[v]];
            int n = 0;
            for (int k = inStart[v]; k < inStart[v + 1]; k++) {
                int from = nodeSwitch[in[k]];
                if (n == 0 || senders[n - 1] != from) senders[n++] = from;
            }
            int[] distinct = Arrays.stream(senders, 0, n).sorted().distinct().toArray();
            List<String> rules = new ArrayList<>(distinct.length);
            for (int from : distinct) rules.add(ruleOf(subnet, slice, from));
            found.add(new Violation(ViolationType.BLACKHOLE, subnet, List.of(context.switchNames()[sw]), List.of(), rules));
        }
    }

    /** Marks in {@link #reached} the switches with a path to a last hop of the subnet, never passing {@code avoid}. */
    private void reachBack(int[] slice, int nodes, int[] avoid) {
        Arrays.fill(reached, false);
        int[] queue = new int[nodes];
        int head = 0, tail = 0;
        for (int v = 0; v < nodes; v++) {
            int sel = selected[nodeSwitch[v]];
            if (sel >= 0 && slice[sel * FIELDS + 3] == NextHops.DELIVER && !contains(avoid, nodeSwitch[v])) {
                reached[nodeSwitch[v]] = true;
                queue[tail++] = v;
            }
        }
        while (head < tail) {
            int v = queue[head++];
            for (int k = inStart[v]; k < inStart[v + 1]; k++) {
                int u = in[k], sw = nodeSwitch[u];
                if (!reached[sw] && !contains(avoid, sw)) {
                    reached[sw] = true;
                    queue[tail++] = u;
                }
            }
        }
    }

    private static boolean contains(int[] sorted, int sw) {
        return sorted != null && Arrays.binarySearch(sorted, sw) >= 0;
    }

    /** Reachability: every switch of the network has a path to a last hop of the subnet. */
    private void unreachable(Ipv4Prefix subnet, int[] slice, int nodes, List<Violation> found) {
        reachBack(slice, nodes, null);
        List<String> switches = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        for (int sw = 0; sw < switchCount; sw++) {
            if (reached[sw]) continue;
            switches.add(context.switchNames()[sw]);
            if (stamp[sw] == round && selected[sw] >= 0 && rules.size() < MAX_RULES_LISTED) rules.add(ruleOf(subnet, slice, sw));
        }
        if (!switches.isEmpty()) found.add(new Violation(ViolationType.UNREACHABLE, subnet, switches, List.of(), rules));
    }

    /** Waypoints: no edge switch's traffic reaches the subnet on a path that avoids every waypoint. */
    private void bypasses(Ipv4Prefix subnet, int[] slice, int nodes, int[] waypoints, List<Violation> found) {
        reachBack(slice, nodes, waypoints);
        List<String> switches = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        for (int v = 0; v < nodes; v++) {
            int sw = nodeSwitch[v];
            int sel = selected[sw];
            if (!reached[sw] || !context.edge()[sw] || sel < 0 || slice[sel * FIELDS + 3] == NextHops.DELIVER) continue;
            switches.add(context.switchNames()[sw]);
        }
        if (switches.isEmpty()) return;
        switches.sort(null);
        for (String name : switches) rules.add(ruleOf(subnet, slice, Arrays.binarySearch(context.switchNames(), name)));
        found.add(new Violation(ViolationType.WAYPOINT_BYPASS, subnet, switches, List.of(), rules));
    }
}
