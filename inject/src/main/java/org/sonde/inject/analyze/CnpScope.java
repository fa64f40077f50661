package org.sonde.inject.analyze;

/**
 * What a notification point's CNP rate limiter counts separately (paper §6.3: CX5/CX6 per NIC port,
 * CX4 Lx per destination IP, E810 per QP), coarsest first.
 */
public enum CnpScope {
    /** One limiter per notification point NIC port. */
    PER_PORT,
    /** One limiter per reaction point IP, the CNP's destination. */
    PER_DEST_IP,
    /** One limiter per (reaction point IP, notification point IP). */
    PER_IP_PAIR,
    /** One limiter per QP. */
    PER_QP
}
