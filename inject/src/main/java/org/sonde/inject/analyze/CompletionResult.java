package org.sonde.inject.analyze;

import java.util.List;
import org.sonde.sim.rdma.Verb;

/** Message completion times and goodput per QP, the noisy-neighbour signal (paper §6.2.2). */
public record CompletionResult(List<Qp> qps) {
    public CompletionResult {
        qps = List.copyOf(qps);
    }

    /**
     * @param completionNanos per message in order: first data packet (READ: request) to the ACK
     *                        (READ: in-order response) covering its last PSN; -1 if it never completed
     * @param goodputBitsPerSecond completed message bytes over first start to last completion; 0 if none
     */
    public record Qp(int qp, Verb verb, int completed, List<Long> completionNanos, double goodputBitsPerSecond) {
        public Qp {
            completionNanos = List.copyOf(completionNanos);
        }
    }
}
