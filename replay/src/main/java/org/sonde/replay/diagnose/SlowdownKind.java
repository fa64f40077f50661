package org.sonde.replay.diagnose;

/** Why a flow took longer than its data and path needed, as DETER's diagnoses name it (§2.1, §5). */
enum SlowdownKind {
    /**
     * A retransmission's ACK was held back by the receiver's delayed ACK while the sender's backed-off retransmission
     * timer fired again (DETER §2.1): the second copy was not needed, the flow waited for the first one's ACK.
     */
    DELAYED_ACK_RTO,
    /** The last segments of a burst were lost: no later data could produce duplicate ACKs, so a probe or timer had to find it. */
    TAIL_DROP,
    /** The receiver advertised a zero window and the sender stalled until it reopened. */
    ZERO_WINDOW,
    /** The sender kept its data in flight at the receiver's advertised window: receiver-limited (Linux's rwnd_limited chronograph). */
    RECEIVER_LIMITED
}
