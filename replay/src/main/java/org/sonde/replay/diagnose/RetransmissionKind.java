package org.sonde.replay.diagnose;

/** Why a segment was sent again, as far as the packets of a capture tell. */
public enum RetransmissionKind {
    /** The retransmission timer fired: the head of the window went out again after a silence, or after such a timeout as part of its recovery. */
    RTO,
    /** Three duplicate ACKs, or three segments' worth of SACKed data above the hole (the duplicate threshold), or a partial ACK in NewReno recovery. */
    FAST_RETRANSMIT,
    /** SACKs or duplicate ACKs showed later-sent data delivered, below the duplicate threshold: RACK's time-based loss detection (RFC 8985). */
    RACK,
    /** The tail segment went out again while no ACK said anything was lost: a tail loss probe (RFC 8985 §7). */
    TLP,
    /** Not needed: the receiver already had the data (a D-SACK reported it, or the cumulative ACK already covered it). */
    SPURIOUS,
    /** The capture shows nothing that would have triggered it (e.g. the ACKs that did were not captured). */
    UNEXPLAINED
}
