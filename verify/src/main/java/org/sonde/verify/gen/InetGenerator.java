package org.sonde.verify.gen;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.SnapshotBuilder;

/**
 * A wide-area backbone shaped like the dissertation's INET (§4.7.1): about 300 routers (the size of
 * Rocketfuel's Sprint map) in a preferential-attachment graph (each new router links to three
 * existing ones, about three links per router as in Sprint's), and prefixes from a BGP-like length
 * mix (most /24, some as short as /8, nested ones included) spread uniformly over the routers as
 * their local prefixes. Every router routes every prefix on its shortest paths to the prefix's
 * router, with all equal-cost next hops (ECMP).
 *
 * <p>Faults, each on its own prefix P of router h: a loop makes a router n send P to a neighbour r
 * whose only shortest next hop towards h is n (the cycle {n, r}); a black hole deletes the rule for
 * P at a router n that others send P to, P being a prefix no other prefix contains (so no shorter
 * rule takes over). Waypoints are not planted here: in a mesh there is no set of routers every path
 * must pass.
 */
public final class InetGenerator {
    public static final int DEFAULT_ROUTERS = 300;
    public static final int DEFAULT_PREFIXES = 300_000;

    private final long seed;
    private final int routers, prefixes;

    public InetGenerator(long seed, int routers, int prefixes) {
        if (routers < 4) throw new IllegalArgumentException("an INET needs at least 4 routers, got " + routers);
        if (prefixes < 1 || prefixes > 5_000_000) throw new IllegalArgumentException("expected 1 to 5,000,000 prefixes, got " + prefixes);
        this.seed = seed;
        this.routers = routers;
        this.prefixes = prefixes;
    }

    private static String router(int r) {
        return String.format("r-%03d", r);
    }

    public GeneratedNetwork generate(FaultPlan plan) {
        if (plan.waypointBypasses() > 0) throw new IllegalArgumentException("waypoint bypasses are planted in dcn networks only");
        SplittableRandom random = new SplittableRandom(seed);
        IntArrayList[] adjacency = topology(random);
        // prefixes: distinct, BGP-like lengths; home router uniform
        Ipv4Prefix[] prefix = new Ipv4Prefix[prefixes];
        int[] home = new int[prefixes];
        LongOpenHashSet seen = new LongOpenHashSet();
        for (int i = 0; i < prefixes; ) {
            double u = random.nextDouble();
            int length = u < 0.58 ? 24 : u < 0.70 ? 23 : u < 0.80 ? 22 : u < 0.88 ? 21 : u < 0.93 ? 20 : 8 + random.nextInt(12);
            int address = (1 + random.nextInt(223)) << 24 | random.nextInt(1 << 24);
            Ipv4Prefix p = Ipv4Prefix.covering(address, length);
            if (!seen.add(((long) p.address() << 6) | p.length())) continue;
            prefix[i] = p;
            home[i++] = random.nextInt(routers);
        }
        Integer[] order = new Integer[prefixes];
        for (int i = 0; i < prefixes; i++) order[i] = i;
        Arrays.sort(order, (x, y) -> prefix[x].compareTo(prefix[y]));
        boolean[] topLevel = topLevel(prefix, order);

        int[][] distance = new int[routers][];
        for (int h = 0; h < routers; h++) distance[h] = bfs(adjacency, h);

        RuleOverrides overrides = new RuleOverrides();
        List<PlantedFault> planted = new ArrayList<>();
        boolean[] used = new boolean[prefixes];
        for (int f = 0; f < plan.loops() + plan.blackholes(); f++) {
            boolean loop = f < plan.loops();
            for (int attempt = 0; ; attempt++) {
                if (attempt > 100 * prefixes) throw new IllegalArgumentException("cannot find prefixes for " + plan.total() + " faults");
                int i = random.nextInt(prefixes);
                if (used[i] || (!loop && !topLevel[i])) continue;
                int h = home[i];
                int n = random.nextInt(routers);
                if (n == h) continue;
                if (loop) {
                    int r = soleUpstream(adjacency, distance[h], n, h);
                    if (r < 0) continue;
                    overrides.replace(router(n), prefix[i], List.of(router(r)));
                    planted.add(new PlantedFault(ViolationType.LOOP, prefix[i], List.of(router(n), router(r)),
                            router(n) + " sends " + prefix[i] + " to " + router(r) + ", whose only way to " + router(h) + " is back through it"));
                } else {
                    if (!hasUpstream(adjacency, distance[h], n)) continue;
                    overrides.delete(router(n), prefix[i]);
                    planted.add(new PlantedFault(ViolationType.BLACKHOLE, prefix[i], List.of(router(n)),
                            router(n) + " lost its rule for " + prefix[i]));
                }
                used[i] = true;
                break;
            }
        }

        SnapshotBuilder b = new SnapshotBuilder();
        DcnGenerator.Emitter emit = new DcnGenerator.Emitter(b, overrides);
        int[][] towards = new int[routers][routers]; // next-hop group of router r towards h
        for (int r = 0; r < routers; r++) b.switchId(router(r));
        for (int h = 0; h < routers; h++)
            for (int r = 0; r < routers; r++) {
                if (r == h) continue;
                IntArrayList hops = new IntArrayList();
                for (int n : adjacency[r]) if (distance[h][n] == distance[h][r] - 1) hops.add(b.switchId(router(n)));
                towards[r][h] = hops.isEmpty() ? NextHops.DROP : b.groupId(hops.toIntArray());
            }
        for (int r = 0; r < routers; r++) {
            String name = router(r);
            for (int k = 0; k < prefixes; k++) {
                int i = order[k];
                emit.rule(name, prefix[i], home[i] == r ? NextHops.DELIVER : towards[r][home[i]], 100);
            }
        }
        for (Ipv4Prefix p : prefix) b.addSubnet(p);
        return new GeneratedNetwork("inet", seed, b.build(), planted);
    }

    /** Preferential attachment: a triangle, then each router links to three distinct routers picked by degree. */
    private IntArrayList[] topology(SplittableRandom random) {
        IntArrayList[] adjacency = new IntArrayList[routers];
        for (int r = 0; r < routers; r++) adjacency[r] = new IntArrayList();
        IntArrayList ends = new IntArrayList(); // each link's two ends: picking from it picks by degree
        link(adjacency, ends, 0, 1);
        link(adjacency, ends, 1, 2);
        link(adjacency, ends, 2, 0);
        for (int r = 3; r < routers; r++) {
            int links = Math.min(3, r);
            IntArrayList targets = new IntArrayList();
            while (targets.size() < links) {
                int t = ends.getInt(random.nextInt(ends.size()));
                if (!targets.contains(t)) targets.add(t);
            }
            for (int t : targets) link(adjacency, ends, r, t);
        }
        return adjacency;
    }

    private static void link(IntArrayList[] adjacency, IntArrayList ends, int a, int b) {
        adjacency[a].add(b);
        adjacency[b].add(a);
        ends.add(a);
        ends.add(b);
    }

    private static int[] bfs(IntArrayList[] adjacency, int from) {
        int[] d = new int[adjacency.length];
        Arrays.fill(d, Integer.MAX_VALUE);
        int[] queue = new int[adjacency.length];
        int head = 0, tail = 0;
        d[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int v = queue[head++];
            for (int w : adjacency[v]) if (d[w] == Integer.MAX_VALUE) {
                d[w] = d[v] + 1;
                queue[tail++] = w;
            }
        }
        return d;
    }

    /** A neighbour r of n (not h) whose only shortest next hop towards h is n, or -1. */
    private static int soleUpstream(IntArrayList[] adjacency, int[] distance, int n, int h) {
        for (int r : adjacency[n]) {
            if (r == h || distance[r] != distance[n] + 1) continue;
            int hops = 0;
            for (int x : adjacency[r]) if (distance[x] == distance[r] - 1) hops++;
            if (hops == 1) return r;
        }
        return -1;
    }

    /** Whether some neighbour of n routes through n. */
    private static boolean hasUpstream(IntArrayList[] adjacency, int[] distance, int n) {
        for (int r : adjacency[n]) if (distance[r] == distance[n] + 1) return true;
        return false;
    }

    /** Whether each prefix lies in no other prefix (a scan of the sorted prefixes with the last top-level one). */
    private static boolean[] topLevel(Ipv4Prefix[] prefix, Integer[] order) {
        boolean[] top = new boolean[prefix.length];
        Ipv4Prefix cover = null;
        for (Integer i : order) {
            if (cover != null && cover.contains(prefix[i])) continue;
            top[i] = true;
            cover = prefix[i];
        }
        return top;
    }
}
