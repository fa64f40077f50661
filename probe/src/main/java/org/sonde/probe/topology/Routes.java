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
        int size = 0;
        // breadth-first from the source along next hops visits the nodes level by level (distance falls by one per hop)
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
