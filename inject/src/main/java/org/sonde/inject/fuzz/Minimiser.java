package org.sonde.inject.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.Traffic;

/**
 * Smaller variants of a triggering config, the biggest reductions first: every event of one type
 * removed, every event of a retransmission round (iter above 1) removed, innocent QPs removed (half,
 * then one), fewer messages (half, then one), an injected QP's events removed, a QP's extra event
 * removed. Every variant keeps at least one injected and, for noisy neighbour, one innocent QP.
 */
final class Minimiser {
    private Minimiser() {}

    static List<Genome> smaller(Genome g, FuzzTarget target) {
        Traffic t = g.traffic();
        Set<Integer> injected = g.injectedQps();
        int innocent = t.numQps() - injected.size();
        int keepInnocent = target.objective() == FuzzTarget.Objective.NOISY_NEIGHBOUR ? 1 : 0;
        List<Genome> out = new ArrayList<>();
        // whole kinds of events first: an event type, or every retransmission-round event, that the anomaly does not need
        for (Class<?> type : g.events().stream().map(e -> e.action().getClass()).distinct().toList()) {
            keepIfSomeLeft(out, g, g.events().stream().filter(e -> e.action().getClass() != type).toList());
        }
        keepIfSomeLeft(out, g, g.events().stream().filter(e -> e.iteration() == 1).toList());
        for (int drop : new int[] {(innocent - keepInnocent) / 2, 1}) {
            if (drop >= 1 && innocent - drop >= keepInnocent) out.add(withoutInnocent(g, drop));
        }
        for (int fewer : new int[] {t.messagesPerQp() / 2, 1}) {
            if (fewer >= 1 && t.messagesPerQp() - fewer >= 1) out.add(new Genome(with(t, t.numQps(), t.messagesPerQp() - fewer), g.events()));
        }
        if (injected.size() > 1) {
            for (int qp : injected) out.add(new Genome(t, g.events().stream().filter(e -> e.qpIndex() != qp).toList()));
        }
        for (int qp : injected) {
            List<EventIntent> on = g.events().stream().filter(e -> e.qpIndex() == qp).toList();
            if (on.size() > 1) {
                List<EventIntent> rest = new ArrayList<>(g.events());
                rest.remove(on.getLast());
                out.add(new Genome(t, rest));
            }
        }
        return List.copyOf(new java.util.LinkedHashSet<>(out)); // different rules can propose the same variant
    }

    /** Adds {@code g} with only {@code events} if that removes some of its events and leaves some. */
    private static void keepIfSomeLeft(List<Genome> out, Genome g, List<EventIntent> events) {
        if (!events.isEmpty() && events.size() < g.events().size()) out.add(new Genome(g.traffic(), events));
    }

    /** Removes the {@code count} highest-numbered innocent QPs and renumbers the injected ones above them. */
    private static Genome withoutInnocent(Genome g, int count) {
        Set<Integer> injected = g.injectedQps();
        List<Integer> removed = new ArrayList<>();
        for (int q = g.traffic().numQps() - 1; q >= 0 && removed.size() < count; q--) if (!injected.contains(q)) removed.add(q);
        List<EventIntent> events = new ArrayList<>();
        for (EventIntent e : g.events()) {
            int below = (int) removed.stream().filter(q -> q < e.qpIndex()).count();
            events.add(new EventIntent(e.qpIndex() - below, e.kind(), e.packet(), e.scope(), e.iteration(), e.action(), e.where()));
        }
        return new Genome(with(g.traffic(), g.traffic().numQps() - count, g.traffic().messagesPerQp()), events);
    }

    private static Traffic with(Traffic t, int qps, int messages) {
        return Mutator.vary(t, t.verb(), qps, t.sendQps(), messages, t.messageSizeBytes(), t.mtu(), t.txDepth());
    }
}
