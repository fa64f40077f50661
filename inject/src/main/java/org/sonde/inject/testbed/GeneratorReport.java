package org.sonde.inject.testbed;

import java.util.List;

/**
 * The traffic generator's outcome.
 *
 * @param messagesCompleted     messages completed successfully, all QPs
 * @param messagesNotCompleted  messages that failed or never completed
 * @param failedQps             QPs that failed (a request exhausted its retries)
 * @param lastCompletionNanos   simulated time of the last completion
 * @param qps                   per QP in generator order: its message completion times as the host saw them
 */
public record GeneratorReport(long messagesCompleted, long messagesNotCompleted, long failedQps, long lastCompletionNanos,
                              List<QpCompletions> qps) {
    public GeneratorReport {
        qps = List.copyOf(qps);
    }

    public boolean complete() {
        return messagesNotCompleted == 0;
    }

    /**
     * Message completion times of one QP from posting to the successful completion, as the generator
     * measures them (Lumina's MCT, paper Fig. 11): a switch trace cannot see packets the NIC discards.
     *
     * @param totalCompletionNanos sum over the completed messages, so groups of QPs can be averaged exactly
     * @param maxCompletionNanos   the longest, or 0 if none completed
     */
    public record QpCompletions(int completed, long totalCompletionNanos, long maxCompletionNanos) {
    }
}
