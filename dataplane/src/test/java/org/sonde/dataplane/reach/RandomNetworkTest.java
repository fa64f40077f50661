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
            agree("trial " + trial, randomNetwork(random, 2 + random.nextInt(3)), false);
    }

    /** ACLs on random ports, IN and OUT, chained; half the trials flip every deny entry into a sink. */
    @Test
    void aclsAgreeWithEveryConcreteHeader() {
        Random random = new Random(20261122);
        for (int trial = 0; trial < 300; trial++) {
            Network n = org.sonde.dataplane.model.RandomNetworks.withAcls(randomNetwork(random, 2 + random.nextInt(3)), random);
            agree("ACL trial " + trial, n, random.nextBoolean());
        }
    }

    /** VLAN membership (access, trunks, VLANs the field cannot hold) with ACLs matching the vlan field too. */
    @Test
    void vlanMembershipAgreesWithEveryConcreteHeader() {
        Random random = new Random(20261123);
        for (int trial = 0; trial < 200; trial++) {
            Network n = org.sonde.dataplane.model.RandomNetworks.withVlanMemberships(randomNetwork(random, 2 + random.nextInt(3), VLAN_LAYOUT), random, 9);
            if (random.nextBoolean()) n = org.sonde.dataplane.model.RandomNetworks.withAcls(n, random);
            agree("VLAN trial " + trial, n, random.nextBoolean());
        }
    }

    /** Each deny entry of a bound ACL flipped, into its own sink: an extra port without links or rules on a device of its own. */
    static Network withSinks(Network n, Map<String, Integer> sinks) {
        List<Port> ports = new ArrayList<>(n.ports());
        int next = 1000;
        for (AclBinding b : n.aclBindings()) {
            List<AclEntry> entries = n.acl(b.aclId()).orElseThrow().entriesWithImplicitDeny();
            for (int i = 0; i < entries.size(); i++) {
                String id = new AclEntryRef(b.aclId(), i + 1).id();
                if (entries.get(i).verdict() == AclEntry.Verdict.DENY && !sinks.containsKey(id)) {
                    ports.add(new Port(next, "sinks", "sink" + next));
                    sinks.put(id, next++);
                }
            }
        }
        List<Device> devices = new ArrayList<>(n.devices());
        devices.add(new Device("sinks"));
        return new Network(n.layout(), devices, ports, n.links(), n.tables(), n.acls(), n.aclBindings(), n.vlanMemberships(), n.macEntries());
    }

    /**
     * Exact agreement on every ordinary pair. With {@code flip}, a deny entry's sink is reached
     * from exactly the sources from which the concrete forwarder, with the entry permitting, gets
     * a header to an exit; by one path (reachability follows one per source and entry), with a
     * history up to the entry the concrete forwarder also finds, and headers among the ones it
     * finds that way.
     */
    private static void agree(String trial, Network network, boolean flip) {
        Map<String, Integer> sinks = new HashMap<>();
        Network n = flip ? withSinks(network, sinks) : network;
        List<Integer> sources = n.ports().stream().map(Port::id).toList();
        ReachResult r = Reachability.compute(n, ReachOptions.from(sources).withHistoriesPerPair(Integer.MAX_VALUE).withAclDenySinks(sinks));
        Concrete c = new Concrete(n, sinks);
        for (int s : sources) for (long h = 0; h < 1L << n.layout().widthBits(); h++) c.inject(s, h);
        String where = trial + ": " + n.tables() + " " + n.acls() + " " + n.aclBindings() + " " + n.vlanMemberships() + " sinks " + sinks;
        Map<Delivery, BigInteger> counts = new HashMap<>();
        Map<Delivery, Set<List<String>>> histories = new HashMap<>();
        Set<String> flipSteps = new TreeSet<>();
        for (ReachResult.PairReach p : r.pairs()) {
            Delivery d = new Delivery(p.source(), p.destination());
            if (!sinks.containsValue(p.destination())) {
                counts.put(d, p.headers());
                histories.put(d, new HashSet<>(p.histories().stream().map(ReachResult.PathHistory::history).toList()));
                continue;
            }
            assertThat(c.flipped).as(where).containsKey(d);
            assertThat(p.histories()).as(where + " " + d).hasSize(1);
            ReachResult.PathHistory path = p.histories().getFirst();
            Set<Long> concrete = c.flipped.get(d).get(path.history());
            assertThat(concrete).as(where + " " + path).isNotNull();
            long example = 0;
            for (HeaderField f : n.layout().fields())
                example |= path.example().get(f.name()) << (n.layout().widthBits() - f.offsetBits() - f.widthBits());
            // as it arrives, or (after a rewrite past the entry) as it passed the entry
            Set<Long> examples = new HashSet<>(concrete);
            examples.addAll(c.flippedAtEntry.get(d).get(path.history()));
            assertThat(examples).as(where + " " + path).contains(example);
            assertThat(path.headers()).as(where + " " + path).isLessThanOrEqualTo(BigInteger.valueOf(concrete.size()));
            flipSteps.addAll(path.history());
        }
        assertThat(r.pairs().stream().filter(p -> sinks.containsValue(p.destination())).count()).as(where).isEqualTo(c.flipped.size());
        Map<Delivery, BigInteger> concreteCounts = new HashMap<>();
        c.headers.forEach((d, hs) -> concreteCounts.put(d, BigInteger.valueOf(hs.size())));
        assertThat(counts).as(where).isEqualTo(concreteCounts);
        assertThat(histories).as(where).isEqualTo(c.histories);
        Set<String> exercised = new TreeSet<>(c.rules);
        flipSteps.forEach(id -> { if (!id.startsWith("l")) exercised.add(id); });
        assertThat(r.exercisedRules()).as(where).isEqualTo(exercised);
        Set<String> links = new TreeSet<>(c.links);
        flipSteps.forEach(id -> { if (id.startsWith("l")) links.add(id); });
        assertThat(r.exercisedLinks()).as(where).isEqualTo(links);
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

    /**
     * Forwards one concrete header at a time, following the model's text literally. A path holds
     * its history and, once a deny entry with a sink let it through, where in the history that
     * entry is.
     */
    static final class Concrete {
        record Path(List<String> history, int flipAt) {
            Path plus(String id) {
                List<String> out = new ArrayList<>(history);
                out.add(id);
                return new Path(out, flipAt);
            }

            Path flipped(String id) {
                Path p = plus(id);
                return new Path(p.history(), p.history().size() - 1);
            }
        }

        final Network network;
        final Map<String, Integer> sinks;
        final Map<Delivery, Set<Long>> headers = new HashMap<>();
        final Map<Delivery, Set<List<String>>> histories = new HashMap<>();
        /** Per (source, sink): history up to the flipped entry to the headers that reach an exit that way (not counted as exercised). */
        final Map<Delivery, Map<List<String>, Set<Long>>> flipped = new HashMap<>();
        /** Per (source, sink): history up to the flipped entry to the headers that passed it that way, wherever they went. */
        final Map<Delivery, Map<List<String>, Set<Long>>> flippedAtEntry = new HashMap<>();
        final Set<String> rules = new TreeSet<>();
        final Set<String> links = new TreeSet<>();

        Concrete(Network network, Map<String, Integer> sinks) {
            this.network = network;
            this.sinks = sinks;
        }

        void inject(int source, long h) {
            arrive(source, source, h, new Path(List.of(), -1));
        }

        private void arrive(int source, int port, long h, Path path) {
            Path passed = filter(source, port, AclBinding.Direction.IN, h, path);
            if (passed == null) return;
            var table = network.table(network.port(port).orElseThrow().deviceId());
            if (table.isEmpty()) return;
            RuleTable t = table.get();
            for (Rule r : t.rules()) {
                if (!applies(t, r, port, h)) continue;
                long out = h;
                for (Action a : r.actions()) if (a instanceof Action.SetField s) out = set(out, s.field(), (field(out, s.field()) & ~s.mask()) | s.value());
                Path next = passed.plus(r.id());
                if (r.actions().getLast() instanceof Action.Forward f)
                    for (int q : f.portIds()) if (q != port) leave(source, q, out, next);
                if (t.policy() == MatchPolicy.FIRST_MATCH) return;
            }
        }

        /** The path after the port's VLAN membership and ACLs in direction {@code d}, or null if they stop the header. */
        private Path filter(int source, int port, AclBinding.Direction d, long h, Path path) {
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
            Path out = path;
            for (AclBinding b : network.aclBindingsOf(port)) {
                if (b.direction() != d) continue;
                List<AclEntry> entries = network.acl(b.aclId()).orElseThrow().entries();
                int hit = entries.size();  // none matches: the implicit deny, entry n+1
                for (int i = 0; i < entries.size() && hit == entries.size(); i++) if (matches(entries.get(i).match(), h)) hit = i;
                String id = new AclEntryRef(b.aclId(), hit + 1).id();
                if (hit < entries.size() && entries.get(hit).verdict() == AclEntry.Verdict.PERMIT) out = out.plus(id);
                else if (sinks.containsKey(id) && out.flipAt() < 0) {
                    out = out.flipped(id);
                    flippedAtEntry.computeIfAbsent(new Delivery(source, sinks.get(id)), k -> new HashMap<>())
                            .computeIfAbsent(out.history(), k -> new HashSet<>()).add(h);
                }
                else return null;
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

        private void leave(int source, int port, long h, Path path) {
            Path passed = filter(source, port, AclBinding.Direction.OUT, h, path);
            if (passed == null) return;
            if (port != source) deliver(source, port, h, passed);
            for (Link l : network.linksFrom(port)) arrive(source, l.toPortId(), h, passed.plus(l.id()));
        }

        /** Every port is a source here, so a flipped path counts at every exit (port without links). */
        private void deliver(int source, int port, long h, Path path) {
            if (path.flipAt() >= 0) {
                if (!network.linksFrom(port).isEmpty()) return;
                List<String> upTo = path.history().subList(0, path.flipAt() + 1);
                Delivery d = new Delivery(source, sinks.get(upTo.getLast()));
                flipped.computeIfAbsent(d, k -> new HashMap<>()).computeIfAbsent(List.copyOf(upTo), k -> new HashSet<>()).add(h);
                return;
            }
            Delivery d = new Delivery(source, port);
            headers.computeIfAbsent(d, k -> new HashSet<>()).add(h);
            histories.computeIfAbsent(d, k -> new HashSet<>()).add(path.history());
            for (String id : path.history()) (id.startsWith("l") ? links : rules).add(id);
        }
    }
}
