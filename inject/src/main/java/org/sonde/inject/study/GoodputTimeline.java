package org.sonde.inject.study;

import java.util.List;

/**
 * Goodput of each QP over time: new payload delivered to its data receiver per bin, from the trace's first packet.
 *
 * @param binNanos  width of a bin
 * @param gbpsPerQp per QP (in generator order), its goodput in each bin in Gb/s
 */
public record GoodputTimeline(long binNanos, List<List<Double>> gbpsPerQp) {
    public GoodputTimeline {
        gbpsPerQp = gbpsPerQp.stream().map(List::copyOf).toList();
    }
}
