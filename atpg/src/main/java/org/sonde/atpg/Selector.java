package org.sonde.atpg;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.sonde.core.BadInputException;
import org.sonde.core.UsageException;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.reach.ElementIds;
import org.sonde.dataplane.reach.Model;
import org.sonde.dataplane.reach.ReachOptions;
import org.sonde.dataplane.reach.ReachResult;
import org.sonde.dataplane.reach.Reachability;

/**
 * ATPG test packet selection (dissertation §2.2.1): all-pairs reachability between the terminals,
 * every path (equivalence class) a candidate packet, streamed from the search into {@link
 * Candidates}, then a greedy minimum set cover of the rules, ACL entries or links the paths claim.
 * Candidates left out supply the reserved packets.
 *
 * <p>Drop rules and ACL deny entries are flipped into sink ports for the analysis ({@link
 * DropFlip}), so headers they stop become candidates that the real network must not deliver. A
 * chosen path becomes a packet only after its header is forwarded concretely through the real
 * model ({@link Forwarder}), which gives its expectation (a header taking several branches expects
 * all of its exits), its rule set, and what it observes: the elements whose loss changes its
 * exits. What a chosen packet claims but does not observe, later rounds of the cover take from
 * other paths; what no tried packet observes is reported as unobserved.
 */
public final class Selector {
    private Selector() {}

    /**
     * Elements claimed by chosen packets that the packets then do not observe, this often, are
     * given up. Generous: a drop rule on one branch of a packet whose other copies arrive is seen
     * only by a header the other branches do not carry (one of Stanford's takes 91 tries).
     */
    private static final int MAX_MISSES = 256;
    /** Reserved packets are made this many at a time, on every core. */
    private static final int RESERVE_BATCH = 256;
    /** Sets whose claims one task reads. */
    private static final int CLAIM_CHUNK = 1 << 16;
    /** Sets the reserve looks at together, on every core. */
    private static final int RESERVE_WINDOW = 8 * CLAIM_CHUNK;

    /** Selects a suite over {@code model}. */
    public static Suite select(Model model, SelectOptions options) {
        return select(model, options, Phases.quiet());
    }

    /**
     * Selects a suite over {@code model}, timing its phases: reachability (with the candidate
     * paths), cover (greedy cover and the concrete check of each chosen path), reserve.
     */
    public static Suite select(Model model, SelectOptions options, Phases phases) {
        return select(model, options, phases, ClaimStore.AS_THE_HEAP_ALLOWS);
    }

    /** Where the cover's sets, each candidate's claims, are held; the suite is the same either way. */
    enum ClaimStore {
        /** In two arrays, read fast: 2 bytes a claim where element numbers fit, else 4 (the raw Stanford backbone has 390 million). */
        FLAT,
        /** Nowhere: read from the candidates' histories each time, a walk up their tree. */
        FROM_HISTORIES,
        /** Flat when they take at most a third of the heap left free beside the cover's arrays, else from the histories. */
        AS_THE_HEAP_ALLOWS
    }

    static Suite select(Model model, SelectOptions options, Phases phases, ClaimStore claimStore) {
        Network network = model.network();
        DropFlip.Flipped flipped = DropFlip.flip(network);
        // Bit sets by port id: asked once per path found, millions of times.
        BitSet exits = new BitSet(), sinks = new BitSet();
        for (int e : exits(model, options.sources())) if (flipped.network().linksFrom(e).isEmpty()) exits.set(e);
        flipped.sinks().forEach(sinks::set);
        IntPredicate sink = sinks::get;
        IntPredicate keep = d -> sinks.get(d) || exits.get(d);
        List<Candidates.Collector> collectors = Collections.synchronizedList(new ArrayList<>());
        // No histories or header unions per pair: the candidates hold every path.
        ReachOptions reachOptions = model.with(flipped.network()).reachOptions(options.sources(), 0)
                .withPairHeaders(false).withAclDenySinks(flipped.aclDenySinks());
        ElementIds ids = new ElementIds(flipped.network());
        ReachResult reach = Reachability.compute(flipped.network(), reachOptions, ids,
                () -> {
                    Candidates.Collector c = new Candidates.Collector(keep);
                    collectors.add(c);
                    return c;
                }, (done, total) -> phases.progress(done, total, "source ports searched"));
        Candidates candidates = Candidates.merge(collectors, options.sources());
        collectors.clear();
        long pairs = reach.pairs().stream().filter(p -> keep.test(p.destination()) && !sink.test(p.destination())).count();
        int fresh = reach.timings().freshAlgebras();
        phases.end("reachability", String.format("%,d paths, %,d candidates (%,d history tree nodes)%s", reach.paths(), candidates.size(),
                candidates.historyNodes(), fresh == 0 ? "" : String.format("; rule tables compiled again %d times to free the search's memory", fresh)));
        return new Selection(network, new Forwarder(model), ids, candidates, sink, options, phases, claimStore)
                .run(pairs, reach.exercisedRules().size());
    }

    /**
     * The ports a test packet may be seen leaving by: the terminals and their output twins (the
     * caller keeps those without links: a packet crossing a link is not received there).
     */
    private static Set<Integer> exits(Model model, List<Integer> terminals) {
        Set<Integer> out = new HashSet<>(terminals);
        for (int t : terminals) {
            Integer twin = model.outputTwins().get(t);
            if (twin != null) out.add(twin);
        }
        return out;
    }

    /**
     * One selection over the candidate paths: the cover works on what each path's history
     * claims; a chosen path becomes a packet only after forwarding its header concretely, which
     * says what the packet observes (a branch elsewhere may hide a rule's loss). Elements a chosen
     * packet claims but does not observe are covered by another round of the greedy cover over
     * the paths not yet tried.
     */
    private static final class Selection {
        private final Network network;
        private final Forwarder forwarder;
        private final ElementIds ids;
        private final Candidates candidates;
        private final IntPredicate sink;
        private final SelectOptions options;
        private final Phases phases;
        private final Random random;
        /** Whether each element (by number) lies on some candidate's claims and may be covered: the universe. */
        private final boolean[] inUniverse;
        private final int universeSize;
        /**
         * The candidate of each set: sets are numbered in the seeded order of the candidates, which
         * decides ties in the greedy cover, so the cover's passes over millions of sets read memory
         * in order.
         */
        private final Candidates.Order order;
        /** Per element, whether claims of the cover's kind may name it (--only). */
        private final boolean[] allowed;
        /**
         * The cover's sets: each set's claims, held flat or read from its candidate's history when
         * asked for ({@link ClaimStore}). The raw Stanford backbone's 76.6 million candidates claim
         * 390 million elements, which held flat take more memory than the history trees they are
         * read from, and a small heap has no room for them.
         */
        private final SetCover.Family sets;
        private final long claimCount;
        /** Whether {@link #sets} are held flat (else read from the histories), and in two bytes a claim. */
        private final boolean flat;
        private final boolean narrowClaims;
        private final Set<String> packetIds = new HashSet<>();
        private long unverified;

        Selection(Network network, Forwarder forwarder, ElementIds ids, Candidates candidates, IntPredicate sink, SelectOptions options,
                  Phases phases, ClaimStore claimStore) {
            this.network = network;
            this.forwarder = forwarder;
            this.ids = ids;
            this.candidates = candidates;
            this.sink = sink;
            this.options = options;
            this.phases = phases;
            this.random = new Random(options.seed());
            requireKnown(ids, options.only(), "--only");
            requireKnown(ids, options.weights().keySet(), "--critical");
            allowed = new boolean[ids.size()];
            for (int e = 0; e < allowed.length; e++) allowed[e] = options.only().isEmpty() || options.only().contains(ids.id(e));
            order = candidates.shuffledOrder(options.seed());
            SetCover.Family fromHistories = new SetCover.Family() {
                @Override
                public int size() {
                    return order.size();
                }

                @Override
                public SetCover.Cursor cursor() {
                    Candidates.Reader reader = candidates.new Reader();
                    IntArrayList history = new IntArrayList(), claimed = new IntArrayList();
                    return new SetCover.Cursor() {
                        @Override
                        public int at(int set) {
                            claimed.clear();
                            claims(reader, order.candidate(set), history, claimed);
                            return claimed.size();
                        }

                        @Override
                        public int element(int k) {
                            return claimed.getInt(k);
                        }
                    };
                }
            };
            // The universe (every element some set claims) and each set's claim count, on every
            // core: the threads' marks are all "true", so their writes agree.
            int n = order.size();
            inUniverse = new boolean[ids.size()];
            int[] start = new int[n + 1];
            setsWhere(fromHistories, null, 0, n, set -> true, (set, claims, count) -> {
                for (int k = 0; k < count; k++) inUniverse[claims.element(k)] = true;
                start[set + 1] = count;
                return false;
            });
            long total = 0;
            for (int set = 0; set < n; set++) total += start[set + 1];
            claimCount = total;
            // Element numbers below 65,536 (the raw Stanford backbone has 20,000-odd) are held in two bytes.
            narrowClaims = ids.size() <= Character.MAX_VALUE + 1;
            flat = switch (claimStore) {
                case FLAT -> true;
                case FROM_HISTORIES -> false;
                case AS_THE_HEAP_ALLOWS -> total <= Integer.MAX_VALUE - 8 && roomToHoldFlat((narrowClaims ? 2 : 4) * total, n);
            };
            if (flat) {
                for (int set = 0; set < n; set++) start[set + 1] += start[set];
                char[] narrow = narrowClaims ? new char[Math.toIntExact(total)] : null;
                int[] wide = narrowClaims ? null : new int[Math.toIntExact(total)];
                setsWhere(fromHistories, null, 0, n, set -> true, (set, claims, count) -> {
                    for (int k = 0, at = start[set]; k < count; k++, at++) {
                        if (narrow != null) narrow[at] = (char) claims.element(k);
                        else wide[at] = claims.element(k);
                    }
                    return false;
                });
                sets = narrowClaims ? SetCover.Family.flat(start, narrow) : SetCover.Family.flat(start, wide);
            } else {
                sets = fromHistories;
            }
            int size = 0;
            for (boolean b : inUniverse) if (b) size++;
            universeSize = size;
            if (size == 0) {
                throw new BadInputException(null, null, "nothing to cover: no " + (options.cover() == Cover.LINKS ? "link" : "rule or ACL entry")
                        + (options.only().isEmpty() ? "" : " of --only") + " lies on a path between the " + options.sources().size()
                        + " terminals", "choose more terminals (--terminals all) or other elements", null);
            }
        }

        /** Elements named in an option must be the model's: a typo would silently select nothing. */
        private static void requireKnown(ElementIds ids, Set<String> named, String option) {
            List<String> unknown = named.stream().filter(id -> ids.element(id) < 0).sorted().toList();
            if (!unknown.isEmpty()) {
                throw new UsageException(option + ": the model has no rule, ACL entry or link " + String.join(", ", unknown),
                        "name elements as the suite's histories do: rule ids, acl:<acl>#<n>, link ids");
            }
        }

        /**
         * Appends the elements of the cover's kind path {@code c} would test, by element number,
         * distinct, those {@code allowed}: an expected-absent path only its drop rule or deny entry
         * (upstream losses look like success), any other path its whole history, in no particular
         * order (the cover reads sets as sets).
         */
        private void claims(Candidates.Reader reader, int c, IntArrayList history, IntArrayList into) {
            boolean links = options.cover() == Cover.LINKS;
            if (sink.test(reader.destination(c))) {
                int last = reader.lastStep(c);
                if (!links && !ids.isLink(last) && allowed[last]) into.add(last);
                return;
            }
            history.clear();
            reader.historyBackwards(c, history);
            int from = into.size();
            for (int i = 0, length = history.size(); i < length; i++) {
                int e = history.getInt(i);
                if (ids.isLink(e) != links || !allowed[e]) continue;
                boolean seen = false;
                for (int k = from; k < into.size() && !seen; k++) seen = into.getInt(k) == e;
                if (!seen) into.add(e);
            }
        }

        Suite run(long pairs, long reachExercisedRules) {
            double[] weight = new double[ids.size()];
            for (int e = 0; e < weight.length; e++) if (inUniverse[e]) weight[e] = options.weights().getOrDefault(ids.id(e), 1.0);
            // Sets are numbered in the seeded order: a set's rank is its number.
            SetCover cover = new SetCover(sets, weight);
            SetCover.Cursor cursor = sets.cursor();
            boolean[] covered = new boolean[ids.size()];
            int[] misses = new int[ids.size()];
            BitSet tried = new BitSet();
            List<TestPacket> tests = new ArrayList<>();
            List<int[]> testSets = new ArrayList<>();
            int[] among = null;
            while (true) {
                int[] round = among == null ? cover.greedy(covered.clone(), tried) : cover.greedy(covered.clone(), tried, among);
                if (round.length == 0) break;
                Made[] made = make(round);
                for (int r = 0; r < round.length; r++) {
                    int i = round[r];
                    tried.set(i);
                    TestPacket t = accept(made[r]);
                    if (t == null) continue;
                    int[] observed = observedUniverse(t);
                    boolean useful = false;
                    for (int u : observed) if (!covered[u]) useful = covered[u] = true;
                    for (int k = 0, count = cursor.at(i); k < count; k++) {
                        int u = cursor.element(k);
                        // Given up: no longer worth anything to the cover.
                        if (!covered[u] && ++misses[u] >= MAX_MISSES) weight[u] = 0;
                    }
                    if (!useful) continue;
                    tests.add(t);
                    testSets.add(observed);
                }
                // Later rounds only need the paths through what is still open.
                among = holding(covered, weight, tried, among);
                if (among.length == 0) break;
            }
            tests = withoutRedundant(tests, testSets, ids.size());
            for (TestPacket t : List.copyOf(tests)) tests.addAll(samples(t));
            phases.end("cover", String.format("%,d regular packets, %,d paths tried (%,d claims, %s)", tests.size(),
                    tried.cardinality(), claimCount, !flat ? "read from the histories" : narrowClaims ? "held flat, 2 bytes each" : "held flat"));
            List<TestPacket> reserved = reserve(tried);
            phases.end("reserve", String.format("%,d reserved packets", reserved.size()));

            BitSet onPaths = candidates.elements();
            Set<String> reachableRules = new HashSet<>(), reachableLinks = new HashSet<>();
            for (int e = onPaths.nextSetBit(0); e >= 0; e = onPaths.nextSetBit(e + 1))
                (ids.isLink(e) ? reachableLinks : reachableRules).add(ids.id(e));
            Set<String> coveredRules = new HashSet<>(), coveredLinks = new HashSet<>();
            tests.forEach(t -> { coveredRules.addAll(t.rules()); coveredLinks.addAll(t.links()); });
            coveredRules.retainAll(reachableRules);
            coveredLinks.retainAll(reachableLinks);
            long coveredCount = 0;
            for (int e = 0; e < covered.length; e++) if (covered[e] && inUniverse[e]) coveredCount++;
            double coverage = (double) coveredCount / universeSize;
            Map<Integer, Long> perPort = tests.stream().collect(Collectors.groupingBy(TestPacket::ingress, Collectors.counting()));
            int terminals = new HashSet<>(options.sources()).size();
            Suite.Summary summary = new Suite.Summary(candidates.size(), tests.size(), reserved.size(), unverified,
                    tests.stream().filter(TestPacket::expectDrop).count(), reachableRules.size(), coveredRules.size(), coverage, universeSize,
                    reachableLinks.size(), coveredLinks.size(), pairs, reachExercisedRules, terminals,
                    terminals == 0 ? 0 : (double) tests.size() / terminals, perPort.values().stream().mapToLong(Long::longValue).max().orElse(0), 0);
            List<String> unobserved = new ArrayList<>();
            for (int e = 0; e < covered.length; e++) if (inUniverse[e] && !covered[e]) unobserved.add(ids.id(e));
            return new Suite(options.cover(), tests, reserved, summary, unobserved.stream().sorted().toList());
        }

        /**
         * The untried sets whose claims hold an element not yet covered that still has weight, in
         * set order, from {@code before}, the previous round's (null: every set): covered
         * elements, given-up weights and tried sets only grow, so each round's sets are among the
         * last.
         */
        private int[] holding(boolean[] covered, double[] weight, BitSet tried, int[] before) {
            return setsWhere(sets, before, 0, before == null ? order.size() : before.length, set -> !tried.get(set), (set, claims, count) -> {
                for (int k = 0; k < count; k++) {
                    int e = claims.element(k);
                    if (!covered[e] && weight[e] > 0) return true;
                }
                return false;
            });
        }

        /**
         * The sets of {@code family} at positions {@code from .. to} of {@code among} (null: the
         * sets of those numbers), in order, that {@code consider} takes and whose claims {@code
         * holds} accepts: read on every core, a chunk of sets per task, each with its own cursor.
         */
        private static int[] setsWhere(SetCover.Family family, int[] among, int from, int to, IntPredicate consider, ClaimsTest holds) {
            int chunks = (to - from + CLAIM_CHUNK - 1) / CLAIM_CHUNK;
            int[][] found = new int[chunks][];
            IntStream.range(0, chunks).parallel().forEach(k -> {
                SetCover.Cursor cursor = family.cursor();
                IntArrayList out = new IntArrayList();
                for (int i = from + k * CLAIM_CHUNK, end = Math.min(to, from + (k + 1) * CLAIM_CHUNK); i < end; i++) {
                    int set = among == null ? i : among[i];
                    if (consider.test(set) && holds.test(set, cursor, cursor.at(set))) out.add(set);
                }
                found[k] = out.toIntArray();
            });
            int total = 0;
            for (int[] f : found) total += f.length;
            int[] all = new int[total];
            int at = 0;
            for (int[] f : found) {
                System.arraycopy(f, 0, all, at, f.length);
                at += f.length;
            }
            return all;
        }

        /** A test of a set by its claims: {@code count} of them, read from {@code claims}, moved to the set. */
        @FunctionalInterface
        private interface ClaimsTest {
            boolean test(int set, SetCover.Cursor claims, int count);
        }

        /**
         * Whether {@code bytes} of claims take at most a third of the heap left free (after a full
         * collection, when they are not small anyway) once the cover's own arrays are set aside,
         * about 12 bytes a set (its lists of sets by gain, with their room to grow, and each
         * round's sets): the rest is room for the packets it makes. With a third of the free heap
         * alone, 5 GB held the raw Stanford backbone's 390.6 million claims in two bytes each and
         * then ran out of memory in the cover.
         */
        private static boolean roomToHoldFlat(long bytes, long sets) {
            Runtime runtime = Runtime.getRuntime();
            long cover = 12 * sets;
            if (bytes + cover <= runtime.maxMemory() / 16) return true;
            System.gc();
            return 3 * bytes + cover <= runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        }

        /** The numbers of the universe's elements {@code t} observes. */
        private int[] observedUniverse(TestPacket t) {
            IntArrayList out = new IntArrayList();
            for (String id : t.observed()) {
                int e = ids.element(id);
                if (e >= 0 && inUniverse[e] && !out.contains(e)) out.add(e);
            }
            return out.toIntArray();
        }

        /** A set's packet as made, before the selection takes it: {@code packet} null if it does not retrace the path. */
        private record Made(String id, TestPacket packet) {}

        /**
         * The packets of {@code sets}, made on every core (forwarding is read-only), in order;
         * {@link #accept} then takes them one by one, so the outcome does not depend on threads.
         */
        private Made[] make(int[] sets) {
            Made[] out = new Made[sets.length];
            IntStream.range(0, sets.length).parallel().forEach(i -> out[i] = make(order.candidate(sets[i])));
            return out;
        }

        /**
         * The path's packet: its example header taken back to the ingress, forwarded concretely,
         * with what it observes.
         */
        private Made make(int c) {
            List<String> history = historyIds(c);
            int source = candidates.source(c), destination = candidates.destination(c);
            long[] values = ingressHeader(network, source, history, candidates.example(c));
            String id = TestPacket.idOf(source, values);
            Forwarder.Trace trace = forwarder.forward(source, values);
            Set<String> seen = new HashSet<>(trace.rules());
            seen.addAll(trace.links());
            // The example is taken at the destination; after rewrites it may not retrace the path.
            if (!seen.containsAll(history) || !(sink.test(destination) || trace.egress().containsKey(destination)))
                return new Made(id, null);
            return new Made(id, observed(network, forwarder, TestPacket.of(id, source, header(network, values), trace, List.of()), trace));
        }

        /** The made packet, or null if it repeats a packet already taken or does not retrace its path (counted). */
        private TestPacket accept(Made m) {
            if (packetIds.contains(m.id())) return null;
            if (m.packet() == null) {
                unverified++;
                return null;
            }
            packetIds.add(m.id());
            return m.packet();
        }

        private List<String> historyIds(int c) {
            List<String> out = new ArrayList<>();
            for (int e : candidates.history(c)) out.add(ids.id(e));
            return out;
        }

        /** The k-1 further packets of a chosen path, with the bits its rules ignore drawn at random. */
        private List<TestPacket> samples(TestPacket t) {
            List<TestPacket> out = new ArrayList<>();
            List<String> history = new ArrayList<>(t.rules());
            for (int k = 1; k < options.samplesPerPath(); k++) {
                long[] values = draw(network, history, t.values(), random);
                String id = TestPacket.idOf(t.ingress(), values);
                if (packetIds.contains(id)) continue;
                Forwarder.Trace trace = forwarder.forward(t.ingress(), values);
                if (!trace.egress().equals(t.expected()) || !t.arrivesAs(trace) || !trace.rules().equals(t.rules())
                        || !trace.links().equals(t.links())) continue;
                packetIds.add(id);
                out.add(TestPacket.of(id, t.ingress(), header(network, values), trace, t.observed()));
            }
            return out;
        }

        /** Up to {@code reservedPerElement} packets per element, from paths the cover did not try, in set order. */
        private List<TestPacket> reserve(BitSet tried) {
            int[] kept = new int[ids.size()];
            List<TestPacket> out = new ArrayList<>();
            int perElement = options.reservedPerElement();
            if (perElement == 0) return out;
            IntArrayList batch = new IntArrayList(RESERVE_BATCH);
            SetCover.Cursor cursor = sets.cursor();
            IntPredicate wanted = set -> wanted(cursor, cursor.at(set), kept, perElement);
            int[] window = {};
            for (int next = 0, at = 0; next < order.size() || at < window.length; ) {
                // The packets of the next sets still wanted, made together; one wanted no more once
                // the batch's earlier packets are kept is passed over, as if never made.
                batch.clear();
                while (batch.size() < RESERVE_BATCH) {
                    if (at == window.length) {
                        if (next == order.size()) break;
                        // The untried sets wanted now, a window at a time on every core: the counts
                        // kept only grow, so a set not wanted now is never wanted later.
                        int to = Math.min(order.size(), next + RESERVE_WINDOW);
                        window = setsWhere(sets, null, next, to, set -> !tried.get(set), (set, claims, count) -> wanted(claims, count, kept, perElement));
                        at = 0;
                        next = to;
                        continue;
                    }
                    int set = window[at++];
                    if (wanted.test(set)) batch.add(set);
                }
                Made[] made = make(batch.toIntArray());
                for (int b = 0; b < made.length; b++) {
                    if (!wanted.test(batch.getInt(b))) continue;
                    reserveOne(accept(made[b]), kept, perElement, out);
                }
            }
            return out;
        }

        /** Whether a set's claims, {@code count} read from {@code claims}, hold an element with fewer packets kept than wanted. */
        private static boolean wanted(SetCover.Cursor claims, int count, int[] kept, int perElement) {
            for (int k = 0; k < count; k++) if (kept[claims.element(k)] < perElement) return true;
            return false;
        }

        /** Keeps {@code t} (null: none) as a reserved packet if it observes an element with too few. */
        private void reserveOne(TestPacket t, int[] kept, int perElement, List<TestPacket> out) {
            if (t == null) return;
            int[] observed = observedUniverse(t);
            boolean useful = false;
            for (int u : observed) useful |= kept[u] < perElement;
            if (!useful) return;
            for (int u : observed) kept[u]++;
            out.add(t);
        }
    }

    /**
     * {@code tests} without those whose every observed element another kept test observes too,
     * checked from the last chosen back (a later round can make an earlier packet redundant).
     */
    private static List<TestPacket> withoutRedundant(List<TestPacket> tests, List<int[]> sets, int elements) {
        int[] count = new int[elements];
        for (int[] set : sets) for (int u : set) count[u]++;
        BitSet dropped = new BitSet();
        for (int i = tests.size() - 1; i >= 0; i--) {
            boolean redundant = true;
            for (int u : sets.get(i)) redundant &= count[u] > 1;
            if (!redundant) continue;
            dropped.set(i);
            for (int u : sets.get(i)) count[u]--;
        }
        List<TestPacket> out = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) if (!dropped.get(i)) out.add(tests.get(i));
        return out;
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
        List<String> names = network.layout().names();
        for (int i = 0; i < values.length; i++) out.put(names.get(i), values[i]);
        return out;
    }

    /**
     * {@code t} with the elements whose failure it observes. An expected-absent packet observes
     * only its drop rules and the ACL deny entries whose permitting would deliver it (failing by
     * forwarding; upstream losses look like success), see {@link DropFlip#observes}. Any other
     * packet observes the elements whose loss changes its arrivals, the trace's observable ones, and
     * the deny entries that stop some of its copies if their permitting would add a copy (a
     * broadcast copy denied at one router while others arrive).
     */
    private static TestPacket observed(Network network, Forwarder forwarder, TestPacket t, Forwarder.Trace trace) {
        List<String> observed = t.expectDrop()
                ? t.rules().stream().filter(r -> DropFlip.observes(network, forwarder, t, r)).toList()
                : java.util.stream.Stream.concat(trace.observable().stream(),
                        t.rules().stream().filter(r -> DropFlip.isDenyEntry(network, r) && DropFlip.observes(network, forwarder, t, r))).toList();
        return new TestPacket(t.id(), t.ingress(), t.header(), t.expected(), t.copies(), t.rules(), t.links(), t.deadEnds(), observed);
    }
}
