package org.sonde.probe.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The paths between agents: a pair's explicit paths where the topology configures them, otherwise
 * its shortest paths in hops over routers (hosts never forward), with every equal-cost next hop
 * weighted by its link's WCMP weight. One breadth-first search per destination host, kept for the
 * pairs that share it; safe to use from several threads.
 */
public final class Routes {
    private final Topology topology;
    /** Per destination host: hops to it from every node, and every node's next hops towards it. */
    private final ConcurrentHashMap<Integer, Toward> towards = new ConcurrentHashMap<>();

    /**
     * The routes towards one sink, shared by every pair ending there (planning asks for each of n
     * sources): {@code dist} -1 where no path leads, {@code next} null where there is no next hop.
     */
    private record Toward(int[] dist, int[][] next) {}

    public Routes(Topology topology) {
        this.topology = topology;
        int n = topology.nodes().size();
        this.scratch = ThreadLocal.withInitial(() -> {
            int[] position = new int[n];
            Arrays.fill(position, -1);
            return new int[][] {position, new int[n]};
        });
        this.sums = ThreadLocal.withInitial(() -> new Sums(n));
    }

    public Topology topology() {
        return topology;
    }

    /** The paths from agent {@code from} to agent {@code to}, or null when no path leads there. */
    public PathSet between(Agent from, Agent to) {
        return between(from.node(), to.node());
    }

    /** The paths from host {@code source} to host {@code sink}, or null when no path leads there. */
    public PathSet between(int source, int sink) {
        if (source == sink) throw new IllegalArgumentException("no paths from a node to itself");
        List<ExplicitPath> explicit = topology.explicitPaths(source, sink);
        if (!explicit.isEmpty()) return new Explicit(source, sink, explicit);
        Toward t = towards.computeIfAbsent(sink, this::toward);
        if (t.dist()[source] < 0) return null;
        return dag(source, sink, t.next());
    }

    /** What planning needs of a pair's paths: the links' traversal probabilities and the number of paths. */
    public record Reach(LinkProbabilities traversal, long pathCount) {}

    /**
     * The figures {@link #between}'s paths give ({@link PathSet#traversal}, {@link PathSet#pathCount}),
     * computed in the same order, so equal to the last bit, but on the shared next hops towards the
     * sink, without building the pair's DAG: planning asks for every pair (a million for 1,024 hosts).
     * Null when no path leads there.
     */
    public Reach reach(int source, int sink) {
        if (source == sink) throw new IllegalArgumentException("no paths from a node to itself");
        List<ExplicitPath> explicit = topology.explicitPaths(source, sink);
        if (!explicit.isEmpty()) {
            Explicit e = new Explicit(source, sink, explicit);
            return new Reach(e.traversal(), e.pathCount());
        }
        Toward t = towards.computeIfAbsent(sink, this::toward);
        if (t.dist()[source] < 0) return null;
        int[][] nextTowards = t.next();
        int[][] scratch = this.scratch.get();
        int[] position = scratch[0], order = scratch[1];
        int size = visit(source, sink, nextTowards, position, order);
        Sums sums = this.sums.get();
        double[] nodeP = sums.nodeP;
        int links = 0;
        for (int i = 0; i < size; i++) if (order[i] != sink) links += nextTowards[order[i]].length;
        int[] link = new int[links];
        double[] p = new double[links];
        // Dag.traversal's arithmetic, position by position: each node passes its probability to its next hops by weight
        nodeP[0] = 1;
        int k = 0;
        for (int i = 0; i < size; i++) {
            int u = order[i];
            if (u == sink) continue;
            int[] hops = nextTowards[u];
            double total = 0;
            for (int li : hops) total += topology.link(li).weight();
            double cumulative = 0, prev = 0;
            for (int li : hops) {
                Link l = topology.link(li);
                cumulative += l.weight();
                double share = nodeP[i] * (cumulative - prev) / total;
                prev = cumulative;
                link[k] = li;
                p[k++] = share;
                nodeP[position[l.to()]] += share;
            }
        }
        // Dag.pathCount's: paths from each position to the sink, the sink last
        long[] paths = sums.paths;
        paths[size - 1] = 1;
        for (int i = size - 2; i >= 0; i--) {
            long n = 0;
            if (order[i] != sink) {
                for (int li : nextTowards[order[i]]) {
                    n += paths[position[topology.link(li).to()]];
                    if (n < 0) { n = Long.MAX_VALUE; break; }
                }
            }
            paths[i] = n;
        }
        long count = paths[0];
        for (int i = 0; i < size; i++) {
            position[order[i]] = -1;
            nodeP[i] = 0;
        }
        return new Reach(Dag.sorted(link, p), count);
    }

    /** Per thread: per DAG position, the probability of arriving there and the paths from there on. */
    private static final class Sums {
        final double[] nodeP;
        final long[] paths;

        Sums(int n) {
            nodeP = new double[n];
            paths = new long[n];
        }
    }

    private final ThreadLocal<Sums> sums;

    /** Breadth-first from the source along next hops: the DAG's nodes level by level (a topological order); returns their count. */
    private int visit(int source, int sink, int[][] nextTowards, int[] position, int[] order) {
        int size = 0;
        order[size++] = source;
        position[source] = 0;
        for (int i = 0; i < size; i++) {
            int u = order[i];
            if (u == sink) continue;
            for (int li : nextTowards[u]) {
                int v = topology.link(li).to();
                if (position[v] < 0) {
                    position[v] = size;
                    order[size++] = v;
                }
            }
        }
        return size;
    }

    private Toward toward(int sink) {
        int[] dist = hopsTo(sink);
        int[][] next = new int[dist.length][];
        for (int u = 0; u < dist.length; u++) if (dist[u] > 0) next[u] = nextHops(u, sink, dist);
        return new Toward(dist, next);
    }

    /** Breadth-first from {@code sink} against the links; only routers are passed through. */
    private int[] hopsTo(int sink) {
        int n = topology.nodes().size();
        List<int[]> in = incoming();
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        int[] queue = new int[n];
        int head = 0, tail = 0;
        dist[sink] = 0;
        queue[tail++] = sink;
        while (head < tail) {
            int v = queue[head++];
            for (int li : in.get(v)) {
                int u = topology.link(li).from();
                if (dist[u] >= 0) continue;
                dist[u] = dist[v] + 1;
                if (!topology.node(u).isHost()) queue[tail++] = u;
            }
        }
        return dist;
    }

    private volatile List<int[]> incoming;

    private List<int[]> incoming() {
        List<int[]> in = incoming;
        if (in != null) return in;
        int n = topology.nodes().size();
        int[] degree = new int[n];
        for (Link l : topology.links()) degree[l.to()]++;
        List<int[]> built = new ArrayList<>(n);
        for (int v = 0; v < n; v++) built.add(new int[degree[v]]);
        int[] fill = new int[n];
        for (Link l : topology.links()) built.get(l.to())[fill[l.to()]++] = l.index();
        incoming = built;
        return built;
    }

    /** The next-hop DAG from {@code source}: nodes ordered by falling distance, which is a topological order. */
    private Dag dag(int source, int sink, int[][] nextTowards) {
        // a DAG per agent pair (a million for 1,024 hosts): the per-node scratch is the thread's, reset where it was used
        int[][] scratch = this.scratch.get();
        int[] position = scratch[0], order = scratch[1];
        int size = visit(source, sink, nextTowards, position, order);
        int[][] next = new int[size][];
        double[][] cumulative = new double[size][];
        int[][] head = new int[size][];
        for (int i = 0; i < size; i++) {
            int u = order[i];
            int[] hops = u == sink ? new int[0] : nextTowards[u];
            next[i] = hops;
            cumulative[i] = new double[hops.length];
            head[i] = new int[hops.length];
            double s = 0;
            for (int j = 0; j < hops.length; j++) {
                Link l = topology.link(hops[j]);
                cumulative[i][j] = s += l.weight();
                head[i][j] = position[l.to()];
            }
        }
        for (int i = 0; i < size; i++) position[order[i]] = -1;
        return new Dag(source, sink, Arrays.copyOf(order, size), next, cumulative, head);
    }

    /** Per thread: each node's position in the DAG being built (-1: not in it), and the DAG's nodes in order. */
    private final ThreadLocal<int[][]> scratch;

    private int[] nextHops(int u, int sink, int[] dist) {
        int[] out = topology.out(u);
        int[] buf = new int[out.length];
        int k = 0;
        for (int li : out) {
            int v = topology.link(li).to();
            if (dist[v] == dist[u] - 1 && dist[v] >= 0 && (v == sink || !topology.node(v).isHost())) buf[k++] = li;
        }
        return Arrays.copyOf(buf, k);
    }
}
