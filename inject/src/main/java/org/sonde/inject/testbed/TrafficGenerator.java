package org.sonde.inject.testbed;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.sonde.inject.config.Traffic;
import org.sonde.sim.rdma.QueuePair;
import org.sonde.sim.rdma.WorkRequest;

/**
 * The traffic generator of the requester ({@code my-ib-traffic-gen}): posts {@code num-msgs-per-qp}
 * messages on every QP, at most {@code tx-depth} outstanding per QP; with {@code barrier-sync} all QPs
 * finish message m before any starts m+1. A QP whose request fails (retries exhausted) stops.
 * Message completion times are measured as the host sees them (post to completion), which the trace
 * cannot always show: a response the switch delivered may still be discarded by the NIC.
 */
final class TrafficGenerator {
    private final Traffic traffic;
    private final QueuePair[] requesters;
    private final int[] posted;
    private final int[] completed;
    private final boolean[] failed;
    private final LongSupplier clock;
    /** Post times of the outstanding messages, indexed by message number mod tx-depth (completions arrive in order). */
    private final long[][] postedAt;
    private final long[] totalCompletionNanos;
    private final long[] maxCompletionNanos;
    private int barrierPending;
    private long failures;
    private long lastCompletionNanos;

    TrafficGenerator(Traffic traffic, QueuePair[] requesters, LongSupplier clock) {
        this.traffic = traffic;
        this.clock = clock;
        this.postedAt = new long[requesters.length][traffic.txDepth()];
        this.totalCompletionNanos = new long[requesters.length];
        this.maxCompletionNanos = new long[requesters.length];
        this.requesters = requesters;
        this.posted = new int[requesters.length];
        this.completed = new int[requesters.length];
        this.failed = new boolean[requesters.length];
    }

    void start() {
        if (traffic.barrierSync()) {
            startRound();
            return;
        }
        for (int q = 0; q < requesters.length; q++) {
            for (int i = 0; i < traffic.txDepth() && posted[q] < traffic.messagesPerQp(); i++) post(q);
        }
    }

    private void startRound() {
        barrierPending = 0;
        for (int q = 0; q < requesters.length; q++) {
            if (!failed[q] && posted[q] < traffic.messagesPerQp()) {
                barrierPending++;
                post(q);
            }
        }
    }

    private void post(int q) {
        int message = posted[q]++;
        postedAt[q][message % postedAt[q].length] = clock.getAsLong();
        long id = (long) q << 32 | message;
        requesters[q].post(WorkRequest.rc(id, traffic.verbOfQp(q), traffic.messageSizeBytes(), c -> completed(q, message, c)));
    }

    private void completed(int q, int message, WorkRequest.Completion c) {
        lastCompletionNanos = c.timeNanos();
        if (c.status() != WorkRequest.Status.SUCCESS) {
            if (!failed[q]) failures++;
            failed[q] = true;
        } else {
            completed[q]++;
            long mct = c.timeNanos() - postedAt[q][message % postedAt[q].length];
            totalCompletionNanos[q] += mct;
            maxCompletionNanos[q] = Math.max(maxCompletionNanos[q], mct);
        }
        if (traffic.barrierSync()) {
            if (--barrierPending == 0) startRound();
        } else if (!failed[q] && posted[q] < traffic.messagesPerQp()) {
            post(q);
        }
    }

    /** What the generator achieved. */
    GeneratorReport report() {
        long done = 0, outstanding = 0;
        List<GeneratorReport.Qp> qps = new ArrayList<>(requesters.length);
        for (int q = 0; q < requesters.length; q++) {
            done += completed[q];
            outstanding += traffic.messagesPerQp() - completed[q];
            qps.add(new GeneratorReport.Qp(q, completed[q], totalCompletionNanos[q], maxCompletionNanos[q]));
        }
        return new GeneratorReport(done, outstanding, failures, lastCompletionNanos, qps);
    }
}
