package org.sonde.verify.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.SnapshotBuilder;

/**
 * A data-center network shaped like the dissertation's DCN (§4.7.1: about 10,000 switches, 2.6 M
 * rules, 11,000 subnets, ECMP): a three-tier Clos. Each pod has top-of-rack switches and
 * aggregation switches, fully meshed; aggregation switch {@code a} of every pod connects to the
 * spines of plane {@code a}.
 *
 * <ul>
 *   <li>Addresses: pod {@code p} owns {@code 10.0.0.0 + p·2^15 /17}; its ToRs' subnets are /24s in it
 *       (every ToR one, about a fifth of them two, as 11,136 subnets on 9,168 ToRs).</li>
 *   <li>ToR: delivers its own subnets; every other subnet of its pod (/24) and every other pod (/17)
 *       to all aggregation switches of its pod (ECMP).</li>
 *   <li>Aggregation switch: its pod's /24s to their ToRs; other pods' /17s to all spines of its plane.</li>
 *   <li>Spine: each pod's /17 to that pod's aggregation switch of its plane; {@code 0.0.0.0/0} an
 *       explicit drop (priority 0), so unknown destinations are dropped on purpose.</li>
 * </ul>
 *
 * <p>Faults, each on its own subnet S of ToR t in pod p: a loop makes aggregation switch a send S to
 * another ToR u of the pod instead of t (u sends it back up: the cycle {a, u}); a black hole deletes
 * a's rule for S; a waypoint bypass declares p's aggregation switches the waypoints of S and makes u
 * send S straight to t. About 1 % of the other subnets get the same waypoints, which they keep.
 */
public final class DcnGenerator {
    /** The dissertation's DCN size; {@code --switches} scales it down (or up, to {@value #MAX_PODS} pods). */
    public static final int DEFAULT_SWITCHES = 10_000;
    static final int MAX_PODS = 512;

    private final long seed;
    private final int torsPerPod, aggsPerPod, spinesPerPlane, pods;

    public DcnGenerator(long seed, int switches) {
        this.seed = seed;
        if (switches < 12) throw new IllegalArgumentException("a DCN needs at least 12 switches, got " + switches);
        aggsPerPod = switches >= 500 ? 4 : 2;
        spinesPerPlane = switches >= 2000 ? 16 : switches >= 500 ? 4 : 2;
        torsPerPod = switches >= 2000 ? 48 : Math.max(3, switches / 20);
        pods = Math.max(2, (switches - aggsPerPod * spinesPerPlane) / (torsPerPod + aggsPerPod));
        if (pods > MAX_PODS) throw new IllegalArgumentException("at most " + maxSwitches() + " switches (" + MAX_PODS + " pods), got " + switches);
    }

    static int maxSwitches() {
        return MAX_PODS * 52 + 64;
    }

    private static String tor(int p, int t) { return String.format("tor-%03d-%02d", p, t); }
    private static String agg(int p, int a) { return String.format("agg-%03d-%d", p, a); }
    private static String spine(int a, int k) { return String.format("spine-%d-%02d", a, k); }

    private static Ipv4Prefix podPrefix(int p) {
        return new Ipv4Prefix((10 << 24) + (p << 15), 17);
    }

    private static Ipv4Prefix subnet(int p, int t, int i) {
        return new Ipv4Prefix(podPrefix(p).address() + ((2 * t + i) << 8), 24);
    }

    public GeneratedNetwork generate(FaultPlan plan) {
        SplittableRandom random = new SplittableRandom(seed);
        // subnets per ToR: 1, and 2 for about 21.5 % of them (11,136 / 9,168 in the dissertation's DCN)
        int[][] subnetsPerTor = new int[pods][torsPerPod];
        List<int[]> subnets = new ArrayList<>(); // {pod, tor, index}
        for (int p = 0; p < pods; p++)
            for (int t = 0; t < torsPerPod; t++) {
                subnetsPerTor[p][t] = random.nextDouble() < 0.2147 ? 2 : 1;
                for (int i = 0; i < subnetsPerTor[p][t]; i++) subnets.add(new int[] {p, t, i});
            }
        if (plan.total() > subnets.size()) throw new IllegalArgumentException("cannot plant " + plan.total() + " faults on " + subnets.size() + " subnets");

        RuleOverrides overrides = new RuleOverrides();
        List<PlantedFault> planted = new ArrayList<>();
        List<Ipv4Prefix> waypointSubnets = new ArrayList<>();
        int[] chosen = random.ints(0, subnets.size()).distinct().limit(plan.total()).toArray();
        for (int f = 0; f < chosen.length; f++) {
            int[] s = subnets.get(chosen[f]);
            int p = s[0], t = s[1];
            Ipv4Prefix subnet = subnet(p, t, s[2]);
            int u = (t + 1 + random.nextInt(torsPerPod - 1)) % torsPerPod;
            int a = random.nextInt(aggsPerPod);
            if (f < plan.loops()) {
                overrides.replace(agg(p, a), subnet, List.of(tor(p, u)));
                planted.add(new PlantedFault(ViolationType.LOOP, subnet, List.of(agg(p, a), tor(p, u)),
                        agg(p, a) + " sends " + subnet + " to " + tor(p, u) + " instead of " + tor(p, t)));
            } else if (f < plan.loops() + plan.blackholes()) {
                overrides.delete(agg(p, a), subnet);
                planted.add(new PlantedFault(ViolationType.BLACKHOLE, subnet, List.of(agg(p, a)),
                        agg(p, a) + " lost its rule for " + subnet));
            } else {
                overrides.replace(tor(p, u), subnet, List.of(tor(p, t)));
                waypointSubnets.add(subnet);
                planted.add(new PlantedFault(ViolationType.WAYPOINT_BYPASS, subnet, List.of(tor(p, u)),
                        tor(p, u) + " sends " + subnet + " straight to " + tor(p, t) + ", around the waypoints (the aggregation switches of pod " + p + ")"));
            }
        }
        // waypoints kept: about 1 % of the unfaulted subnets
        java.util.Set<Integer> faulted = new java.util.HashSet<>();
        for (int c : chosen) faulted.add(c);
        for (int i = 0; i < subnets.size(); i++)
            if (!faulted.contains(i) && random.nextInt(100) == 0) {
                int[] s = subnets.get(i);
                waypointSubnets.add(subnet(s[0], s[1], s[2]));
            }

        SnapshotBuilder b = new SnapshotBuilder();
        Emitter emit = new Emitter(b, overrides);
        int[][] aggGroups = new int[pods][];
        for (int p = 0; p < pods; p++) {
            List<String> aggs = new ArrayList<>();
            for (int a = 0; a < aggsPerPod; a++) aggs.add(agg(p, a));
            aggGroups[p] = new int[] {b.groupOf(aggs)};
        }
        int[] planeGroups = new int[aggsPerPod];
        for (int a = 0; a < aggsPerPod; a++) {
            List<String> spines = new ArrayList<>();
            for (int k = 0; k < spinesPerPlane; k++) spines.add(spine(a, k));
            planeGroups[a] = b.groupOf(spines);
        }
        for (int p = 0; p < pods; p++) {
            for (int t = 0; t < torsPerPod; t++) {
                String tor = tor(p, t);
                for (int t2 = 0; t2 < torsPerPod; t2++)
                    for (int i = 0; i < subnetsPerTor[p][t2]; i++)
                        emit.rule(tor, subnet(p, t2, i), t2 == t ? NextHops.DELIVER : aggGroups[p][0], 100);
                for (int q = 0; q < pods; q++) if (q != p) emit.rule(tor, podPrefix(q), aggGroups[p][0], 100);
            }
            for (int a = 0; a < aggsPerPod; a++) {
                String agg = agg(p, a);
                for (int t = 0; t < torsPerPod; t++) {
                    int torGroup = b.groupOf(List.of(tor(p, t)));
                    for (int i = 0; i < subnetsPerTor[p][t]; i++) emit.rule(agg, subnet(p, t, i), torGroup, 100);
                }
                for (int q = 0; q < pods; q++) if (q != p) emit.rule(agg, podPrefix(q), planeGroups[a], 100);
            }
        }
        for (int a = 0; a < aggsPerPod; a++)
            for (int k = 0; k < spinesPerPlane; k++) {
                String spine = spine(a, k);
                for (int q = 0; q < pods; q++) emit.rule(spine, podPrefix(q), b.groupOf(List.of(agg(q, a))), 100);
                emit.rule(spine, new Ipv4Prefix(0, 0), NextHops.DROP, 0);
            }
        for (int[] s : subnets) b.addSubnet(subnet(s[0], s[1], s[2]));
        for (Ipv4Prefix w : waypointSubnets) {
            int p = (w.address() - (10 << 24)) >>> 15;
            List<String> aggs = new ArrayList<>();
            for (int a = 0; a < aggsPerPod; a++) aggs.add(agg(p, a));
            b.addWaypoint(w, aggs);
        }
        return new GeneratedNetwork("dcn", seed, b.build(), planted);
    }

    /** Writes rules into the builder through the planted overrides. */
    static final class Emitter {
        private final SnapshotBuilder b;
        private final RuleOverrides overrides;

        Emitter(SnapshotBuilder b, RuleOverrides overrides) {
            this.b = b;
            this.overrides = overrides;
        }

        void rule(String sw, Ipv4Prefix prefix, int nextHops, int priority) {
            int id = b.switchId(sw);
            if (overrides.touches(sw)) {
                List<String> replaced = overrides.of(sw, prefix);
                if (replaced != null) {
                    if (!replaced.isEmpty()) b.addRule(id, prefix.address(), prefix.length(), b.groupOf(replaced), priority);
                    return;
                }
            }
            b.addRule(id, prefix.address(), prefix.length(), nextHops, priority);
        }
    }
}
