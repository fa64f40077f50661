package org.sonde.inject.tcp.study;

/**
 * What one run of a scenario measured.
 *
 * @param completionNanos  from the client's first send to the server having read the message; null without a connection
 * @param recovery         how the watched lost transmission was recovered (fast-retransmit, rack,
 *                         tlp, rto, none); null for scenarios without one
 * @param recoveryNanos    from the watched loss to its next transmission, null without
 * @param stallNanos       the longest time between two of the client's data transmissions; null with fewer than two
 * @param stallEndedBy     what ended it: "new data" or the retransmission's kind; null without a stall
 * @param pass             the connection delivered its message and every analyzer's verdict passed
 * @param verdicts         the failed verdicts' reasons, empty when it passed
 * @param directory        the run's files, relative to the study's directory
 */
public record TcpStudyRun(TcpScenario scenario, String congestionControl, int repetition, Long completionNanos, String recovery,
                          Long recoveryNanos, Long stallNanos, String stallEndedBy, boolean pass, java.util.List<String> verdicts,
                          String directory) {
    public TcpStudyRun {
        verdicts = java.util.List.copyOf(verdicts);
    }
}
