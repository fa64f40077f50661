package org.sonde.verify.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.sonde.core.EnvironmentException;
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
        try (ForkJoinPool pool = new ForkJoinPool(threads)) {
            return pool.submit(() -> run(s, checks, progress)).get();
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

        // map: the run of matching subnets of each rule
        long[] ranges = new long[rules];
        int chunk = 1 << 14;
        AtomicLong mapped = new AtomicLong();
        IntStream.range(0, (rules + chunk - 1) / chunk).parallel().forEach(c -> {
            int from = c * chunk, to = Math.min(rules, from + chunk);
            for (int r = from; r < to; r++) ranges[r] = trie.matching(s.ruleAddress(r), s.ruleLength(r));
            progress.update("map", mapped.addAndGet(to - from), rules);
        });
        long t2 = System.nanoTime();

        // shuffle: count the pairs of each subnet (a difference array over the runs), then place them
        long[] start = new long[subnets + 1];
        for (long range : ranges) {
            int first = SubnetTrie.first(range), end = SubnetTrie.end(range);
            if (first < end) {
                start[first + 1]++;
                if (end < subnets) start[end + 1]--;
            }
        }
        for (int i = 1; i <= subnets; i++) start[i] += start[i - 1]; // count of subnet i-1 ... now prefix of counts
        for (int i = 1; i <= subnets; i++) start[i] += start[i - 1]; // start offsets
        long pairs = start[subnets];
        if (pairs > Integer.MAX_VALUE - 16)
            throw new EnvironmentException(String.format("%,d (subnet, rule) pairs are too many for the in-process backend", pairs),
                    "check fewer subnets at a time, or use --backend spark", null);
        int[] slices = new int[(int) pairs];
        // each task owns a band of subnets and scans all rules, so no two tasks write the same place
        int bands = Math.max(1, Math.min(subnets, threads * 4));
        IntStream.range(0, bands).parallel().forEach(band -> {
            int lo = (int) ((long) subnets * band / bands), hi = (int) ((long) subnets * (band + 1) / bands);
            long[] cursor = new long[hi - lo];
            for (int i = lo; i < hi; i++) cursor[i - lo] = start[i];
            for (int r = 0; r < rules; r++) {
                long range = ranges[r];
                int first = Math.max(lo, SubnetTrie.first(range)), end = Math.min(hi, SubnetTrie.end(range));
                for (int sub = first; sub < end; sub++) slices[(int) cursor[sub - lo]++] = r;
            }
        });
        long t3 = System.nanoTime();
        progress.update("shuffle", pairs, pairs);

        // reduce: one forwarding graph per subnet
        ThreadLocal<SliceChecker> checkers = ThreadLocal.withInitial(() -> new SliceChecker(context, checks));
        ThreadLocal<int[][]> buffers = ThreadLocal.withInitial(() -> new int[][] {new int[1024]});
        @SuppressWarnings("unchecked")
        List<Violation>[] found = new List[subnets];
        AtomicLong reduced = new AtomicLong();
        IntStream.range(0, subnets).parallel().forEach(sub -> {
            int from = (int) start[sub], count = (int) (start[sub + 1] - from);
            int[][] holder = buffers.get();
            if (holder[0].length < count * SliceChecker.FIELDS) holder[0] = new int[count * SliceChecker.FIELDS * 2];
            int[] slice = holder[0];
            for (int k = 0; k < count; k++) {
                int r = slices[from + k], o = k * SliceChecker.FIELDS;
                slice[o] = s.ruleSwitch(r);
                slice[o + 1] = s.ruleLength(r);
                slice[o + 2] = s.rulePriority(r);
                slice[o + 3] = s.ruleNextHops(r);
            }
            found[sub] = checkers.get().check(sub, slice, count);
            long done = reduced.incrementAndGet();
            if ((done & 63) == 0 || done == subnets) progress.update("reduce", done, subnets);
        });
        List<Violation> violations = new ArrayList<>();
        for (List<Violation> f : found) violations.addAll(f);
        Collections.sort(violations);
        long t4 = System.nanoTime();
        return new VerificationResult(name(), checks, s.switchCount(), rules, subnets, pairs, violations,
                new PhaseTimes(t1 - t0, t2 - t1, t3 - t2, t4 - t3));
    }
}
