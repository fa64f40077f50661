package org.sonde.verify.run;

import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.sonde.core.EnvironmentException;
import org.sonde.verify.check.SliceChecker;
import org.sonde.verify.check.SubnetTrie;
import org.sonde.verify.snapshot.Snapshot;

/**
 * The rules of a snapshot grouped by subnet, in one int array: the outcome of Libra's map and
 * shuffle in this process. The map records per rule the run of subnets it matches (one long per
 * rule, see {@link SubnetTrie#matching}); the shuffle is a counting sort of the (subnet, rule) pairs
 * by subnet.
 */
final class SlicedRules {
    private final long[] start;
    private final int[] rules;

    private SlicedRules(long[] start, int[] rules) {
        this.start = start;
        this.rules = rules;
    }

    /** The map: per rule, the run of subnets it matches; in parallel on the calling fork-join pool. */
    public static long[] map(Snapshot s, SubnetTrie trie, VerifyProgress progress) {
        int rules = s.ruleCount();
        long[] ranges = new long[rules];
        int chunk = 1 << 14;
        AtomicLong mapped = new AtomicLong();
        IntStream.range(0, (rules + chunk - 1) / chunk).parallel().forEach(c -> {
            int from = c * chunk, to = Math.min(rules, from + chunk);
            for (int r = from; r < to; r++) ranges[r] = trie.matching(s.ruleAddress(r), s.ruleLength(r));
            progress.update("map", mapped.addAndGet(to - from), rules);
        });
        return ranges;
    }

    /** The shuffle: the pairs of the map's runs, grouped by subnet; {@code bands} tasks, each owning a band of subnets. */
    public static SlicedRules shuffle(long[] ranges, int subnets, int bands) {
        // count the pairs of each subnet with a difference array over the runs, then turn counts into offsets
        long[] start = new long[subnets + 1];
        for (long range : ranges) {
            int first = SubnetTrie.first(range), end = SubnetTrie.end(range);
            if (first < end) {
                start[first + 1]++;
                if (end < subnets) start[end + 1]--;
            }
        }
        for (int i = 1; i <= subnets; i++) start[i] += start[i - 1]; // start[i]: pairs of subnet i-1
        for (int i = 1; i <= subnets; i++) start[i] += start[i - 1]; // start[i]: pairs of subnets before i
        long pairs = start[subnets];
        if (pairs > Integer.MAX_VALUE - 16)
            throw new EnvironmentException(String.format("%,d (subnet, rule) pairs are too many for the in-process backend", pairs),
                    "check fewer subnets at a time, or use --backend spark", null);
        int[] slices = new int[(int) pairs];
        // each task scans all runs but writes only its own band of subnets: no two tasks write the same place
        int n = Math.max(1, Math.min(subnets, bands));
        IntStream.range(0, n).parallel().forEach(band -> {
            int lo = (int) ((long) subnets * band / n), hi = (int) ((long) subnets * (band + 1) / n);
            long[] cursor = new long[hi - lo];
            for (int i = lo; i < hi; i++) cursor[i - lo] = start[i];
            for (int r = 0; r < ranges.length; r++) {
                long range = ranges[r];
                int first = Math.max(lo, SubnetTrie.first(range)), end = Math.min(hi, SubnetTrie.end(range));
                for (int sub = first; sub < end; sub++) slices[(int) cursor[sub - lo]++] = r;
            }
        });
        return new SlicedRules(start, slices);
    }

    public long pairs() {
        return start[start.length - 1];
    }

    /** How many rules match subnet {@code subnet}. */
    public int count(int subnet) {
        return (int) (start[subnet + 1] - start[subnet]);
    }

    /** The {@code k}-th rule matching {@code subnet}, in rule order. */
    public int rule(int subnet, int k) {
        return rules[(int) start[subnet] + k];
    }

    /** Writes rule {@code r}'s reducer fields as entry {@code k} of a {@link SliceChecker} slice. */
    public static void put(Snapshot s, int r, int[] slice, int k) {
        int o = k * SliceChecker.FIELDS;
        slice[o] = s.ruleSwitch(r);
        slice[o + 1] = s.ruleLength(r);
        slice[o + 2] = s.rulePriority(r);
        slice[o + 3] = s.ruleNextHops(r);
    }
}
