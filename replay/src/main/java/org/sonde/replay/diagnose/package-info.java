/**
 * Diagnosis of TCP captures: per direction of every connection, each retransmission's cause with its evidence
 * (RTO, fast retransmit, RACK, TLP, spurious; see {@link org.sonde.replay.diagnose.RetransmissionKind}), and the
 * duplicate-ACK, zero-window and out-of-order counts. {@link org.sonde.replay.diagnose.CaptureDiagnoser} is the
 * entry point.
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
 * <p>Checked against the simulator's MIB counters (which Linux's placement of increments) and against Wireshark's
 * {@code tcp.analysis} flags frame by frame. Known limit: with RACK-TLP a loss probe of a single outstanding segment
 * waits 2 SRTT + TCP_RTO_MIN, as long as an RTO, and the capture cannot tell them apart.
 */
package org.sonde.replay.diagnose;
