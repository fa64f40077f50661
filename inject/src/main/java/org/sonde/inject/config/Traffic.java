package org.sonde.inject.config;

import java.util.List;
import org.sonde.sim.rdma.Verb;

/**
 * Lumina's {@code traffic} section without its events.
 *
 * @param verb                 the verb (SEND_READ: SEND on the first {@code sendQps} QPs, READ on the rest)
 * @param numQps               QPs in total
 * @param sendQps              for SEND_READ, how many QPs SEND; otherwise 0
 * @param messagesPerQp        messages each QP carries
 * @param messageSizeBytes     bytes per message
 * @param mtu                  path MTU (256..4096, a power of two)
 * @param multiGid             QP i uses the host's address i mod (number of addresses)
 * @param barrierSync          every QP finishes message m before any QP starts message m+1
 * @param txDepth              messages a QP may have outstanding
 * @param minRetransmitTimeout IB local ACK timeout exponent: 4.096 µs·2^t
 * @param maxRetransmitRetry   retries after timeouts before the QP fails (0..7)
 * @param dscpList             DSCP of QP i is entry i mod size; empty: the NIC's default
 * @param initialPsn           the requesters' initial PSN, or -1 for a random one from the seed (Sonde)
 */
public record Traffic(RdmaVerb verb, int numQps, int sendQps, int messagesPerQp, long messageSizeBytes, int mtu,
                      boolean multiGid, boolean barrierSync, int txDepth, int minRetransmitTimeout,
                      int maxRetransmitRetry, List<Integer> dscpList, int initialPsn) {
    public Traffic {
        dscpList = List.copyOf(dscpList);
    }

    /** The verb QP {@code index} (0-based) uses. */
    public Verb verbOfQp(int index) {
        if (verb == RdmaVerb.SEND_READ) return index < sendQps ? Verb.SEND : Verb.READ;
        return verb.single();
    }

    /** N = ceil(size / mtu): packets per message. */
    public int packetsPerMessage() {
        return (int) ((messageSizeBytes + mtu - 1) / mtu);
    }

    /** Data packets of one QP without losses. */
    public long packetsPerQp() {
        return (long) packetsPerMessage() * messagesPerQp;
    }
}
