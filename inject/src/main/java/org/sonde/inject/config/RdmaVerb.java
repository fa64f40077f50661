package org.sonde.inject.config;

import org.sonde.sim.rdma.Verb;

/** Lumina's {@code rdma-verb}: one verb for every QP, or SEND on the first QPs and READ on the rest. */
public enum RdmaVerb {
    WRITE, SEND, READ, SEND_READ;

    /** The verb of a single-verb test; SEND_READ has two (see {@link Traffic#verbOfQp}). */
    Verb single() {
        return switch (this) {
            case WRITE -> Verb.WRITE;
            case SEND -> Verb.SEND;
            case READ -> Verb.READ;
            case SEND_READ -> throw new IllegalStateException("send_read has a verb per QP");
        };
    }
}
