package org.sonde.inject.config;

/**
 * The packets an event can target. Lumina injects on data packets only (paper footnote 2); Sonde also
 * targets the control packets that drive recovery and congestion control.
 *
 * <ul>
 *   <li>{@link #DATA}: SEND/WRITE requests, or READ responses — the packets carrying the messages;</li>
 *   <li>{@link #ACK}, {@link #NAK}: acknowledges from the data receiver, told apart by the AETH syndrome
 *       (for READ there are none: the responses acknowledge);</li>
 *   <li>{@link #READ_REQUEST}: READ requests (and re-requests) from the requester;</li>
 *   <li>{@link #CNP}: congestion notifications towards the data sender, numbered in arrival order
 *       (their PSN field carries nothing).</li>
 * </ul>
 */
public enum PacketKind {
    DATA, ACK, NAK, READ_REQUEST, CNP
}
