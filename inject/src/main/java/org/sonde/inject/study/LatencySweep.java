package org.sonde.inject.study;

import java.util.List;
import org.sonde.inject.analyze.CounterResult;
import org.sonde.inject.analyze.Recovery;
import org.sonde.sim.rdma.Verb;

/**
 * Figs. 8–9 on one profile and verb: per dropped packet, how it was recovered and the NIC's NAK
 * generation and reaction latencies (the switch's measure less the testbed's turnaround).
 *
 * @param turnaroundNanos   the testbed's data → ACK (READ: request → response) time, subtracted from both latencies
 * @param counterMismatches the counter checks of this run that disagreed with the trace
 */
public record LatencySweep(String profile, Verb verb, long turnaroundNanos, List<Point> points, List<CounterResult.Check> counterMismatches) {
    public LatencySweep {
        points = List.copyOf(points);
        counterMismatches = List.copyOf(counterMismatches);
    }

    /**
     * @param nakGenerationNanos the NIC's NAK generation latency; null unless NAK-recovered. It may be a few
     *                           ns negative: the turnaround is the testbed's, the path of one packet may differ by a frame time
     */
    public record Point(int relativePsn, Recovery recovery, Long nakGenerationNanos, Long nakReactionNanos) {
    }
}
