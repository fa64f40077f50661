package org.sonde.sim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sonde.sim.traffic.UdpSink;
import org.sonde.sim.traffic.UdpSource;
import org.junit.jupiter.api.Test;

class NetworkTest {
    static final long G10 = 10_000_000_000L;
    static final long MICRO = 1_000;

    /** hosts h0..h{n-1} around one switch, all links 10 Gb/s and 1 µs. */
    static Network star(int hosts, SwitchConfig config, long seed) {
        Network net = new Network(seed);
        Switch s = net.addSwitch("s", config);
        for (int i = 0; i < hosts; i++) net.connect(net.addHost("h" + i, HostConfig.DEFAULT), s, G10, MICRO);
        net.computeRoutes();
        return net;
    }

    static Host host(Network net, String name) {
        return (Host) net.node(name);
    }

    @Test
    void aBusyPathDeliversExactlyTheLinkRate() {
        Network net = star(2, SwitchConfig.DEFAULT, 1);
        UdpSink sink = new UdpSink(host(net, "h1"));
        int n = 10_000;
        new UdpSource(host(net, "h0"), host(net, "h1"), 1000, 20 * G10, n, 0, 0, 1, 2).startAt(0);
        net.simulator().run();
        assertThat(sink.datagrams()).isEqualTo(n);
        // 1000 B payload + 42 B headers + 24 B wire overhead = 8528 bits = 852.8 ns per frame at 10 Gb/s
        double perFrame = (sink.lastArrivalNanos() - sink.firstArrivalNanos()) / (double) (n - 1);
        assertThat(perFrame).isCloseTo(852.8, within(0.001));
        // the first frame: two serialisations (store and forward) and two propagation delays
        assertThat(sink.firstArrivalNanos()).isEqualTo(852 + 1000 + 852 + 1000); // 0.8 ns carried to the next frame
    }

    @Test
    void aDequeueListenerThatRefillsAtOnceNeverOverlapsTransmissions() {
        Network net = star(2, SwitchConfig.DEFAULT, 1);
        Host h0 = host(net, "h0");
        Host h1 = host(net, "h1");
        UdpSink sink = new UdpSink(h1);
        int[] sent = {0};
        Runnable refill = () -> { // a NIC keeping one frame queued, as RDMA schedulers do
            if (sent[0] < 100) {
                sent[0]++;
                NetworkTest.UdpSourceTarget.send(h0, h1.ip(), 1000);
            }
        };
        h0.nic().onDequeue(refill);
        refill.run();
        refill.run();
        net.simulator().run();
        assertThat(sink.datagrams()).isEqualTo(100);
        double perFrame = (sink.lastArrivalNanos() - sink.firstArrivalNanos()) / 99.0;
        assertThat(perFrame).isCloseTo(852.8, within(0.05)); // integer ns arrivals over two hops: at most 2 ns off in total
    }

    @Test
    void lossyQueuesTailDropAtTheDynamicThreshold() {
        SwitchConfig c = new SwitchConfig(100_000, 1.0, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL);
        Network net = star(3, c, 1);
        UdpSink sink = new UdpSink(host(net, "h2"));
        UdpSource a = new UdpSource(host(net, "h0"), host(net, "h2"), 1000, G10, 2000, 0, 0, 1, 2);
        UdpSource b = new UdpSource(host(net, "h1"), host(net, "h2"), 1000, G10, 2000, 0, 0, 1, 2);
        a.startAt(0);
        b.startAt(0);
        net.simulator().run();
        Switch s = (Switch) net.node("s");
        PortCounters out = s.port(2).counters();
        assertThat(out.drops).isPositive();
        assertThat(sink.datagrams() + out.drops).isEqualTo(4000);
        // a frame joins only if the queue with it fits in alpha * (buffer - used before it); with one queue at
        // alpha 1: q + 1042 <= 100000 - (q + 1042 - 1042), so q + 1042 <= (100000 + 1042) / 2
        assertThat(out.maxQueueBytes).isLessThanOrEqualTo((100_000 + 1042) / 2).isGreaterThan(48_000);
        assertThat(s.bufferUsed()).isZero();
    }

    /** Two senders into one 100 KB switch: tail drops at the dynamic threshold; returns (delivered, drops, max queue). */
    private static long[] congestedRun(EgressAdmission admission) {
        SwitchConfig c = new SwitchConfig(100_000, 1.0, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL);
        Network net = star(3, c, 1);
        Switch s = (Switch) net.node("s");
        if (admission != null) s.setAdmission(admission);
        UdpSink sink = new UdpSink(host(net, "h2"));
        new UdpSource(host(net, "h0"), host(net, "h2"), 1000, G10, 2000, 0, 0, 1, 2).startAt(0);
        new UdpSource(host(net, "h1"), host(net, "h2"), 1000, G10, 2000, 0, 0, 1, 2).startAt(0);
        net.simulator().run();
        PortCounters out = s.port(2).counters();
        return new long[] {sink.datagrams(), out.drops, out.maxQueueBytes};
    }

    @Test
    void anAdmissionThatFollowsTheRuleLeavesTheRunAsItWasAndOneThatOverridesItDecides() {
        List<Long> seenQueues = new ArrayList<>();
        long[] plain = congestedRun(null);
        long[] watched = congestedRun((at, out, f, byRule) -> {
            seenQueues.add(out.queuedBytes(f.priority));
            return byRule;
        });
        assertThat(plain[1]).isPositive();
        assertThat(watched).containsExactly(plain);
        assertThat(seenQueues).hasSize(4000); // every frame, once, at its egress queue
        assertThat(seenQueues.stream().mapToLong(Long::longValue).max().orElseThrow()).isLessThanOrEqualTo(plain[2]);

        long[] admitAll = congestedRun((at, out, f, byRule) -> true);
        assertThat(admitAll[0]).isEqualTo(4000);
        assertThat(admitAll[1]).isZero();
        long[] refuseAll = congestedRun((at, out, f, byRule) -> false);
        assertThat(refuseAll[0]).isZero();
        assertThat(refuseAll[1]).isEqualTo(4000);
    }

    @Test
    void ecnThresholdMarksOnlyWhenTheQueueIsLongerThanK() {
        SwitchConfig c = new SwitchConfig(10_000_000, 1.0, EcnMarking.threshold(0xFF, 20_000), PfcThresholds.OFF, Scheduling.EQUAL);
        Network alone = star(2, c, 1);
        UdpSink quiet = new UdpSink(host(alone, "h1"));
        new UdpSource(host(alone, "h0"), host(alone, "h1"), 1000, G10, 1000, 0, IpFrame.ECN_ECT0, 1, 2).startAt(0);
        alone.simulator().run();
        assertThat(quiet.ceMarked()).isZero(); // a single sender at line rate builds no queue

        Network net = star(3, c, 1);
        UdpSink sink = new UdpSink(host(net, "h2"));
        new UdpSource(host(net, "h0"), host(net, "h2"), 1000, G10, 1000, 0, IpFrame.ECN_ECT0, 1, 2).startAt(0);
        new UdpSource(host(net, "h1"), host(net, "h2"), 1000, G10, 1000, 0, IpFrame.ECN_NOT_ECT, 1, 2).startAt(0);
        net.simulator().run();
        Switch s = (Switch) net.node("s");
        assertThat(sink.datagrams()).isEqualTo(2000);
        assertThat(sink.ceMarked()).isPositive().isLessThan(1000).isEqualTo(s.port(2).counters().ecnMarked);
    }

    @Test
    void pfcPausesTheSendersInsteadOfDropping() {
        PfcThresholds pfc = new PfcThresholds(1 << 3, 40_000, 20_000, PauseFrame.MAX_QUANTA);
        SwitchConfig c = new SwitchConfig(1_000_000, 1.0, EcnMarking.OFF, pfc, Scheduling.EQUAL);
        Network net = star(3, c, 1);
        UdpSink sink = new UdpSink(host(net, "h2"));
        new UdpSource(host(net, "h0"), host(net, "h2"), 1000, G10, 3000, 3, 0, 1, 2).startAt(0);
        new UdpSource(host(net, "h1"), host(net, "h2"), 1000, G10, 3000, 3, 0, 1, 2).startAt(0);
        net.simulator().run();
        Switch s = (Switch) net.node("s");
        assertThat(sink.datagrams()).isEqualTo(6000);
        assertThat(s.port(2).counters().drops).isZero();
        for (int i = 0; i < 2; i++) {
            Port nic = host(net, "h" + i).nic();
            assertThat(s.port(i).counters().pauseFramesSent[3]).isPositive()
                    .isEqualTo(nic.counters().pauseFramesReceived[3]);
            assertThat(nic.pausedNanos(3)).isPositive();
            assertThat(nic.pausedNanos(0)).isZero();
        }
        // two senders share one 10 Gb/s port: the whole transfer takes about twice one sender's time
        double seconds = sink.lastArrivalNanos() / 1e9;
        assertThat(seconds).isCloseTo(6000 * 852.8e-9, within(20e-6));
        assertThat(s.bufferUsed()).isZero();
        assertThat(s.pfc().held(0, 3)).isZero();
    }

    @Test
    void weightedPrioritiesShareTheLinkByWeightAndStrictOnesGoFirst() {
        Scheduling ets = new Scheduling(1 << 7, new int[] {3, 1, 1, 1, 1, 1, 1, 0});
        SwitchConfig c = new SwitchConfig(50_000_000, 8.0, EcnMarking.OFF, PfcThresholds.OFF, ets);
        Network net = star(3, c, 1);
        Host dst = host(net, "h2");
        long[] bytesByPriority = new long[8];
        dst.bind(17, f -> bytesByPriority[f.priority] += f.bytes);
        new UdpSource(host(net, "h0"), dst, 1000, G10, 20_000, 0, 0, 1, 2).startAt(0);
        new UdpSource(host(net, "h1"), dst, 1000, G10, 20_000, 1, 0, 1, 2).startAt(0);
        net.simulator().runUntil(10_000_000); // 10 ms, both queues backlogged throughout
        assertThat(bytesByPriority[0] / (double) bytesByPriority[1]).isCloseTo(3.0, within(0.02));

        Network strict = star(3, c, 1);
        Host d2 = host(strict, "h2");
        long[] seen = new long[8];
        d2.bind(17, f -> seen[f.priority]++);
        new UdpSource(host(strict, "h0"), d2, 1000, G10, 5000, 0, 0, 1, 2).startAt(0);
        new UdpSource(host(strict, "h1"), d2, 1000, G10, 5000, 7, 0, 1, 2).startAt(0);
        strict.simulator().runUntil(4_000_000); // priority 7 needs 4.3 ms alone
        assertThat(seen[7]).isGreaterThan(4600);
        assertThat(seen[0]).isLessThan(10);
    }

    /** Hosts a and b behind two leaves joined by two spines, up1 and up2; the leaves balance by {@code leaves}. */
    private record TwoPaths(Network net, Switch left, Switch right, Switch up1, Switch up2, Host a, Host b) {
        static TwoPaths of(SwitchConfig leaves, long seed) {
            Network net = new Network(seed);
            Switch left = net.addSwitch("left", leaves);
            Switch right = net.addSwitch("right", leaves);
            Switch up1 = net.addSwitch("up1", SwitchConfig.DEFAULT);
            Switch up2 = net.addSwitch("up2", SwitchConfig.DEFAULT);
            Host a = net.addHost("a", HostConfig.DEFAULT);
            Host b = net.addHost("b", HostConfig.DEFAULT);
            net.connect(a, left, G10, MICRO);
            net.connect(b, right, G10, MICRO);
            for (Switch up : List.of(up1, up2)) {
                net.connect(left, up, G10, MICRO);
                net.connect(up, right, G10, MICRO);
            }
            net.computeRoutes();
            new UdpSink(b);
            return new TwoPaths(net, left, right, up1, up2, a, b);
        }
    }

    @Test
    void ecmpKeepsEachFlowOnOnePathAndSpreadsFlows() {
        TwoPaths t = TwoPaths.of(SwitchConfig.DEFAULT, 3);
        assertThat(t.left().routes(t.b().ip())).containsExactly(1, 2);
        assertThat(t.right().routes(t.b().ip())).containsExactly(0);
        int flows = 64;
        for (int f = 0; f < flows; f++) new UdpSource(t.a(), t.b(), 100, G10 / 100, 10, 0, 0, 10_000 + f, 80).startAt(f * 1000L);
        t.net().simulator().run();
        long via1 = t.up1().port(0).counters().rxFrames;
        long via2 = t.up2().port(0).counters().rxFrames;
        assertThat(via1 + via2).isEqualTo(flows * 10L);
        assertThat(via1 % 10).isZero(); // whole flows only
        assertThat(via1 / 10).isBetween(20L, 44L);
    }

    /** Frames of one UDP flow that went over {@code up1} and over {@code up2}, with the leaves' {@code balancing}. */
    private static long[] oneFlowOverTwoPaths(LoadBalancing balancing, long seed) {
        TwoPaths t = TwoPaths.of(new SwitchConfig(12_000_000, 1.0, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL, balancing), seed);
        new UdpSource(t.a(), t.b(), 100, G10 / 100, 1_000, 0, 0, 10_000, 80).startAt(0);
        t.net().simulator().run();
        return new long[] {t.up1().port(0).counters().rxFrames, t.up2().port(0).counters().rxFrames};
    }

    @Test
    void sprayingSendsOneFlowsPacketsOverEveryPathAndIsSeeded() {
        long[] ecmp = oneFlowOverTwoPaths(LoadBalancing.FLOW, 3);
        assertThat(Math.min(ecmp[0], ecmp[1])).as("per-flow ECMP: one path").isZero();
        long[] sprayed = oneFlowOverTwoPaths(LoadBalancing.PACKET, 3);
        assertThat(sprayed[0] + sprayed[1]).isEqualTo(1_000);
        assertThat(sprayed[0]).isBetween(400L, 600L);
        assertThat(oneFlowOverTwoPaths(LoadBalancing.PACKET, 3)).containsExactly(sprayed);
    }

    @Test
    void packetsLargerThanTheMtuAreDiscardedAndCounted() {
        Network net = new Network(1);
        Switch s = net.addSwitch("s", SwitchConfig.DEFAULT);
        Host a = net.addHost("a", HostConfig.DEFAULT);
        Host b = net.addHost("b", HostConfig.DEFAULT);
        net.connect(a, s, G10, MICRO);
        net.connect(s, b, G10, MICRO, 1500);
        net.computeRoutes();
        UdpSink sink = new UdpSink(b);
        new UdpSource(a, b, 1472, G10, 3, 0, 0, 1, 2).startAt(0);      // 1500-byte IP packets: fit
        new UdpSource(a, b, 1473, G10, 2, 0, 0, 1, 2).startAt(100_000); // one byte too many
        net.simulator().run();
        assertThat(sink.datagrams()).isEqualTo(3);
        assertThat(s.port(1).counters().oversize).isEqualTo(2);
        assertThat(s.bufferUsed()).isZero();
    }

    @Test
    void unknownDestinationsAreCountedNotForwarded() {
        Network net = star(2, SwitchConfig.DEFAULT, 1);
        Host h0 = host(net, "h0");
        UdpSourceTarget.sendTo(h0, 0x0B000001);
        net.simulator().run();
        assertThat(((Switch) net.node("s")).unroutable()).isEqualTo(1);
    }

    @Test
    void malformedTopologiesAreRejectedWithTheNodeNamed() {
        Network net = new Network(1);
        Host h = net.addHost("h", HostConfig.DEFAULT);
        Switch s = net.addSwitch("s", SwitchConfig.DEFAULT);
        assertThatThrownBy(() -> net.addHost("h", HostConfig.DEFAULT)).hasMessageContaining("'h' is used twice");
        assertThatThrownBy(() -> net.connect(s, s, G10, 0)).hasMessageContaining("to itself");
        assertThatThrownBy(() -> net.connect(h, s, 0, 0)).hasMessageContaining("rate must be positive");
        net.connect(h, s, G10, 0);
        assertThatThrownBy(() -> net.connect(h, s, G10, 0)).hasMessageContaining("host h has one NIC");
        net.addHost("lonely", HostConfig.DEFAULT);
        assertThatThrownBy(net::computeRoutes).hasMessageContaining("host lonely is not connected");
    }

    @Test
    void filtersDropChosenFramesAndCountThem() {
        Network net = star(2, SwitchConfig.DEFAULT, 1);
        UdpSink sink = new UdpSink(host(net, "h1"));
        Set<Integer> dropped = new HashSet<>(List.of(3, 7));
        List<Integer> seen = new ArrayList<>();
        ((Switch) net.node("s")).port(0).setFilter((f, p) -> {
            int id = ((IpFrame) f).identification;
            seen.add(id);
            return !dropped.contains(id);
        });
        new UdpSource(host(net, "h0"), host(net, "h1"), 100, G10, 10, 0, 0, 1, 2).startAt(0);
        net.simulator().run();
        assertThat(seen).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(sink.datagrams()).isEqualTo(8);
        assertThat(((Switch) net.node("s")).port(0).counters().filtered).isEqualTo(2);
    }

    /** h0 and h1 on one switch; h1 also answers to 10.0.1.2 and 10.0.2.2 (three GIDs). */
    private static Network aliased() {
        Network net = new Network(1);
        Switch s = net.addSwitch("s", SwitchConfig.DEFAULT);
        Host h0 = net.addHost("h0", HostConfig.DEFAULT);
        Host h1 = net.addHost("h1", HostConfig.DEFAULT);
        net.addAddress(h1, ALIAS_1);
        net.addAddress(h1, ALIAS_2);
        net.connect(h0, s, G10, MICRO);
        net.connect(h1, s, G10, MICRO);
        net.computeRoutes();
        return net;
    }

    private static final int ALIAS_1 = 0x0A00_0102, ALIAS_2 = 0x0A00_0202;

    @Test
    void aliasesAreRoutedToTheirHostAndAccepted() {
        Network net = aliased();
        Host h1 = host(net, "h1");
        assertThat(h1.ip()).isEqualTo(0x0A00_0002);
        assertThat(h1.addresses()).containsExactly(0x0A00_0002, ALIAS_1, ALIAS_2);
        assertThat(net.host(ALIAS_2)).isSameAs(h1);
        Switch s = (Switch) net.node("s");
        for (int ip : h1.addresses()) assertThat(s.routes(ip)).containsExactly(1);
        UdpSink sink = new UdpSink(h1);
        for (int ip : h1.addresses()) UdpSourceTarget.sendTo(host(net, "h0"), ip);
        UdpSourceTarget.sendTo(host(net, "h0"), 0x0A00_0302); // no one's: the switch has no route
        net.simulator().run();
        assertThat(sink.datagrams()).isEqualTo(3);
        assertThat(h1.undeliverable()).isZero();
        assertThat(s.unroutable()).isEqualTo(1);
    }

    @Test
    void aHostSendsFromTheAddressAFrameNamesIfItIsOneOfItsOwn() {
        Network net = aliased();
        Host h0 = host(net, "h0");
        Host h1 = host(net, "h1");
        List<Integer> sources = new ArrayList<>();
        h0.nic().addTap(new PortTap() {
            public boolean transmitted() { return false; }
            public boolean received() { return true; }
            public void record(long now, Frame f, Port port) {
                sources.add(((IpFrame) f).sourceIp);
            }
        });
        for (int source : new int[] {0, ALIAS_2, ALIAS_1}) {
            UdpDatagram d = new UdpDatagram(10, 0);
            d.sourceIp = source;
            d.destinationIp = h0.ip();
            h1.send(d);
        }
        net.simulator().run();
        assertThat(sources).containsExactly(h1.ip(), ALIAS_2, ALIAS_1);
        UdpDatagram foreign = new UdpDatagram(10, 0);
        foreign.sourceIp = h0.ip();
        foreign.destinationIp = h0.ip();
        assertThatThrownBy(() -> h1.send(foreign)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot send from 10.0.0.1");
    }

    @Test
    void anAddressBelongsToOneHostAndIsAddedBeforeRouting() {
        Network net = new Network(1);
        Host h0 = net.addHost("h0", HostConfig.DEFAULT);
        Host h1 = net.addHost("h1", HostConfig.DEFAULT);
        assertThatThrownBy(() -> net.addAddress(h1, h0.ip())).hasMessageContaining("address 10.0.0.1 of host h1 is taken by h0");
        net.addAddress(h1, ALIAS_1);
        assertThatThrownBy(() -> net.addAddress(h0, ALIAS_1)).hasMessageContaining("taken by h1");
        assertThatThrownBy(() -> net.addHost("h2", ALIAS_1, HostConfig.DEFAULT)).hasMessageContaining("taken by h1");
        Switch s = net.addSwitch("s", SwitchConfig.DEFAULT);
        net.connect(h0, s, G10, MICRO);
        net.connect(h1, s, G10, MICRO);
        net.computeRoutes();
        assertThatThrownBy(() -> net.addAddress(h0, ALIAS_2)).isInstanceOf(IllegalStateException.class);
        assertThat(h0.addresses()).containsExactly(h0.ip());
    }

    /** Sends one datagram to an arbitrary address. */
    static final class UdpSourceTarget {
        static void sendTo(Host from, int ip) {
            send(from, ip, 10);
        }

        static void send(Host from, int ip, int payload) {
            UdpDatagram d = new UdpDatagram(payload, 0);
            d.destinationIp = ip;
            from.send(d);
        }
    }
}
