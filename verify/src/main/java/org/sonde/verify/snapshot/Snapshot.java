package org.sonde.verify.snapshot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.check.SliceContext;

/**
 * A forwarding snapshot as Libra's route dumper records it: rules {@code <switch, prefix, mask
 * length, next hops, priority>}, the subnets to verify, optional waypoints and the logical switches
 * (ingress-port dependent rules, VRF tables, §4.4.4) with the physical switch each stands for.
 *
 * <p>Stored column-wise (one primitive array per field, next-hop sets shared as groups) so millions
 * of rules take tens of megabytes. Switches are numbered in name order, so two snapshots with the
 * same content number their switches alike whatever order they were read in. Immutable; build one
 * with {@link SnapshotBuilder}.
 */
public final class Snapshot {
    private final String[] switchNames;
    private final int[][] groups;
    private final int[] ruleSwitch;
    private final int[] ruleAddress;
    private final byte[] ruleLength;
    private final int[] rulePriority;
    private final int[] ruleNextHops;
    private final Ipv4Prefix[] subnets;
    private final int[][] waypointsBySubnet;
    private final Map<String, String> physicalOf;
    private final boolean[] edge;

    Snapshot(String[] switchNames, int[][] groups, int[] ruleSwitch, int[] ruleAddress, byte[] ruleLength,
             int[] rulePriority, int[] ruleNextHops, Ipv4Prefix[] subnets, int[][] waypointsBySubnet,
             Map<String, String> physicalOf) {
        this.switchNames = switchNames;
        this.groups = groups;
        this.ruleSwitch = ruleSwitch;
        this.ruleAddress = ruleAddress;
        this.ruleLength = ruleLength;
        this.rulePriority = rulePriority;
        this.ruleNextHops = ruleNextHops;
        this.subnets = subnets;
        this.waypointsBySubnet = waypointsBySubnet;
        this.physicalOf = Collections.unmodifiableMap(new TreeMap<>(physicalOf));
        this.edge = new boolean[switchNames.length];
        for (int r = 0; r < ruleSwitch.length; r++) if (ruleNextHops[r] == NextHops.DELIVER) edge[ruleSwitch[r]] = true;
    }

    public int switchCount() { return switchNames.length; }
    public String switchName(int sw) { return switchNames[sw]; }
    /** The index of a switch, or a negative number when the snapshot has no switch of that name. */
    public int switchIndex(String name) { return Arrays.binarySearch(switchNames, name); }
    public List<String> switchNames() { return List.of(switchNames); }

    public int groupCount() { return groups.length; }
    /** The switches of next-hop group {@code id}, ascending; do not modify. */
    public int[] group(int id) { return groups[id]; }

    public int ruleCount() { return ruleSwitch.length; }
    public int ruleSwitch(int r) { return ruleSwitch[r]; }
    public int ruleAddress(int r) { return ruleAddress[r]; }
    public int ruleLength(int r) { return ruleLength[r]; }
    public int rulePriority(int r) { return rulePriority[r]; }
    /** {@link NextHops#DELIVER}, {@link NextHops#DROP} or a group id. */
    public int ruleNextHops(int r) { return ruleNextHops[r]; }
    public Ipv4Prefix rulePrefix(int r) { return new Ipv4Prefix(ruleAddress[r], ruleLength[r]); }

    /** The subnets to verify, ascending in {@link Ipv4Prefix} order, without duplicates. */
    public List<Ipv4Prefix> subnets() { return List.of(subnets); }
    public int subnetCount() { return subnets.length; }
    public Ipv4Prefix subnet(int s) { return subnets[s]; }

    /** The waypoints of subnet {@code s} (its traffic must pass one of them), or null when it has none. */
    public int[] waypoints(int s) { return waypointsBySubnet[s]; }
    boolean hasWaypoints() {
        for (int[] w : waypointsBySubnet) if (w != null) return true;
        return false;
    }

    /** Logical switch name to the physical switch it is part of. */
    public Map<String, String> physicalOf() { return physicalOf; }

    /** Whether the switch hands some subnet to its hosts (a ToR, an access router): where traffic enters. */
    public boolean isEdge(int sw) { return edge[sw]; }

    /** The next hops of a rule as the text format writes them: switch names joined by commas, or deliver / drop. */
    public String nextHopsText(int nextHops) {
        return NextHops.text(nextHops, groups, switchNames);
    }

    /** What the checks need besides the rules: switch names, next-hop groups, subnets, waypoints, edge switches. */
    public SliceContext context() {
        return new SliceContext(switchNames, groups, subnets, waypointsBySubnet, edge);
    }

    /** The waypoints as text lines' content: subnet to switch names. */
    Map<Ipv4Prefix, List<String>> waypointNames() {
        Map<Ipv4Prefix, List<String>> m = new TreeMap<>();
        for (int s = 0; s < subnets.length; s++) {
            if (waypointsBySubnet[s] == null) continue;
            List<String> names = new ArrayList<>();
            for (int sw : waypointsBySubnet[s]) names.add(switchNames[sw]);
            m.put(subnets[s], names);
        }
        return m;
    }

    @Override
    public String toString() {
        return String.format("%,d switches, %,d rules, %,d subnets", switchNames.length, ruleSwitch.length, subnets.length);
    }
}
