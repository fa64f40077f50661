package org.sonde.inject.model;

import org.sonde.sim.rdma.Verb;

/**
 * A connected pair of RC queue pairs under test, numbered from 0 in the traffic generator's order.
 * The <em>data sender</em> is the side whose packets carry the messages: the requester for SEND and
 * WRITE, the responder for READ. Response PSNs follow the request PSNs, so the data PSNs start at the
 * requester's initial PSN whatever the verb (Lumina's {@code psn_snd}).
 */
public record QpPair(int index, Verb verb, Endpoint requester, Endpoint responder) {

    public Endpoint dataSender() {
        return verb == Verb.READ ? responder : requester;
    }

    public Endpoint dataReceiver() {
        return verb == Verb.READ ? requester : responder;
    }

    /** The PSN of the first data packet (Lumina's {@code psn_snd}): the requester's initial PSN. */
    public int firstDataPsn() {
        return requester.initialPsn();
    }
}
