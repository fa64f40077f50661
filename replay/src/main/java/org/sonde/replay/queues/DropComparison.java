package org.sonde.replay.queues;

import java.util.Map;
import java.util.Set;

/**
 * The replay's drops against the run's, packet by packet (DETER §5.4.2): a false accept was dropped in the run and
 * not in the replay, a false drop the reverse, a wrong location dropped in both at different queues. The drop error
 * is their sum over the packets dropped in either.
 */
public record DropComparison(long runDrops, long replayDrops, long falseAccepts, long falseDrops, long wrongLocations, long sameLocation) {

    /** Packets dropped in the run or in the replay. */
    public long droppedInEither() {
        return falseAccepts + falseDrops + wrongLocations + sameLocation;
    }

    /** (false accepts + false drops + wrong locations) / packets dropped in either; 0 when nothing was dropped. */
    public double error() {
        long either = droppedInEither();
        return either == 0 ? 0 : (double) (falseAccepts + falseDrops + wrongLocations) / either;
    }

    /**
     * Compares where each packet (by key) was dropped, the value naming the queue. Packets in {@code undecided} had no
     * fate in the run (still on their way when it stopped) and are left out of both sides.
     */
    public static DropComparison of(Map<Long, Integer> run, Map<Long, Integer> replay, Set<Long> undecided) {
        long falseAccepts = 0, wrong = 0, same = 0, replayDrops = 0;
        for (Long k : replay.keySet()) if (!undecided.contains(k)) replayDrops++;
        for (Map.Entry<Long, Integer> e : run.entrySet()) {
            Integer at = replay.get(e.getKey());
            if (at == null) falseAccepts++;
            else if (at.equals(e.getValue())) same++;
            else wrong++;
        }
        long falseDrops = replayDrops - same - wrong;
        return new DropComparison(run.size(), replayDrops, falseAccepts, falseDrops, wrong, same);
    }
}
