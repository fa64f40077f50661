/**
 * Diagnosis of TCP captures: per direction of every connection, each retransmission's cause with its evidence
 * (RTO, fast retransmit, RACK, TLP, spurious; see {@link org.sonde.replay.diagnose.RetransmissionKind}), and the
 * duplicate-ACK, zero-window and out-of-order counts; per flow why it was slow
 * ({@link org.sonde.replay.diagnose.SlowdownKind}: DETER's causes, each with its evidence), and the slow flows by size
 * in the form of DETER's Tables 2–3. {@link org.sonde.replay.diagnose.CaptureDiagnoser} is the entry point.
 *
 * <p>How a cause is read from packets: a resend after a silence of at least SRTT + 4 RTTVAR since the last ACK is
 * the retransmission timer (its backoff counted while nothing is acknowledged in between), and the resends that
 * follow it until the recovery point is acknowledged belong to that timeout (Linux's loss state); a resend of the
 * tail after a silence, or of the tail with no loss news at all, is a tail loss probe; a resend on an ACK is a fast
 * retransmit when three duplicate ACKs (head) or three segments' worth of SACKed data (above a hole) met the
 * duplicate threshold or a NewReno partial ACK asked for it, and RACK when data sent after the segment's last
 * transmission had been delivered below that threshold (RACK's reordering timer, armed two jiffies late by Linux,
 * counts as such). A D-SACK, or a cumulative ACK or SACK already covering it, makes it spurious.
 *
 * <p>How a slow flow's cause is read: a timer resend of the head after one or two duplicate ACKs is too few duplicates;
 * after three or more that the sender ignored, or a fast retransmit long after the third, a grown duplicate threshold
 * (Linux raises {@code tp->reordering} on reordering; the first sign of it in the capture is cited); after ACKs that
 * repeated the cumulative ACK with a new window, window updates that are not duplicates; a timer resend of a segment
 * already resent once, with duplicate ACKs still asking for it after that copy left, a lost retransmission (only RACK
 * finds one without the timer); a timer or probe resend that a D-SACK shows the receiver already had, with no sign that
 * the receiver holds its ACKs, lost ACKs. A pure ACK that
 * acknowledges everything at least eight round trips (and 1 ms) after the last segment, with new data at once after
 * it, is a delayed ACK (the receiver's window shrinking says why); new data only well after such an ACK is an
 * application-limited period. Planted in the simulator ({@code PlantedCausesTest}) or written by hand where the
 * simulator cannot show it ({@code HandMadeCausesTest}: its receiver does not grow its window as Linux's
 * {@code tcp_grow_window()} does).
 *
 * <p>How a direction's data splits into transfers ({@link org.sonde.replay.diagnose.Transfer}: what the application
 * wrote as one piece, a request or response on a persistent connection): new data begins one when the data before it
 * ended a write (PSH) and the sender had been quiet for longer than a reaction to an ACK, with everything acknowledged
 * or only duplicate ACKs or SACKs of a hole outstanding (a loss waiting for the next write's duplicates, DETER §5.2);
 * it ends when its last byte is acknowledged. A slowdown about a resent range belongs to the transfer holding that
 * range, whenever the resend came; a transfer that began while an earlier one's bytes were missing, and waited long
 * for their resend (TCP delivers in order), is blocked at the head of the line behind it. The tables by size count
 * transfers, so a connection per flow counts as before.
 *
 * <p>Checked against the simulator's MIB counters (which Linux's placement of increments) and against Wireshark's
 * {@code tcp.analysis} flags frame by frame. Known limit: with RACK-TLP a loss probe of a single outstanding segment
 * waits 2 SRTT + TCP_RTO_MIN, as long as an RTO, and the capture cannot tell them apart.
 */
package org.sonde.replay.diagnose;
