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
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
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
 * networks over a 5-bit header: same pairs, same number of headers per pair, same histories and
 * exercised rules and links. Links only go from a device to a later one, so there are no loops
 * (a concrete packet cannot tell which revisits the symbolic search would call loops).
 */
class RandomNetworkTest {
    static final int BITS = 5;
    static final HeaderLayout LAYOUT = HeaderLayout.builder("tiny").field("f", BITS).build();
    static final int PORTS_PER_DEVICE = 3;

    record Delivery(int source, int destination) {}

    @Test
    void symbolicSearchAgreesWithEveryConcreteHeader() {
        Random random = new Random(20261121);
        for (int trial = 0; trial < 300; trial++) {
            Network n = randomNetwork(random, 2 + random.nextInt(3));
            List<Integer> sources = n.ports().stream().map(Port::id).toList();
            ReachResult r = Reachability.compute(n, ReachOptions.from(sources).withHistoriesPerPair(Integer.MAX_VALUE));
            Concrete c = new Concrete(n);
            for (int s : sources) for (long h = 0; h < 1L << BITS; h++) c.inject(s, h);
            String where = "trial " + trial + ": " + n.tables();
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
    }

    static Network randomNetwork(Random random, int devices) {
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
                long mask = random.nextLong(1L << BITS);
                Match m = Match.ANY.and("f", new Ternary(random.nextLong(1L << BITS) & mask, mask));
                List<Action> actions = new ArrayList<>();
                if (random.nextInt(3) == 0) {
                    long w = 1 + random.nextLong((1L << BITS) - 1);
                    actions.add(new Action.SetField("f", random.nextLong(1L << BITS) & w, w));
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
        return Network.forwarding(LAYOUT, ds, ports, links, tables);
    }

    /** Forwards one concrete header at a time, following the rules' text literally. */
    static final class Concrete {
        final Network network;
        final Map<Delivery, Set<Long>> headers = new HashMap<>();
        final Map<Delivery, Set<List<String>>> histories = new HashMap<>();
        final Set<String> rules = new TreeSet<>();
        final Set<String> links = new TreeSet<>();

        Concrete(Network network) {
            this.network = network;
        }

        void inject(int source, long h) {
            arrive(source, source, h, List.of());
        }

        private void arrive(int source, int port, long h, List<String> history) {
            RuleTable t = network.table(network.port(port).orElseThrow().deviceId()).orElseThrow();
            for (Rule r : t.rules()) {
                if (!applies(t, r, port, h)) continue;
                long out = h;
                for (Action a : r.actions()) if (a instanceof Action.SetField s) out = (out & ~s.mask()) | s.value();
                List<String> next = plus(history, r.id());
                if (r.actions().getLast() instanceof Action.Forward f)
                    for (int q : f.portIds()) if (q != port) leave(source, q, out, next);
                if (t.policy() == MatchPolicy.FIRST_MATCH) return;
            }
        }

        private boolean applies(RuleTable t, Rule r, int port, long h) {
            if (!r.inPortIds().contains(port) || !matches(r, h)) return false;
            if (t.policy() == MatchPolicy.FIRST_MATCH) return true;
            for (String s : r.shadowedBy()) {
                Rule earlier = network.rule(s).orElseThrow();
                if (earlier.inPortIds().contains(port) && matches(earlier, h)) return false;
            }
            return true;
        }

        private static boolean matches(Rule r, long h) {
            Ternary f = r.match().fields().get("f");
            return f == null || (h & f.mask()) == f.value();
        }

        private void leave(int source, int port, long h, List<String> history) {
            if (port != source) {
                Delivery d = new Delivery(source, port);
                headers.computeIfAbsent(d, k -> new HashSet<>()).add(h);
                histories.computeIfAbsent(d, k -> new HashSet<>()).add(history);
                for (String id : history) (id.startsWith("l") ? links : rules).add(id);
            }
            for (Link l : network.linksFrom(port)) arrive(source, l.toPortId(), h, plus(history, l.id()));
        }

        private static List<String> plus(List<String> history, String id) {
            List<String> out = new ArrayList<>(history);
            out.add(id);
            return out;
        }
    }
}
