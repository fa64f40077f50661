package org.sonde.sim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.core.BadInputException;
import org.sonde.core.SondeException;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.Switch;
import org.sonde.sim.stats.RunStatistics;

class ScenarioLoaderTest {
    static final Path EXAMPLES = Path.of("..", "examples", "sim");

    @TempDir
    Path dir;

    private ScenarioLoader.Loaded load(String yaml, Path out) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        return new ScenarioLoader(f, Transports.builtIn(), out).load(1);
    }

    @Test
    void theUdpPfcExampleRunsLosslessOnItsPfcPriorityAndIsByteIdenticalAcrossRuns() throws IOException {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        ScenarioLoader.Loaded la = new ScenarioLoader(EXAMPLES.resolve("udp-pfc.yaml"), Transports.builtIn(), a).load(4);
        RunStatistics ra = la.simulation().run(la.durationNanos(), null);
        ScenarioLoader.Loaded lb = new ScenarioLoader(EXAMPLES.resolve("udp-pfc.yaml"), Transports.builtIn(), b).load(4);
        RunStatistics rb = lb.simulation().run(lb.durationNanos(), null);
        assertThat(ra.toJson().toPrettyString()).isEqualTo(rb.toJson().toPrettyString());
        for (String capture : new String[] {"receiver.pcapng", "sender0.pcapng"}) {
            assertThat(Files.readAllBytes(a.resolve(capture))).isEqualTo(Files.readAllBytes(b.resolve(capture)));
        }
        Switch s = la.simulation().network().switches().getFirst();
        Host h0 = (Host) la.simulation().network().node("h0");
        assertThat(s.port(5).counters().drops).isPositive(); // the lossy sender on priority 0
        assertThat(h0.nic().counters().pauseFramesReceived[3]).isPositive();
        assertThat(ra.queues()).hasSize(1);
        assertThat(ra.queues().values().iterator().next().max()).isPositive();
        assertThat(ra.captures()).containsOnlyKeys("receiver.pcapng", "sender0.pcapng");
    }

    @Test
    void theRoceExampleFinishesBothFlowsLosslesslyWithCnpsAndRateCuts() {
        ScenarioLoader.Loaded l = new ScenarioLoader(EXAMPLES.resolve("roce-dcqcn.yaml"), Transports.builtIn(), dir).load(2);
        RunStatistics r = l.simulation().run(l.durationNanos(), null);
        assertThat(r.unfinished()).isZero();
        var json = r.toJson();
        assertThat(json.get("flows")).allSatisfy(f -> assertThat(f.get("retransmissions").asLong()).isZero());
        for (var port : json.get("ports")) assertThat(port.get("drops").asLong()).as(port.get("port").asText()).isZero();
        var hosts = json.get("hosts");
        assertThat(hosts.get(2).get("roce").get("np_cnp_sent").asLong()).isPositive();
        assertThat(hosts.get(0).get("roce").get("rp_cnp_handled").asLong()).isPositive();
        // while both run, DCQCN holds each below line rate: the first flow's rate has been cut
        double[] rates = r.flowSeries().entrySet().iterator().next().getValue()[1].values();
        assertThat(java.util.Arrays.stream(rates).min().orElseThrow()).isLessThan(7e9);
    }

    /**
     * HyStart's ACK-train detector ends slow start before 16 senders overflow the bottleneck. Without it the
     * overshoot's losses include tails and lost retransmissions: RACK-TLP repairs them without a timeout,
     * the duplicate threshold alone ({@code tcp_recovery = 0}, no TLP) leaves senders to the 200 ms RTO.
     */
    @Test
    void cubicWithHystartAvoidsTheIncastTimeoutsAndWithoutItRackTlpDoes() throws IOException {
        String bench = Files.readString(Path.of("..", "bench", "sim", "incast-cubic.yaml"));
        String noHystart = bench.replace("congestion-control: cubic,", "congestion-control: cubic, hystart: false,");
        RunStatistics on = run(load(bench, dir));
        RunStatistics rack = run(load(noHystart, dir));
        RunStatistics dupthresh = run(load(noHystart.replace("hystart: false,", "hystart: false, recovery: 0, early-retrans: 0,"), dir));
        assertThat(on.unfinished()).isZero();
        assertThat(rack.unfinished()).isZero();
        assertThat(dupthresh.unfinished()).isZero();
        assertThat(timeouts(on)).isZero();
        assertThat(timeouts(rack)).isZero();
        assertThat(timeouts(dupthresh)).isPositive();
        assertThat(RunStatistics.percentile(on.completionTimes(), 1.0)).isLessThan(10_000_000L);
        assertThat(RunStatistics.percentile(rack.completionTimes(), 1.0)).isLessThan(20_000_000L);
        assertThat(RunStatistics.percentile(dupthresh.completionTimes(), 1.0)).isGreaterThan(200_000_000L);
    }

    @Test
    void sprayingPacketsOverSpinesReordersThemAndTcpRaisesItsReorderingThreshold() throws IOException {
        String scenario = "duration: 20ms\nswitch: {buffer: 1MB, alpha: 4}\n"
                + "topology: {leaf-spine: {leaves: 2, spines: 4, hosts-per-leaf: 4, host-link: {rate: 10Gbps, delay: 1us}, fabric-link: {rate: 10Gbps, delay: 1us}}}\n"
                + "transports: {tcp: {congestion-control: cubic, recovery: 0, early-retrans: 0}}\n"
                + "traffic:\n  - flows: {from: [h0, h1, h2, h3], to: [h4, h5, h6, h7], size: 2MB, interval: 1us, transport: tcp}\n"
                + "  - flows: {name: back, from: [h5, h6], to: [h0, h1], size: 2MB, start: 3us, transport: tcp}\n";
        RunStatistics ecmp = run(load(scenario, dir));
        RunStatistics sprayed = run(load(scenario.replace("alpha: 4}", "alpha: 4, load-balancing: packet}"), dir));
        assertThat(ecmp.unfinished()).isZero();
        assertThat(sprayed.unfinished()).isZero();
        assertThat(tcpCounter(ecmp, "TcpExtTCPSACKReorder")).isZero();
        assertThat(tcpCounter(sprayed, "TcpExtTCPSACKReorder")).isPositive();
    }

    @Test
    void persistentConnectionsCarryAHostPairsFlowsOneAfterAnother() throws IOException {
        String scenario = "duration: 20ms\ntopology: {star: {hosts: 3, link: {rate: 10Gbps, delay: 2us}}}\n"
                + "transports: {tcp: {connections: persistent}}\n"
                + "traffic:\n  - flows: {from: h0, to: h1, size: 100KB, interval: 1us, count: 3, transport: tcp}\n" // two start in the handshake
                + "  - flows: {name: later, from: h0, to: h1, size: 1MB, start: 2ms, interval: 2ms, count: 3, transport: tcp}\n"
                + "  - flows: {name: other, from: h2, to: h1, size: 100KB, start: 1ms, count: 2, interval: 1ms, transport: tcp}\n";
        RunStatistics persistent = run(load(scenario, dir));
        RunStatistics perFlow = run(load(scenario.replace("connections: persistent", "connections: per-flow"), dir));
        assertThat(persistent.unfinished()).isZero();
        assertThat(perFlow.unfinished()).isZero();
        assertThat(persistent.completionTimes()).hasSize(8);
        assertThat(tcpCounter(persistent, "TcpActiveOpens")).as("one connection per host pair").isEqualTo(2);
        assertThat(tcpCounter(perFlow, "TcpActiveOpens")).isEqualTo(8);
        // the first three share one handshake and then one stream: each finishes after the one before it
        Map<String, Long> finishedAt = new HashMap<>();
        for (var r : persistent.flows()) finishedAt.put(r.flow().name(), r.finishNanos());
        assertThat(finishedAt.get("flow/1")).isGreaterThan(finishedAt.get("flow/0"));
        assertThat(finishedAt.get("flow/2")).isGreaterThan(finishedAt.get("flow/1"));
        // later flows on the idle connection need no handshake: faster than on a connection of their own
        Map<String, Long> fctPerFlow = new HashMap<>();
        for (var r : perFlow.flows()) fctPerFlow.put(r.flow().name(), r.completionNanos());
        for (var r : persistent.flows()) {
            if (r.flow().name().startsWith("later")) assertThat(r.completionNanos()).isLessThan(fctPerFlow.get(r.flow().name()));
        }
    }

    private static long tcpCounter(RunStatistics r, String name) {
        long n = 0;
        for (var h : r.toJson().get("hosts")) if (h.has("tcp")) n += h.get("tcp").path(name).asLong();
        return n;
    }

    private static RunStatistics run(ScenarioLoader.Loaded l) {
        return l.simulation().run(l.durationNanos(), null);
    }

    private static long timeouts(RunStatistics r) {
        return tcpCounter(r, "TcpExtTCPTimeouts");
    }

    @Test
    void poissonTrafficOffersItsLoadWithWebSearchSizes() throws IOException {
        ScenarioLoader.Loaded l = load("""
                duration: 1s
                topology: {star: {hosts: 8, link: {rate: 10Gbps}}}
                transports: {tcp: {}}
                traffic:
                  - poisson: {load: 0.5, sizes: web-search, transport: tcp}
                """, dir);
        var flows = l.simulation().flows();
        long bytes = flows.stream().mapToLong(f -> f.bytes()).sum();
        double offered = bytes * 8.0 / (1.0 * 8 * 10e9); // per host, per second of a 10 Gb/s link
        assertThat(offered).isBetween(0.425, 0.575);
        assertThat(flows).allSatisfy(f -> {
            assertThat(f.source()).isNotSameAs(f.destination());
            assertThat(f.bytes()).isBetween(1L, 30_000_000L);
            assertThat(f.startNanos()).isBetween(0L, 1_000_000_000L);
        });
        // about 30 % of web-search flows are at most 30 KB (the CDF's third point)
        long small = flows.stream().filter(f -> f.bytes() <= 30_000).count();
        assertThat(small / (double) flows.size()).isBetween(0.27, 0.33);
        assertThat(flows.stream().map(f -> f.source().name()).distinct().count()).isEqualTo(8);
    }

    @Test
    void poissonFanInIsBoundedByTheOtherHosts() {
        assertThatThrownBy(() -> load("""
                duration: 1ms
                topology: {star: {hosts: 3, link: {rate: 10Gbps}}}
                transports: {tcp: {}}
                traffic: [{poisson: {load: 0.1, fan-in: 3, transport: tcp}}]
                """, dir)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line 4, traffic[0].poisson.fan-in");
            assertThat(e.problem()).contains("3");
        });
    }

    @Test
    void profileFilesAreFoundBesideTheScenarioWhereverSondeRuns() throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
        Files.writeString(scenarios.resolve("slow-nak.yaml"), "extends: neutral\nnak-generation-latency: 7us\n");
        Path f = scenarios.resolve("s.yaml");
        Files.writeString(f, """
                duration: 1ms
                topology: {star: {hosts: 2, link: {rate: 10Gbps}}}
                transports: {roce: {profile: slow-nak.yaml}}
                traffic: [{flows: {from: h0, to: h1, size: 10KB, transport: roce}}]
                """);
        ScenarioLoader.Loaded l = new ScenarioLoader(f, Transports.builtIn(), dir).load(1);
        assertThat(l.simulation().run(l.durationNanos(), null).unfinished()).isZero();
        Files.writeString(f, Files.readString(f).replace("slow-nak.yaml", "missing.yaml"));
        assertThatThrownBy(() -> new ScenarioLoader(f, Transports.builtIn(), dir).load(1))
                .hasMessageContaining(scenarios.resolve("missing.yaml").toString());
    }

    @Test
    void flowSizeFilesAreCheckedLineByLine() throws IOException {
        Files.writeString(dir.resolve("sizes.cdf"), "# bytes percent\n0 0\n1000 50\n500 100\n");
        assertThatThrownBy(() -> load("""
                duration: 1s
                topology: {star: {hosts: 2, link: {rate: 10Gbps}}}
                transports: {tcp: {}}
                traffic: [{poisson: {load: 0.1, sizes: sizes.cdf, transport: tcp}}]
                """, dir)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line 4, traffic[0].poisson.sizes");
            assertThat(e.problem()).contains("sizes.cdf:4: sizes and percentages must not decrease");
        });
    }

    @Test
    void explicitTopologiesNameHostsSwitchesAddressesAndPorts() throws IOException {
        ScenarioLoader.Loaded l = load("""
                duration: 1ms
                topology:
                  switches: {tor: {buffer: 1MB}, spine: null}
                  hosts: {a: {ip: 192.168.1.10}, b: {processing: "uniform(1us, 2us)"}}
                  link: {rate: 25Gbps, delay: 500ns}
                  links:
                    - [a, tor]
                    - {between: [tor, spine], rate: 100Gbps}
                    - [b, spine]
                traffic:
                  - udp: {from: a, to: b, rate: 1Gbps, count: 10}
                monitor:
                  queues: [tor>spine, spine:1, a]
                """, dir);
        var net = l.simulation().network();
        Host a = (Host) net.node("a");
        assertThat(a.ip()).isEqualTo(0xC0A8010A);
        assertThat(((Switch) net.node("tor")).config().bufferBytes()).isEqualTo(1_000_000);
        assertThat(a.nic().rateBps()).isEqualTo(25_000_000_000L);
        assertThat(net.node("tor").port(1).rateBps()).isEqualTo(100_000_000_000L);
        RunStatistics r = l.simulation().run(l.durationNanos(), null);
        assertThat(((Host) net.node("b")).nic().counters().rxFrames).isEqualTo(10);
        assertThat(r.queues().keySet()).extracting(p -> p.name()).containsExactly("tor:1", "spine:1", "a:0");
    }

    @Test
    void explicitHostsMayHaveFurtherAddresses() throws IOException {
        var net = load("""
                duration: 1ms
                topology:
                  switches: [s]
                  hosts: {a: {ip: 192.168.1.10, addresses: [192.168.2.10, 192.168.3.10]}, b: null}
                  link: {rate: 25Gbps, delay: 500ns}
                  links: [[a, s], [b, s]]
                """, dir).simulation().network();
        Host a = (Host) net.node("a");
        assertThat(a.addresses()).containsExactly(0xC0A8010A, 0xC0A8020A, 0xC0A8030A);
        assertThat(net.host(0xC0A8030A)).isSameAs(a);
        assertThat(((Switch) net.node("s")).routes(0xC0A8020A)).containsExactly(0);
        assertThatThrownBy(() -> load("""
                duration: 1ms
                topology:
                  switches: [s]
                  hosts: {a: {addresses: [10.0.0.1]}, b: null}
                  links: [[a, s], [b, s]]
                  link: {rate: 25Gbps, delay: 500ns}
                """, dir)).hasMessageContaining("topology.hosts.a.addresses[0]").hasMessageContaining("10.0.0.1 of host a is taken by a");
    }

    @Test
    void generatedTopologiesHaveTheirDocumentedNames() throws IOException {
        var d = load("""
                duration: 1ms
                topology:
                  dumbbell: {pairs: 3, access: {rate: 40Gbps, delay: 1us}, bottleneck: {rate: 10Gbps, delay: 10us}}
                """, dir).simulation().network();
        assertThat(d.hosts()).extracting(Host::name).containsExactly("l0", "l1", "l2", "r0", "r1", "r2");
        assertThat(d.node("left").port(0).peer().node().name()).isEqualTo("right");
        var ls = load("""
                duration: 1ms
                topology:
                  leaf-spine: {leaves: 2, spines: 2, hosts-per-leaf: 2, host-link: {rate: 25Gbps}, fabric-link: {rate: 100Gbps, delay: 2us}}
                """, dir).simulation().network();
        assertThat(ls.switches()).extracting(Switch::name).containsExactly("spine0", "spine1", "leaf0", "leaf1");
        assertThat(((Switch) ls.node("leaf0")).routes(((Host) ls.node("h3")).ip())).containsExactly(0, 1); // both spines
    }

    @Test
    void aFatTreeCarriesFlowsBetweenPodsOverItsCoreSwitches() throws IOException {
        ScenarioLoader.Loaded l = load("""
                duration: 100ms
                topology:
                  fat-tree: {k: 4, host-link: {rate: 10Gbps, delay: 1us}, fabric-link: {rate: 40Gbps, delay: 1us}}
                transports: {tcp: {}}
                traffic:
                  - flows: {from: [h0, h4, h9], to: h15, size: 100KB, transport: tcp}
                  - flows: {from: [h0, h1, h2, h3], to: [h12, h13, h14, h8], size: 200KB, count: 4, interval: 10us, transport: tcp}
                """, dir);
        RunStatistics r = run(l);
        assertThat(r.unfinished()).isZero();
        assertThat(r.flows()).hasSize(19);
        var net = l.simulation().network();
        assertThat(net.switches()).hasSize(20);
        assertThat(net.hosts()).hasSize(16);
        // flows from pod 0 to pod 3 (and from pod 1 and 2 to h15) cross the core, spread by ECMP over its switches
        long[] coreFrames = IntStream.range(0, 4)
                .mapToLong(c -> net.node("core" + c).ports().stream().mapToLong(p -> p.counters().rxFrames).sum()).toArray();
        assertThat(Arrays.stream(coreFrames).filter(f -> f > 0).count()).as(Arrays.toString(coreFrames)).isGreaterThanOrEqualTo(3);
        assertThat(net.node("edge0-0").ports().subList(0, 2)).allSatisfy(p -> assertThat(p.counters().txFrames).isPositive());
    }

    @Test
    void aLoadSaysWhatItIsDoing() throws IOException {
        Path f = dir.resolve("progress.yaml");
        Files.writeString(f, """
                name: told
                duration: 1ms
                topology:
                  dumbbell: {pairs: 3, access: {rate: 40Gbps, delay: 2us}, bottleneck: {rate: 10Gbps, delay: 46us}}
                transports: {tcp: {}}
                traffic:
                  - flows: {from: l*, to: r*, size: 20KB, transport: tcp}
                  - incast: {to: l0, senders: [r1, r2], size: 1KB, transport: tcp}
                """);
        List<String> told = new ArrayList<>();
        ScenarioLoader.Loaded l = new ScenarioLoader(f, Transports.builtIn(), dir).load(1, new ScenarioLoader.Listener() {
            @Override
            public void started(String scenario) {
                told.add("started " + scenario);
            }

            @Override
            public void progress(long done, long total, String what) {
                told.add(done + "/" + total + " " + what);
            }
        });
        assertThat(told).containsExactly("started told",
                "1/6 hosts built", "2/6 hosts built", "3/6 hosts built", "4/6 hosts built", "5/6 hosts built", "6/6 hosts built",
                "1/6 hosts routed", "2/6 hosts routed", "3/6 hosts routed", "4/6 hosts routed", "5/6 hosts routed", "6/6 hosts routed",
                "1/0 flows planned", "2/0 flows planned", "3/0 flows planned", "4/0 flows planned", "5/0 flows planned");
        assertThat(l.simulation().flows()).hasSize(5);
    }

    static Stream<Arguments> badScenarios() {
        String star = "topology: {star: {hosts: 2, link: {rate: 10Gbps}}}\n";
        return Stream.of(
                Arguments.of(star, "duration", "is required"),
                Arguments.of("duration: 1ms\n" + star + "colour: blue\n", "colour", "is not a known setting"),
                Arguments.of("duration: 1ms\ntopology: {star: {hosts: 2, link: {rate: 10GB}}}\n", "topology.star.link.rate", "needs a unit"),
                Arguments.of("duration: 1ms\ntopology: {star: {hosts: 2, link: {delay: 1us}}}\n", "topology.star.link.rate", "is required"),
                Arguments.of("duration: 1ms\ntopology: {}\n", "topology", "needs exactly one of"),
                Arguments.of("duration: 1ms\ntopology: {hosts: [a], switches: [s], links: [[a, t]]}\n", "topology.links[0].between", "no node is named 't'"),
                Arguments.of("duration: 1ms\ntopology: {hosts: [a], switches: [s], link: {rate: 1Gbps}, links: [[a, s], [a, s]]}\n", "topology.links[1]", "one NIC"),
                Arguments.of("duration: 1ms\n" + star + "switch: {pfc: {priorities: [3], xoff: 10KB, xon: 20KB}}\n", "switch.pfc.xon", "must not exceed xoff"),
                Arguments.of("duration: 1ms\n" + star + "switch: {pfc: {priorities: [9], xoff: 10KB}}\n", "switch.pfc.priorities", "9 is not a priority"),
                Arguments.of("duration: 1ms\n" + star + "switch: {ecn: {kmin: 10KB}}\n", "switch.ecn", "needs either threshold"),
                Arguments.of("duration: 1ms\n" + star + "switch: {load-balancing: random}\n", "switch.load-balancing", "is not one of flow, packet"),
                Arguments.of("duration: 1ms\n" + star + "switch: {scheduling: {weights: [1, 1]}}\n", "switch.scheduling.weights", "needs 8 weights"),
                Arguments.of("duration: 1ms\n" + star + "host: {processing: gamma(1us)}\n", "host.processing", "unknown distribution"),
                Arguments.of("duration: 1ms\n" + star + "traffic: [{tcp: {from: h0}}]\n", "traffic[0].tcp", "is not a kind of traffic"),
                Arguments.of("duration: 1ms\n" + star + "traffic: [{flows: {from: h0, to: h1, size: 1MB, transport: quic}}]\n", "traffic[0].flows.transport", "is not configured"),
                Arguments.of("duration: 1ms\n" + star + "traffic: [{udp: {from: h0, to: h9, rate: 1Gbps, count: 1}}]\n", "traffic[0].udp.to", "no node is named 'h9'"),
                Arguments.of("duration: 1ms\n" + star + "traffic: [{udp: {from: h0, to: s0, rate: 1Gbps, count: 1}}]\n", "traffic[0].udp.to", "is a switch"),
                Arguments.of("duration: 1ms\n" + star + "traffic: [{udp: {from: h0, to: h1, rate: 1Gbps}}]\n", "traffic[0].udp", "either duration or count"),
                Arguments.of("duration: 1ms\n" + star + "transports: {sctp: {}}\n", "transports.sctp", "is not a transport"),
                Arguments.of("duration: 1ms\n" + star + "captures: [{file: ../x.pcapng, ports: [h0]}]\n", "captures[0].file", "plain file name"),
                Arguments.of("duration: 1ms\n" + star + "captures: [{file: x.pcapng, ports: [s0]}]\n", "captures[0].ports", "is a switch"),
                Arguments.of("duration: 1ms\n" + star + "captures: [{file: x.pcapng, ports: [s0:7]}]\n", "captures[0].ports", "has ports 0..1, not 7"),
                Arguments.of("duration: 1ms\n" + star + "monitor: {queues: [h0>h1]}\n", "monitor.queues", "h0 has no link to h1"),
                Arguments.of("duration: 1ms\nepoch: yesterday\n" + star, "epoch", "is not an instant"),
                Arguments.of("duration: 1ms\ntopology: {hosts: {a: {ip: 10.0.300.1}}, switches: [s], link: {rate: 1Gbps}, links: [[a, s]]}\n",
                        "topology.hosts.a.ip", "'10.0.300.1' is not an IPv4 address"),
                Arguments.of("duration: 1ms\ntopology: {hosts: {a: {ip: 10.0.0.1.}}, switches: [s], link: {rate: 1Gbps}, links: [[a, s]]}\n",
                        "topology.hosts.a.ip", "'10.0.0.1.' is not an IPv4 address"),
                Arguments.of("duration: 1ms\ntopology: {hosts: {a: {addresses: [10.1.1]}}, switches: [s], link: {rate: 1Gbps}, links: [[a, s]]}\n",
                        "topology.hosts.a.addresses[0]", "'10.1.1' is not an IPv4 address"),
                Arguments.of("duration: 1ms\ntopology: {fat-tree: {k: 5, host-link: {rate: 1Gbps}, fabric-link: {rate: 1Gbps}}}\n",
                        "topology.fat-tree.k", "a fat-tree needs an even k of at least 2, got 5"),
                Arguments.of("duration: 1ms\ntopology: {fat-tree: {k: 50, host-link: {rate: 1Gbps}, fabric-link: {rate: 1Gbps}}}\n",
                        "topology.fat-tree.k", "50 is outside 2..48"),
                Arguments.of("duration: 1ms\ntopology: {fat-tree: {host-link: {rate: 1Gbps}, fabric-link: {rate: 1Gbps}}}\n",
                        "topology.fat-tree.k", "is required"),
                Arguments.of("duration: 1ms\ntopology: {fat-tree: {k: 4, host-link: {rate: 1Gbps}}}\n",
                        "topology.fat-tree.fabric-link.rate", "is required"));
    }

    @ParameterizedTest
    @MethodSource("badScenarios")
    void badScenariosNameTheKeyAndTheProblem(String yaml, String key, String problem) {
        Path out = dir.resolve("out");
        assertThatThrownBy(() -> load(yaml, out)).isInstanceOfSatisfying(BadInputException.class, e -> {
            // the key's line where the key is in the file (a missing required key has none)
            assertThat(e.location()).matches("(line \\d+, )?" + java.util.regex.Pattern.quote(key));
            assertThat(e.problem()).contains(problem);
        });
        assertThat(out).doesNotExist(); // no capture or other file is started for a bad scenario
    }

    @Test
    void yamlSyntaxErrorsGiveTheLine() {
        assertThatThrownBy(() -> load("duration: 1ms\ntopology: {star: {hosts: 2\n", dir)).isInstanceOfSatisfying(BadInputException.class,
                e -> assertThat(e.location()).startsWith("line "));
        assertThatThrownBy(() -> load("duration: 1ms\nduration: 2ms\n", dir)).isInstanceOfSatisfying(BadInputException.class,
                e -> {
                    assertThat(e.location()).isEqualTo("line 2");
                    assertThat(e.problem()).contains("duration: key given twice (first on line 1)");
                });
    }

    @Provide
    Arbitrary<String> mutatedScenarios() throws IOException {
        String valid = Files.readString(EXAMPLES.resolve("udp-pfc.yaml"));
        return Arbitraries.integers().between(0, valid.length() - 1).tuple3()
                .map(t -> {
                    int a = Math.min(t.get1(), t.get2());
                    int b = Math.max(t.get1(), t.get2());
                    String cut = valid.substring(0, a) + valid.substring(Math.min(valid.length(), b + 1));
                    return t.get3() % 2 == 0 ? cut : valid.substring(0, a) + "x: [" + valid.substring(a);
                });
    }

    /** Damaged scenarios fail as bad input (or load, if still valid), never with an internal error. */
    @Property(tries = 200)
    void damagedScenariosFailOnlyAsBadInput(@ForAll("mutatedScenarios") String yaml) throws IOException {
        Path f = Files.createTempFile("mutated", ".yaml");
        Path out = Files.createTempDirectory("mutated-out");
        try {
            Files.writeString(f, yaml);
            try {
                ScenarioLoader.Loaded l = new ScenarioLoader(f, Transports.builtIn(), out).load(1);
                assertThat(l.durationNanos()).isPositive();
            } catch (SondeException e) {
                assertThat(e).isInstanceOf(BadInputException.class);
                assertThat(e.getMessage()).isNotBlank();
            }
        } finally {
            Files.deleteIfExists(f);
            try (var files = Files.list(out)) {
                for (Path p : files.toList()) Files.delete(p);
            }
            Files.delete(out);
        }
    }
}
