package org.sonde.verify.run;

import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import org.sonde.verify.snapshot.Snapshot;

/**
 * The base snapshot's rules by switch and prefix, so the incremental verifier finds the rules of one
 * switch that match a subnet with a few binary searches (one per mask length the switch uses)
 * instead of a pass over the subnet's slice. Per switch, its rules sorted by (address, mask
 * length): 12 bytes per rule.
 */
final class RuleIndex {
    private final int[] switchStart; // switch sw's rules are places switchStart[sw] .. switchStart[sw + 1]
    private final long[] keys;       // per place: the rule's prefix as address (unsigned) << 6 | length
    private final int[] rules;       // per place: the rule
    private final long[] lengths;    // per switch: bit L set when it has a rule of mask length L

    RuleIndex(Snapshot s) {
        int n = s.ruleCount(), switches = s.switchCount();
        switchStart = new int[switches + 1];
        lengths = new long[switches];
        for (int r = 0; r < n; r++) {
            switchStart[s.ruleSwitch(r) + 1]++;
            lengths[s.ruleSwitch(r)] |= 1L << s.ruleLength(r);
        }
        for (int sw = 0; sw < switches; sw++) switchStart[sw + 1] += switchStart[sw];
        rules = new int[n];
        int[] fill = Arrays.copyOf(switchStart, switches);
        for (int r = 0; r < n; r++) rules[fill[s.ruleSwitch(r)]++] = r;
        keys = new long[n];
        for (int sw = 0; sw < switches; sw++) sortRun(s, switchStart[sw], switchStart[sw + 1]);
    }

    static long key(int address, int length) {
        return (Integer.toUnsignedLong(address) << 6) | length;
    }

    /** Sorts one switch's rules by key: the key and the place in the run packed in one long (keys use 38 bits). */
    private void sortRun(Snapshot s, int from, int to) {
        int size = to - from;
        if (size >= 1 << 25) {
            IntArrays.quickSort(rules, from, to, (a, b) -> Long.compare(key(s.ruleAddress(a), s.ruleLength(a)), key(s.ruleAddress(b), s.ruleLength(b))));
            for (int p = from; p < to; p++) keys[p] = key(s.ruleAddress(rules[p]), s.ruleLength(rules[p]));
            return;
        }
        long[] packed = new long[size];
        for (int k = 0; k < size; k++) {
            int r = rules[from + k];
            packed[k] = key(s.ruleAddress(r), s.ruleLength(r)) << 25 | k;
        }
        Arrays.sort(packed);
        int[] run = Arrays.copyOfRange(rules, from, to);
        for (int k = 0; k < size; k++) {
            rules[from + k] = run[(int) (packed[k] & ((1 << 25) - 1))];
            keys[from + k] = packed[k] >>> 25;
        }
    }

    /** The mask lengths switch {@code sw}'s base rules use, as bits. */
    long lengths(int sw) {
        return lengths[sw];
    }

    /** The first place of switch {@code sw}'s rules with this prefix, or -1; the others follow it. */
    int first(int sw, int address, int length) {
        long key = key(address, length);
        int lo = switchStart[sw], hi = switchStart[sw + 1] - 1;
        while (lo <= hi) { // the lowest place whose key is at least key
            int mid = (lo + hi) >>> 1;
            if (keys[mid] < key) lo = mid + 1;
            else hi = mid - 1;
        }
        return lo < switchStart[sw + 1] && keys[lo] == key ? lo : -1;
    }

    /** Whether {@code place} (a place after {@link #first}) still holds switch {@code sw}'s rules with that prefix. */
    boolean same(int sw, int place, long key) {
        return place < switchStart[sw + 1] && keys[place] == key;
    }

    int rule(int place) {
        return rules[place];
    }
}
