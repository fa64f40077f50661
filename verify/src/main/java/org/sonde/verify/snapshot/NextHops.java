package org.sonde.verify.snapshot;

import java.util.Arrays;

/**
 * What a rule does with a packet, as one int: {@link #DELIVER} (the switch is the subnet's last
 * hop and hands the packet to its hosts), {@link #DROP} (an explicit drop), or a non-negative id of
 * a next-hop group of {@link Snapshot#group(int)} — the switches a packet is forwarded to
 * (several for ECMP). Groups are shared: a data center has few distinct ECMP sets.
 */
public final class NextHops {
    public static final int DELIVER = -1;
    public static final int DROP = -2;

    /** The words the text format uses for the two actions that forward to no switch. */
    public static final String DELIVER_WORD = "deliver";
    public static final String DROP_WORD = "drop";

    private NextHops() {}

    static boolean forwards(int nextHops) {
        return nextHops >= 0;
    }

    /** The text format's words for next hops: switch names joined by commas, or deliver / drop. */
    public static String text(int nextHops, int[][] groups, String[] switchNames) {
        if (nextHops == DELIVER) return DELIVER_WORD;
        if (nextHops == DROP) return DROP_WORD;
        StringBuilder sb = new StringBuilder();
        for (int sw : groups[nextHops]) {
            if (!sb.isEmpty()) sb.append(',');
            sb.append(switchNames[sw]);
        }
        return sb.toString();
    }

    /** Compares two groups by content (switch indexes in ascending order): a tie-break independent of group ids. */
    public static int compareGroups(int[] a, int[] b) {
        return Arrays.compare(a, b);
    }
}
