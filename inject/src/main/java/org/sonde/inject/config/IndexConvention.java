package org.sonde.inject.config;

/**
 * How an event names its QP and packet.
 *
 * <ul>
 *   <li>{@link #PAPER} (default): the paper's Listing 2 — QP and packet numbers are 1-based and the
 *       packet number counts from the start of the connection ("the 4th packet of the 1st QP").</li>
 *   <li>{@link #LUMINA_CODE}: Lumina's public code — the QP index is 0-based, the PSN is 0-based and
 *       relative to each message, and every event is copied to every message of the QP.</li>
 * </ul>
 */
public enum IndexConvention {
    PAPER, LUMINA_CODE;

    /** The number of a test's first QP in this convention. */
    public int firstQpNumber() {
        return this == PAPER ? 1 : 0;
    }
}
