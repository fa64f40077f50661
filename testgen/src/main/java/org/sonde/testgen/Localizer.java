package org.sonde.testgen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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
 *   <li>a passing reserved packet holding several suspects clears them all.</li>
 * </ol>
 * Suspects left that every test exercises together (same tests, same outcomes) cannot be told
 * apart by this suite; they are grouped as indistinguishable.
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
     * @param cleared           elements suspected after step 1 and cleared, with the passing test that cleared them
     * @param indistinguishable groups (size 2 or more) of suspects exercised by exactly the same tests
     * @param afterStep1        suspect count after each step
     */
    public record Localization(List<String> suspects, Map<String, Evidence> evidence, Map<String, String> cleared,
                               List<List<String>> indistinguishable, List<Integer> afterStep) {}

    public static Localization localize(List<Observation> observations) {
        Set<String> passing = new java.util.HashSet<>(), failing = new TreeSet<>();
        for (Observation o : observations) {
            if (o.reserved()) continue;
            if (o.pass()) passing.addAll(o.clears());
            else failing.addAll(o.elements());
        }
        TreeSet<String> suspects = new TreeSet<>(failing);
        suspects.removeAll(passing);
        List<Integer> counts = new ArrayList<>(List.of(suspects.size()));
        Map<String, String> cleared = new TreeMap<>();
        Map<String, List<String>> convicted = new HashMap<>();
        // Step 2: reserved packets with exactly one suspect.
        for (Observation o : observations) {
            if (!o.reserved()) continue;
            List<String> mine = o.elements().stream().filter(suspects::contains).distinct().toList();
            if (mine.size() != 1) continue;
            String r = mine.getFirst();
            if (o.pass() && o.clears().contains(r)) {
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
                if (suspects.remove(e)) cleared.putIfAbsent(e, o.id());
        }
        counts.add(suspects.size());
        Map<String, Evidence> evidence = new LinkedHashMap<>();
        Map<List<String>, List<String>> byTests = new LinkedHashMap<>();
        for (String s : suspects) {
            List<String> implicated = observations.stream().filter(o -> !o.pass() && o.elements().contains(s)).map(Observation::id).toList();
            evidence.put(s, new Evidence(implicated, convicted.getOrDefault(s, List.of())));
            List<String> all = observations.stream().filter(o -> o.elements().contains(s)).map(Observation::id).toList();
            byTests.computeIfAbsent(all, k -> new ArrayList<>()).add(s);
        }
        List<List<String>> groups = byTests.values().stream().filter(g -> g.size() > 1).map(List::copyOf).toList();
        return new Localization(List.copyOf(suspects), evidence, cleared, groups, counts);
    }

    /** The observations of emulated {@code results} of {@code suite}: each test's rules, ACL entries and links. */
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
