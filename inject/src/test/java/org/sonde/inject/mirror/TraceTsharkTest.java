package org.sonde.inject.mirror;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.inject.Injection;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.packet.PacketView;
import org.sonde.sim.Tshark;

/**
 * Wireshark dissects a reconstructed trace as RoCEv2 packet by packet, with the PSNs the trace
 * decoder reads, and every packet carries a correct ICRC after the dumpers restored the UDP ports the
 * switch rewrote; the corrupted one reached the NIC with a wrong one.
 */
@Tag("tshark")
class TraceTsharkTest {
    @Test
    void theTraceDissectsAsRoceV2WithCorrectIcrcs(@TempDir Path dir) throws Exception {
        InjectionResult r = Injection.run(TestConfigLoader.parse("""
                traffic:
                  rdma-verb: write
                  num-qps: 2
                  num-msgs-per-qp: 3
                  message-size: 8192
                  mtu: 1024
                  data-pkt-events:
                  - {qpn: 1, psn: 3, type: corrupt}
                  - {qpn: 2, psn: 5, type: drop}
                  - {qpn: 2, psn: 9, type: ecn}
                """, "t.yaml", "t"), TargetSpec.parse("sim:neutral").simulated(), 3, dir);
        List<TracePacketRow> ours = new java.util.ArrayList<>();
        TraceDecoder d = new TraceDecoder();
        PacketView v = new PacketView();
        try (CaptureReader c = CaptureReader.open(r.trace())) {
            while (c.next()) {
                var p = d.decode(c.array(), c.offset(), c.capturedLength(), c.originalLength(), "trace", "packet");
                v.dissect(c.array(), c.offset(), c.capturedLength());
                ours.add(new TracePacketRow(p.psn(), p.event(), !v.hasIcrc() || v.roceIcrcValid()));
            }
        }
        // the mirror copy is taken before the event, so even the corrupted packet shows as it came in (its
        // TTL says what was done to it), as Lumina's egress undoes the bit error on the copy
        assertThat(ours).filteredOn(p -> p.event() == InjectedEvent.CORRUPT).hasSize(1);
        assertThat(ours).allSatisfy(p -> assertThat(p.icrcValid()).isTrue());
        assertThat(r.counters().responderNic()).containsEntry("rx_icrc_encapsulated", 1L);

        Process tshark = Tshark.start(new ProcessBuilder("tshark", "-r", r.trace().toString(), "-T", "fields", "-E", "separator=/t",
                "-e", "frame.protocols", "-e", "infiniband.bth.psn").redirectErrorStream(false));
        List<String> rows = new String(tshark.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertThat(tshark.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(tshark.exitValue()).isZero();
        assertThat(rows).hasSize(ours.size());
        for (int i = 0; i < rows.size(); i++) {
            String[] f = rows.get(i).split("\t", -1);
            assertThat(f[0]).as("frame %d", i + 1).startsWith("eth:ethertype:ip:udp:infiniband");
            assertThat(Integer.parseInt(f[1])).as("PSN of frame %d", i + 1).isEqualTo(ours.get(i).psn());
        }
    }

    private record TracePacketRow(int psn, InjectedEvent event, boolean icrcValid) {}
}
