package org.sonde.verify.snapshot;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Prefix;

/**
 * Collects rules, subnets, waypoints and logical switches, then numbers switches in name order and
 * makes the {@link Snapshot}. Names are checked here, once, for every source (text, Parquet,
 * converters, generators); the caller turns an {@link IllegalArgumentException} into an error that
 * says where the input came from.
 */
public final class SnapshotBuilder {
    private final Object2IntOpenHashMap<String> switchIds = new Object2IntOpenHashMap<>();
    private final List<String> names = new ArrayList<>();
    private final Map<IntArrayList, Integer> groupIds = new HashMap<>();
    private final List<int[]> groups = new ArrayList<>();
    private final IntArrayList ruleSwitch = new IntArrayList();
    private final IntArrayList ruleAddress = new IntArrayList();
    private final IntArrayList ruleLength = new IntArrayList();
    private final IntArrayList rulePriority = new IntArrayList();
    private final IntArrayList ruleNextHops = new IntArrayList();
    private final TreeSet<Ipv4Prefix> subnets = new TreeSet<>();
    private final Map<Ipv4Prefix, List<String>> waypoints = new LinkedHashMap<>();
    private final Map<String, String> physicalOf = new LinkedHashMap<>();

    public SnapshotBuilder() {
        switchIds.defaultReturnValue(-1);
    }

    /** The id of a switch name, made on first sight. */
    public int switchId(String name) {
        int id = switchIds.getInt(name);
        if (id >= 0) return id;
        if (!validName(name))
            throw new IllegalArgumentException("expected a switch name (no spaces or commas, not 'deliver' or 'drop'), got '" + name + "'");
        id = names.size();
        names.add(name);
        switchIds.put(name, id);
        return id;
    }

    static boolean validName(String name) {
        if (name.isEmpty() || name.equals(NextHops.DELIVER_WORD) || name.equals(NextHops.DROP_WORD) || name.startsWith("#")) return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == ',' || Character.isWhitespace(c)) return false;
        }
        return true;
    }

    /** The group id of a set of switch ids (order and repeats do not matter). */
    public int groupId(int[] switchIdsOfGroup) {
        if (switchIdsOfGroup.length == 0) throw new IllegalArgumentException("expected at least one next hop");
        int[] sorted = Arrays.stream(switchIdsOfGroup).sorted().distinct().toArray();
        IntArrayList key = IntArrayList.wrap(sorted);
        Integer id = groupIds.get(key);
        if (id != null) return id;
        groups.add(sorted);
        groupIds.put(key, groups.size() - 1);
        return groups.size() - 1;
    }

    /** The group id of switch names. */
    public int groupOf(List<String> nextHopSwitches) {
        int[] ids = new int[nextHopSwitches.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = switchId(nextHopSwitches.get(i));
        return groupId(ids);
    }

    /** Adds a rule; {@code nextHops} is {@link NextHops#DELIVER}, {@link NextHops#DROP} or an id from {@link #groupId}. */
    public SnapshotBuilder addRule(int switchId, int address, int length, int nextHops, int priority) {
        if (length < 0 || length > 32) throw new IllegalArgumentException("expected a mask length in 0..32, got " + length);
        if ((address & ~Ipv4Prefix.mask(length)) != 0)
            throw new IllegalArgumentException("expected no address bits after the first " + length + ", got " + Ipv4Address.format(address) + "/" + length);
        if (nextHops < NextHops.DROP || nextHops >= groups.size()) throw new IllegalArgumentException("unknown next hops " + nextHops);
        if (switchId < 0 || switchId >= names.size()) throw new IllegalArgumentException("unknown switch id " + switchId);
        ruleSwitch.add(switchId);
        ruleAddress.add(address);
        ruleLength.add(length);
        rulePriority.add(priority);
        ruleNextHops.add(nextHops);
        return this;
    }

    /** Adds a rule by names: {@code nextHops} lists switches, or is one of the words deliver / drop. */
    public SnapshotBuilder addRule(String sw, Ipv4Prefix prefix, List<String> nextHops, int priority) {
        int nh;
        if (nextHops.equals(List.of(NextHops.DELIVER_WORD))) nh = NextHops.DELIVER;
        else if (nextHops.equals(List.of(NextHops.DROP_WORD))) nh = NextHops.DROP;
        else nh = groupOf(nextHops);
        return addRule(switchId(sw), prefix.address(), prefix.length(), nh, priority);
    }

    public SnapshotBuilder addSubnet(Ipv4Prefix subnet) {
        subnets.add(subnet);
        return this;
    }

    /** Traffic to {@code subnet} must pass one of {@code switches}. */
    public SnapshotBuilder addWaypoint(Ipv4Prefix subnet, List<String> switches) {
        if (switches.isEmpty()) throw new IllegalArgumentException("expected at least one waypoint switch for " + subnet);
        for (String s : switches) switchId(s);
        waypoints.merge(subnet, List.copyOf(switches), (a, b) -> {
            List<String> all = new ArrayList<>(a);
            all.addAll(b);
            return all;
        });
        return this;
    }

    public SnapshotBuilder addLogicalSwitch(String logical, String physical) {
        switchId(logical);
        if (!validName(physical)) throw new IllegalArgumentException("expected a physical switch name, got '" + physical + "'");
        String before = physicalOf.putIfAbsent(logical, physical);
        if (before != null && !before.equals(physical))
            throw new IllegalArgumentException("logical switch " + logical + " is already part of " + before + ", not " + physical);
        return this;
    }

    private byte[] lengths() {
        byte[] b = new byte[ruleLength.size()];
        for (int i = 0; i < b.length; i++) b[i] = (byte) ruleLength.getInt(i);
        return b;
    }

    /**
     * Chains the forwarding tables (VRFs) of a physical switch as logical switches (§4.4.4, Fig.
     * 4.11): table i is the logical switch {@code physical:table_i}, and a rule for 0.0.0.0/0 of the
     * lowest priority sends what none of its rules matches on to table i + 1. Packets enter at the
     * first table, so links into the switch are next hops to {@link #vrfName}(physical, first);
     * the caller adds each table's own rules under its logical name.
     */
    public SnapshotBuilder addVrfChain(String physical, List<String> tables) {
        if (tables.isEmpty()) throw new IllegalArgumentException("expected at least one table for " + physical);
        for (int i = 0; i < tables.size(); i++) {
            String name = vrfName(physical, tables.get(i));
            addLogicalSwitch(name, physical);
            if (i + 1 < tables.size())
                addRule(name, new Ipv4Prefix(0, 0), List.of(vrfName(physical, tables.get(i + 1))), Integer.MIN_VALUE);
        }
        return this;
    }

    /** The logical switch of one table of a physical switch. */
    public static String vrfName(String physical, String table) {
        return physical + ":" + table;
    }

    public int ruleCount() {
        return ruleSwitch.size();
    }

    /**
     * The snapshot. Without any subnet added, the subnets are the prefixes of the deliver rules: the
     * subnets some switch hands to its hosts.
     */
    public Snapshot build() {
        int n = names.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> names.get(a).compareTo(names.get(b)));
        String[] sortedNames = new String[n];
        int[] newId = new int[n];
        for (int i = 0; i < n; i++) {
            sortedNames[i] = names.get(order[i]);
            newId[order[i]] = i;
        }
        int[][] newGroups = new int[groups.size()][];
        for (int g = 0; g < newGroups.length; g++) {
            int[] members = groups.get(g).clone();
            for (int i = 0; i < members.length; i++) members[i] = newId[members[i]];
            Arrays.sort(members);
            newGroups[g] = members;
        }
        int[] sw = ruleSwitch.toIntArray();
        for (int r = 0; r < sw.length; r++) sw[r] = newId[sw[r]];
        TreeSet<Ipv4Prefix> subnetSet = new TreeSet<>(subnets);
        if (subnetSet.isEmpty())
            for (int r = 0; r < sw.length; r++)
                if (ruleNextHops.getInt(r) == NextHops.DELIVER) subnetSet.add(new Ipv4Prefix(ruleAddress.getInt(r), ruleLength.getInt(r)));
        for (Ipv4Prefix p : waypoints.keySet())
            if (!subnetSet.contains(p)) throw new IllegalArgumentException("waypoint for " + p + ", which is not a subnet to verify");
        Ipv4Prefix[] subnetArray = subnetSet.toArray(new Ipv4Prefix[0]);
        int[][] waypointsBySubnet = new int[subnetArray.length][];
        for (Map.Entry<Ipv4Prefix, List<String>> e : waypoints.entrySet()) {
            int s = Arrays.binarySearch(subnetArray, e.getKey());
            waypointsBySubnet[s] = e.getValue().stream().mapToInt(name -> newId[switchIds.getInt(name)]).sorted().distinct().toArray();
        }
        return new Snapshot(sortedNames, newGroups, sw, ruleAddress.toIntArray(), lengths(),
                rulePriority.toIntArray(), ruleNextHops.toIntArray(), subnetArray, waypointsBySubnet, physicalOf);
    }
}
