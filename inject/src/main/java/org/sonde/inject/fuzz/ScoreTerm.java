package org.sonde.inject.fuzz;

import java.util.Locale;

/**
 * The objectives of the fuzzer's multi-objective score Σ wᵢ·sᵢ (paper §4). Each sᵢ is 0 for a
 * run without the anomaly and grows logarithmically with it, so that no single term's raw scale
 * (nanoseconds, packet counts) drowns the others.
 */
enum ScoreTerm {
    /** log₂ of the innocent QPs' mean message completion time over the same test without events (≥ 1). */
    INNOCENT_MCT_INFLATION,
    /** log₂(1 + NIC counters that disagree with the trace). */
    COUNTER_INCONSISTENCY,
    /** log₂(1 + go-back-N violations). */
    GBN_FAILURE,
    /** log₂(1 + packets the NICs discarded, e.g. rx_discards_phy). */
    DISCARDS,
    /** log₂(1 + retransmission timeouts the NICs counted). */
    TIMEOUTS,
    /** log₂(1 + the longest NAK generation + reaction time / 100 µs (paper Fig. 8, 9)). */
    LARGE_LATENCY,
    /**
     * log₂(1 + NAK-recovered losses recovering at the same time): the paper's cue for noisy neighbour is "multiple
     * connections experience packet drops simultaneously", which stresses a NIC's shared recovery
     * resources before anything visibly breaks — a gradient towards the anomaly.
     */
    CONCURRENT_RECOVERIES,
    /** log₂(1 + retransmissions on QPs without events): an innocent QP lost packets no event dropped. */
    INNOCENT_RETRANSMISSIONS;

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
