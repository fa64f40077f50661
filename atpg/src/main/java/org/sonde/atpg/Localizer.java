package org.sonde.atpg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.sonde.dataplane.reach.Model;

/**
 * ATPG fault localisation (dissertation §2.2.2) over the elements of test histories: rule ids,
 * ACL entry ids ({@code acl:<aclId>#<n>}, which the dissertation counts among the rules a packet
 * exercises: an ACL rule followed by a forwarding rule matching the same headers is its example of
 * indistinguishable rules) and link ids, assuming faults propagate (a faulty element fails every
 * packet through it):
 * <ol>
 *   <li>suspects = elements of failing regular tests minus elements of passing regular tests;</li>
 *   <li>a reserved packet holding exactly one suspect convicts it if it fails and clears it if it
 *       passes;</li>
 *   <li>a passing reserved packet holding several suspects clears them all;</li>
 *   <li>with a model of the network, a suspect rule goes when none of its single faults (it drops,
 *       it is missing, it sends to another port) would give the outcomes of the tests meeting it.</li>
 * </ol>
 * Suspects left that every test exercises together (same tests, same outcomes) cannot be told
 * apart by this suite; they are grouped as indistinguishable.
 *
 * <p>When the steps leave nothing although tests failed, the assumption does not hold: the fault
 * affects only part of the headers through an element (a missing rule whose headers partly fall
 * to a rule that forwards them alike, a narrowed ACL entry), so passes cannot clear. The
 * localisation is then marked {@code partial}, and the suspects are the elements every failing
 * test (regular or reserved) exercises, or failing that, the elements most failing tests exercise.
 */
public final class Localizer {
    private Localizer() {}

    /**
     * A test as localisation sees it: the elements it exercises, whether it passed, and the
     * elements a pass clears (those whose loss the test would notice).
     */
    public record Observation(String id, boolean reserved, boolean pass, List<String> elements, List<String> clears) {
        public Observation {
            elements = List.copyOf(elements);
            clears = List.copyOf(clears);
        }

        /** A test whose pass clears everything it exercises, as in the dissertation. */
        public Observation(String id, boolean reserved, boolean pass, List<String> elements) {
            this(id, reserved, pass, elements, elements);
        }
    }

    /**
     * Why an element is suspected.
     *
     * @param implicatedBy failing tests that exercise it
     * @param convictedBy  failing reserved tests whose only suspect it is (step 2)
     */
    public record Evidence(List<String> implicatedBy, List<String> convictedBy) {}

    /**
     * The outcome.
     *
     * @param suspects          final suspects, sorted
     * @param evidence          per suspect
     * @param cleared           elements suspected after step 1 and cleared, with the passing test that
     *                          cleared them, or {@link #NOT_EXPLAINED} (step 4)
     * @param indistinguishable groups (size 2 or more) of suspects exercised by exactly the same tests
     * @param afterStep         suspect count after each of the four steps
     * @param partial           whether the failures contradict the propagation assumption (passes
     *                          cleared every element of the failing tests) and the suspects come
     *                          from the failing tests alone
     */
    public record Localization(List<String> suspects, Map<String, Evidence> evidence, Map<String, String> cleared,
                               List<List<String>> indistinguishable, List<Integer> afterStep, boolean partial) {}

    /** Localises assuming a pass rules out every fault of the elements it {@linkplain Observation#clears() clears}. */
    public static Localization localize(List<Observation> observations) {
        return localize(observations, (test, element) -> true);
    }

    /**
     * Localises with a finer notion of what a pass proves: a passing test clears an element it
     * {@linkplain Observation#clears() clears} only if {@code passRulesOut} (test id, element)
     * agrees, e.g. because the test would also fail were the element's rule missing (see
     * {@link #localize(List, Model, Suite)}). Asked only for suspects.
     */
    public static Localization localize(List<Observation> observations, BiPredicate<String, String> passRulesOut) {
        return localize(observations, passRulesOut, (element, meeting) -> true);
    }

    /**
     * Localises as {@link #localize(List, BiPredicate)}, then (step 4) drops the suspects no single
     * fault of which would give the outcomes of the tests that meet them, as {@code explains}
     * (element, those tests' observations) says (see {@link #localize(List, Model, Suite)}); unless that would
     * drop them all, which means the fault is none of those modelled.
     */
    public static Localization localize(List<Observation> observations, BiPredicate<String, String> passRulesOut,
                                        BiPredicate<String, List<Observation>> explains) {
        TreeSet<String> failing = new TreeSet<>();
        for (Observation o : observations) if (!o.reserved() && !o.pass()) failing.addAll(o.elements());
        TreeSet<String> suspects = new TreeSet<>(failing);
        for (Observation o : observations) {
            if (o.reserved() || !o.pass()) continue;
            for (String e : o.clears()) if (suspects.contains(e) && passRulesOut.test(o.id(), e)) suspects.remove(e);
        }
        if (suspects.isEmpty() && !failing.isEmpty()) return partial(observations);
        List<Integer> counts = new ArrayList<>(List.of(suspects.size()));
        Map<String, String> cleared = new TreeMap<>();
        Map<String, List<String>> convicted = new HashMap<>();
        // Step 2: reserved packets with exactly one suspect.
        for (Observation o : observations) {
            if (!o.reserved()) continue;
            List<String> mine = o.elements().stream().filter(suspects::contains).distinct().toList();
            if (mine.size() != 1) continue;
            String r = mine.getFirst();
            if (o.pass() && o.clears().contains(r) && passRulesOut.test(o.id(), r)) {
                suspects.remove(r);
                cleared.putIfAbsent(r, o.id());
            } else if (!o.pass()) {
                convicted.computeIfAbsent(r, k -> new ArrayList<>()).add(o.id());
            }
        }
        counts.add(suspects.size());
        // Step 3: passing reserved packets with several suspects clear them all.
        for (Observation o : observations) {
            if (!o.reserved() || !o.pass()) continue;
            for (String e : o.clears())
                if (suspects.contains(e) && passRulesOut.test(o.id(), e) && suspects.remove(e)) cleared.putIfAbsent(e, o.id());
        }
        counts.add(suspects.size());
        if (suspects.isEmpty()) return partial(observations);
        // Step 4: what no fault of a suspect would make of the tests meeting it rules it out.
        List<String> unexplained = suspects.stream()
                .filter(e -> !explains.test(e, observations.stream().filter(o -> o.elements().contains(e)).toList())).toList();
        if (unexplained.size() < suspects.size()) {
            unexplained.forEach(suspects::remove);
            unexplained.forEach(e -> cleared.putIfAbsent(e, NOT_EXPLAINED));
        }
        counts.add(suspects.size());
        return result(observations, suspects, cleared, convicted, counts, false);
    }

    /** Localises the outcomes of {@code suite}'s tests on the network {@code model} describes, with everything the model tells. */
    public static Localization localize(List<Observation> observations, Model model, Suite suite) {
        RuleFaults faults = new RuleFaults(model, suite);
        return localize(observations, rulesOut(faults), explains(faults));
    }

    /** Why step 4 cleared a suspect, in {@link Localization#cleared()}. */
    public static final String NOT_EXPLAINED = "no single fault of it gives the outcomes of the tests meeting it";

    /**
     * What a pass of a test rules out on the faults' model: every fault of a link it
     * observes, but of a rule only if the test would also fail with the rule missing (its headers
     * falling to the rules below) and with the rule sending to any other port of its device; a
     * test whose headers another rule, or another way, would bring to the same exits cannot tell
     * such a fault from a working rule. Answers are remembered.
     */
    private static BiPredicate<String, String> rulesOut(RuleFaults faults) {
        Map<String, Boolean> known = new HashMap<>();
        return (test, element) -> {
            TestPacket t = faults.byId.get(test);
            if (t == null || faults.model.network().rule(element).isEmpty()) return true;
            // The test observes the rule, so a drop fails it; the other faults must too.
            return known.computeIfAbsent(test + " " + element,
                    k -> faults.besidesDrop(element).stream().noneMatch(fault -> t.arrivesAs(fault.apply(t))));
        };
    }

    /**
     * Whether some single fault of a rule (it drops, it is missing, it sends to one other port of
     * its device) would make exactly the tests that meet it fail that failed, on the faults' model;
     * links and ACL entries, tests not of the suite, and a model that cannot say, are given the
     * benefit of the doubt.
     */
    private static BiPredicate<String, List<Observation>> explains(RuleFaults faults) {
        return (element, meeting) -> {
            if (faults.model.network().rule(element).isEmpty()) return true;
            List<TestPacket> tests = new ArrayList<>();
            for (Observation o : meeting) {
                TestPacket t = faults.byId.get(o.id());
                if (t == null) return true;
                tests.add(t);
            }
            List<Function<TestPacket, Forwarder.Trace>> all = new ArrayList<>();
            all.add(faults.drop(element));
            all.addAll(faults.besidesDrop(element));
            for (var fault : all) {
                boolean agrees = true;
                for (int i = 0; i < tests.size() && agrees; i++)
                    agrees = tests.get(i).arrivesAs(fault.apply(tests.get(i))) == meeting.get(i).pass();
                if (agrees) return true;
            }
            return false;
        };
    }

    /** How a suite's test packets forward on a model under single faults of one rule; built once per localisation. */
    private static final class RuleFaults {
        final Model model;
        final Forwarder forwarder;
        final Map<String, TestPacket> byId = new HashMap<>();
        /** Per rule, the ports it could wrongly send to: those of its device but its own single out-port. */
        final Map<String, List<Integer>> wrongPorts = new HashMap<>();

        RuleFaults(Model model, Suite suite) {
            this.model = model;
            this.forwarder = new Forwarder(model);
            suite.tests().forEach(t -> byId.put(t.id(), t));
            suite.reserved().forEach(t -> byId.put(t.id(), t));
            for (var table : model.network().tables()) {
                List<Integer> ports = model.network().portsOf(table.deviceId()).stream().map(org.sonde.dataplane.model.Port::id).toList();
                for (var r : table.rules()) {
                    List<Integer> outs = r.actions().getLast() instanceof org.sonde.dataplane.model.Action.Forward f ? f.portIds() : List.of();
                    wrongPorts.put(r.id(), ports.stream().filter(p -> !outs.equals(List.of(p))).toList());
                }
            }
        }

        /** The rule drops what it takes (its packets are lost as if it were dead). */
        Function<TestPacket, Forwarder.Trace> drop(String rule) {
            return t -> forwarder.forward(t.ingress(), t.values(), rule);
        }

        /** The rule is missing, or sends to one other port of its device. */
        List<Function<TestPacket, Forwarder.Trace>> besidesDrop(String rule) {
            List<Function<TestPacket, Forwarder.Trace>> out = new ArrayList<>();
            out.add(t -> forwarder.forwardWithout(t.ingress(), t.values(), rule));
            for (int port : wrongPorts.getOrDefault(rule, List.of()))
                out.add(t -> forwarder.forwardRedirecting(t.ingress(), t.values(), rule, port));
            return out;
        }
    }

    /** Suspects from the failing tests alone: those all of them exercise, else those most of them do. */
    private static Localization partial(List<Observation> observations) {
        Map<String, Integer> failures = new TreeMap<>();
        for (Observation o : observations) {
            if (o.pass()) continue;
            for (String e : new java.util.HashSet<>(o.elements())) failures.merge(e, 1, Integer::sum);
        }
        int most = failures.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        TreeSet<String> suspects = new TreeSet<>();
        failures.forEach((e, n) -> { if (n == most) suspects.add(e); });
        List<Integer> counts = List.of(0, suspects.size(), suspects.size());
        return result(observations, suspects, new TreeMap<>(), new HashMap<>(), counts, true);
    }

    private static Localization result(List<Observation> observations, Set<String> suspects, Map<String, String> cleared,
                                       Map<String, List<String>> convicted, List<Integer> counts, boolean partial) {
        Map<String, Evidence> evidence = new LinkedHashMap<>();
        Map<List<String>, List<String>> byTests = new LinkedHashMap<>();
        for (String s : suspects) {
            List<String> implicated = observations.stream().filter(o -> !o.pass() && o.elements().contains(s)).map(Observation::id).toList();
            evidence.put(s, new Evidence(implicated, convicted.getOrDefault(s, List.of())));
            List<String> all = observations.stream().filter(o -> o.elements().contains(s)).map(Observation::id).toList();
            byTests.computeIfAbsent(all, k -> new ArrayList<>()).add(s);
        }
        List<List<String>> groups = byTests.values().stream().filter(g -> g.size() > 1).map(List::copyOf).toList();
        return new Localization(List.copyOf(suspects), evidence, cleared, groups, counts, partial);
    }

    /** The observations of emulated {@code results} of {@code suite}: each test's rules, ACL entries (dead ends included) and links. */
    public static List<Observation> observations(Suite suite, List<Emulator.Result> results) {
        Map<String, TestPacket> byId = new HashMap<>();
        suite.tests().forEach(t -> byId.put(t.id(), t));
        suite.reserved().forEach(t -> byId.put(t.id(), t));
        List<Observation> out = new ArrayList<>();
        for (Emulator.Result r : results) {
            TestPacket t = byId.get(r.id());
            if (t == null) throw new org.sonde.core.BadInputException("results", "test " + r.id(), "not a test of this suite");
            out.add(new Observation(r.id(), r.reserved(), r.pass(), t.elements(), t.observed()));
        }
        return out;
    }
}
