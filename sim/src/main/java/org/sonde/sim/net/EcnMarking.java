package org.sonde.sim.net;

import java.util.SplittableRandom;

/**
 * ECN marking at enqueue on the queue length of the frame's egress queue, for the priorities in
 * {@code priorityMask}: RED-style between {@code kmin} and {@code kmax} with probability rising
 * linearly to {@code pmax}, always above {@code kmax}. A single threshold K (DCTCP) is
 * {@code kmin == kmax == K}: marked when the queue exceeds K.
 */
public record EcnMarking(int priorityMask, long kminBytes, long kmaxBytes, double pmax) {
    public static final EcnMarking OFF = new EcnMarking(0, 0, 0, 0);

    public EcnMarking {
        if (kminBytes < 0 || kmaxBytes < kminBytes) {
            throw new IllegalArgumentException("ECN thresholds need 0 <= kmin <= kmax, got kmin " + kminBytes + " kmax " + kmaxBytes);
        }
        if (!(pmax >= 0 && pmax <= 1)) throw new IllegalArgumentException("ECN pmax must be within [0, 1], got " + pmax);
    }

    /** DCTCP's marking: every ECN-capable frame arriving to a queue longer than K bytes. */
    public static EcnMarking threshold(int priorityMask, long kBytes) {
        return new EcnMarking(priorityMask, kBytes, kBytes, 1.0);
    }

    boolean enabled(int priority) {
        return (priorityMask >> priority & 1) != 0;
    }

    /** Whether to mark a frame joining a queue of {@code queueBytes}; draws from {@code random} only between the thresholds. */
    boolean mark(long queueBytes, SplittableRandom random) {
        if (queueBytes <= kminBytes) return false;
        if (queueBytes >= kmaxBytes) return kmaxBytes > kminBytes || queueBytes > kmaxBytes;
        double p = pmax * (queueBytes - kminBytes) / (double) (kmaxBytes - kminBytes);
        return random.nextDouble() < p;
    }
}
