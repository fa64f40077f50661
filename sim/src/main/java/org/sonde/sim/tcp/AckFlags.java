package org.sonde.sim.tcp;

/**
 * What one incoming ACK did, as bits: the {@code FLAG_*} values of Linux's {@code tcp_input.c} that
 * {@code tcp_ack()} collects and passes to SACK processing, loss recovery and the congestion control,
 * plus two of the simulator's own.
 */
final class AckFlags {
    /** The segment carried data. */
    static final int FLAG_DATA = 0x01;
    /** The segment updated the send window. */
    static final int FLAG_WIN_UPDATE = 0x02;
    /** It acknowledged new data. */
    static final int FLAG_DATA_ACKED = 0x04;
    /** Some of the data it acknowledged had been retransmitted (Karn's rule: no RTT sample from it). */
    static final int FLAG_RETRANS_DATA_ACKED = 0x08;
    /** It acknowledged the SYN. */
    static final int FLAG_SYN_ACKED = 0x10;
    /** It SACKed new data. */
    static final int FLAG_DATA_SACKED = 0x20;
    /** It carried ECE. */
    static final int FLAG_ECE_ACK = 0x40;
    /** A retransmission was found lost (RACK). */
    static final int FLAG_LOST_RETRANS = 0x80;
    /** Data never retransmitted and sent before the episode's high_seq was acknowledged or SACKed (F-RTO's evidence). */
    static final int FLAG_ORIG_SACK_ACKED = 0x200;
    static final int FLAG_SND_UNA_ADVANCED = 0x400;
    /** It carried a D-SACK. */
    static final int FLAG_DSACKING_ACK = 0x800;
    /** The RTO (or a loss probe) is to be re-armed. */
    static final int FLAG_SET_XMIT_TIMER = 0x1000;
    /** It D-SACKed the tail loss probe. */
    static final int FLAG_DSACK_TLP = 0x20000;
    /** Not a Linux flag: {@code tcp_fastretrans_alert()}'s {@code REXMIT_LOST}, lost segments are to be retransmitted. */
    static final int FLAG_REXMIT_LOST = 0x40000;
    /** Not a Linux flag: {@code REXMIT_NEW}, F-RTO sends new data rather than retransmitting (RFC 5682 step 2.b). */
    static final int FLAG_REXMIT_NEW = 0x100000;
    /** Not a Linux flag: it acknowledged our FIN. */
    static final int FLAG_FIN_ACKED = 0x80000;

    static final int FLAG_ACKED = FLAG_DATA_ACKED | FLAG_SYN_ACKED;
    static final int FLAG_NOT_DUP = FLAG_DATA | FLAG_WIN_UPDATE | FLAG_ACKED;
    static final int FLAG_CA_ALERT = FLAG_DATA_SACKED | FLAG_ECE_ACK | FLAG_DSACKING_ACK;
    static final int FLAG_FORWARD_PROGRESS = FLAG_ACKED | FLAG_DATA_SACKED;

    private AckFlags() {
    }
}
