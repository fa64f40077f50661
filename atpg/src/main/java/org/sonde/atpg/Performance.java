package org.sonde.atpg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ATPG's performance tests (dissertation §2.3.2): each test's frame sent as a train of copies back
 * to back, as packet-train tools measure a path. At an exit a test reaches by one copy per frame,
 * the train's first copy gives the path's one-way latency and the train's dispersion (first to last
 * copy) its bottleneck rate. A link's figures come from the trains of the tests that cross it (the
 * suite's histories): its latency is at most the least of theirs, its rate at least the greatest
 * of their bottlenecks, so a slow link shows as the one whose every train is slow while trains
 * over its neighbours are not.
 */
public final class Performance {
    private Performance() {}

    /**
     * One test's train at one exit.
     *
     * @param frameBytes    the frame's length, in bytes
     * @param frames        copies of the train that arrived there
     * @param firstMs       the first copy's latency, in milliseconds
     * @param lastMs        the last copy's latency, in milliseconds
     * @param bottleneckBps (frames - 1) frames' bits over the dispersion, in bit/s; null when fewer than two copies
     *                      arrived, or all at once (in emulation: no slowed link on the path)
     */
    public record Train(String test, int exit, int frameBytes, int frames, double firstMs, double lastMs, Double bottleneckBps) {
        /** A train with its bottleneck computed from the copies' latencies. */
        public static Train of(String test, int exit, int frameBytes, int frames, double firstMs, double lastMs) {
            double dispersionMs = lastMs - firstMs;
            Double bps = frames < 2 || !(dispersionMs > 0) ? null : (frames - 1) * frameBytes * 8_000.0 / dispersionMs;
            return new Train(test, exit, frameBytes, frames, firstMs, lastMs, bps);
        }
    }

    /**
     * One link's figures from the trains over it.
     *
     * @param tests     the tests whose trains crossed it and were measured
     * @param latencyMs the least first-copy latency of those trains: the link's latency is at most this, in milliseconds
     * @param rateBps   the greatest bottleneck of those trains: the link carries at least this, in bit/s; null when no
     *                  train over it was limited (all at once, in emulation)
     */
    public record LinkFigures(String link, List<String> tests, double latencyMs, Double rateBps) {
        public LinkFigures {
            tests = List.copyOf(tests);
        }
    }

    /** Whether a test's train can be measured: it arrives at one exit as one copy per frame (so its history's links lead there). */
    public static boolean measurable(TestPacket t) {
        return t.arrivals().size() == 1 && t.arrivals().values().iterator().next() == 1;
    }

    /** Each link's figures from the trains of the tests crossing it, links in the order first met; links no train crossed are left out. */
    public static List<LinkFigures> perLink(Suite suite, List<Train> trains) {
        Map<String, TestPacket> byId = new LinkedHashMap<>();
        suite.tests().forEach(t -> byId.put(t.id(), t));
        suite.reserved().forEach(t -> byId.put(t.id(), t));
        Map<String, List<Train>> over = new LinkedHashMap<>();
        for (Train tr : trains) {
            TestPacket t = byId.get(tr.test());
            if (t == null) throw new IllegalArgumentException("a train of test " + tr.test() + ", which is not in the suite");
            for (String link : t.links()) over.computeIfAbsent(link, k -> new ArrayList<>()).add(tr);
        }
        List<LinkFigures> out = new ArrayList<>();
        over.forEach((link, ts) -> {
            double latency = ts.stream().mapToDouble(Train::firstMs).min().orElseThrow();
            boolean unlimited = ts.stream().anyMatch(t -> t.bottleneckBps() == null && t.frames() >= 2);
            Double rate = unlimited ? null : ts.stream().map(Train::bottleneckBps).filter(java.util.Objects::nonNull)
                    .max(Double::compare).orElse(null);
            out.add(new LinkFigures(link, ts.stream().map(Train::test).distinct().toList(), latency, rate));
        });
        return out;
    }
}
