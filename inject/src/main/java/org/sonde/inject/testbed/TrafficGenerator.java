package org.sonde.inject.testbed;

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
    private int barrierPending;
    private long failures;
    private long lastCompletionNanos;

    TrafficGenerator(Traffic traffic, QueuePair[] requesters) {
        this.traffic = traffic;
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
        long id = (long) q << 32 | posted[q]++;
        requesters[q].post(WorkRequest.rc(id, traffic.verbOfQp(q), traffic.messageSizeBytes(), c -> completed(q, c)));
    }

    private void completed(int q, WorkRequest.Completion c) {
        lastCompletionNanos = c.timeNanos();
        if (c.status() != WorkRequest.Status.SUCCESS) {
            if (!failed[q]) failures++;
            failed[q] = true;
        } else {
            completed[q]++;
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
        for (int q = 0; q < requesters.length; q++) {
            done += completed[q];
            outstanding += traffic.messagesPerQp() - completed[q];
        }
        return new GeneratorReport(done, outstanding, failures, lastCompletionNanos);
    }
}
