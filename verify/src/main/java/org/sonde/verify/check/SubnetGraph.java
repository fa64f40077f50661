package org.sonde.verify.check;

import it.unimi.dsi.fastutil.ints.Int2ObjectAVLTreeMap;
import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.NextHops;

/**
 * One subnet's forwarding graph kept between rule updates (§4.4.3), so that black holes and
 * reachability are checked again only where an update changed the graph. Per switch it keeps the
 * next hops of the rule that applies ({@link #NO_RULE} when none) and, with the reachability check,
 * the switch's distance in hops to a last hop of the subnet.
 *
 * <p>When the rule of switch x changes, a black hole can only appear or disappear at x or at the
 * switches x sent to before or sends to now, so only those are looked at. Distances are kept as
 * dynamic shortest paths are: first x keeps only the edges it has both before and after, and the
 * switches whose every shortest way out went through a removed edge are found from x backwards and
 * given new distances (a Dijkstra among them alone); then x gets its new edges, and shorter distances
 * spread backwards from x. Only switches whose distance changes are touched, and the unreachable
 * switches are listed again only when some switch's reachability changed.
 *
 * <p>The violations it gives are those {@link SliceChecker} gives for the same rules. Not thread-safe;
 * a {@link Scratch} is shared by the graphs of one thread.
 */
public final class SubnetGraph {
    /** A switch without a rule for the subnet. */
    public static final int NO_RULE = Integer.MIN_VALUE;
    private static final int UNREACHED = Integer.MAX_VALUE;

    /** What a graph needs to know of the network's current rules. */
    public interface Network {
        String[] switchNames();

        /** The switches of next-hop group {@code id}, ascending. */
        int[] group(int id);

        /** Switches with a rule (for any subnet) that forwards to {@code sw}: a superset of its senders in every subnet. */
        int[] mayForwardTo(int sw);

        /** The rule that applies to subnet {@code subnet} at switch {@code sw}, as violations cite it. */
        String describe(int subnet, int sw);
    }

    /** Marks, queues and a heap as large as the network, shared by the graphs of one thread. */
    public static final class Scratch {
        private final int[] mark;
        private int stamp;
        private final int[] queue;
        private final LongHeapPriorityQueue heap = new LongHeapPriorityQueue();

        public Scratch(int switchCount) {
            mark = new int[switchCount];
            queue = new int[switchCount];
        }

        private int next() {
            if (++stamp == 0) {
                Arrays.fill(mark, 0);
                stamp = 1;
            }
            return stamp;
        }
    }

    private final Network network;
    private final int subnet;
    private final Ipv4Prefix prefix;
    private final int[] nextHops;
    private final int[] distance; // null without the reachability check
    private final boolean blackholeCheck;
    private final Int2ObjectAVLTreeMap<Violation> blackholes = new Int2ObjectAVLTreeMap<>();
    private int unreached;
    private Violation unreachable;
    // while an update runs: switch x's edges as they are during its first step
    private int overridden = -1;
    private int[] overrideEdges;
    private boolean overrideDelivers;

    /**
     * The graph of subnet {@code subnet} whose switches apply rules with these next hops
     * ({@link #NO_RULE}, {@link NextHops#DELIVER}, {@link NextHops#DROP} or a group); the array is kept.
     */
    public SubnetGraph(Network network, int subnet, Ipv4Prefix prefix, int[] nextHops, boolean blackholeCheck, boolean reachabilityCheck) {
        this.network = network;
        this.subnet = subnet;
        this.prefix = prefix;
        this.nextHops = nextHops;
        this.blackholeCheck = blackholeCheck;
        int n = nextHops.length;
        if (blackholeCheck) {
            boolean[] sentTo = new boolean[n];
            for (int v = 0; v < n; v++) if (nextHops[v] >= 0) for (int t : network.group(nextHops[v])) sentTo[t] = true;
            for (int t = 0; t < n; t++) if (sentTo[t] && nextHops[t] == NO_RULE) blackholes.put(t, blackhole(t));
        }
        distance = reachabilityCheck ? distances() : null;
        if (distance != null) {
            for (int d : distance) if (d == UNREACHED) unreached++;
            unreachable = unreachableViolation();
        }
    }

    /** Distances to a last hop by a search backwards from the last hops, over the in-edges laid out once. */
    private int[] distances() {
        int n = nextHops.length;
        int[] inStart = new int[n + 1];
        for (int v = 0; v < n; v++) if (nextHops[v] >= 0) for (int t : network.group(nextHops[v])) inStart[t + 1]++;
        for (int v = 0; v < n; v++) inStart[v + 1] += inStart[v];
        int[] in = new int[inStart[n]];
        int[] fill = Arrays.copyOf(inStart, n);
        for (int v = 0; v < n; v++) if (nextHops[v] >= 0) for (int t : network.group(nextHops[v])) in[fill[t]++] = v;
        int[] d = new int[n];
        Arrays.fill(d, UNREACHED);
        int[] queue = new int[n];
        int head = 0, tail = 0;
        for (int v = 0; v < n; v++) if (nextHops[v] == NextHops.DELIVER) {
            d[v] = 0;
            queue[tail++] = v;
        }
        while (head < tail) {
            int v = queue[head++];
            for (int k = inStart[v]; k < inStart[v + 1]; k++) {
                int u = in[k];
                if (d[u] == UNREACHED) {
                    d[u] = d[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        return d;
    }

    /** The black holes and the unreachable switches of the current rules, as {@link SliceChecker} reports them. */
    public List<Violation> violations() {
        List<Violation> found = new ArrayList<>(blackholes.values());
        if (unreachable != null) found.add(unreachable);
        return found;
    }

    /**
     * Switch {@code sw} now applies a rule with these next hops (or none): black holes and distances
     * are updated where that matters. Called also when the next hops stay and only the rule changed,
     * since violations cite the rules.
     */
    public void change(int sw, int newNextHops, Scratch scratch) {
        int old = nextHops[sw];
        boolean reachChanged = false;
        if (distance != null) {
            overridden = sw;
            overrideEdges = common(edges(old), edges(newNextHops));
            overrideDelivers = old == NextHops.DELIVER && newNextHops == NextHops.DELIVER;
            reachChanged = lengthen(sw, scratch);
            overridden = -1;
            nextHops[sw] = newNextHops;
            reachChanged |= shorten(sw, scratch);
        } else {
            nextHops[sw] = newNextHops;
        }
        if (blackholeCheck) {
            recheckBlackhole(sw);
            for (int t : edges(old)) recheckBlackhole(t);
            for (int t : edges(newNextHops)) recheckBlackhole(t);
        }
        if (distance != null && (reachChanged || distance[sw] == UNREACHED)) unreachable = unreachableViolation();
    }

    private int[] edges(int hops) {
        return hops >= 0 ? network.group(hops) : EMPTY;
    }

    private static final int[] EMPTY = {};

    private static int[] common(int[] a, int[] b) {
        int[] c = new int[Math.min(a.length, b.length)];
        int n = 0;
        for (int i = 0, j = 0; i < a.length && j < b.length; ) {
            if (a[i] < b[j]) i++;
            else if (a[i] > b[j]) j++;
            else {
                c[n++] = a[i];
                i++;
                j++;
            }
        }
        return Arrays.copyOf(c, n);
    }

    private int[] successors(int v) {
        return v == overridden ? overrideEdges : edges(nextHops[v]);
    }

    private boolean delivers(int v) {
        return v == overridden ? overrideDelivers : nextHops[v] == NextHops.DELIVER;
    }

    private boolean sendsTo(int u, int v) {
        return Arrays.binarySearch(successors(u), v) >= 0;
    }

    /** Whether {@code v} keeps its distance: it delivers, or a successor not marked lost is one hop nearer. */
    private boolean supported(int v, Scratch scratch, int lost) {
        if (delivers(v)) return true;
        for (int w : successors(v)) if (scratch.mark[w] != lost && distance[w] != UNREACHED && distance[w] == distance[v] - 1) return true;
        return false;
    }

    /** Step one: x lost the edges it does not keep; distances that depended on them grow. Returns whether reachability changed. */
    private boolean lengthen(int x, Scratch scratch) {
        if (distance[x] == UNREACHED) return false;
        int lost = scratch.next();
        if (supported(x, scratch, lost)) return false;
        int[] queue = scratch.queue;
        int tail = 0;
        queue[tail++] = x;
        scratch.mark[x] = lost;
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            for (int u : network.mayForwardTo(v)) {
                if (scratch.mark[u] == lost || distance[u] == UNREACHED || distance[u] != distance[v] + 1 || !sendsTo(u, v)) continue;
                if (supported(u, scratch, lost)) continue;
                scratch.mark[u] = lost;
                queue[tail++] = u;
            }
        }
        // the lost switches get their distances from the switches that kept theirs, nearest first
        for (int k = 0; k < tail; k++) distance[queue[k]] = UNREACHED;
        LongHeapPriorityQueue heap = scratch.heap;
        heap.clear();
        for (int k = 0; k < tail; k++) {
            int v = queue[k];
            int best = UNREACHED;
            for (int w : successors(v)) if (distance[w] != UNREACHED) best = Math.min(best, distance[w] + 1);
            if (best != UNREACHED) heap.enqueue((long) best << 32 | v);
        }
        while (!heap.isEmpty()) {
            long top = heap.dequeueLong();
            int d = (int) (top >>> 32), v = (int) top;
            if (d >= distance[v]) continue;
            distance[v] = d;
            for (int u : network.mayForwardTo(v))
                if (scratch.mark[u] == lost && d + 1 < distance[u] && sendsTo(u, v)) heap.enqueue((long) (d + 1) << 32 | u);
        }
        int before = unreached;
        for (int k = 0; k < tail; k++) if (distance[queue[k]] == UNREACHED) unreached++;
        return unreached != before;
    }

    /** Step two: x has its new edges; distances shrink backwards from x. Returns whether reachability changed. */
    private boolean shorten(int x, Scratch scratch) {
        int d = delivers(x) ? 0 : UNREACHED;
        for (int w : successors(x)) if (distance[w] != UNREACHED) d = Math.min(d, distance[w] + 1);
        if (d >= distance[x]) return false;
        int before = unreached;
        if (distance[x] == UNREACHED) unreached--;
        distance[x] = d;
        int[] queue = scratch.queue;
        int tail = 0;
        queue[tail++] = x;
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            for (int u : network.mayForwardTo(v)) {
                if (distance[v] + 1 >= distance[u] || !sendsTo(u, v)) continue;
                if (distance[u] == UNREACHED) unreached--;
                distance[u] = distance[v] + 1;
                queue[tail++] = u;
            }
        }
        return unreached != before;
    }

    private void recheckBlackhole(int t) {
        Violation v = nextHops[t] == NO_RULE ? blackhole(t) : null;
        if (v == null) blackholes.remove(t);
        else blackholes.put(t, v);
    }

    /** The black hole at {@code t} (a switch without a rule), or null when nobody sends it the subnet's packets. */
    private Violation blackhole(int t) {
        int[] candidates = network.mayForwardTo(t);
        int[] senders = new int[candidates.length];
        int n = 0;
        for (int u : candidates) if (nextHops[u] >= 0 && Arrays.binarySearch(network.group(nextHops[u]), t) >= 0) senders[n++] = u;
        if (n == 0) return null;
        int[] distinct = Arrays.stream(senders, 0, n).sorted().distinct().toArray();
        List<String> rules = new ArrayList<>(distinct.length);
        for (int u : distinct) rules.add(network.describe(subnet, u));
        return new Violation(ViolationType.BLACKHOLE, prefix, List.of(network.switchNames()[t]), List.of(), rules);
    }

    private Violation unreachableViolation() {
        if (unreached == 0) return null;
        List<String> switches = new ArrayList<>(unreached);
        List<String> rules = new ArrayList<>();
        String[] names = network.switchNames();
        for (int sw = 0; sw < distance.length; sw++) {
            if (distance[sw] != UNREACHED) continue;
            switches.add(names[sw]);
            if (nextHops[sw] != NO_RULE && rules.size() < SliceChecker.MAX_RULES_LISTED) rules.add(network.describe(subnet, sw));
        }
        return new Violation(ViolationType.UNREACHABLE, prefix, switches, List.of(), rules);
    }

    /** Whether a search along the forwarding graph from switch {@code sw} comes back to it (the incremental loop check). */
    public boolean cycleThrough(int sw, Scratch scratch) {
        int seen = scratch.next();
        int[] stack = scratch.queue;
        int sp = 0;
        for (int w : edges(nextHops[sw])) {
            if (w == sw) return true;
            if (scratch.mark[w] != seen) {
                scratch.mark[w] = seen;
                stack[sp++] = w;
            }
        }
        while (sp > 0) {
            int v = stack[--sp];
            for (int w : edges(nextHops[v])) {
                if (w == sw) return true;
                if (scratch.mark[w] != seen) {
                    scratch.mark[w] = seen;
                    stack[sp++] = w;
                }
            }
        }
        return false;
    }
}
