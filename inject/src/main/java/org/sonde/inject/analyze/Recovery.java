package org.sonde.inject.analyze;

/** How a lost data packet came back. */
public enum Recovery {
    /** Retransmitted on a NAK naming it (READ: a re-request after an out-of-sequence response). */
    NAK,
    /** Retransmitted with no NAK for it or an earlier PSN (READ: a re-request with nothing received after the loss). */
    TIMEOUT,
    /** Resent as part of going back to an earlier PSN someone NAKed or re-requested. */
    GO_BACK_N,
    /** Never sent again before the trace ended. */
    UNRECOVERED
}
