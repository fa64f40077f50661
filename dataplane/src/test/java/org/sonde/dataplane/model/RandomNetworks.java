package org.sonde.dataplane.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Valid random networks from a seed, using every kind of model part; for property tests. */
public final class RandomNetworks {
    public static final HeaderLayout LAYOUT = new HeaderLayout("test", 144, List.of(
            new HeaderField("vlan", 0, 16), new HeaderField("ip_dst", 16, 32),
            new HeaderField("ip_src", 48, 32), new HeaderField("wide", 80, 64)));

    private RandomNetworks() {}

    public static Network network(long seed) {
        Random rnd = new Random(seed);
        List<Device> devices = new ArrayList<>();
        List<Port> ports = new ArrayList<>();
        Map<String, List<Integer>> portsOf = new LinkedHashMap<>();
        int devicesCount = 1 + rnd.nextInt(4);
        for (int d = 0; d < devicesCount; d++) {
            String id = "dev-" + d;
            devices.add(new Device(id));
            List<Integer> own = new ArrayList<>();
            for (int k = 0; k < 1 + rnd.nextInt(4); k++) {
                int portId = (d + 1) * 100 + k;
                ports.add(new Port(portId, id, "te" + d + "/" + k));
                own.add(portId);
            }
            portsOf.put(id, own);
        }
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < rnd.nextInt(5); i++) {
            Port a = ports.get(rnd.nextInt(ports.size())), b = ports.get(rnd.nextInt(ports.size()));
            if (a.id() != b.id()) links.add(new Link("link-" + i, a.id(), b.id(), rnd.nextBoolean() ? Origin.NONE : new Origin("_" + i, "topology.tf", List.of(i + 1))));
        }
        List<RuleTable> tables = new ArrayList<>();
        for (Device d : devices) {
            if (rnd.nextInt(4) == 0) continue;
            MatchPolicy policy = rnd.nextBoolean() ? MatchPolicy.FIRST_MATCH : MatchPolicy.EXPLICIT;
            List<Rule> rules = new ArrayList<>();
            int n = rnd.nextInt(6);
            for (int i = 0; i < n; i++) {
                List<Integer> own = portsOf.get(d.id());
                List<String> shadowedBy = new ArrayList<>();
                if (policy == MatchPolicy.EXPLICIT)
                    for (Rule earlier : rules) if (rnd.nextBoolean()) shadowedBy.add(earlier.id());
                rules.add(new Rule(d.id() + "-r" + i, n - i, subset(rnd, own), match(rnd), actions(rnd, own), shadowedBy,
                        rnd.nextBoolean() ? Origin.NONE : new Origin("lbl" + i, "f.tf", List.of(1 + rnd.nextInt(9), 10 + rnd.nextInt(9)))));
            }
            tables.add(new RuleTable(d.id(), policy, rules));
        }
        List<Acl> acls = new ArrayList<>();
        for (int i = 0; i < rnd.nextInt(3); i++) {
            List<AclEntry> entries = new ArrayList<>();
            for (int e = 0; e < rnd.nextInt(4); e++)
                entries.add(new AclEntry(rnd.nextBoolean() ? AclEntry.Verdict.PERMIT : AclEntry.Verdict.DENY, match(rnd)));
            acls.add(new Acl("acl-" + i, entries));
        }
        List<AclBinding> bindings = new ArrayList<>();
        List<VlanMembership> vlans = new ArrayList<>();
        for (Port p : ports) {
            if (!acls.isEmpty() && rnd.nextBoolean())
                bindings.add(new AclBinding(p.id(), rnd.nextBoolean() ? AclBinding.Direction.IN : AclBinding.Direction.OUT,
                        acls.get(rnd.nextInt(acls.size())).id()));
            switch (rnd.nextInt(3)) {
                case 0 -> vlans.add(new VlanMembership(p.id(), new SwitchportMode.Access(1 + rnd.nextInt(4094))));
                case 1 -> vlans.add(new VlanMembership(p.id(), new SwitchportMode.Trunk(Set.of(10, 20 + rnd.nextInt(100)), 1)));
                default -> { }
            }
        }
        List<MacEntry> macs = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < rnd.nextInt(4); i++) {
            Device d = devices.get(rnd.nextInt(devices.size()));
            int vlan = 1 + rnd.nextInt(3);
            long mac = rnd.nextLong() & MacEntry.MAX_MAC;
            if (keys.add(d.id() + vlan + mac)) macs.add(new MacEntry(d.id(), vlan, mac, subset(rnd, portsOf.get(d.id()))));
        }
        return new Network(LAYOUT, devices, ports, links, tables, acls, bindings, vlans, macs);
    }

    /**
     * {@code n} with up to three random ACLs (up to five entries each, random verdicts and matches
     * over {@code n}'s layout, possibly none: deny everything) bound on random ports, IN or OUT,
     * up to two per port and direction, replacing any ACLs {@code n} had. For property tests of
     * the ACL semantics on networks small enough to forward every header.
     */
    public static Network withAcls(Network n, Random rnd) {
        List<Acl> acls = new ArrayList<>();
        int count = 1 + rnd.nextInt(3);
        for (int i = 0; i < count; i++) {
            List<AclEntry> entries = new ArrayList<>();
            int size = rnd.nextInt(6);
            for (int e = 0; e < size; e++)
                entries.add(new AclEntry(rnd.nextInt(3) > 0 ? AclEntry.Verdict.PERMIT : AclEntry.Verdict.DENY,
                        e == size - 1 && rnd.nextBoolean() ? Match.ANY : match(rnd, n.layout())));
            acls.add(new Acl("acl-" + i, entries));
        }
        List<AclBinding> bindings = new ArrayList<>();
        for (Port p : n.ports()) {
            for (AclBinding.Direction d : AclBinding.Direction.values()) {
                if (rnd.nextInt(3) > 0) continue;
                List<Acl> shuffled = new ArrayList<>(acls);
                java.util.Collections.shuffle(shuffled, rnd);
                for (Acl a : shuffled.subList(0, 1 + rnd.nextInt(Math.min(2, shuffled.size()))))
                    bindings.add(new AclBinding(p.id(), d, a.id()));
            }
        }
        return new Network(n.layout(), n.devices(), n.ports(), n.links(), n.tables(), acls, bindings, n.vlanMemberships(), n.macEntries());
    }

    /**
     * {@code n} with a random VLAN membership on about two ports in three (access or trunk, VLAN
     * ids 0..{@code maxVlanId}, some beyond a narrow vlan field), replacing any it had.
     */
    public static Network withVlanMemberships(Network n, Random rnd, int maxVlanId) {
        List<VlanMembership> vlans = new ArrayList<>();
        for (Port p : n.ports()) {
            switch (rnd.nextInt(3)) {
                case 0 -> vlans.add(new VlanMembership(p.id(), new SwitchportMode.Access(rnd.nextInt(maxVlanId + 1))));
                case 1 -> {
                    Set<Integer> allowed = new HashSet<>();
                    for (int v = 0; v <= maxVlanId; v++) if (rnd.nextBoolean()) allowed.add(v);
                    vlans.add(new VlanMembership(p.id(), new SwitchportMode.Trunk(allowed, rnd.nextInt(maxVlanId + 1))));
                }
                default -> { }
            }
        }
        return new Network(n.layout(), n.devices(), n.ports(), n.links(), n.tables(), n.acls(), n.aclBindings(), vlans, n.macEntries());
    }

    private static Set<Integer> subset(Random rnd, List<Integer> from) {
        Set<Integer> out = new HashSet<>();
        for (int p : from) if (rnd.nextBoolean()) out.add(p);
        if (out.isEmpty()) out.add(from.get(rnd.nextInt(from.size())));
        return out;
    }

    private static Match match(Random rnd) {
        return match(rnd, LAYOUT);
    }

    private static Match match(Random rnd, HeaderLayout layout) {
        Map<String, Ternary> fields = new LinkedHashMap<>();
        for (HeaderField f : layout.fields()) {
            if (rnd.nextBoolean()) continue;
            long mask = rnd.nextLong() & f.fullMask();
            fields.put(f.name(), new Ternary(rnd.nextLong() & mask, mask));
        }
        return new Match(fields);
    }

    private static List<Action> actions(Random rnd, List<Integer> own) {
        List<Action> out = new ArrayList<>();
        for (int i = 0; i < rnd.nextInt(3); i++) {
            switch (rnd.nextInt(4)) {
                case 0 -> {
                    HeaderField f = LAYOUT.fields().get(rnd.nextInt(LAYOUT.fields().size()));
                    long mask = (rnd.nextLong() & f.fullMask()) | 1;
                    out.add(new Action.SetField(f.name(), rnd.nextLong() & mask, mask));
                }
                case 1 -> out.add(new Action.PushVlan(rnd.nextInt(4096)));
                case 2 -> out.add(new Action.PopVlan());
                default -> out.add(new Action.SetVlan(rnd.nextInt(4096)));
            }
        }
        out.add(rnd.nextInt(4) == 0 ? new Action.Drop() : new Action.Forward(List.copyOf(subset(rnd, own))));
        return out;
    }
}
