package org.sonde.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.sim.Tshark;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.sim.traffic.UdpSink;
import org.sonde.sim.traffic.UdpSource;

class CaptureTapTest {
    static final long EPOCH = 1_767_225_600_000_000_000L; // 2026-01-01T00:00:00Z

    @TempDir
    Path dir;

    /** Incast with PFC, captured at the switch's egress to the receiver and at a sender's NIC. */
    private Path run(String name, long seed) {
        PfcThresholds pfc = new PfcThresholds(1 << 3, 30_000, 15_000, 1000);
        Network net = NetworkTest.star(3, new SwitchConfig(1_000_000, 1, EcnMarking.threshold(0xFF, 10_000), pfc, Scheduling.EQUAL), seed);
        Host h0 = NetworkTest.host(net, "h0");
        Host h2 = NetworkTest.host(net, "h2");
        Switch s = (Switch) net.node("s");
        new UdpSink(h2);
        Path file = dir.resolve(name);
        CaptureTap tap = new CaptureTap(file, List.of(s.port(2), h0.nic()), CaptureTap.Direction.BOTH, 262_144, EPOCH);
        new UdpSource(h0, h2, 1000, NetworkTest.G10, 200, 3, IpFrame.ECN_ECT0, 5000, 6000).startAt(0);
        new UdpSource(NetworkTest.host(net, "h1"), h2, 1000, NetworkTest.G10, 200, 3, IpFrame.ECN_ECT0, 5001, 6000).startAt(0);
        net.simulator().run();
        tap.close();
        assertThat(tap.frames()).isEqualTo(400 + 200 + h0.nic().counters().pauseFramesReceived[3]);
        return file;
    }

    @Test
    void capturesAreByteIdenticalForTheSameSeedAndReadBack() throws IOException {
        Path a = run("a.pcapng", 5);
        Path b = run("b.pcapng", 5);
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        List<Long> times = new ArrayList<>();
        int pauses = 0;
        try (CaptureReader r = CaptureReader.open(a)) {
            while (r.next()) {
                times.add(r.timestampNanos());
                byte[] d = r.array();
                int o = r.offset();
                if ((d[o + 12] & 0xFF) == 0x88 && (d[o + 13] & 0xFF) == 0x08) pauses++;
            }
        }
        assertThat(times.getFirst()).isEqualTo(EPOCH); // h0's first frame leaves at time 0
        assertThat(pauses).isPositive();
    }

    @Test
    @Tag("tshark")
    void tsharkDissectsTheCaptureWithoutComplaint() throws Exception {
        Path a = run("t.pcapng", 1);
        Process p = Tshark.start(new ProcessBuilder("tshark", "-r", a.toString(), "-T", "fields", "-e", "frame.protocols", "-e", "_ws.expert.message")
                .redirectErrorStream(true));
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertThat(p.waitFor()).isZero();
        assertThat(lines).anyMatch(l -> l.startsWith("eth:ethertype:ip:udp"));
        assertThat(lines).anyMatch(l -> l.contains("macc") || l.contains("pfc"));
        assertThat(lines).noneMatch(l -> l.toLowerCase().contains("malformed") || l.toLowerCase().contains("bad"));
    }
}
