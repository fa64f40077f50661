package org.sonde.verify.stable;

import java.util.ArrayList;
import java.util.List;
import org.sonde.verify.check.Violation;
import org.sonde.verify.run.IncrementalVerifier;
import org.sonde.verify.run.UpdateOutcome;

/**
 * Libra as a service: routing events in, checks of stable states out. Events wait in
 * {@link StableSnapshots} until the state they lead to is stable; then they are applied in
 * timestamp order to an {@link IncrementalVerifier}, and the state is reported with the violations
 * that appeared and cleared and the time of each update.
 */
public final class Watcher {
    private final StableSnapshots stable;
    private final IncrementalVerifier verifier;

    /**
     * One stable state reported.
     *
     * @param updateMapNanos    per applied event, the time to find the affected subnets
     * @param updateReduceNanos per applied event, the time to update and check their graphs
     */
    public record StableState(long stableAtNanos, int events, int late, int rejected, int affectedSubnets,
                              List<Violation> appeared, List<Violation> cleared, int violations,
                              long[] updateMapNanos, long[] updateReduceNanos) {}

    public Watcher(StableSnapshots stable, IncrementalVerifier verifier) {
        this.stable = stable;
        this.verifier = verifier;
    }

    IncrementalVerifier verifier() {
        return verifier;
    }

    /** An event arrived when the clock read {@code nowNanos}; the states that became stable. */
    public List<StableState> receive(RoutingEvent e, long nowNanos) {
        List<StableState> states = advance(nowNanos);
        stable.receive(e);
        return states;
    }

    /** The clock read {@code nowNanos} ({@link Long#MAX_VALUE}: the stream ended); the states that became stable. */
    public List<StableState> advance(long nowNanos) {
        List<StableState> states = new ArrayList<>();
        for (StableBatch batch : stable.advance(nowNanos)) states.add(apply(batch));
        return states;
    }

    private StableState apply(StableBatch batch) {
        List<Violation> appeared = new ArrayList<>(), cleared = new ArrayList<>();
        long[] map = new long[batch.events().size()], reduce = new long[batch.events().size()];
        int affected = 0, rejected = 0;
        for (int i = 0; i < batch.events().size(); i++) {
            UpdateOutcome o;
            try {
                o = verifier.apply(batch.events().get(i).update());
            } catch (IllegalArgumentException unknownSwitch) {
                rejected++;
                continue;
            }
            if (!o.applied()) rejected++;
            map[i] = o.mapNanos();
            reduce[i] = o.reduceNanos();
            affected += o.affected();
            // a violation that appears and clears within one batch never existed in a stable state
            for (Violation v : o.cleared()) if (!appeared.remove(v)) cleared.add(v);
            for (Violation v : o.appeared()) if (!cleared.remove(v)) appeared.add(v);
        }
        return new StableState(batch.stableAtNanos(), batch.events().size(), batch.late(), rejected, affected,
                appeared, cleared, verifier.violationCount(), map, reduce);
    }
}
