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
 * over its neighbours are not. On a slowed link with strict priority ({@code link:...:priority=}),
 * each service class gets its tests' worst latency ({@link #perClass}): the priority test compares
 * the high class's with the congested low class's.
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

    /**
     * One service class of a slowed link with strict priority.
     *
     * @param high    whether it is the high class (served first) or the rest
     * @param match   the class's header match, as the model writes headers; "the rest" for the low class
     * @param tests   the tests whose paths cross the link (the suite's histories) in the class, in sending order
     * @param worstMs the greatest latency at an exit among those tests, in milliseconds; null when none arrived
     */
    public record ClassFigures(String link, boolean high, String match, List<String> tests, Double worstMs) {
        public ClassFigures {
            tests = List.copyOf(tests);
        }
    }

    /**
     * Each prioritised link's two classes (links by id, high class first) from a round's results:
     * {@code priority} gives each link's high class, {@code layout} the headers' fields.
     */
    public static List<ClassFigures> perClass(Suite suite, List<Emulator.Result> results, Map<String, org.sonde.dataplane.model.Match> priority,
                                              org.sonde.dataplane.model.HeaderLayout layout) {
        Map<String, Emulator.Result> byId = new java.util.HashMap<>();
        results.forEach(r -> byId.put(r.id(), r));
        List<TestPacket> all = new ArrayList<>(suite.tests());
        all.addAll(suite.reserved());
        List<ClassFigures> out = new ArrayList<>();
        for (var e : new java.util.TreeMap<>(priority).entrySet()) {
            for (boolean high : new boolean[] {true, false}) {
                List<String> tests = all.stream().filter(t -> t.links().contains(e.getKey()) && matches(e.getValue(), t.header()) == high)
                        .map(TestPacket::id).toList();
                Double worst = tests.stream().map(byId::get).filter(java.util.Objects::nonNull).flatMap(r -> r.observed().values().stream())
                        .max(Double::compare).orElse(null);
                out.add(new ClassFigures(e.getKey(), high, high ? layout.text(e.getValue()) : "the rest", tests, worst));
            }
        }
        return out;
    }

    /** Whether a header (field values as sent) is in a class. */
    static boolean matches(org.sonde.dataplane.model.Match m, Map<String, Long> header) {
        for (var f : m.fields().entrySet()) {
            Long v = header.get(f.getKey());
            if (v == null || (v & f.getValue().mask()) != f.getValue().value()) return false;
        }
        return true;
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
