package org.sonde.verify.stable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Finds the stable states of a stream of routing events (§4.2). Each timestamp t stands for an
 * instant somewhere in (t − ε, t + ε), and an event reaches the checker at most ε after its
 * timestamp. Events are applied in timestamp order (each table is written by one process, so the
 * order of events of different processes does not matter to the state); a state is declared stable
 * once no event can have happened within 2ε after its last event, i.e. when the next event's
 * timestamp is at least 2ε later, or when the clock has passed the last timestamp by 2ε plus the
 * delay bound without another event.
 *
 * <p>Two events closer than 2ε are never separated: the checker cannot tell in which order they
 * really happened (e1 and e2 of §4.1), so it checks no state between them.
 */
public final class StableSnapshots {
    private static final Comparator<RoutingEvent> ORDER =
            Comparator.comparingLong(RoutingEvent::timestampNanos).thenComparingLong(RoutingEvent::sequence);

    private final long epsilonNanos;
    private final long maxDelayNanos;
    private final PriorityQueue<RoutingEvent> pending = new PriorityQueue<>(ORDER);
    private long declaredUpTo = Long.MIN_VALUE; // events timestamped before this belong to declared states
    private final java.util.Set<Long> lateSequences = new java.util.HashSet<>();

    /** @param maxDelayNanos how late an event may reach the checker after its timestamp (the paper folds it into ε) */
    public StableSnapshots(long epsilonNanos, long maxDelayNanos) {
        if (epsilonNanos < 0 || maxDelayNanos < 0) throw new IllegalArgumentException("ε and the delay bound must not be negative");
        this.epsilonNanos = epsilonNanos;
        this.maxDelayNanos = maxDelayNanos;
    }

    public StableSnapshots(long epsilonNanos) {
        this(epsilonNanos, epsilonNanos);
    }

    long epsilonNanos() {
        return epsilonNanos;
    }

    /** An event reached the checker. */
    public void receive(RoutingEvent e) {
        if (e.timestampNanos() < declaredUpTo) lateSequences.add(e.sequence());
        pending.add(e);
    }

    /**
     * The checker's clock reached {@code nowNanos}: the batches of events that now end in a stable
     * state, oldest first ({@link Long#MAX_VALUE} when the stream has ended: everything received is final).
     */
    public List<StableBatch> advance(long nowNanos) {
        List<StableBatch> batches = new ArrayList<>();
        while (!pending.isEmpty()) {
            List<RoutingEvent> sorted = new ArrayList<>(pending);
            sorted.sort(ORDER);
            int end = -1;
            for (int k = 0; k < sorted.size(); k++) {
                long t = sorted.get(k).timestampNanos();
                boolean quietAfter = k + 1 == sorted.size() || sorted.get(k + 1).timestampNanos() - t >= 2 * epsilonNanos;
                if (!quietAfter) continue;
                // no event we have is within 2ε after t; one we have not received yet could still come until t + 2ε + delay
                if (nowNanos == Long.MAX_VALUE || nowNanos - t >= 2 * epsilonNanos + maxDelayNanos) end = k;
                break;
            }
            if (end < 0) break;
            List<RoutingEvent> batch = new ArrayList<>(sorted.subList(0, end + 1));
            for (RoutingEvent e : batch) pending.remove(e);
            long stableAt = sorted.get(end).timestampNanos() + 2 * epsilonNanos;
            int late = 0;
            for (RoutingEvent e : batch) if (lateSequences.remove(e.sequence())) late++;
            batches.add(new StableBatch(stableAt, batch, late));
            declaredUpTo = stableAt;
        }
        return batches;
    }

    /** Events received and not yet part of a stable state. */
    int pendingCount() {
        return pending.size();
    }
}
