package org.sonde.sim.traffic;

import java.util.List;
import org.sonde.sim.net.Host;

/**
 * Flows of {@code bytes} from sources to destinations: pairwise when the two lists are equally long,
 * otherwise from a single source to every destination or from every source to a single destination.
 * The pairs start {@code count} times, {@code intervalNanos} apart from {@code startNanos}; flows are
 * named {@code name/0}, {@code name/1}, ... round by round, pairs in list order.
 */
public record PairedFlows(String name, List<Host> sources, List<Host> destinations, long bytes, long startNanos,
                          long intervalNanos, int count, int priority) {
    /**
     * @throws IllegalArgumentException if the lists do not pair up, or a pair is a host and itself
     */
    public PairedFlows {
        sources = List.copyOf(sources);
        destinations = List.copyOf(destinations);
        int n = pairsPerRound(sources, destinations);
        for (int i = 0; i < n; i++) {
            Host s = source(sources, i);
            if (s == destination(destinations, i)) throw new IllegalArgumentException("a flow from " + s.name() + " to itself");
        }
    }

    /** How many flows start in each round. */
    int pairsPerRound() {
        return pairsPerRound(sources, destinations);
    }

    public void generate(FlowSink sink) {
        int pairs = pairsPerRound();
        int n = 0;
        for (int c = 0; c < count; c++) {
            for (int i = 0; i < pairs; i++) {
                sink.add(name + "/" + n++, source(sources, i), destination(destinations, i), bytes, startNanos + c * intervalNanos, priority);
            }
        }
    }

    private static int pairsPerRound(List<Host> from, List<Host> to) {
        if (from.size() == to.size()) return from.size();
        if (from.size() == 1) return to.size();
        if (to.size() == 1) return from.size();
        throw new IllegalArgumentException("from and to need equal lengths (pairwise) or one of them a single host");
    }

    // a single host on one side pairs with every host on the other
    private static Host source(List<Host> from, int pair) {
        return from.get(from.size() == 1 ? 0 : pair);
    }

    private static Host destination(List<Host> to, int pair) {
        return to.get(to.size() == 1 ? 0 : pair);
    }
}
