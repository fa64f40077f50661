package org.sonde.inject.tcp.fuzz;

import java.util.List;

/**
 * One evaluated candidate.
 *
 * @param events          the candidate's events, as a test writes them ({@code seg 5 iter 2: drop})
 * @param score           what the search climbs: the longest stall in ms, plus 200 per timeout, 50 per
 *                        spurious retransmission and 1,000 per failed verdict
 * @param completionNanos the slowest connection's time, null when one failed
 * @param stallNanos      the longest time between two of the client's data transmissions, null with fewer than two
 * @param anomalous       whether it meets the target's anomaly rule
 * @param why             the rule it met, or why it was not judged (an incomplete trace); empty otherwise
 */
public record TcpFuzzRun(int run, List<String> events, double score, Long completionNanos, Long stallNanos, int timeouts, int spurious,
                         boolean anomalous, String why) {
    public TcpFuzzRun {
        events = List.copyOf(events);
    }
}
