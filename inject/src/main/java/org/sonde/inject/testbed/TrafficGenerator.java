package org.sonde.inject.testbed;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
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
 */
final class TrafficGenerator {
    private final Traffic traffic;
    private final QueuePair[] requesters;
    private final int[] posted;
    private final int[] completed;
    private final boolean[] failed;
    private final LongSupplier clock;
    /** Work request id → when it was posted, until it completes. */
    private final Long2LongOpenHashMap postedAt = new Long2LongOpenHashMap();
    private final long[] totalCompletionNanos;
    private final long[] maxCompletionNanos;
    private int barrierPending;
    private long failures;
    private long lastCompletionNanos;

    TrafficGenerator(Traffic traffic, QueuePair[] requesters, LongSupplier clock) {
        this.traffic = traffic;
        this.requesters = requesters;
        this.clock = clock;
        this.totalCompletionNanos = new long[requesters.length];
        this.maxCompletionNanos = new long[requesters.length];
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
        long id = (long) q << 32 | posted[q]++;
        postedAt.put(id, clock.getAsLong());
        requesters[q].post(WorkRequest.rc(id, traffic.verbOfQp(q), traffic.messageSizeBytes(), c -> completed(q, id, c)));
    }

    private void completed(int q, long id, WorkRequest.Completion c) {
        lastCompletionNanos = c.timeNanos();
        long mct = c.timeNanos() - postedAt.remove(id);
        if (c.status() != WorkRequest.Status.SUCCESS) {
            if (!failed[q]) failures++;
            failed[q] = true;
        } else {
            completed[q]++;
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
        List<GeneratorReport.QpCompletions> qps = new ArrayList<>();
        for (int q = 0; q < requesters.length; q++) {
            done += completed[q];
            outstanding += traffic.messagesPerQp() - completed[q];
            qps.add(new GeneratorReport.QpCompletions(completed[q], totalCompletionNanos[q], maxCompletionNanos[q]));
        }
        return new GeneratorReport(done, outstanding, failures, lastCompletionNanos, qps);
    }
}
