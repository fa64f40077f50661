package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Ternary;

/**
 * Symbolic reachability against forwarding every concrete header one by one, on random small
 * networks over a 5- or 6-bit header: same pairs, same number of headers per pair, same histories and
 * exercised rules and links. Links only go from a device to a later one, so there are no loops
 * (a concrete packet cannot tell which revisits the symbolic search would call loops). The
 * concrete forwarder follows the model's text literally, ACLs (first matching entry decides, none
 * denies, every bound ACL in binding order) and VLAN membership included.
 */
class RandomNetworkTest {
    static final int BITS = 5;
    static final HeaderLayout LAYOUT = HeaderLayout.builder("tiny").field("f", BITS).build();
    /** A 3-bit vlan field (VLAN ids 8 and up never fit) and a 3-bit f. */
    static final HeaderLayout VLAN_LAYOUT = HeaderLayout.builder("tiny-vlan").field("vlan", 3).field("f", 3).build();
    static final int PORTS_PER_DEVICE = 3;

    record Delivery(int source, int destination) {}

    @Test
    void symbolicSearchAgreesWithEveryConcreteHeader() {
        Random random = new Random(20261121);
        for (int trial = 0; trial < 300; trial++)
            agree("trial " + trial, randomNetwork(random, 2 + random.nextInt(3)), Map.of());
    }

    /** ACLs on random ports, IN and OUT, chained; half the trials divert deny entries to a port of the device. */
    @Test
    void aclsAgreeWithEveryConcreteHeader() {
        Random random = new Random(20261122);
        for (int trial = 0; trial < 300; trial++) {
            Network n = org.sonde.dataplane.model.RandomNetworks.withAcls(randomNetwork(random, 2 + random.nextInt(3)), random);
            agree("ACL trial " + trial, n, random.nextBoolean() ? Map.of() : sinks(n, random));
        }
    }

    /** VLAN membership (access, trunks, VLANs the field cannot hold) with ACLs matching the vlan field too. */
    @Test
    void vlanMembershipAgreesWithEveryConcreteHeader() {
        Random random = new Random(20261123);
        for (int trial = 0; trial < 200; trial++) {
            Network n = org.sonde.dataplane.model.RandomNetworks.withVlanMemberships(randomNetwork(random, 2 + random.nextInt(3), VLAN_LAYOUT), random, 9);
            if (random.nextBoolean()) n = org.sonde.dataplane.model.RandomNetworks.withAcls(n, random);
            agree("VLAN trial " + trial, n, random.nextBoolean() ? Map.of() : sinks(n, random));
        }
    }

    /** One random port per device as its deny sink. */
    private static Map<String, Integer> sinks(Network n, Random random) {
        Map<String, Integer> out = new HashMap<>();
        for (Device d : n.devices()) out.put(d.id(), n.portsOf(d.id()).get(random.nextInt(PORTS_PER_DEVICE)).id());
        return out;
    }

    private static void agree(String trial, Network n, Map<String, Integer> sinks) {
        List<Integer> sources = n.ports().stream().map(Port::id).toList();
        ReachResult r = Reachability.compute(n, ReachOptions.from(sources).withHistoriesPerPair(Integer.MAX_VALUE).withAclDenySinks(sinks));
        Concrete c = new Concrete(n, sinks);
        for (int s : sources) for (long h = 0; h < 1L << n.layout().widthBits(); h++) c.inject(s, h);
        String where = trial + ": " + n.tables() + " " + n.acls() + " " + n.aclBindings() + " " + n.vlanMemberships() + " sinks " + sinks;
        Map<Delivery, BigInteger> counts = new HashMap<>();
        Map<Delivery, Set<List<String>>> histories = new HashMap<>();
        for (ReachResult.PairReach p : r.pairs()) {
            Delivery d = new Delivery(p.source(), p.destination());
            counts.put(d, p.headers());
            histories.put(d, new HashSet<>(p.histories().stream().map(ReachResult.PathHistory::history).toList()));
        }
        Map<Delivery, BigInteger> concreteCounts = new HashMap<>();
        c.headers.forEach((d, hs) -> concreteCounts.put(d, BigInteger.valueOf(hs.size())));
        assertThat(counts).as(where).isEqualTo(concreteCounts);
        assertThat(histories).as(where).isEqualTo(c.histories);
        assertThat(r.exercisedRules()).as(where).isEqualTo(c.rules);
        assertThat(r.exercisedLinks()).as(where).isEqualTo(c.links);
        assertThat(r.loops()).as(where).isEmpty();
    }

    static Network randomNetwork(Random random, int devices) {
        return randomNetwork(random, devices, LAYOUT);
    }

    /** Rules match and rewrite one random field of {@code layout} each. */
    static Network randomNetwork(Random random, int devices, HeaderLayout layout) {
        List<Device> ds = new ArrayList<>();
        List<Port> ports = new ArrayList<>();
        for (int d = 0; d < devices; d++) {
            ds.add(new Device("d" + d));
            for (int k = 0; k < PORTS_PER_DEVICE; k++) ports.add(new Port(d * 10 + k, "d" + d, "p" + k));
        }
        List<Link> links = new ArrayList<>();
        for (Port p : ports) {
            int d = p.id() / 10;
            if (d + 1 < devices && random.nextInt(3) > 0) {
                Port to = ports.get((d + 1 + random.nextInt(devices - d - 1)) * PORTS_PER_DEVICE + random.nextInt(PORTS_PER_DEVICE));
                links.add(new Link("l" + p.id() + "-" + to.id(), p.id(), to.id(), Origin.NONE));
            }
        }
        List<RuleTable> tables = new ArrayList<>();
        for (int d = 0; d < devices; d++) {
            MatchPolicy policy = random.nextBoolean() ? MatchPolicy.FIRST_MATCH : MatchPolicy.EXPLICIT;
            int count = 1 + random.nextInt(5);
            List<Rule> rules = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Set<Integer> in = new TreeSet<>();
                for (int k = 0; k < PORTS_PER_DEVICE; k++) if (random.nextBoolean()) in.add(d * 10 + k);
                if (in.isEmpty()) in.add(d * 10 + random.nextInt(PORTS_PER_DEVICE));
                // One-field layouts draw no field, so the plain trials see the same networks as ever.
                HeaderField field = layout.fields().size() == 1 ? layout.fields().getFirst() : layout.fields().get(random.nextInt(layout.fields().size()));
                long full = 1L << field.widthBits();
                long mask = random.nextLong(full);
                Match m = Match.ANY.and(field.name(), new Ternary(random.nextLong(full) & mask, mask));
                List<Action> actions = new ArrayList<>();
                if (random.nextInt(3) == 0) {
                    HeaderField set = layout.fields().size() == 1 ? layout.fields().getFirst() : layout.fields().get(random.nextInt(layout.fields().size()));
                    long w = 1 + random.nextLong((1L << set.widthBits()) - 1);
                    actions.add(new Action.SetField(set.name(), random.nextLong(1L << set.widthBits()) & w, w));
                }
                List<Integer> out = new ArrayList<>();
                for (int k = 0; k < PORTS_PER_DEVICE; k++) if (random.nextInt(3) == 0) out.add(d * 10 + k);
                actions.add(out.isEmpty() ? new Action.Drop() : new Action.Forward(out));
                List<String> shadowedBy = new ArrayList<>();
                if (policy == MatchPolicy.EXPLICIT) for (Rule earlier : rules) if (random.nextBoolean()) shadowedBy.add(earlier.id());
                rules.add(new Rule("d" + d + "r" + i, count - i, in, m, actions, shadowedBy, Origin.NONE));
            }
            tables.add(new RuleTable("d" + d, policy, rules));
        }
        return Network.forwarding(layout, ds, ports, links, tables);
    }

    /** Forwards one concrete header at a time, following the model's text literally. */
    static final class Concrete {
        final Network network;
        final Map<String, Integer> sinks;
        final Map<Delivery, Set<Long>> headers = new HashMap<>();
        final Map<Delivery, Set<List<String>>> histories = new HashMap<>();
        final Set<String> rules = new TreeSet<>();
        final Set<String> links = new TreeSet<>();

        Concrete(Network network, Map<String, Integer> sinks) {
            this.network = network;
            this.sinks = sinks;
        }

        void inject(int source, long h) {
            arrive(source, source, h, List.of());
        }

        private void arrive(int source, int port, long h, List<String> history) {
            List<String> passed = filter(source, port, AclBinding.Direction.IN, h, history);
            if (passed == null) return;
            RuleTable t = network.table(network.port(port).orElseThrow().deviceId()).orElseThrow();
            for (Rule r : t.rules()) {
                if (!applies(t, r, port, h)) continue;
                long out = h;
                for (Action a : r.actions()) if (a instanceof Action.SetField s) out = set(out, s.field(), (field(out, s.field()) & ~s.mask()) | s.value());
                List<String> next = plus(passed, r.id());
                if (r.actions().getLast() instanceof Action.Forward f)
                    for (int q : f.portIds()) if (q != port) leave(source, q, out, next);
                if (t.policy() == MatchPolicy.FIRST_MATCH) return;
            }
        }

        /**
         * The history after the port's VLAN membership and ACLs in direction {@code d}, or null if
         * they stop the header (a deny entry's stop is delivered to the device's sink, if any).
         */
        private List<String> filter(int source, int port, AclBinding.Direction d, long h, List<String> history) {
            var vlan = network.layout().field("vlan");
            var membership = network.vlanMembership(port);
            if (vlan.isPresent() && membership.isPresent()) {
                long v = field(h, "vlan");
                boolean carried = switch (membership.get().mode()) {
                    case SwitchportMode.Access a -> a.vlanId() == v;
                    case SwitchportMode.Trunk t -> t.allowedVlanIds().contains((int) v);
                };
                if (!carried) return null;
            }
            List<String> out = history;
            for (AclBinding b : network.aclBindingsOf(port)) {
                if (b.direction() != d) continue;
                List<AclEntry> entries = network.acl(b.aclId()).orElseThrow().entries();
                int hit = -1;
                for (int i = 0; i < entries.size() && hit < 0; i++) if (matches(entries.get(i).match(), h)) hit = i;
                if (hit < 0) return null;
                out = plus(out, new AclEntryRef(b.aclId(), hit + 1).id());
                if (entries.get(hit).verdict() == AclEntry.Verdict.DENY) {
                    Integer sink = sinks.get(network.port(port).orElseThrow().deviceId());
                    if (sink != null && sink != source) deliver(source, sink, h, out);
                    return null;
                }
            }
            return out;
        }

        private boolean applies(RuleTable t, Rule r, int port, long h) {
            if (!r.inPortIds().contains(port) || !matches(r.match(), h)) return false;
            if (t.policy() == MatchPolicy.FIRST_MATCH) return true;
            for (String s : r.shadowedBy()) {
                Rule earlier = network.rule(s).orElseThrow();
                if (earlier.inPortIds().contains(port) && matches(earlier.match(), h)) return false;
            }
            return true;
        }

        private boolean matches(Match m, long h) {
            for (var e : m.fields().entrySet()) if ((field(h, e.getKey()) & e.getValue().mask()) != e.getValue().value()) return false;
            return true;
        }

        /** The value of field {@code name} in header {@code h} (the layout's bits, offsets counted from the top). */
        private long field(long h, String name) {
            HeaderField f = network.layout().field(name).orElseThrow();
            return (h >>> (network.layout().widthBits() - f.offsetBits() - f.widthBits())) & f.fullMask();
        }

        private long set(long h, String name, long value) {
            HeaderField f = network.layout().field(name).orElseThrow();
            int shift = network.layout().widthBits() - f.offsetBits() - f.widthBits();
            return (h & ~(f.fullMask() << shift)) | (value << shift);
        }

        private void leave(int source, int port, long h, List<String> history) {
            List<String> passed = filter(source, port, AclBinding.Direction.OUT, h, history);
            if (passed == null) return;
            if (port != source) deliver(source, port, h, passed);
            for (Link l : network.linksFrom(port)) arrive(source, l.toPortId(), h, plus(passed, l.id()));
        }

        private void deliver(int source, int port, long h, List<String> history) {
            Delivery d = new Delivery(source, port);
            headers.computeIfAbsent(d, k -> new HashSet<>()).add(h);
            histories.computeIfAbsent(d, k -> new HashSet<>()).add(history);
            for (String id : history) (id.startsWith("l") ? links : rules).add(id);
        }

        private static List<String> plus(List<String> history, String id) {
            List<String> out = new ArrayList<>(history);
            out.add(id);
            return out;
        }
    }
}
