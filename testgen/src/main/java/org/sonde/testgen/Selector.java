package org.sonde.testgen;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.reach.ReachResult;
import org.sonde.dataplane.reach.ReachResult.PairReach;
import org.sonde.dataplane.reach.ReachResult.PathHistory;
import org.sonde.dataplane.reach.Reachability;

/**
 * ATPG test packet selection (dissertation §2.2.1): all-pairs reachability from the terminals,
 * one packet per path (equivalence class), then a greedy minimum set cover of the exercised rules
 * or links. Packets left out are the reserved packets.
 *
 * <p>Drop rules are flipped to forward into sink ports for the analysis ({@link DropFlip}), so
 * headers they claim become candidates that the real network must not deliver. Each candidate's
 * expectation and rule set come from forwarding its header concretely through the real model
 * ({@link Forwarder}): a header taking several branches (broadcast, rules without shadowing)
 * expects all of its exits, and its rule set is everything it exercises.
 */
public final class Selector {
    private Selector() {}

    /** Selects a suite over {@code model}. */
    public static Suite select(Model model, SelectOptions options) {
        Network network = model.network();
        DropFlip.Flipped flipped = DropFlip.flip(network);
        ReachResult reach = Reachability.compute(flipped.network(), model.with(flipped.network())
                .reachOptions(options.sources(), options.historiesPerPair()).withAclDenySinks(flipped.aclDenySinks()));
        Forwarder forwarder = new Forwarder(model);

        Map<String, TestPacket> candidates = new LinkedHashMap<>();
        Random random = new Random(options.seed());
        long unverified = 0, pairs = 0;
        for (PairReach pair : reach.pairs()) {
            boolean sink = flipped.sinks().contains(pair.destination());
            if (!sink && !flipped.network().linksFrom(pair.destination()).isEmpty()) continue;
            if (!sink) pairs++;
            for (PathHistory path : pair.histories()) {
                long[] first = ingressHeader(network, pair.source(), path.history(),
                        path.example().values().stream().mapToLong(Long::longValue).toArray());
                for (int k = 0; k < options.samplesPerPath(); k++) {
                    long[] values = k == 0 ? first : draw(network, path.history(), first, random);
                    String id = TestPacket.idOf(pair.source(), values);
                    if (candidates.containsKey(id)) continue;
                    Forwarder.Trace trace = forwarder.forward(pair.source(), values);
                    // The example is taken at the destination; after rewrites it may not retrace the path.
                    Set<String> seen = new HashSet<>(trace.rules());
                    seen.addAll(trace.links());
                    boolean retraced = seen.containsAll(path.history())
                            && (sink || trace.egress().containsKey(pair.destination()));
                    if (!retraced) {
                        if (k == 0) unverified++;
                        continue;
                    }
                    candidates.put(id, observed(network, forwarder, new TestPacket(id, pair.source(), header(network, values),
                            trace.egress(), trace.rules(), trace.links(), List.of()), trace.branched()));
                }
            }
        }
        List<TestPacket> all = new ArrayList<>(candidates.values());
        // The seed orders candidates, which decides ties in the greedy cover.
        Collections.shuffle(all, new Random(options.seed()));

        Set<String> allowed = options.only();
        List<String> universe = new ArrayList<>(new TreeSet<>(all.stream()
                .flatMap(t -> elements(t, options.cover()).stream())
                .filter(e -> allowed.isEmpty() || allowed.contains(e)).toList()));
        Map<String, Integer> index = new HashMap<>();
        for (String e : universe) index.put(e, index.size());
        double[] weight = universe.stream().mapToDouble(e -> options.weights().getOrDefault(e, 1.0)).toArray();
        List<int[]> sets = new ArrayList<>(all.size());
        for (TestPacket t : all)
            sets.add(elements(t, options.cover()).stream().filter(index::containsKey).mapToInt(index::get).distinct().toArray());

        List<Integer> chosen = SetCover.greedy(sets, weight);
        BitSet regular = new BitSet();
        chosen.forEach(regular::set);
        List<TestPacket> tests = chosen.stream().map(all::get).toList();
        List<TestPacket> reserved = reserve(all, sets, regular, universe.size(), options.reservedPerElement());

        Set<String> reachableRules = new TreeSet<>(), coveredRules = new TreeSet<>(), reachableLinks = new TreeSet<>(), coveredLinks = new TreeSet<>();
        all.forEach(t -> { reachableRules.addAll(t.rules()); reachableLinks.addAll(t.links()); });
        tests.forEach(t -> { coveredRules.addAll(t.rules()); coveredLinks.addAll(t.links()); });
        long covered = tests.stream().flatMap(t -> elements(t, options.cover()).stream()).filter(index::containsKey).distinct().count();
        double coverage = universe.isEmpty() ? 1.0 : (double) covered / universe.size();
        Suite.Summary summary = new Suite.Summary(all.size(), tests.size(), reserved.size(), unverified,
                tests.stream().filter(TestPacket::expectDrop).count(), reachableRules.size(), coveredRules.size(), coverage,
                reachableLinks.size(), coveredLinks.size(), pairs, reach.exercisedRules().size(), 0);
        return new Suite(options.cover(), tests, reserved, summary);
    }

    /**
     * The header to inject for a path whose example was taken at the destination: a field some
     * rule of the path rewrites is set back to satisfy the constraints the path's rules and ACL
     * entries put on it before its first rewrite (Internet2 matches vlan 0 at ingress, then rewrites it). Bits no
     * such constraint fixes keep the example's value, but a VLAN the ingress port does not carry
     * becomes one it does ({@link IngressVlan}); the caller checks the result retraces the path.
     */
    static long[] ingressHeader(Network network, int ingress, List<String> history, long[] example) {
        return IngressVlan.carried(network, ingress, history, ingressHeader(network, history, example));
    }

    static long[] ingressHeader(Network network, List<String> history, long[] example) {
        List<String> names = network.layout().names();
        long[] h = example.clone();
        boolean[] rewritten = new boolean[h.length], rewrittenLater = new boolean[h.length];
        for (String id : history)
            PathStep.of(network, id).ifPresent(r -> r.actions().forEach(a -> {
                if (a instanceof Action.SetField f) rewrittenLater[names.indexOf(f.field())] = true;
                if (a instanceof Action.SetVlan) rewrittenLater[names.indexOf("vlan")] = true;
            }));
        for (String id : history) {
            var rule = PathStep.of(network, id);
            if (rule.isEmpty()) continue;
            rule.get().match().fields().forEach((field, t) -> {
                int i = names.indexOf(field);
                if (rewrittenLater[i] && !rewritten[i]) h[i] = (h[i] & ~t.mask()) | (t.value() & t.mask());
            });
            for (Action a : rule.get().actions()) {
                if (a instanceof Action.SetField f) rewritten[names.indexOf(f.field())] = true;
                if (a instanceof Action.SetVlan) rewritten[names.indexOf("vlan")] = true;
            }
        }
        return h;
    }

    /** {@code h} with the bits no rule or ACL entry of the path matches on drawn at random. */
    private static long[] draw(Network network, List<String> history, long[] h, Random random) {
        List<String> names = network.layout().names();
        long[] constrained = new long[h.length];
        for (String id : history)
            PathStep.of(network, id).ifPresent(r -> r.match().fields().forEach((f, t) -> constrained[names.indexOf(f)] |= t.mask()));
        long[] out = h.clone();
        for (int i = 0; i < out.length; i++) {
            int width = network.layout().fields().get(i).widthBits();
            long free = ~constrained[i] & (width == 64 ? -1L : (1L << width) - 1);
            out[i] = (out[i] & ~free) | (random.nextLong() & free);
        }
        return out;
    }

    private static Map<String, Long> header(Network network, long[] values) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) out.put(network.layout().names().get(i), values[i]);
        return out;
    }

    /**
     * {@code t} with the elements whose failure it observes. An expected-absent packet observes
     * only its drop rules and the ACL deny entries whose permitting would deliver it (failing by
     * forwarding; upstream losses look like success), see {@link DropFlip#observes}. Any other
     * packet observes the elements whose loss changes its exits: all of them on an unbranched
     * path, else found by one forward per element.
     */
    private static TestPacket observed(Network network, Forwarder forwarder, TestPacket t, boolean branched) {
        List<String> observed = t.expectDrop()
                ? t.rules().stream().filter(r -> DropFlip.observes(network, forwarder, t, r)).toList()
                : !branched ? t.elements() : t.elements().stream()
                .filter(e -> !forwarder.forward(t.ingress(), t.values(), e).egress().keySet().equals(t.expected().keySet()))
                .toList();
        return new TestPacket(t.id(), t.ingress(), t.header(), t.expected(), t.rules(), t.links(), observed);
    }

    /** The elements a packet covers: those it would notice failing. */
    private static List<String> elements(TestPacket t, Cover cover) {
        Set<String> kind = new HashSet<>(cover == Cover.RULES ? t.rules() : t.links());
        return t.observed().stream().filter(kind::contains).toList();
    }

    /** Up to {@code perElement} unchosen packets per element, in candidate order, each kept once. */
    private static List<TestPacket> reserve(List<TestPacket> all, List<int[]> sets, BitSet regular, int elements, int perElement) {
        int[] kept = new int[elements];
        List<TestPacket> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (regular.get(i)) continue;
            boolean useful = false;
            for (int e : sets.get(i)) if (kept[e] < perElement) useful = true;
            if (!useful) continue;
            for (int e : sets.get(i)) kept[e]++;
            out.add(all.get(i));
        }
        return out;
    }
}
