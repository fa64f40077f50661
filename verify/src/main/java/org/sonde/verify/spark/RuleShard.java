package org.sonde.verify.spark;

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

    /** The rules in {@code shards} shards of about equal size. */
    static java.util.List<RuleShard> split(Snapshot s, int shards) {
        java.util.List<RuleShard> list = new java.util.ArrayList<>(shards);
        int rules = s.ruleCount();
        for (int i = 0; i < shards; i++) list.add(of(s, (int) ((long) rules * i / shards), (int) ((long) rules * (i + 1) / shards)));
        return list;
    }

    /** The shard's rules as rows of {@link SnapshotParquet#SCHEMA}. */
    java.util.Iterator<org.apache.spark.sql.Row> rows(org.sonde.verify.check.SliceContext names) {
        java.util.List<org.apache.spark.sql.Row> rows = new java.util.ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            String hops = org.sonde.verify.snapshot.NextHops.text(nextHops[i], names.groups(), names.switchNames());
            rows.add(org.apache.spark.sql.RowFactory.create(names.switchNames()[switches[i]], addresses[i], (int) lengths[i],
                    hops.split(","), priorities[i]));
        }
        return rows.iterator();
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
