package org.sonde.replay.diagnose;

/** Why a flow took longer than its data and path needed, as DETER's diagnoses name it (§2.1, §5). */
public enum SlowdownKind {
    /**
     * The receiver held back the ACK of a single segment (a delayed ACK) while the sender's retransmission timer fired
     * (DETER §2.1): of a retransmission, while the backed-off timer fired again, or of the one segment of a flight that
     * got through, when rto_min is shorter than the delayed-ACK timeout. The timer's copy was not needed.
     */
    DELAYED_ACK_RTO,
    /** The last segments of a burst were lost: no later data could produce duplicate ACKs, so a probe or timer had to find it. */
    TAIL_DROP,
    /** The receiver advertised a zero window and the sender stalled until it reopened. */
    ZERO_WINDOW,
    /**
     * The sender kept its data in flight at the receiver's advertised window for a quarter of its segments or of its
     * time: receiver-limited (Linux's rwnd_limited chronograph); the cost is the time it waited for the window.
     */
    RECEIVER_LIMITED,
    /**
     * The sender stopped with data in flight and nothing lost until one late ACK acknowledged it all: the receiver held
     * its ACK back, as Linux does while the window it could offer shrinks (DETER §5.1: a slow-reading application).
     */
    DELAYED_ACK,
    /** Duplicate ACKs came but too few to start fast retransmit (fewer than three), and the timer resent the loss (DETER §5.3). */
    TOO_FEW_DUPACKS,
    /**
     * A retransmission was lost too, and duplicate ACKs kept asking for it until the retransmission timer resent it:
     * duplicate-ACK counting cannot find a lost retransmission (RACK's send-time order can). DETER Table 3's RTO.
     */
    LOST_RETRANSMISSION,
    /** ACKs repeated the cumulative ACK but changed the window, so TCP did not count them as duplicates (DETER §5.3). */
    WINDOW_UPDATE_NOT_DUPACK,
    /** Enough duplicate ACKs came, but fast retransmit came late or never: the duplicate threshold had grown with reordering (DETER §5.2). */
    LATE_FAST_RETRANSMIT,
    /**
     * A transfer began while bytes of an earlier one on its connection were missing and waited until they were resent
     * (TCP delivers in order): on a persistent connection one request's loss delays the requests behind it.
     */
    HEAD_OF_LINE_BLOCKING,
    /** The timer resent data the receiver already had: its ACKs were lost on the way back (DETER §5.2's ACK drops). */
    ACK_DROP,
    /** The sender had everything acknowledged and nothing to send for a while: limited by its application. */
    APPLICATION_LIMITED,
    /** The flow's round trips were mostly queueing: its median RTT at least four times its base (DETER Table 3's congestion). */
    CONGESTION
}
