package org.sonde.inject.config;

/**
 * How the injector counts (re)transmission rounds (ITER) of a connection.
 *
 * <ul>
 *   <li>{@link #PAPER} (default, §3.3): ITER starts at 1 and increments whenever a packet's PSN is not
 *       after the last PSN seen on the connection — a new retransmission round.</li>
 *   <li>{@link #LUMINA_CODE} ({@code inject_switch.p4}): rounds are counted per message; the first packet
 *       of a message resets ITER to 1 when it is the expected PSN, and any packet other than the expected
 *       one (a forward gap too) increments it.</li>
 * </ul>
 */
public enum IterTracking {
    PAPER, LUMINA_CODE
}
