package org.sonde.sim.net;

import java.util.Arrays;

/**
 * How a port's egress scheduler shares the link among priorities: those in {@code strictMask} are
 * served first (higher priority first), the others by weight (ETS / DWRR); weight 0 is allowed only
 * for strict priorities.
 */
public record Scheduling(int strictMask, int[] weights) {
    /** Every priority weighted equally, none strict. */
    public static final Scheduling EQUAL = new Scheduling(0, new int[] {1, 1, 1, 1, 1, 1, 1, 1});

    public Scheduling {
        if (weights.length != Frame.PRIORITIES) throw new IllegalArgumentException("8 weights expected, got " + weights.length);
        weights = weights.clone();
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            if (weights[p] < 0) throw new IllegalArgumentException("weight of priority " + p + " is negative: " + weights[p]);
            if (weights[p] == 0 && (strictMask >> p & 1) == 0) {
                throw new IllegalArgumentException("priority " + p + " is neither strict nor weighted; give it a weight > 0 or make it strict");
            }
        }
    }

    @Override
    public int[] weights() {
        return weights.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scheduling s && s.strictMask == strictMask && Arrays.equals(s.weights, weights);
    }

    @Override
    public int hashCode() {
        return 31 * strictMask + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return "Scheduling[strict=0x" + Integer.toHexString(strictMask) + ", weights=" + Arrays.toString(weights) + "]";
    }
}
