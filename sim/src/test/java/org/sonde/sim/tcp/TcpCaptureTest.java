package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.sim.Tshark;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.Distribution;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Scheduling;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.traffic.Flow;

/** Whole runs through {@link TcpFlowTransport}: same seed, same bytes; captures that tshark reads cleanly. */
class TcpCaptureTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /** Three senders into one receiver through a shallow switch (drops, SACK recoveries), jittery hosts. */
    private static List<long[]> run(long seed, Path capture, Map<String, Object> tcp) {
        Network net = new Network(seed);
        HostConfig hosts = new HostConfig(new Distribution.Uniform(2_000, 8_000), Scheduling.EQUAL);
        List<Host> senders = new ArrayList<>();
        for (int i = 0; i < 3; i++) senders.add(net.addHost("h" + i, hosts));
        Host r = net.addHost("r", hosts);
        Switch sw = net.addSwitch("s", new SwitchConfig(300_000, 1.0, org.sonde.sim.net.EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL));
        for (Host h : senders) net.connect(h, sw, 10_000_000_000L, 2_000);
        net.connect(r, sw, 10_000_000_000L, 2_000);
        net.computeRoutes();
        TcpFlowTransport transport = new TcpFlowTransport(net, TcpConfig.parse(ConfigMap.of("tcp", tcp)));
        List<long[]> done = new ArrayList<>();
        try (CaptureTap tap = new CaptureTap(capture, List.of(r.nic()), CaptureTap.Direction.BOTH, 65_535, 1_700_000_000_000_000_000L)) {
            int id = 0;
            for (Host h : senders) {
                for (int k = 0; k < 2; k++) {
                    Flow f = new Flow(id++, h.name() + "/" + k, h, r, 300_000 + 100_000L * k, k * 2 * MS, 0);
                    net.simulator().at(f.startNanos(), () -> transport.start(f, (flow, at) -> done.add(new long[] {flow.id(), at})));
                }
            }
            net.simulator().runUntil(2_000 * MS);
        }
        return done;
    }

    @Test
    void flowsFinishWhenTheReceiverHasReadEveryByte() {
        List<long[]> done = run(3, dir.resolve("a.pcapng"), Map.of());
        assertThat(done).hasSize(6);
        assertThat(done).allSatisfy(d -> assertThat(d[1]).isPositive());
    }

    @Test
    void theSameSeedGivesByteIdenticalCaptures() throws Exception {
        Path a = dir.resolve("a.pcapng");
        Path b = dir.resolve("b.pcapng");
        Path c = dir.resolve("c.pcapng");
        List<long[]> ra = run(11, a, Map.of());
        List<long[]> rb = run(11, b, Map.of());
        run(12, c, Map.of());
        assertThat(Files.size(a)).isGreaterThan(100_000);
        assertThat(Files.mismatch(a, b)).isEqualTo(-1L);
        assertThat(ra).usingRecursiveComparison().isEqualTo(rb);
        assertThat(Files.mismatch(a, c)).isNotEqualTo(-1L); // another seed, other jitter
    }

    @Test
    @Tag("tshark")
    void tsharkDissectsTcpWithoutMalformedPacketsOrBadChecksums() throws Exception {
        // HyStart off: the flows must overflow the queue so that SACK blocks and retransmissions appear
        for (Map<String, Object> tcp : List.of(Map.<String, Object>of("hystart", false), Map.<String, Object>of("timestamps", false, "sack", false, "hystart", false),
                Map.<String, Object>of("congestion-control", "dctcp", "window-scaling", false))) {
            Path file = dir.resolve("t" + tcp.hashCode() + ".pcapng");
            run(5, file, tcp);
            Process p = Tshark.start(new ProcessBuilder("tshark", "-r", file.toString(), "-o", "tcp.check_checksum:TRUE", "-o", "ip.check_checksum:TRUE",
                    "-T", "fields", "-e", "frame.protocols", "-e", "tcp.checksum.status", "-e", "ip.checksum.status", "-e", "_ws.malformed",
                    "-e", "tcp.options.sack_le", "-e", "tcp.analysis.retransmission", "-e", "_ws.expert.message").redirectError(ProcessBuilder.Redirect.DISCARD));
            List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
            assertThat(p.waitFor()).isZero();
            assertThat(lines).hasSizeGreaterThan(1000);
            assertThat(lines).allSatisfy(l -> assertThat(l).startsWith("eth:ethertype:ip:tcp"));
            assertThat(lines).allSatisfy(l -> {
                String[] f = l.split("\t", -1);
                assertThat(f[1]).as("tcp checksum of %s", l).isEqualTo("1"); // PROTO_CHECKSUM_E_GOOD
                assertThat(f[2]).as("ip checksum of %s", l).isEqualTo("1");
                assertThat(f[3]).isEmpty();
            });
            assertThat(lines).noneMatch(l -> l.toLowerCase().contains("malformed") || l.toLowerCase().contains("bad "));
            if (!tcp.containsKey("sack")) assertThat(lines).anyMatch(l -> !l.split("\t", -1)[4].isEmpty()); // SACK blocks dissected
            assertThat(lines).anyMatch(l -> !l.split("\t", -1)[5].isEmpty()); // tshark sees the retransmissions
        }
    }
}
