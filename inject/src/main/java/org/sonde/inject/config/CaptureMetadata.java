package org.sonde.inject.config;

import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;

/**
 * What the analyzers need to know about a capture besides its packets (Lumina's
 * {@code switch_message_snapshot.yml} and counter dumps, in one file): the QPs and the traffic's shape,
 * the NICs (for counter names and CNP pacing), the QPs' retransmission timer, and optionally the
 * counters taken around the run.
 *
 * @param minRetransmitTimeout IB local ACK timeout exponent the QPs used, or -1 if unknown
 * @param maxRetransmitRetry   retry count the QPs used, or -1 if unknown
 * @param counters             switch and NIC counters, or null if none were taken
 */
public record CaptureMetadata(TestMetadata metadata, NicModel requesterNic, NicModel responderNic, int minRetransmitTimeout,
                              int maxRetransmitRetry, RunCounters counters) {
}
