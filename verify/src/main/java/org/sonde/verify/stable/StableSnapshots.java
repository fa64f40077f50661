package org.sonde.verify.stable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

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
    /** A received event and its place among those received: equal timestamps and sequences stay apart. */
    private record Pending(RoutingEvent event, long receipt) {}

    private static final Comparator<Pending> ORDER = Comparator.<Pending>comparingLong(p -> p.event().timestampNanos())
            .thenComparingLong(p -> p.event().sequence()).thenComparingLong(Pending::receipt);

    private final long epsilonNanos;
    private final long maxDelayNanos;
    private final TreeSet<Pending> pending = new TreeSet<>(ORDER);
    private long receipts;
    /**
     * The last event known to belong to the oldest run (no gap of 2ε from the oldest event up to it), or
     * null: events received since cannot open a gap before it, only one older than the oldest can end
     * the run sooner; so a run that goes on for as long as updates keep coming (a burst longer than the
     * wait) is walked once, not again at every event.
     */
    private Pending runTail;
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
        Pending p = new Pending(e, receipts++);
        if (!pending.isEmpty() && ORDER.compare(p, pending.first()) < 0) runTail = null;
        pending.add(p);
    }

    /**
     * The checker's clock reached {@code nowNanos}: the batches of events that now end in a stable
     * state, oldest first ({@link Long#MAX_VALUE} when the stream has ended: everything received is final).
     */
    public List<StableBatch> advance(long nowNanos) {
        List<StableBatch> batches = new ArrayList<>();
        while (!pending.isEmpty()) {
            // the oldest run ends no sooner than its oldest event: while the clock is within 2ε plus the delay of
            // that one, nothing is final (a burst of updates waits here without being walked at every event)
            if (!finalAt(pending.first().event().timestampNanos(), nowNanos)) break;
            // the oldest run: up to the first event with no other within 2ε after it, walked on from where the
            // last reading of the clock left it
            Pending last = runTail == null ? pending.first() : runTail;
            for (Pending next : pending.tailSet(last, false)) {
                if (next.event().timestampNanos() - last.event().timestampNanos() >= 2 * epsilonNanos) break;
                last = next;
            }
            runTail = last;
            long t = last.event().timestampNanos();
            if (!finalAt(t, nowNanos)) break;
            List<RoutingEvent> batch = new ArrayList<>();
            Pending p;
            do {
                p = pending.pollFirst();
                batch.add(p.event());
            } while (p != last);
            runTail = null;
            long stableAt = t + 2 * epsilonNanos;
            int late = 0;
            for (RoutingEvent e : batch) if (lateSequences.remove(e.sequence())) late++;
            batches.add(new StableBatch(stableAt, batch, late));
            declaredUpTo = stableAt;
        }
        return batches;
    }

    /** Whether no event we have not received yet can come within 2ε after {@code t}: it would by t + 2ε + the delay bound. */
    private boolean finalAt(long t, long nowNanos) {
        return nowNanos == Long.MAX_VALUE || nowNanos - t >= 2 * epsilonNanos + maxDelayNanos;
    }

    /** Events received and not yet part of a stable state. */
    int pendingCount() {
        return pending.size();
    }
}
