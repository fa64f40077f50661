package org.sonde.inject.testbed;

/**
 * The traffic generator's outcome.
 *
 * @param messagesCompleted     messages completed successfully, all QPs
 * @param messagesNotCompleted  messages that failed or never completed
 * @param failedQps             QPs that failed (a request exhausted its retries)
 * @param lastCompletionNanos   simulated time of the last completion
 */
public record GeneratorReport(long messagesCompleted, long messagesNotCompleted, long failedQps, long lastCompletionNanos) {
    public boolean complete() {
        return messagesNotCompleted == 0;
    }
}
