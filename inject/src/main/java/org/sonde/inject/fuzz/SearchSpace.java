package org.sonde.inject.fuzz;

import java.util.List;
import org.sonde.inject.config.RdmaVerb;

/**
 * The values the fuzzer may give each traffic setting and event (paper §4: the more specific the
 * target, the smaller the space).
 *
 * @param verbs          verbs to choose from
 * @param numQps         QPs in total
 * @param messagesPerQp  messages per QP
 * @param messageSize    bytes per message
 * @param mtus           path MTUs to choose from
 * @param txDepth        outstanding messages per QP (above 1 only ECN events are valid, as in Lumina)
 * @param injectedQps    QPs that get events (the rest are innocent)
 * @param eventsPerQp    events on each injected QP
 * @param eventTypes     what events do
 * @param iterations     the (re)transmission round an event hits
 */
record SearchSpace(List<RdmaVerb> verbs, IntRange numQps, IntRange messagesPerQp, IntRange messageSize, List<Integer> mtus,
                          IntRange txDepth, IntRange injectedQps, IntRange eventsPerQp, List<EventType> eventTypes, IntRange iterations) {
    /** The event actions the fuzzer generates: Lumina's three (paper footnote 2). */
    public enum EventType { DROP, ECN, CORRUPT }

    public SearchSpace {
        verbs = List.copyOf(verbs);
        mtus = List.copyOf(mtus);
        eventTypes = List.copyOf(eventTypes);
        if (verbs.isEmpty() || mtus.isEmpty() || eventTypes.isEmpty()) throw new IllegalArgumentException("verbs, MTUs and event types need at least one value");
        if (numQps.min() < 1 || messagesPerQp.min() < 1 || messageSize.min() < 1 || txDepth.min() < 1 || injectedQps.min() < 0
                || eventsPerQp.min() < 1 || iterations.min() < 1) {
            throw new IllegalArgumentException("QPs, messages, sizes, tx-depth, events per QP and iterations start at 1, injected QPs at 0");
        }
        for (int mtu : mtus) if (mtu < 256 || mtu > 4096 || Integer.bitCount(mtu) != 1) throw new IllegalArgumentException("MTU " + mtu + " is not 256..4096, a power of two");
        if (txDepth.max() > 1 && !eventTypes.contains(EventType.ECN)) {
            throw new IllegalArgumentException("tx-depth above 1 allows only ECN events; add ecn to the event types or keep tx-depth 1");
        }
    }

    /**
     * Around Fig. 11's experiment without giving it away: any verb, 2..48 QPs, up to ten messages of
     * 1..32 KB, drops and ECN marks on a random subset of the QPs.
     */
    public static final SearchSpace NOISY_NEIGHBOUR = new SearchSpace(List.of(RdmaVerb.READ, RdmaVerb.WRITE, RdmaVerb.SEND),
            new IntRange(2, 48), new IntRange(1, 10), new IntRange(1024, 32 * 1024), List.of(1024, 2048, 4096),
            new IntRange(1, 1), new IntRange(1, 47), new IntRange(1, 2), List.of(EventType.DROP, EventType.ECN), new IntRange(1, 2));

    /** A general search: every verb (SEND and READ mixed too), deeper queues, bit errors. */
    public static final SearchSpace GENERAL = new SearchSpace(List.of(RdmaVerb.READ, RdmaVerb.WRITE, RdmaVerb.SEND, RdmaVerb.SEND_READ),
            new IntRange(1, 32), new IntRange(1, 10), new IntRange(256, 64 * 1024), List.of(256, 512, 1024, 2048, 4096),
            new IntRange(1, 4), new IntRange(1, 32), new IntRange(1, 3), List.of(EventType.DROP, EventType.ECN, EventType.CORRUPT), new IntRange(1, 3));
}
