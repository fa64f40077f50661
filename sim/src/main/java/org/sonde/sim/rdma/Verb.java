package org.sonde.sim.rdma;

/** The RC operations a work request can post (IBA 9.4): two-sided SEND, one-sided WRITE and READ. */
public enum Verb {
    SEND, WRITE, READ
}
