package org.sonde.sim.net;

import java.util.ArrayDeque;

/**
 * A port's eight per-priority FIFO queues and the scheduler choosing among them: strict priority for
 * the priorities marked strict (higher number first), then deficit-weighted round robin (ETS) over
 * the rest in proportion to their weights. Paused priorities are skipped and keep their credit.
 */
final class EgressQueues {
    /** The DWRR quantum of the lightest weight: one full-size frame. */
    private static final int BASE_QUANTUM = 1536;

    @SuppressWarnings("unchecked")
    private final ArrayDeque<Frame>[] queues = new ArrayDeque[Frame.PRIORITIES];
    private final long[] bytes = new long[Frame.PRIORITIES];
    private final int strictMask;
    private final int[] ets;          // the weighted priorities in round-robin order
    private final long[] quantum = new long[Frame.PRIORITIES];
    private final long[] deficit = new long[Frame.PRIORITIES];
    private int current;              // index into ets of the queue being served
    private boolean credited;         // whether the current queue got its quantum this visit
    private long totalBytes;
    private int frames;

    EgressQueues(Scheduling scheduling) {
        // most queues of a large network never hold a frame: room for one until more come, not a default
        // deque's 16 (eight per port, 400,000 ports in a dumbbell of 100,000 pairs: 200 MB to build)
        for (int p = 0; p < Frame.PRIORITIES; p++) queues[p] = new ArrayDeque<>(0);
        strictMask = scheduling.strictMask();
        int[] weights = scheduling.weights();
        int n = 0;
        long min = Long.MAX_VALUE;
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            if ((strictMask >> p & 1) == 0 && weights[p] > 0) {
                n++;
                min = Math.min(min, weights[p]);
            }
        }
        ets = new int[n];
        n = 0;
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            if ((strictMask >> p & 1) == 0 && weights[p] > 0) {
                ets[n++] = p;
                quantum[p] = BASE_QUANTUM * weights[p] / min;
            }
        }
    }

    void add(Frame f) {
        queues[f.priority].addLast(f);
        bytes[f.priority] += f.bytes;
        totalBytes += f.bytes;
        frames++;
    }

    long bytes(int priority) {
        return bytes[priority];
    }

    long totalBytes() {
        return totalBytes;
    }

    int frames() {
        return frames;
    }

    boolean isEmpty() {
        return frames == 0;
    }

    /** The next frame to send, skipping priorities whose bit is set in {@code pausedMask}; null if none may go. */
    Frame next(int pausedMask) {
        if (frames == 0) return null;
        for (int p = Frame.PRIORITIES - 1; p >= 0; p--) {
            if ((strictMask >> p & 1) != 0 && (pausedMask >> p & 1) == 0 && !queues[p].isEmpty()) return take(p);
        }
        return nextWeighted(pausedMask);
    }

    private Frame nextWeighted(int pausedMask) {
        boolean any = false;
        for (int p : ets) any |= (pausedMask >> p & 1) == 0 && !queues[p].isEmpty();
        if (!any) return null;
        while (true) { // terminates: an eligible queue gains a quantum per visit until its head fits
            int p = ets[current];
            ArrayDeque<Frame> q = queues[p];
            if (q.isEmpty()) deficit[p] = 0; // an idle queue banks no credit (RFC-style DWRR)
            if (!q.isEmpty() && (pausedMask >> p & 1) == 0) {
                if (!credited) {
                    deficit[p] += quantum[p];
                    credited = true;
                }
                if (deficit[p] >= q.peekFirst().bytes) {
                    deficit[p] -= q.peekFirst().bytes;
                    return take(p);
                }
            }
            current = (current + 1) % ets.length;
            credited = false;
        }
    }

    private Frame take(int p) {
        Frame f = queues[p].pollFirst();
        bytes[p] -= f.bytes;
        totalBytes -= f.bytes;
        frames--;
        return f;
    }
}
