package org.sonde.inject.model;

import org.sonde.packet.Psn;

/**
 * One side of a queue pair at run time: its QP number, initial PSN, IPv4 address and the switch
 * port it is attached to.
 */
public record Endpoint(int qpn, int initialPsn, int ip, int switchPort) {
    public Endpoint {
        if ((qpn & ~Psn.MASK) != 0 || (initialPsn & ~Psn.MASK) != 0) {
            throw new IllegalArgumentException("QPN and PSN are 24-bit values: " + qpn + ", " + initialPsn);
        }
    }
}
