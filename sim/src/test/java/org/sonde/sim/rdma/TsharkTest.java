package org.sonde.sim.rdma;

import org.sonde.sim.Tshark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;

/**
 * Wireshark dissects the simulator's captures as RoCEv2 (UDP 4791 is its default RRoCE port), with
 * every BTH field as the simulator wrote it. Wireshark 4.0 shows the ICRC without checking it, so
 * the ICRC of every packet is checked here against an independent CRC-32 over the invariant fields
 * (RoCEv2 Annex A17.3.3).
 */
@Tag("tshark")
class TsharkTest {
    private static final List<String> FIELDS = List.of("frame.protocols", "infiniband.bth.opcode", "infiniband.bth.psn",
            "infiniband.bth.destqp", "infiniband.invariant.crc");

    @Test
    void tsharkDissectsTheCaptureAsRoceV2WithCorrectIcrcs(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("roce.pcapng");
        new CaptureScenario(44, file);
        List<String[]> rows = tshark(file, dir);
        List<long[]> ours = new ArrayList<>(); // opcode, PSN, destination QP, the ICRC's 4 bytes read big-endian
        try (CaptureReader r = CaptureReader.open(file)) {
            while (r.next()) {
                byte[] b = java.util.Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.capturedLength());
                int ipLen = (b[16] & 0xFF) << 8 | b[17] & 0xFF;
                int end = 14 + ipLen;                // the ICRC ends the IP packet (frames may be padded)
                int bth = 14 + 20 + 8;
                long icrc = (b[end - 4] & 0xFFL) << 24 | (b[end - 3] & 0xFFL) << 16 | (b[end - 2] & 0xFFL) << 8 | b[end - 1] & 0xFFL;
                assertThat(icrc).as("ICRC of record %d", r.recordNumber()).isEqualTo(Long.reverseBytes(invariantCrc(b, end) << 32));
                ours.add(new long[] {b[bth] & 0xFF, (b[bth + 9] & 0xFF) << 16 | (b[bth + 10] & 0xFF) << 8 | b[bth + 11] & 0xFF,
                        (b[bth + 5] & 0xFF) << 16 | (b[bth + 6] & 0xFF) << 8 | b[bth + 7] & 0xFF, icrc});
            }
        }
        assertThat(rows).hasSize(ours.size()).hasSizeGreaterThan(100);
        int cnps = 0;
        for (int i = 0; i < rows.size(); i++) {
            String[] row = rows.get(i);
            assertThat(row[0]).as("frame %d", i + 1).startsWith("eth:ethertype:ip:udp:infiniband");
            assertThat(Long.decode(row[1])).as("opcode of frame %d", i + 1).isEqualTo(ours.get(i)[0]);
            assertThat(Long.parseLong(row[2])).as("PSN of frame %d", i + 1).isEqualTo(ours.get(i)[1]);
            assertThat(Long.decode(row[3])).as("QP of frame %d", i + 1).isEqualTo(ours.get(i)[2]);
            if (ours.get(i)[0] == 0x81) {
                assertThat(row[4]).as("Wireshark 4.0 shows no ICRC field for CNPs").isEmpty();
                cnps++;
            } else {
                assertThat(Long.decode(row[4])).as("ICRC of frame %d", i + 1).isEqualTo(ours.get(i)[3]); // tshark reads the trailer big-endian
            }
        }
        assertThat(cnps).isPositive();
    }

    /** CRC-32 over the invariant fields: 8 bytes of ones for the LRH, then IP..BTH.. with the variant fields set to ones. */
    private static long invariantCrc(byte[] frame, int end) {
        byte[] m = new byte[8 + end - 4 - 14];
        java.util.Arrays.fill(m, 0, 8, (byte) 0xFF);
        System.arraycopy(frame, 14, m, 8, end - 4 - 14);
        int ip = 8;
        m[ip + 1] = (byte) 0xFF;                         // DSCP and ECN
        m[ip + 8] = (byte) 0xFF;                         // TTL
        m[ip + 10] = m[ip + 11] = (byte) 0xFF;           // header checksum
        m[ip + 20 + 6] = m[ip + 20 + 7] = (byte) 0xFF;   // UDP checksum
        m[ip + 28 + 4] = (byte) 0xFF;                    // BTH resv8a (FECN, BECN)
        CRC32 crc = new CRC32();
        crc.update(m);
        return crc.getValue();
    }

    private static List<String[]> tshark(Path file, Path dir) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString(), "-T", "fields", "-E", "separator=\t"));
        for (String f : FIELDS) cmd.addAll(List.of("-e", f));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false).redirectError(dir.resolve("stderr").toFile());
        pb.environment().put("WIRESHARK_CONFIG_DIR", Files.createDirectories(dir.resolve("wireshark")).toString());
        Process p = Tshark.start(pb);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr"))).isZero();
        List<String[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) if (!line.isEmpty()) rows.add(line.split("\t", -1));
        return rows;
    }
}
