package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.dataplane.model.Examples.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.core.UsageException;
import org.sonde.dataplane.reach.Model;

class EmulatorTest {
    static final Model MODEL = ThreeSwitchSelectionTest.MODEL;
    static final Suite SUITE = ThreeSwitchSelectionTest.suite(Cover.RULES, 1);

    static List<Emulator.Result> run(String... faults) {
        return Emulator.run(MODEL, SUITE, java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), 50);
    }

    static List<String> suspects(List<Emulator.Result> results) {
        return Localizer.localize(Localizer.observations(SUITE, results)).suspects();
    }

    /**
     * A stand-in header is given only where the model forwards it exactly as the test's own: a test through rB3 (10.0/16 with
     * tp_dst 80) or PA's edge-in ACL reads tp_dst, so another tp_dst is no stand-in for it; tests whose path never reads tp_dst get one.
     */
    @Test
    void standInsAreHeadersTheModelForwardsExactlyAsTheTestsOwn() {
        List<TestPacket> tests = SUITE.tests();
        var standIns = Emulator.standIns(MODEL, List.of(), tests, t -> java.util.Map.of("tp_dst", 4000L));
        Forwarder forwarder = new Forwarder(MODEL, LinkTiming.none());
        assertThat(standIns).isNotEmpty();
        for (TestPacket t : tests) {
            var h = standIns.get(t.id());
            boolean readsPort = t.observed().contains("rB3") || t.observed().stream().anyMatch(e -> e.startsWith("acl:edge-in"));
            if (readsPort) assertThat(h).as(t.id() + " " + t.observed()).isNull();
            if (h == null) continue;
            assertThat(h).containsEntry("tp_dst", 4000L).containsEntry("ip_dst", t.header().get("ip_dst"));
            long[] values = h.values().stream().mapToLong(Long::longValue).toArray();
            assertThat(forwarder.forward(t.ingress(), values)).isEqualTo(forwarder.forward(t.ingress(), t.values()));
        }
        // a field the layout lacks, or the value a test has already, gives nothing to change
        assertThat(Emulator.standIns(MODEL, List.of(), tests, t -> java.util.Map.of("ip_src", 1L))).isEmpty();
        assertThat(Emulator.standIns(MODEL, List.of(), tests, t -> java.util.Map.of("tp_dst", t.header().get("tp_dst")))).isEmpty();
        // with rB3 missing, 10.0/16 falls to no rule of B whatever tp_dst is: tests through rB3 still get none, the others are checked faulted too
        var faulted = Emulator.standIns(MODEL, List.of(Fault.parse("test", "rule:rB3:missing")), tests, t -> java.util.Map.of("tp_dst", 4000L));
        assertThat(faulted.keySet()).isSubsetOf(standIns.keySet());
    }

    @Test
    void withoutFaultsEverythingPasses() {
        assertThat(run()).allSatisfy(r -> assertThat(r.pass()).isTrue());
        assertThat(suspects(run())).isEmpty();
    }

    @Test
    void eachRuleDropIsDetectedAndLocalised() {
        for (String rule : List.of("rA1", "rA2", "rA3", "rB1", "rB2", "rB3", "rC1", "rC2")) {
            for (String kind : List.of("drop", "missing")) {
                List<Emulator.Result> r = run("rule:" + rule + ":" + kind);
                assertThat(r).as(rule + " " + kind).anySatisfy(x -> assertThat(x.pass()).isFalse());
                assertThat(suspects(r)).as(rule + " " + kind).contains(rule);
            }
        }
    }

    @Test
    void wrongPortLinkDownAndLatency() {
        assertThat(run("rule:rA3:port=" + AB)).anySatisfy(x -> assertThat(x.pass()).isFalse());
        List<Emulator.Result> down = run("link:" + AB + "-" + BA + ":down");
        assertThat(down).anySatisfy(x -> assertThat(x.pass()).isFalse());
        assertThat(suspects(down)).containsAnyOf("AB", "BA");
        List<Emulator.Result> slow = run("link:AC:latency=80");
        assertThat(slow).anySatisfy(x -> {
            assertThat(x.pass()).isFalse();
            assertThat(x.reason()).contains("latency");
            assertThat(x.observed().values()).contains(80.0);
        });
        assertThat(run("link:AC:latency=20")).allSatisfy(x -> assertThat(x.pass()).isTrue());
    }

    /**
     * A slowed link is a token bucket holding the round's largest frame, full at the start, filling at the rate;
     * the round's frames all reach it at time zero (no other link takes time here), so the k-th copy to cross
     * leaves once the bucket has given the k copies' bytes: at max(0, bytes so far - bucket) over the rate (one
     * copy per test: no test crosses a link twice). The link slowed is the one the most tests cross.
     */
    @Test
    void aSlowedLinkIsATokenBucketTheRoundsFramesQueueAtInSendingOrder() {
        long bps = 4_000; // 2 ms a byte: the first frame leaves at once, the next waits about 100 ms
        Forwarder plain = new Forwarder(MODEL);
        List<TestPacket> all = new java.util.ArrayList<>(SUITE.tests());
        all.addAll(SUITE.reserved());
        java.util.Map<String, Integer> crossings = new java.util.TreeMap<>();
        for (TestPacket t : all) plain.forward(t.ingress(), t.values()).links().forEach(l -> crossings.merge(l, 1, Integer::sum));
        String link = crossings.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
        int bucket = all.stream().mapToInt(t -> SuiteFiles.frame(t, MODEL.network()).encode().length).max().orElseThrow();
        assertThat(Emulator.largestFrame(SUITE, MODEL.network())).isEqualTo(bucket);
        List<Emulator.Result> slow = run("link:" + link + ":rate=4kbps");
        long bytesSoFar = 0;
        List<Boolean> verdicts = new java.util.ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            TestPacket t = all.get(i);
            Forwarder.Trace trace = plain.forward(t.ingress(), t.values());
            Emulator.Result r = slow.get(i);
            assertThat(r.id()).isEqualTo(t.id());
            if (!trace.links().contains(link)) {
                assertThat(r.observed().values()).as(t.id()).allMatch(ms -> ms == 0.0);
                continue;
            }
            bytesSoFar += SuiteFiles.frame(t, MODEL.network()).encode().length;
            double left = Math.max(0, bytesSoFar - bucket) * 8_000.0 / bps;
            if (!trace.egress().isEmpty()) assertThat(r.observed().values()).as(t.id()).containsOnly(left);
            assertThat(r.pass()).isEqualTo(left <= 50 && r.observed().keySet().equals(t.expected().keySet()));
            verdicts.add(r.pass());
            if (!r.pass()) assertThat(r.reason()).isEqualTo("latency above 50.0 ms");
        }
        assertThat(verdicts).as("the first crossing passes, a later one fails").hasSizeGreaterThan(1).contains(true, false);
        assertThat(suspects(slow)).contains(link);
        // the same spec runs again from a full bucket: the state is the round's
        assertThat(run("link:" + link + ":rate=4kbps")).isEqualTo(slow);
    }

    /**
     * ATPG's performance tests: trains of 6 frames. A train over the slowed link leaves the bucket one frame per
     * frame-time once the bucket is spent, so its bottleneck is the link's rate (a little above it for a train whose
     * head finds the bucket full); a train over no slowed link arrives at once (not limited). Per link,
     * the slowed one and the links only its trains cross show the rate; the others are not limited.
     */
    @Test
    void trainsMeasureTheSlowedLinksRateAndEachLinkGetsTheFiguresOfTheTrainsOverIt() {
        long bps = 4_000;
        int k = 6;
        List<TestPacket> all = new java.util.ArrayList<>(SUITE.tests());
        all.addAll(SUITE.reserved());
        java.util.Map<String, TestPacket> byId = new java.util.HashMap<>();
        all.forEach(t -> byId.put(t.id(), t));
        java.util.Map<String, Integer> crossings = new java.util.TreeMap<>();
        for (TestPacket t : all) if (Performance.measurable(t)) t.links().forEach(l -> crossings.merge(l, 1, Integer::sum));
        String slowed = crossings.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
        Emulator.Emulated e = Emulator.run(MODEL, SUITE, List.of(Fault.parse("test", "link:" + slowed + ":rate=4kbps")), 1e9, k);

        assertThat(e.results()).allSatisfy(r -> assertThat(r.pass()).as(r.id() + " " + r.reason()).isTrue());
        assertThat(e.trains()).extracting(Performance.Train::test).containsExactlyElementsOf(
                all.stream().filter(t -> Performance.measurable(t)).map(TestPacket::id).toList());
        List<Performance.Train> over = e.trains().stream().filter(t -> byId.get(t.test()).links().contains(slowed)).toList();
        assertThat(over).isNotEmpty();
        for (Performance.Train t : e.trains()) {
            assertThat(t.frames()).isEqualTo(k);
            if (!over.contains(t)) {
                assertThat(t.bottleneckBps()).as(t.test()).isNull();
                continue;
            }
            assertThat(t.bottleneckBps()).as(t.test()).isBetween((double) bps, 2.0 * bps);
            // a head that waited found the bucket spent: every frame of the train then waits its own time
            if (t.firstMs() > 0) assertThat(t.bottleneckBps()).as(t.test()).isCloseTo(bps, org.assertj.core.data.Offset.offset(1e-6));
        }
        List<Performance.LinkFigures> links = e.links();
        assertThat(links).isEqualTo(Performance.perLink(SUITE, e.trains()));
        for (Performance.LinkFigures l : links) {
            boolean onlySlowTrains = l.tests().stream().allMatch(id -> byId.get(id).links().contains(slowed));
            if (onlySlowTrains) assertThat(l.rateBps()).as(l.link()).isBetween((double) bps, 2.0 * bps);
            else assertThat(l.rateBps()).as(l.link()).isNull();
        }
        assertThat(links).extracting(Performance.LinkFigures::link).contains(slowed);
        // one frame per test: no trains
        assertThat(Emulator.run(MODEL, SUITE, List.of(), 50, 1).trains()).isEmpty();
        assertThatThrownBy(() -> Emulator.run(MODEL, SUITE, List.of(), 50, 0)).isInstanceOf(UsageException.class).hasMessageContaining("--train");
    }

    /**
     * ATPG's priority test (§2.3.2): trains of 4 over a slowed link with strict priority, the high class being the
     * last-sent delivered test's destination. The round's frames reach the link at once: the first leaves alone, then every
     * high frame, then the low ones, one frame-time apart (every frame is as long: the bucket's size). Without
     * priority the high test's frames wait behind all others; with it, the high test passes a threshold the others fail.
     */
    @Test
    void strictPriorityServesTheHighClassFirstAtASlowedLink() {
        int k = 4;
        long bps = 4_000;
        Forwarder plain = new Forwarder(MODEL);
        List<TestPacket> all = new java.util.ArrayList<>(SUITE.tests());
        all.addAll(SUITE.reserved());
        // the link crossed by delivered tests of the most distinct destinations
        java.util.Map<String, java.util.Set<Long>> destinations = new java.util.TreeMap<>();
        for (TestPacket t : all)
            if (!t.expected().isEmpty()) for (String l : plain.forward(t.ingress(), t.values()).links()) destinations.computeIfAbsent(l, x -> new java.util.HashSet<>()).add(t.header().get("ip_dst"));
        String link = destinations.entrySet().stream().max(java.util.Comparator.comparingInt(e -> e.getValue().size())).orElseThrow().getKey();
        List<TestPacket> over = all.stream().filter(t -> plain.forward(t.ingress(), t.values()).links().contains(link)).toList();
        TestPacket high = over.stream().filter(t -> !t.expected().isEmpty()).reduce((a, b) -> b).orElseThrow();
        assertThat(over).allSatisfy(t -> assertThat(plain.forward(t.ingress(), t.values()).links()).as("crosses once").containsOnlyOnce(link));
        long dst = high.header().get("ip_dst");
        assertThat(over.stream().filter(t -> t.header().get("ip_dst") != dst)).as("a low class").isNotEmpty();
        int bytes = Emulator.largestFrame(SUITE, MODEL.network());
        assertThat(all).allSatisfy(t -> assertThat(SuiteFiles.frame(t, MODEL.network()).encode().length).isEqualTo(bytes));
        double frameMs = bytes * 8_000.0 / bps;

        // the service order: the first frame, the high class's, the low class's, each in sending order
        List<TestPacket> order = new java.util.ArrayList<>();
        for (TestPacket t : over) for (int i = 0; i < k; i++) order.add(t);
        TestPacket first = order.removeFirst();
        List<TestPacket> served = new java.util.ArrayList<>(List.of(first));
        order.stream().filter(t -> t.header().get("ip_dst") == dst).forEach(served::add);
        order.stream().filter(t -> t.header().get("ip_dst") != dst).forEach(served::add);
        String priority = "link:" + link + ":priority=ip_dst=" + org.sonde.packet.Ipv4Address.format((int) dst);
        Emulator.Emulated e = Emulator.run(MODEL, SUITE, List.of(Fault.parse("test", "link:" + link + ":rate=4kbps"), Fault.parse("test", priority)), 1e9, k);
        Emulator.Emulated fifo = Emulator.run(MODEL, SUITE, List.of(Fault.parse("test", "link:" + link + ":rate=4kbps")), 1e9, k);
        for (TestPacket t : over) {
            Emulator.Result r = e.results().stream().filter(x -> x.id().equals(t.id())).findFirst().orElseThrow();
            if (r.observed().isEmpty()) continue; // dropped further on
            double lastLeaves = served.lastIndexOf(t) * frameMs;
            assertThat(r.observed().values()).as(t.id()).containsOnly(lastLeaves);
        }
        double highMs = e.results().stream().filter(x -> x.id().equals(high.id())).findFirst().orElseThrow().observed().values().iterator().next();
        double highFifoMs = fifo.results().stream().filter(x -> x.id().equals(high.id())).findFirst().orElseThrow().observed().values().iterator().next();
        assertThat(highMs).isLessThan(highFifoMs).isEqualTo((served.lastIndexOf(high)) * frameMs);
        // as a test: with a threshold between the two, the high test passes with priority and fails without
        double threshold = (highMs + highFifoMs) / 2;
        List<Fault> slowOnly = List.of(Fault.parse("test", "link:" + link + ":rate=4kbps"));
        assertThat(Emulator.run(MODEL, SUITE, slowOnly, threshold, k).results()).filteredOn(x -> x.id().equals(high.id())).allMatch(x -> !x.pass());
        assertThat(Emulator.run(MODEL, SUITE, List.of(slowOnly.getFirst(), Fault.parse("test", priority)), threshold, k).results())
                .filteredOn(x -> x.id().equals(high.id())).allMatch(Emulator.Result::pass);
    }

    @Test
    void badFaultsAreBadInput() {
        // a fault is an option's value: naming what the model lacks, or malformed, is a usage error
        assertThatThrownBy(() -> run("rule:nope:drop")).isInstanceOf(UsageException.class).hasMessageContaining("no rule nope");
        assertThatThrownBy(() -> run("rule:rA1:explode")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> run("rule:rA1:port=" + PB)).isInstanceOf(UsageException.class).hasMessageContaining("not a port");
        assertThatThrownBy(() -> run("link:1-99:down")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> run("acl:x:deny")).isInstanceOf(UsageException.class).hasMessageContaining("ACL");
        assertThatThrownBy(() -> run("link:AC:rate=80")).isInstanceOf(UsageException.class).hasMessageContaining("needs a unit");
        assertThatThrownBy(() -> run("link:AC:rate=0kbps")).isInstanceOf(UsageException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> run("link:AC:slow")).isInstanceOf(UsageException.class).hasMessageContaining("rate=<rate>");
        assertThatThrownBy(() -> run("link:AC:priority=ip_dst=10.0.0.0/16")).isInstanceOf(UsageException.class).hasMessageContaining("slow the link too");
        assertThatThrownBy(() -> run("link:AC:rate=4kbps", "link:AC:priority=vlan=3")).isInstanceOf(UsageException.class)
                .hasMessageContaining("no header field vlan").hasMessageContaining("ip_dst, tp_dst");
        assertThatThrownBy(() -> run("link:AC:rate=4kbps", "link:AC:priority=tp_dst=70000")).isInstanceOf(UsageException.class)
                .hasMessageContaining("does not fit the field's 16 bits");
        assertThatThrownBy(() -> run("link:AC:rate=4kbps", "link:AC:priority=tp_dst=1.2.3.4")).isInstanceOf(UsageException.class)
                .hasMessageContaining("not an IPv4 address");
        assertThatThrownBy(() -> run("link:AC:rate=4kbps", "link:AC:priority=ip_dst=10.0.0.0/40")).isInstanceOf(UsageException.class)
                .hasMessageContaining("bad value ip_dst=10.0.0.0/40");
        assertThatThrownBy(() -> run("link:AC:priority=ip_dst")).isInstanceOf(UsageException.class).hasMessageContaining("priority=<field>=<value>");
        assertThatThrownBy(() -> run("link:AC:priority=tp_dst=1,tp_dst=2")).isInstanceOf(UsageException.class).hasMessageContaining("each field once");
    }

    /**
     * A packet for 10.1/16 sent round A, B, C and back to A (A sends it to B, B to C, C what comes from B out of PC
     * and to A) loops; one for 10.2/16 (delivered at PA) does not. A live data plane leaves the looping one out.
     */
    @Test
    void loopingTestsAreTheOnesWhosePacketComesBackToAPort() {
        var n = threeSwitch();
        java.util.List<org.sonde.dataplane.model.RuleTable> tables = new java.util.ArrayList<>();
        for (var t : n.tables()) {
            java.util.List<org.sonde.dataplane.model.Rule> rules = new java.util.ArrayList<>();
            for (var r : t.rules()) {
                List<Integer> out = switch (r.id()) {
                    case "rA2" -> List.of(AB);
                    case "rC2" -> List.of(PC, CA);
                    default -> null;
                };
                rules.add(out == null ? r : new org.sonde.dataplane.model.Rule(r.id(), r.priority(), r.inPortIds(), r.match(),
                        List.of(new org.sonde.dataplane.model.Action.Forward(out))));
            }
            tables.add(new org.sonde.dataplane.model.RuleTable(t.deviceId(), t.policy(), rules));
        }
        Model loop = Model.of(new org.sonde.dataplane.model.Network(n.layout(), n.devices(), n.ports(), n.links(), tables, List.of(), List.of(),
                List.of(), List.of()));
        Suite suite = Selector.select(loop, SelectOptions.of(List.of(PA, PB, PC), Cover.RULES));
        java.util.Set<String> looping = Emulator.looping(loop, suite);
        List<TestPacket> all = new java.util.ArrayList<>(suite.tests());
        all.addAll(suite.reserved());
        TestPacket tenOne = all.stream().filter(t -> t.rules().contains("rA2")).findFirst().orElseThrow();
        TestPacket tenTwo = all.stream().filter(t -> t.rules().contains("rA3")).findFirst().orElseThrow();
        assertThat(looping).contains(tenOne.id()).doesNotContain(tenTwo.id());
        assertThat(Emulator.looping(MODEL, SUITE)).isEmpty();
    }
}
