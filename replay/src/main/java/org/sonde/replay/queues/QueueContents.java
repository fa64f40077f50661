package org.sonde.replay.queues;

import java.util.Arrays;

/**
 * What one egress queue holds now, per flow: the bytes of every flow with frames waiting (the frame on the wire not
 * counted, as the switch's own queue length does not count it). Flows are keys {@code connection * 2 + side}; frames
 * of no recorded connection count under {@link #UNRECORDED}. Few flows share a queue at once, so they are kept in
 * small parallel arrays.
 */
final class QueueContents {
    /** The flow key of frames that belong to no recorded connection. */
    static final int UNRECORDED = -1;

    private int n;
    private int[] flows = new int[4];
    private long[] bytes = new long[4];
    private long total;
    private long max;

    static int flowKey(int connection, int side) {
        return connection * 2 + side;
    }

    /** The connection of a flow key. */
    static int connectionOf(int flowKey) {
        return flowKey / 2;
    }

    long total() {
        return total;
    }

    long max() {
        return max;
    }

    int flows() {
        return n;
    }

    void add(int flow, int frameBytes) {
        int i = indexOf(flow);
        if (i < 0) {
            if (n == flows.length) {
                flows = Arrays.copyOf(flows, n * 2);
                bytes = Arrays.copyOf(bytes, n * 2);
            }
            i = n++;
            flows[i] = flow;
            bytes[i] = 0;
        }
        bytes[i] += frameBytes;
        total += frameBytes;
        if (total > max) max = total;
    }

    /** A frame of {@code flow} left for the wire; a frame never added (a lossless priority's) is ignored. */
    void remove(int flow, int frameBytes) {
        int i = indexOf(flow);
        if (i < 0 || bytes[i] < frameBytes) return;
        bytes[i] -= frameBytes;
        total -= frameBytes;
        if (bytes[i] == 0) {
            n--;
            flows[i] = flows[n];
            bytes[i] = bytes[n];
        }
    }

    private int indexOf(int flow) {
        for (int i = 0; i < n; i++) if (flows[i] == flow) return i;
        return -1;
    }

    /** The contents as flow-bytes pairs, after {@code head} leading values the caller fills: {@code [head..., n, f1, b1, ...]}. */
    int[] snapshot(int head) {
        int[] s = new int[head + 1 + 2 * n];
        s[head] = n;
        for (int i = 0; i < n; i++) {
            s[head + 1 + 2 * i] = flows[i];
            s[head + 2 + 2 * i] = (int) bytes[i];
        }
        return s;
    }

    /**
     * DETER's queue content difference (§5.4.1): the sum over every flow in either queue of the difference of its bytes
     * in the two. {@code run} holds {@code run[at]} pairs of flow and bytes from {@code run[at + 1]} on.
     */
    long difference(int[] run, int at) {
        int m = run[at];
        long d = 0;
        for (int j = 0; j < m; j++) {
            int f = run[at + 1 + 2 * j];
            int i = indexOf(f);
            d += Math.abs(run[at + 2 + 2 * j] - (i < 0 ? 0 : bytes[i]));
        }
        for (int i = 0; i < n; i++) {
            boolean inRun = false;
            for (int j = 0; j < m && !inRun; j++) inRun = run[at + 1 + 2 * j] == flows[i];
            if (!inRun) d += bytes[i];
        }
        return d;
    }
}
