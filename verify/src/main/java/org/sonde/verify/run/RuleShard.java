package org.sonde.verify.run;

import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import org.sonde.verify.snapshot.Snapshot;

/** A shard of the rules, column-wise, as Spark ships it to a mapper. */
record RuleShard(int[] switches, int[] addresses, byte[] lengths, int[] priorities, int[] nextHops) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    static RuleShard of(Snapshot s, int from, int to) {
        int n = to - from;
        int[] sw = new int[n], addr = new int[n], prio = new int[n], nh = new int[n];
        byte[] len = new byte[n];
        for (int i = 0; i < n; i++) {
            int r = from + i;
            sw[i] = s.ruleSwitch(r);
            addr[i] = s.ruleAddress(r);
            len[i] = (byte) s.ruleLength(r);
            prio[i] = s.rulePriority(r);
            nh[i] = s.ruleNextHops(r);
        }
        return new RuleShard(sw, addr, len, prio, nh);
    }

    int size() {
        return switches.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RuleShard r && Arrays.equals(switches, r.switches) && Arrays.equals(addresses, r.addresses)
                && Arrays.equals(lengths, r.lengths) && Arrays.equals(priorities, r.priorities) && Arrays.equals(nextHops, r.nextHops);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(addresses);
    }
}
