package org.sonde.inject.testbed;

import java.util.List;

/**
 * The traffic generator's outcome.
 *
 * @param messagesCompleted     messages completed successfully, all QPs
 * @param messagesNotCompleted  messages that failed or never completed
 * @param failedQps             QPs that failed (a request exhausted its retries)
 * @param lastCompletionNanos   simulated time of the last completion
 * @param qps                   per QP in generator order, the completion times the host measured
 */
public record GeneratorReport(long messagesCompleted, long messagesNotCompleted, long failedQps, long lastCompletionNanos,
                              List<Qp> qps) {
    public GeneratorReport {
        qps = List.copyOf(qps);
    }

    public boolean complete() {
        return messagesNotCompleted == 0;
    }

    /**
     * Message completion times of one QP from post to successful completion, summed and maximum over
     * its completed messages (a summary, so result.json stays small for long tests).
     */
    public record Qp(int qp, int completed, long totalCompletionNanos, long maxCompletionNanos) {
        /** Mean completion time of the completed messages, or -1 if none completed. */
        public double meanCompletionNanos() {
            return completed == 0 ? -1 : (double) totalCompletionNanos / completed;
        }
    }
}
