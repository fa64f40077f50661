package org.sonde.verify.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.SliceChecker;
import org.sonde.verify.check.SliceContext;
import org.sonde.verify.check.SubnetTrie;
import org.sonde.verify.check.Violation;
import org.sonde.verify.snapshot.Snapshot;

/**
 * Libra in this process, on plain Java threads. The map phase records per rule the run of subnets
 * it matches (one long per rule, see {@link SubnetTrie#matching}); the shuffle is a counting sort of
 * the (subnet, rule) pairs by subnet into one int array; the reduce checks each subnet's slice with
 * a {@link SliceChecker} per thread.
 */
public final class LocalBackend implements Backend {
    private final int threads;

    public LocalBackend(int threads) {
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        this.threads = threads;
    }

    public LocalBackend() {
        this(Runtime.getRuntime().availableProcessors());
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public VerificationResult verify(Snapshot s, Set<Check> checks, VerifyProgress progress) {
        return inPool(threads, () -> run(s, checks, progress));
    }

    /** Runs {@code body} on a fork-join pool of {@code threads}, so its parallel streams use that many. */
    static <T> T inPool(int threads, java.util.concurrent.Callable<T> body) {
        try (ForkJoinPool pool = new ForkJoinPool(threads)) {
            return pool.submit(body).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    private VerificationResult run(Snapshot s, Set<Check> checks, VerifyProgress progress) {
        long t0 = System.nanoTime();
        SliceContext context = s.context();
        SubnetTrie trie = new SubnetTrie(context.subnets());
        int rules = s.ruleCount(), subnets = s.subnetCount();
        long t1 = System.nanoTime();

        long[] ranges = SlicedRules.map(s, trie, progress);
        long t2 = System.nanoTime();
        SlicedRules sliced = SlicedRules.shuffle(ranges, subnets, threads * 4);
        long pairs = sliced.pairs();
        long t3 = System.nanoTime();
        progress.update("shuffle", pairs, pairs);

        List<Violation>[] found = reduce(s, context, sliced, checks, progress);
        List<Violation> violations = new ArrayList<>();
        for (List<Violation> f : found) violations.addAll(f);
        Collections.sort(violations);
        long t4 = System.nanoTime();
        return new VerificationResult(name(), checks, s.switchCount(), rules, subnets, pairs, violations,
                new PhaseTimes(t1 - t0, t2 - t1, t3 - t2, t4 - t3));
    }

    /** The reduce: each subnet's slice checked, on the calling fork-join pool; the violations per subnet. */
    static List<Violation>[] reduce(Snapshot s, SliceContext context, SlicedRules sliced, Set<Check> checks, VerifyProgress progress) {
        int subnets = s.subnetCount();
        ThreadLocal<SliceChecker> checkers = ThreadLocal.withInitial(() -> new SliceChecker(context, checks));
        ThreadLocal<int[][]> buffers = ThreadLocal.withInitial(() -> new int[][] {new int[1024]});
        @SuppressWarnings("unchecked")
        List<Violation>[] found = new List[subnets];
        AtomicLong reduced = new AtomicLong();
        IntStream.range(0, subnets).parallel().forEach(sub -> {
            int count = sliced.count(sub);
            int[][] holder = buffers.get();
            if (holder[0].length < count * SliceChecker.FIELDS) holder[0] = new int[count * SliceChecker.FIELDS * 2];
            int[] slice = holder[0];
            for (int k = 0; k < count; k++) SlicedRules.put(s, sliced.rule(sub, k), slice, k);
            found[sub] = checkers.get().check(sub, slice, count);
            long done = reduced.incrementAndGet();
            if ((done & 63) == 0 || done == subnets) progress.update("reduce", done, subnets);
        });
        return found;
    }
}
