package org.sonde.dataplane.reach;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.sonde.dataplane.hsa.HeaderAlgebra;
import org.sonde.dataplane.hsa.HeaderSpace;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.reach.ReachResult.Loop;
import org.sonde.dataplane.reach.ReachResult.PairReach;
import org.sonde.dataplane.reach.ReachResult.PathHistory;

/**
 * All-pairs reachability by header space propagation, one BDD per path.
 *
 * <p>A space arriving at a port is matched against the rules of that port's device that list the
 * port as an in-port; each rule takes the part of the space it claims under the table's policy,
 * rewrites it and copies it to its out-ports other than the port it was applied at (hassel's
 * split horizon: its one-stage models number a port's in and out sides alike). With
 * {@link ReachOptions#stages()} n &gt; 1 the outputs of the first n-1 applications are fed back
 * to the same device at their output port. After the last stage a space <em>leaves</em> by its
 * output port, unless that is the {@linkplain ReachOptions#outputTwins() output twin} of the
 * port it arrived at (split horizon again, for models with separate output ports): that port is a destination of the source (unless it is the source itself), and
 * the space crosses every link from it to the peer port, where the next device applies its table.
 *
 * <p>A path ends where nothing matches, at a port without links, or at a loop: arriving over a
 * link at a port the path already passed (arrived at or left by), carrying headers it carried
 * there before. As in hassel the check is made on arrival, so the port a space leaves by is
 * always delivered to. Unlike hassel, which stops at any revisit, a revisit with disjoint headers
 * (possible after rewrites) goes on; a port can be revisited with new headers only finitely often.
 *
 * <p>Between the wire and the table stand the port's VLAN membership and ACLs ({@link AclFilter}):
 * a space arriving at a port (from a link, or injected at a source) passes the port's IN ACLs
 * before the table, and a space leaving by a port passes its OUT ACLs before it is delivered
 * there or crosses its links. Every permit entry a part passes is a step of its history, like a
 * rule; denied parts end (or, with {@link ReachOptions#aclDenySinks()}, are flipped: followed as
 * if permitted and recorded at the entry's sink, with an example header as it passed the entry
 * when a rule after it rewrote the header). Every ACL ends in its implicit deny, entry n+1. Stages fed back inside a device (n &gt; 1) do
 * not cross a port.
 *
 * <p>Header changes are the model's set-field and set-VLAN actions; VLAN push and pop have no
 * meaning on a fixed header layout and are rejected.
 *
 * <p>A rule, ACL entry or link is exercised when it lies on a path that delivers headers
 * somewhere: what ATPG can test with a packet. Rules that only drop, or only feed loops, are not.
 * ACL entries count as rules ({@link ReachResult#exercisedRules()}, ids {@code acl:<acl>#<n>}).
 */public final class Reachability {
    private Reachability() {}

    /**
     * Computes reachability over {@code network} from {@code options}' sources, on as many
     * threads as {@link ReachOptions#workers()} says. An algebra is not thread-safe, so each
     * worker compiles the tables into its own and takes whole sources from a shared queue (and
     * compiles them again into a fresh algebra when the dead nodes of the sources it has done fill
     * its share of the heap: {@link ReachOptions#algebraNodes()}); sources partition the pairs, so
     * merging needs no header space of another worker.
     */
    public static ReachResult compute(Network network, ReachOptions options) {
        return compute(network, options, new ElementIds(network), null);
    }

    /**
     * As {@link #compute(Network, ReachOptions)}, and also hands every delivered path to a
     * listener: {@code listeners} is called once per worker, on that worker's thread, and must
     * therefore be thread-safe; histories are numbered by {@code ids}, the caller's numbering of
     * {@code network}.
     */
    public static ReachResult compute(Network network, ReachOptions options, ElementIds ids, Supplier<PathListener> listeners) {
        return compute(network, options, ids, listeners, ReachProgress.NONE);
    }

    /** As {@link #compute(Network, ReachOptions, ElementIds, Supplier)}, telling {@code progress} of every source searched. */
    public static ReachResult compute(Network network, ReachOptions options, ElementIds ids, Supplier<PathListener> listeners, ReachProgress progress) {
        for (int source : options.sources())
            if (network.port(source).isEmpty()) throw new IllegalArgumentException("unknown source port " + source);
        AtomicInteger next = new AtomicInteger(), done = new AtomicInteger();
        int workers = Math.max(1, Math.min(options.workers(), options.sources().size()));
        List<Partial> partials;
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            List<Future<Partial>> futures = new ArrayList<>();
            for (int w = 0; w < workers; w++)
                futures.add(pool.submit(() -> work(network, ids, options, listeners == null ? null : listeners.get(), next, done, progress, workers)));
            partials = new ArrayList<>();
            for (Future<Partial> f : futures) partials.add(f.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("reachability interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            // Errors (out of memory above all) are the caller's to report as they are.
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException("reachability failed", e.getCause());
        }
        return merge(ids, options, partials);
    }

    /** One worker's share: its sources' pairs and loops, with what it exercised and how long it took. */
    private record Partial(List<PairReach> pairs, BitSet exercised, List<Loop> loops,
                           long paths, long compileNanos, long searchNanos, int freshAlgebras) {
        static final Partial NONE = new Partial(List.of(), new BitSet(), List.of(), 0, 0, 0, 0);

        /** This share, then {@code later}'s: sources are whole in either, loops in search order. */
        Partial then(Partial later) {
            List<PairReach> p = new ArrayList<>(pairs);
            p.addAll(later.pairs);
            BitSet e = (BitSet) exercised.clone();
            e.or(later.exercised);
            List<Loop> l = new ArrayList<>(loops);
            l.addAll(later.loops);
            return new Partial(p, e, l, paths + later.paths, compileNanos + later.compileNanos, searchNanos + later.searchNanos,
                    freshAlgebras + later.freshAlgebras);
        }
    }

    /**
     * BDD nodes a worker's algebra may hold before the worker starts a fresh one: its tables take
     * up to 40 bytes a node (12 for the node, 8 of the unique table at half load, 16 of the operation
     * cache, and a table just doubled is half empty), and the workers' algebras together may take
     * an eighth of the heap. The raw Stanford backbone's two workers reach 8 to 16 million nodes
     * each, most of them dead; an 8 GB heap lets them.
     */
    static long algebraNodesByHeap(int workers) {
        return Runtime.getRuntime().maxMemory() / 8 / workers / 40;
    }

    private static Partial work(Network network, ElementIds ids, ReachOptions options, PathListener listener, AtomicInteger next,
                                AtomicInteger done, ReachProgress progress, int workers) {
        long limit = options.algebraNodes() > 0 ? options.algebraNodes() : algebraNodesByHeap(workers);
        Partial share = Partial.NONE;
        Search search = null;
        long compile = 0, start = System.nanoTime();
        int told = 0, fresh = 0;
        Flow initial = null;
        for (int i = next.getAndIncrement(); i < options.sources().size(); i = next.getAndIncrement()) {
            if (search == null || search.algebra.nodeCount() > limit) {
                // A fresh algebra drops the nodes (and the memos naming them) of the sources done.
                if (search != null) {
                    share = share.then(search.partial());
                    told = search.nodes;
                    fresh++;
                }
                long t0 = System.nanoTime();
                HeaderAlgebra algebra = new HeaderAlgebra(network.layout());
                Transfer transfer = new Transfer(network, algebra, ids);
                AclFilter acls = new AclFilter(network, algebra, transfer, options.aclDenySinks());
                // A match is a cube: the initial flow is exact.
                initial = transfer.exact(transfer.cube(options.initial()));
                search = new Search(network, ids, options, transfer, acls, listener, told);
                compile += System.nanoTime() - t0;
            }
            int source = options.sources().get(i);
            search.arrive(source, source, initial, null, null);
            progress.sources(done.incrementAndGet(), options.sources().size());
        }
        if (search != null) share = share.then(search.partial());
        return new Partial(share.pairs(), share.exercised(), share.loops(), share.paths(), compile, System.nanoTime() - start - compile, fresh);
    }

    private static ReachResult merge(ElementIds ids, ReachOptions options, List<Partial> partials) {
        Map<Integer, Integer> order = new HashMap<>();
        for (int i = 0; i < options.sources().size(); i++) order.putIfAbsent(options.sources().get(i), i);
        List<PairReach> pairs = new ArrayList<>();
        List<Loop> loops = new ArrayList<>();
        TreeSet<String> rules = new TreeSet<>(), links = new TreeSet<>();
        long paths = 0, compile = 0, search = 0;
        int fresh = 0;
        for (Partial p : partials) {
            fresh += p.freshAlgebras();
            pairs.addAll(p.pairs());
            loops.addAll(p.loops());
            for (int e = p.exercised().nextSetBit(0); e >= 0; e = p.exercised().nextSetBit(e + 1))
                (ids.isLink(e) ? links : rules).add(ids.id(e));
            paths += p.paths();
            compile = Math.max(compile, p.compileNanos());
            search = Math.max(search, p.searchNanos());
        }
        pairs.sort(Comparator.comparingInt(PairReach::source).thenComparingInt(PairReach::destination));
        // A stable sort keeps each source's loops in search order.
        loops.sort(Comparator.comparingInt(l -> order.get(l.source())));
        return new ReachResult(pairs, rules, links, loops, paths,
                new ReachResult.Timings(compile / 1_000_000, search / 1_000_000, fresh));
    }

    /** The field name to value map of a header, for results that need no layout. */
    static Map<String, Long> example(HeaderLayout layout, long[] values) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) out.put(layout.fields().get(i).name(), values[i]);
        return out;
    }

    /** The rules and links of a path (by {@link ElementIds} number), newest last, shared between branches. */
    private static final class Trail {
        final int element;
        final int length;
        final Trail previous;
        /** The step of the path's flipped ACL deny entry, or null: asked at every port, so kept, not searched. */
        final Trail flipped;
        /** At a flipped step, what got through the filters there; null elsewhere. */
        final Flow flowAtFlip;
        /** Whether a rule since the flipped step rewrote the header (its delivery then does not show it as it was there). */
        final boolean rewrittenSinceFlip;
        /** Whether this step and all before it are already counted as exercised. */
        boolean counted;
        /** The listener's number for this step ({@link PathListener#step}), or -1 while not told. */
        int node = -1;
        /** The last ACL entry's step made after this one by {@link #afterEntry}. */
        private Trail lastEntry;

        /**
         * A step after {@code previous}; {@code flowAtFlip} non-null makes it a flipped deny
         * entry's, {@code rewrites} says whether the step's rule rewrites the header.
         */
        Trail(int element, Trail previous, Flow flowAtFlip, boolean rewrites) {
            this.element = element;
            this.previous = previous;
            this.length = previous == null ? 1 : previous.length + 1;
            this.flowAtFlip = flowAtFlip;
            this.flipped = flowAtFlip != null ? this : previous == null ? null : previous.flipped;
            this.rewrittenSinceFlip = flowAtFlip == null && flipped != null && (rewrites || previous.rewrittenSinceFlip);
        }

        /**
         * The step of an ACL entry passed as it is (not flipped) after {@code previous}: the last
         * one made after it if it is the same entry's, so the listener hears of it once. The
         * search meets an entry again from the same step where a flow leaves by several ports its
         * ACL is bound to (an SVI's ACL on the ports of its VLAN: 45 million of the raw Stanford
         * backbone's 186 million steps with all terminals).
         */
        static Trail afterEntry(Trail previous, int entry) {
            if (previous == null) return new Trail(entry, null, null, false);
            Trail next = previous.lastEntry;
            if (next == null || next.element != entry) {
                next = new Trail(entry, previous, null, false);
                previous.lastEntry = next;
            }
            return next;
        }

        static int[] elements(Trail t) {
            int[] out = new int[t == null ? 0 : t.length];
            for (int i = out.length - 1; t != null; t = t.previous) out[i--] = t.element;
            return out;
        }

        static List<String> list(Trail t, ElementIds ids) {
            List<String> out = new ArrayList<>();
            for (int e : elements(t)) out.add(ids.id(e));
            return out;
        }
    }

    /** The ports a path passed (arrived at or left by) with what it carried there, newest first. */
    private record Visit(int port, Flow flow, Visit previous) {}

    private static final class PairAcc {
        /** The distinct spaces delivered, united once at the end (a running union costs more). */
        final Set<HeaderSpace> spaces = new HashSet<>();
        /** The first path's smallest header, when the union is not asked for. */
        long[] example;
        long paths;
        final List<PathHistory> histories = new ArrayList<>();
    }

    private static final class Search {
        /**
         * Port ids below this are counted in an array for the loop check, at most 8 MB per worker
         * (hassel's ids reach 920,033, the Stanford imports' 1.6 million); above it, the visits are walked.
         */
        private static final int MAX_DENSE_PORT = 1 << 21;
        private final Network network;
        private final ElementIds ids;
        private final ReachOptions options;
        private final Transfer transfer;
        private final PathListener listener;
        private final HeaderAlgebra algebra;
        private final AclFilter acls;
        private final IntOpenHashSet sources;
        private final Int2IntOpenHashMap twinOf;
        /** {@code twinOf} as an array for the ports {@link #onPath} counts: asked at every arrival. */
        private final int[] denseTwins;
        /** Per port, the links leaving it as (destination port, element number) pairs, flat. */
        private final Int2ObjectOpenHashMap<IntArrayList> linkSteps = new Int2ObjectOpenHashMap<>();
        /** Each element's deny sink when it is a flipped ACL deny entry, else -1. */
        private final int[] sinkOf;
        /**
         * What a port's filters let through, by (port, direction, space node): like tables, the
         * filters meet the same space once per source that reaches the port alike.
         */
        private final Long2ObjectOpenHashMap<List<Passed>> filteredCache = new Long2ObjectOpenHashMap<>();
        /** The same for exact flows that stay cubes, by (2 * port + direction, flow number). */
        private final Long2ObjectOpenHashMap<List<Passed>> exactFilteredCache = new Long2ObjectOpenHashMap<>();
        /** (source, deny sink) pairs recorded: a flipped entry reaches its sink once per source. */
        private final LongOpenHashSet flipsRecorded = new LongOpenHashSet();
        private final Long2ObjectOpenHashMap<PairAcc> pairs = new Long2ObjectOpenHashMap<>();
        /**
         * The pairs of the source being searched ({@code pairsSource}), by destination, also in
         * {@link #pairs}: asked once per path, a table of one source's few hundred destinations
         * stays in the caches where the table of all pairs does not.
         */
        private final Int2ObjectOpenHashMap<PairAcc> sourcePairs = new Int2ObjectOpenHashMap<>();
        private int pairsSource;
        private final BitSet exercised = new BitSet();
        private final List<Loop> loops = new ArrayList<>();
        private long paths;
        /** Steps told to the listener so far. */
        private int nodes;
        /**
         * Per port id (those below its length), how many visits of the current path are at the
         * port: a path rarely comes back to a port, and one it never passed needs no walk of its
         * visits for the loop check.
         */
        private final int[] onPath;

        /** {@code told}: steps an earlier search of the worker told {@code listener}, whose numbering goes on. */
        Search(Network network, ElementIds ids, ReachOptions options, Transfer transfer, AclFilter acls, PathListener listener, int told) {
            this.nodes = told;
            this.network = network;
            this.ids = ids;
            this.options = options;
            this.transfer = transfer;
            this.acls = acls;
            this.listener = listener;
            this.algebra = transfer.algebra();
            this.sources = new IntOpenHashSet(options.sources());
            this.twinOf = new Int2IntOpenHashMap(options.outputTwins());
            twinOf.defaultReturnValue(-1);
            for (Link l : network.links())
                linkSteps.computeIfAbsent(l.fromPortId(), p -> new IntArrayList()).addAll(IntList.of(l.toPortId(), ids.element(l.id())));
            this.sinkOf = new int[ids.size()];
            int maxPort = network.ports().stream().mapToInt(Port::id).max().orElse(-1);
            this.onPath = new int[maxPort < MAX_DENSE_PORT ? maxPort + 1 : 0];
            this.denseTwins = new int[onPath.length];
            for (int p = 0; p < denseTwins.length; p++) denseTwins[p] = twinOf.get(p);
            for (int e = 0; e < sinkOf.length; e++) sinkOf[e] = ids.isAclEntry(e) ? acls.sinkOf(ids.id(e)) : -1;
        }

        /** What the port's IN filters pass goes on to the table; the loop check sees only that. */
        void arrive(int source, int port, Flow flow, Trail trail, Visit visits) {
            if (flipDone(source, trail)) return;
            if (acls.filters(port, AclBinding.Direction.IN)) {
                for (Passed p : passed(port, AclBinding.Direction.IN, flow))
                    filtered(source, p, trail, (f, t) -> arrivePassed(source, port, f, t, visits));
                return;
            }
            arrivePassed(source, port, flow, trail, visits);
        }

        private void arrivePassed(int source, int port, Flow flow, Trail trail, Visit visits) {
            Visit here = visit(source, port, flow, trail, visits);
            if (here == null) return;
            enter(port);
            stage(source, counted(port) ? denseTwins[port] : twinOf.get(port), port, 1, flow, trail, here);
            exit(port);
        }

        /** The current path passes {@code port} once more. */
        private void enter(int port) {
            if (counted(port)) onPath[port]++;
        }

        private boolean counted(int port) {
            return port >= 0 && port < onPath.length;
        }

        /** The current path is back from its visit at {@code port}. */
        private void exit(int port) {
            if (counted(port)) onPath[port]--;
        }

        /** The visits extended by this one, or null (and a loop recorded) if it repeats an earlier one. */
        private Visit visit(int source, int port, Flow flow, Trail trail, Visit visits) {
            if (counted(port) && onPath[port] == 0) return new Visit(port, flow, visits);
            for (Visit v = visits; v != null; v = v.previous) {
                if (v.port == port && v.flow.overlaps(flow, algebra)) {
                    HeaderSpace again = flow.space(algebra).intersect(v.flow.space(algebra));
                    loops.add(new Loop(source, port, Trail.list(trail, ids),
                            example(algebra.layout(), again.pick().orElseThrow().values())));
                    return null;
                }
            }
            return new Visit(port, flow, visits);
        }

        /** Applies stage {@code stage} at {@code port} to a flow that arrived at the device by the port whose output twin is {@code twin}. */
        private void stage(int source, int twin, int port, int stage, Flow flow, Trail trail, Visit visits) {
            Transfer.Outputs outputs = transfer.apply(port, flow);
            for (int o = 0, n = outputs.size(); o < n; o++) {
                Trail next = new Trail(outputs.element(o), trail, null, outputs.rewrites(o));
                for (int out : outputs.outPorts(o)) {
                    if (out == port) continue;
                    if (stage < options.stages()) {
                        stage(source, twin, out, stage + 1, outputs.flow(o), next, visits);
                    } else if (twin != out) {
                        leave(source, out, outputs.flow(o), next, visits);
                    }
                }
            }
        }

        /** What the port's OUT filters pass is delivered there and crosses its links. */
        private void leave(int source, int port, Flow flow, Trail trail, Visit visits) {
            if (flipDone(source, trail)) return;
            if (acls.filters(port, AclBinding.Direction.OUT)) {
                for (Passed p : passed(port, AclBinding.Direction.OUT, flow))
                    filtered(source, p, trail, (f, t) -> leavePassed(source, port, f, t, visits));
                return;
            }
            leavePassed(source, port, flow, trail, visits);
        }

        /** A part of a flow that got through a port's filters: the entries that let it, by element number. */
        private record Passed(int[] steps, Flow flow, boolean flipped) {}

        private List<Passed> passed(int port, AclBinding.Direction d, Flow flow) {
            if (flow.exact()) {
                long at = ((long) (2 * port + d.ordinal()) << 32) | flow.id();
                List<Passed> known = exactFilteredCache.get(at);
                if (known != null) return known;
                List<AclFilter.Part> parts = acls.applyExact(port, d, flow.cube());
                if (parts != null) {
                    List<Passed> out = new ArrayList<>();
                    for (AclFilter.Part p : parts)
                        out.add(new Passed(p.steps().stream().mapToInt(ids::element).toArray(), transfer.exact(p.cube()), p.flipped()));
                    exactFilteredCache.put(at, out);
                    return out;
                }
            }
            long key = ((long) (2 * port + d.ordinal()) << 32) | (flow.space(algebra).node() & 0xffffffffL);
            List<Passed> known = filteredCache.get(key);
            if (known != null) return known;
            List<Passed> out = new ArrayList<>();
            for (AclFilter.Part p : acls.apply(port, d, flow.space(algebra), flow.cube()))
                out.add(new Passed(p.steps().stream().mapToInt(ids::element).toArray(), Flow.of(p.space(), p.cube()), p.flipped()));
            filteredCache.put(key, out);
            return out;
        }

        /** A part that got through the filters goes on with its ACL steps; one flipped a second time ends. */
        private void filtered(int source, Passed p, Trail trail, Next next) {
            if (p.flipped() && flip(trail) != null) return;
            Trail t = trail;
            for (int step : p.steps()) t = sinkOf[step] >= 0 ? new Trail(step, t, p.flow(), false) : Trail.afterEntry(t, step);
            if (p.flipped() && flipDone(source, t)) return;
            next.go(p.flow(), t);
        }

        /** Whether the path is flipped and its entry has reached its sink from this source: nothing left to find. */
        private boolean flipDone(int source, Trail trail) {
            Trail flip = flip(trail);
            return flip != null && flipsRecorded.contains(((long) source << 32) | sinkOf[flip.element]);
        }

        /** The flipped deny entry of a path, or null. */
        private Trail flip(Trail trail) {
            return trail == null ? null : trail.flipped;
        }

        /**
         * Records a delivery; a flipped path instead reaches its deny entry's sink, the first time
         * a path of the source flipped at that entry would leave by a source port without links,
         * with its history up to the entry.
         */
        private void deliver(int source, int port, Flow flow, Trail trail) {
            Trail flip = flip(trail);
            if (flip == null) record(source, port, flow, trail);
            else if (sources.contains(port) && !linkSteps.containsKey(port)
                    && flipsRecorded.add(((long) source << 32) | sinkOf[flip.element]))
                // A test packet is injected as it was at the entry: after a rewrite, what arrives here is not it.
                record(source, sinkOf[flip.element], flow, trail.rewrittenSinceFlip ? flip.flowAtFlip : flow, flip);
        }

        private interface Next {
            void go(Flow flow, Trail trail);
        }

        private void leavePassed(int source, int port, Flow flow, Trail trail, Visit visits) {
            // Like hassel, a space leaving by a port is delivered there even if the path came in
            // by that port (one-stage models number a port's in and out sides alike); the loop
            // check happens on arrival over a link, against every port the path passed.
            if (port != source) deliver(source, port, flow, trail);
            IntArrayList links = linkSteps.get(port);
            if (links == null) return;
            Visit here = new Visit(port, flow, visits);
            enter(port);
            for (int i = 0; i < links.size(); i += 2)
                arrive(source, links.getInt(i), flow, new Trail(links.getInt(i + 1), trail, null, false), here);
            exit(port);
        }

        private void record(int source, int destination, Flow flow, Trail trail) {
            record(source, destination, flow, flow, trail);
        }

        /** Records a path delivering {@code flow}, with its example header taken from {@code examples}. */
        private void record(int source, int destination, Flow flow, Flow examples, Trail trail) {
            paths++;
            for (Trail t = trail; t != null && !t.counted; t = t.previous) {
                t.counted = true;
                exercised.set(t.element);
            }
            if (listener != null && listener.wants(destination)) listener.path(source, destination, examples.sharedExample(algebra), node(trail));
            if (source != pairsSource) {
                sourcePairs.clear();
                pairsSource = source;
            }
            PairAcc acc = sourcePairs.get(destination);
            if (acc == null) {
                acc = pairs.computeIfAbsent(((long) source << 32) | (destination & 0xffffffffL), k -> new PairAcc());
                sourcePairs.put(destination, acc);
            }
            if (options.pairHeaders()) acc.spaces.add(flow.space(algebra));
            else if (acc.example == null) acc.example = examples.example(algebra);
            acc.paths++;
            if (acc.histories.size() < options.historiesPerPair())
                acc.histories.add(new PathHistory(Trail.list(trail, ids), flow.count(algebra), example(algebra.layout(), examples.example(algebra))));
        }

        /**
         * The listener's number of the trail's last step, telling it first the steps it has not
         * heard of: a trail's steps are shared by the branches after them, so a path costs only
         * its new steps, not a copy of its history.
         */
        private int node(Trail trail) {
            if (trail == null) return -1;
            if (trail.node < 0) {
                int parent = node(trail.previous);
                trail.node = nodes++;
                listener.step(trail.element, parent);
            }
            return trail.node;
        }

        /** The sources searched, their timings left to the worker. */
        Partial partial() {
            List<PairReach> out = new ArrayList<>(pairs.size());
            pairs.long2ObjectEntrySet().forEach(entry -> {
                long key = entry.getLongKey();
                PairAcc acc = entry.getValue();
                int source = (int) (key >>> 32), destination = (int) (long) key;
                if (!options.pairHeaders()) {
                    out.add(new PairReach(source, destination, null, example(algebra.layout(), acc.example), acc.paths, acc.histories));
                    return;
                }
                HeaderSpace headers = HeaderSpace.unionAll(algebra, acc.spaces);
                out.add(new PairReach(source, destination, headers.count(),
                        example(algebra.layout(), headers.pick().orElseThrow().values()), acc.paths, acc.histories));
            });
            return new Partial(out, exercised, loops, paths, 0, 0, 0);
        }
    }
}
