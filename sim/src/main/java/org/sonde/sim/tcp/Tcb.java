package org.sonde.sim.tcp;

import static org.sonde.sim.tcp.CongestionControl.OPEN;

/**
 * The transmission control block (RFC 9293 3.3.1): the variables of one connection that the parts of a
 * {@link TcpSocket} share, named after the fields of Linux's {@code struct tcp_sock} ({@code tp}).
 * Data only: the algorithms that read and write it are the socket's parts. State that only one part
 * uses stays in that part.
 *
 * <p>Sequence numbers are 64-bit values that never wrap: the initial sequence number plus bytes.
 */
final class Tcb {
    // tp->ecn_flags
    static final int ECN_OK = 1;
    static final int ECN_QUEUE_CWR = 2;
    static final int ECN_DEMAND_CWR = 4;
    static final int ECN_SEEN = 8;

    /** {@code TCP_MSS_DEFAULT}: the peer's segment size when its SYN names none, and the first estimate for delayed ACKs. */
    static final int MSS_DEFAULT = 536;

    // negotiated at the handshake
    boolean sackOk;
    /** The shift of the peer's window field ({@code rx_opt.snd_wscale}). */
    int sndWscale;
    boolean tsOk;
    /** Payload bytes of a full segment ({@code mss_cache}). */
    int mssCache;
    int ecnFlags;
    /** The connection's random timestamp offset ({@code tsoffset}). */
    long tsOffset;

    // the send sequence space
    long iss;
    long sndUna;
    long sndNxt;
    /** {@code write_seq}: the end of the data the application has written into the send buffer. */
    long writeSeq;
    long sndWnd;
    /** {@code max_window}: the largest window the peer offered. */
    long maxWindow;
    long sndWl1;
    /** {@code tp->bytes_acked}: data bytes the peer has acknowledged. */
    long bytesAcked;

    /** {@code tp->delivered}: segments delivered (cumulatively or selectively acknowledged), and those of them ECN-marked. */
    long delivered;
    long deliveredCe;

    /** {@code icsk_ca_state}: {@link CongestionControl#OPEN} .. {@link CongestionControl#LOSS}. */
    int caState = OPEN;
    /** {@code tp->reordering}: the duplicate threshold, raised when reordering is seen. */
    int reordering;
    /** {@code tp->reord_seen}: reordering was observed (RACK then keeps its reordering window in recovery). */
    int reordSeen;
    /** {@code tp->retrans_stamp}: when the first retransmission of the current episode was sent, or -1. */
    long retransStamp = -1;
    /** {@code tp->undo_marker}: snd_una when the episode began, while its window reduction may be undone; -1 when it may not. */
    long undoMarker = -1;
    /**
     * {@code tp->undo_retrans}: the episode's retransmissions no D-SACK has yet shown needless; 0 means every one was
     * (the reduction may be undone), -1 that none was out when the episode began.
     */
    int undoRetrans;
    /** {@code tp->total_retrans}: segments retransmitted; {@code tp->dsack_dups}: segments the peer reported twice. */
    long totalRetrans;
    long dsackDups;

    // tp->rx_opt: the timestamp option of the segment being processed
    boolean sawTstamp;
    int rcvTsecr;

    Tcb(int reordering) {
        this.reordering = reordering;
    }

    /** The timestamp clock: milliseconds plus the connection's random offset (Linux's {@code tcp_time_stamp_ts()}). */
    int tsOf(long nanos) {
        return (int) (nanos / 1_000_000L + tsOffset);
    }
}
