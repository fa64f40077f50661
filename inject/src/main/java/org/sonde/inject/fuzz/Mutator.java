package org.sonde.inject.fuzz;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.PacketKind;
import org.sonde.inject.config.RdmaVerb;
import org.sonde.inject.config.Traffic;

/**
 * Creates random genomes in a target's search space and mutates them (Algorithm 1, lines 2 and 5).
 * A mutation changes one traffic setting or the event list; a repair step then restores what the
 * change may have broken (events beyond the QPs or the message, several events on one packet, non-ECN
 * events with tx-depth above 1, no innocent or no injected QP for noisy neighbour). There is no
 * crossover: Algorithm 1 derives each config from one parent, and the fields depend on each other
 * (packet numbers on size and MTU, the event list on the QP count), so spliced parents would mostly
 * be repaired back into one of them.
 */
final class Mutator {
    private static final String WHERE = "fuzz";

    private final FuzzTarget target;
    private final SearchSpace space;
    private final List<Mutation> mutations;

    public Mutator(FuzzTarget target) {
        this.target = target;
        this.space = target.space();
        // a setting with a single allowed value cannot mutate: choosing it would waste the run
        List<Mutation> m = new ArrayList<>(List.of(Mutation.values()));
        if (space.verbs().size() == 1) m.remove(Mutation.VERB);
        if (space.mtus().size() == 1) m.remove(Mutation.MTU);
        if (space.txDepth().min() == space.txDepth().max()) m.remove(Mutation.TX_DEPTH);
        if (space.numQps().min() == space.numQps().max()) m.remove(Mutation.QPS);
        if (space.messagesPerQp().min() == space.messagesPerQp().max()) m.remove(Mutation.MESSAGES);
        if (space.messageSize().min() == space.messageSize().max()) m.remove(Mutation.SIZE);
        this.mutations = List.copyOf(m);
    }

    private enum Mutation { QPS, VERB, SIZE, MESSAGES, MTU, TX_DEPTH, SPREAD, SHRINK, EVENT, ADD_EVENT, REMOVE_EVENT }

    /** A random genome of the space (Algorithm 1, line 2). */
    public Genome random(RandomGenerator r) {
        int qps = space.numQps().pick(r);
        RdmaVerb verb = pick(space.verbs(), r);
        Traffic t = traffic(verb, qps, verb == RdmaVerb.SEND_READ ? r.nextInt(qps + 1) : 0, space.messagesPerQp().pick(r),
                space.messageSize().pick(r), pick(space.mtus(), r), space.txDepth().pick(r));
        List<Integer> order = shuffled(qps, r);
        int injected = Math.min(space.injectedQps().pick(r), maxInjected(qps));
        List<EventIntent> events = new ArrayList<>();
        for (int i = 0; i < injected; i++) events.addAll(eventsFor(order.get(i), t, r));
        return repair(t, events, r);
    }

    /** γ* = mutate(γ): one or two mutations of a parent (Algorithm 1, line 5). */
    public Genome mutate(Genome parent, RandomGenerator r) {
        Genome g = mutateOnce(parent, r);
        return r.nextBoolean() ? mutateOnce(g, r) : g;
    }

    private Genome mutateOnce(Genome g, RandomGenerator r) {
        Traffic t = g.traffic();
        List<EventIntent> events = new ArrayList<>(g.events());
        Set<Integer> injected = g.injectedQps();
        Mutation m = pick(mutations, r);
        switch (m) {
            case QPS -> {
                int step = 1 + r.nextInt(Math.max(1, t.numQps() / 4));
                int qps = space.numQps().clamp(t.numQps() + (r.nextBoolean() ? step : -step));
                t = traffic(t.verb(), qps, t.sendQps(), t.messagesPerQp(), t.messageSizeBytes(), t.mtu(), t.txDepth());
            }
            case VERB -> {
                RdmaVerb verb = pick(space.verbs(), r);
                t = traffic(verb, t.numQps(), verb == RdmaVerb.SEND_READ ? r.nextInt(t.numQps() + 1) : 0, t.messagesPerQp(),
                        t.messageSizeBytes(), t.mtu(), t.txDepth());
            }
            case SIZE -> {
                long size = r.nextBoolean() ? t.messageSizeBytes() * 2 : t.messageSizeBytes() / 2;
                if (r.nextInt(4) == 0) size = space.messageSize().pick(r);
                t = traffic(t.verb(), t.numQps(), t.sendQps(), t.messagesPerQp(), space.messageSize().clamp((int) Math.min(size, Integer.MAX_VALUE)),
                        t.mtu(), t.txDepth());
            }
            case MESSAGES -> t = traffic(t.verb(), t.numQps(), t.sendQps(),
                    space.messagesPerQp().clamp(t.messagesPerQp() + (r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(3))),
                    t.messageSizeBytes(), t.mtu(), t.txDepth());
            case MTU -> t = traffic(t.verb(), t.numQps(), t.sendQps(), t.messagesPerQp(), t.messageSizeBytes(), pick(space.mtus(), r), t.txDepth());
            case TX_DEPTH -> t = traffic(t.verb(), t.numQps(), t.sendQps(), t.messagesPerQp(), t.messageSizeBytes(), t.mtu(), space.txDepth().pick(r));
            case SPREAD -> {
                // innocent QPs get the events of an injected one: more QPs in trouble at once
                List<Integer> innocent = shuffled(t.numQps(), r);
                innocent.removeAll(injected);
                if (!innocent.isEmpty() && !injected.isEmpty()) {
                    int from = pick(new ArrayList<>(injected), r);
                    for (int to : innocent.subList(0, 1 + r.nextInt(Math.max(1, innocent.size() / 4)))) {
                        for (EventIntent e : g.events()) if (e.qpIndex() == from) events.add(event(to, e.packet(), e.iteration(), e.action()));
                    }
                }
            }
            case SHRINK -> {
                List<Integer> victims = new ArrayList<>(injected);
                java.util.Collections.shuffle(victims, java.util.Random.from(r));
                Set<Integer> cleared = new HashSet<>(victims.subList(0, victims.isEmpty() ? 0 : 1 + r.nextInt(Math.max(1, victims.size() / 4))));
                events.removeIf(e -> cleared.contains(e.qpIndex()));
            }
            case EVENT -> {
                if (!events.isEmpty()) {
                    int i = r.nextInt(events.size());
                    EventIntent e = events.get(i);
                    events.set(i, switch (r.nextInt(3)) {
                        case 0 -> event(e.qpIndex(), r.nextInt(t.packetsPerMessage()), e.iteration(), e.action());
                        case 1 -> event(e.qpIndex(), e.packet(), space.iterations().pick(r), e.action());
                        default -> event(e.qpIndex(), e.packet(), e.iteration(), action(r));
                    });
                }
            }
            case ADD_EVENT -> {
                if (!injected.isEmpty()) events.add(randomEvent(pick(new ArrayList<>(injected), r), t, r));
            }
            case REMOVE_EVENT -> {
                if (!events.isEmpty()) events.remove(r.nextInt(events.size()));
            }
        }
        return repair(t, events, r);
    }

    /**
     * Restores validity: events within the QPs and the message, one event per packet and round,
     * ECN only with tx-depth above 1, at most the allowed events per QP, and for noisy neighbour at
     * least one injected and one innocent QP.
     */
    Genome repair(Traffic t, List<EventIntent> proposed, RandomGenerator r) {
        Map<Integer, List<EventIntent>> byQp = admit(t, proposed);
        int maxInjected = maxInjected(t.numQps());
        List<Integer> injected = new ArrayList<>(byQp.keySet());
        while (injected.size() > maxInjected) byQp.remove(injected.remove(r.nextInt(injected.size())));
        if (target.objective() == FuzzTarget.Objective.NOISY_NEIGHBOUR && byQp.isEmpty()) byQp = admit(t, eventsFor(r.nextInt(t.numQps()), t, r));
        List<EventIntent> events = new ArrayList<>();
        byQp.values().forEach(events::addAll);
        return new Genome(t, events);
    }

    /** The events that fit the traffic, by QP in order of first appearance. */
    private Map<Integer, List<EventIntent>> admit(Traffic t, List<EventIntent> proposed) {
        int lastPacket = t.packetsPerMessage() - 1;
        Map<Integer, List<EventIntent>> byQp = new LinkedHashMap<>();
        Set<List<Integer>> taken = new HashSet<>();
        for (EventIntent e : proposed) {
            if (e.qpIndex() >= t.numQps()) continue;
            int packet = Math.min(e.packet(), lastPacket);
            EventAction action = t.txDepth() > 1 ? new EventAction.MarkEcn() : e.action();
            List<EventIntent> onQp = byQp.computeIfAbsent(e.qpIndex(), q -> new ArrayList<>());
            // the injector takes one action per packet and round
            if (onQp.size() < space.eventsPerQp().max() && taken.add(List.of(e.qpIndex(), packet, e.iteration()))) {
                onQp.add(event(e.qpIndex(), packet, e.iteration(), action));
            }
        }
        return byQp;
    }

    /** Noisy neighbour keeps one QP innocent. */
    private int maxInjected(int qps) {
        int max = Math.min(space.injectedQps().max(), qps);
        return target.objective() == FuzzTarget.Objective.NOISY_NEIGHBOUR ? Math.min(max, qps - 1) : max;
    }

    private List<EventIntent> eventsFor(int qp, Traffic t, RandomGenerator r) {
        List<EventIntent> l = new ArrayList<>();
        for (int i = space.eventsPerQp().pick(r); i > 0; i--) l.add(randomEvent(qp, t, r));
        return l;
    }

    private EventIntent randomEvent(int qp, Traffic t, RandomGenerator r) {
        return event(qp, r.nextInt(t.packetsPerMessage()), space.iterations().pick(r), t.txDepth() > 1 ? new EventAction.MarkEcn() : action(r));
    }

    private EventAction action(RandomGenerator r) {
        return switch (pick(space.eventTypes(), r)) {
            case DROP -> new EventAction.Drop();
            case ECN -> new EventAction.MarkEcn();
            case CORRUPT -> new EventAction.Corrupt();
        };
    }

    private static EventIntent event(int qp, int packet, int iteration, EventAction action) {
        return new EventIntent(qp, PacketKind.DATA, packet, EventIntent.PsnScope.EACH_MESSAGE, iteration, action, WHERE);
    }

    /** Lumina's defaults for the settings the fuzzer leaves alone (no barrier, timeout 14, 7 retries, random PSN). */
    private static final Traffic DEFAULTS = new Traffic(RdmaVerb.WRITE, 1, 0, 1, 1024, 1024, false, false, 1, 14, 7, List.of(), -1);

    private static Traffic traffic(RdmaVerb verb, int qps, int sendQps, int messages, long size, int mtu, int txDepth) {
        return vary(DEFAULTS, verb, qps, sendQps, messages, size, mtu, txDepth);
    }

    /** {@code base} with the settings the fuzzer varies replaced (sendQps only counts for SEND_READ). */
    static Traffic vary(Traffic base, RdmaVerb verb, int qps, int sendQps, int messages, long size, int mtu, int txDepth) {
        return new Traffic(verb, qps, verb == RdmaVerb.SEND_READ ? Math.min(sendQps, qps) : 0, messages, size, mtu, base.multiGid(),
                base.barrierSync(), txDepth, base.minRetransmitTimeout(), base.maxRetransmitRetry(), base.dscpList(), base.initialPsn());
    }

    private static <T> T pick(List<T> l, RandomGenerator r) {
        return l.get(r.nextInt(l.size()));
    }

    private static List<Integer> shuffled(int n, RandomGenerator r) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add(i);
        for (int i = n - 1; i > 0; i--) java.util.Collections.swap(l, i, r.nextInt(i + 1));
        return l;
    }
}
