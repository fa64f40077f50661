package org.sonde.cli.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.cli.CliRun;
import org.sonde.packet.PacketView;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SynthCommandTest {
    @TempDir
    Path dir;

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedDoesNot() throws IOException {
        Path a = dir.resolve("a.pcap");
        Path b = dir.resolve("b.pcap");
        Path c = dir.resolve("c.pcap");
        assertThat(CliRun.of("pcap", "synth", "--out", a.toString(), "--size", "300K", "--seed", "5").exitCode()).isZero();
        assertThat(CliRun.of("pcap", "synth", "--out", b.toString(), "--size", "300K", "--seed", "5").exitCode()).isZero();
        assertThat(CliRun.of("pcap", "synth", "--out", c.toString(), "--size", "300K", "--seed", "6").exitCode()).isZero();
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        assertThat(Files.readAllBytes(a)).isNotEqualTo(Files.readAllBytes(c));
        assertThat(Files.size(a)).isGreaterThan(300 * 1024);
    }

    @Test
    void jsonSaysWhatWasWritten() throws IOException {
        Path f = dir.resolve("j.pcapng");
        CliRun run = CliRun.of("pcap", "synth", "--out", f.toString(), "--size", "100K", "--json", "--seed", "3");
        assertThat(run.exitCode()).isZero();
        var node = org.sonde.core.Json.mapper().readTree(run.out());
        assertThat(node.get("format").asText()).isEqualTo("pcapng");
        assertThat(node.get("seed").asLong()).isEqualTo(3);
        long packets = 0;
        try (CaptureReader r = CaptureReader.open(f)) {
            while (r.next()) packets++;
        }
        assertThat(node.get("packets").asLong()).isEqualTo(packets);
        assertThat(node.get("bytes").asLong()).isGreaterThanOrEqualTo(100 * 1024);
    }

    /**
     * Per QP, data PSNs advance by one, except where go-back-N restarts at the PSN a NAK asked
     * for; every frame is a valid RoCEv2 packet.
     */
    @Test
    void trafficFollowsGoBackN() {
        Path f = dir.resolve("gbn.pcapng");
        assertThat(CliRun.of("pcap", "synth", "--out", f.toString(), "--size", "2M", "--loss", "0.01",
                "--ecn", "0.02", "--qps", "4").exitCode()).isZero();
        Map<Integer, Integer> expected = new HashMap<>();   // per responder QP: the next PSN
        Map<Integer, Integer> nakFor = new HashMap<>();     // per responder QP: PSN a NAK asked for
        int naks = 0;
        int cnps = 0;
        int wraps = 0;
        PacketView v = new PacketView();
        try (CaptureReader r = CaptureReader.open(f)) {
            while (r.next()) {
                v.dissect(r.array(), r.offset(), r.capturedLength());
                assertThat(v.isRoce()).isTrue();
                assertThat(v.roceIcrcValid()).isTrue();
                RoceOpcode op = RoceOpcode.fromCode(v.bthOpcode());
                if (op == RoceOpcode.CNP) {
                    cnps++;
                } else if (op == RoceOpcode.RC_ACKNOWLEDGE) {
                    if (v.aethSyndrome() >> 5 == 3) {
                        naks++;
                        nakFor.put(v.bthDestQp() + 0x100, v.bthPsn()); // requester 0x1xx answers for responder 0x2xx
                    }
                } else {
                    int qp = v.bthDestQp();
                    Integer next = expected.get(qp);
                    if (next != null && v.bthPsn() != next) {
                        // the only allowed jumps: back to a NAKed PSN, or forward past a packet lost before the capture
                        boolean goBack = nakFor.containsKey(qp) && nakFor.get(qp) == v.bthPsn();
                        assertThat(goBack || Psn.isAfter(v.bthPsn(), next)).as("QP %x psn %d after %d", qp, v.bthPsn(), next).isTrue();
                        if (goBack) nakFor.remove(qp);
                    }
                    if (next != null && next == 0 && v.bthPsn() == 0) wraps++; // 0xffffff then 0
                    expected.put(qp, Psn.next(v.bthPsn()));
                }
            }
        }
        assertThat(naks).isPositive();
        assertThat(cnps).isPositive();
        assertThat(wraps).as("QPs starting near 2^24 wrap around").isPositive();
    }
}
