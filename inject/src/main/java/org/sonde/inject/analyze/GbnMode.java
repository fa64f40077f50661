package org.sonde.inject.analyze;

/** How strictly the go-back-N analyzer judges a trace. */
public enum GbnMode {
    /**
     * The IBA specification: an out-of-sequence packet must be NAKed with a PSN sequence error; a
     * retransmission without a NAK must restart at the first unacknowledged PSN and wait at least the
     * minimum retransmit timeout; RNR NAKs are honoured; duplicates are tolerated at the receiver for
     * WRITE and READ alike but must have been sent for a reason.
     */
    STRICT,
    /**
     * Lumina's public checkers exactly (anchor §2.3, §2.4), only with wrap-aware PSN arithmetic: a NAK
     * is never required, any unexplained retransmission counts as a timeout, NAK codes and RNR NAKs
     * are ignored, a duplicate WRITE packet is ignored but a duplicate READ response fails.
     */
    PERMISSIVE
}
