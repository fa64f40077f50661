package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wireshark's tshark reads what the writers write: timestamps to the nanosecond, both lengths and
 * packet comments. Needs tshark on PATH; set SONDE_SKIP_TSHARK=1 to skip where it cannot be installed.
 */
@Tag("tshark")
class TsharkInteropTest {
    private static final String[] FIELDS = {"frame.time_epoch", "frame.len", "frame.cap_len", "frame.comment"};
    private static final long T0 = 1_700_000_000_123_456_789L;

    /** One packet as written: timestamp, captured bytes offered, original length, comment. */
    private record Packet(long timestampNanos, int length, int originalLength, String comment) {}

    private static final List<Packet> PACKETS = List.of(
            new Packet(T0, 60, 60, null),
            new Packet(T0 + 1_000_000_001L, 200, 1514, "hello tshark"),
            new Packet(T0 + 2_999_999_999L, 1514, 1514, null),
            new Packet(1, 14, 14, "ünï"));

    /** Why tshark cannot be used, or null when it can; probed once. */
    private static String problem;

    @BeforeAll
    static void probeTshark() {
        problem = tsharkProblem();
    }

    /** Per test, so that a skip shows on each test with its reason. */
    @BeforeEach
    void requireTshark() {
        if (problem == null) return;
        if ("1".equals(System.getenv("SONDE_SKIP_TSHARK"))) {
            Assumptions.abort("skipped because SONDE_SKIP_TSHARK=1: " + problem);
        }
        throw new AssertionError(problem + " — install Wireshark's tshark (apt-get install tshark),"
                + " or set SONDE_SKIP_TSHARK=1 to skip the tests tagged \"tshark\"");
    }

    private static String tsharkProblem() {
        try {
            Process p = new ProcessBuilder("tshark", "-v").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "tshark -v did not finish within 60 s";
            }
            return p.exitValue() == 0 ? null : "tshark -v exited with status " + p.exitValue();
        } catch (IOException e) {
            return "tshark is not on PATH (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while running tshark -v";
        }
    }

    @Test
    void pcapMicroseconds(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("us.pcap");
        writeAll(CaptureWriter.pcap(file, LinkTypes.ETHERNET, 1000, TimestampResolution.MICROS), false);
        assertTsharkReads(file, 1000, 1000, false);
    }

    @Test
    void pcapNanoseconds(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ns.pcap");
        writeAll(CaptureWriter.pcap(file, LinkTypes.ETHERNET, 1000, TimestampResolution.NANOS), false);
        assertTsharkReads(file, 1000, 1, false);
    }

    @Test
    void pcapngWithComments(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.pcapng");
        writeAll(CaptureWriter.pcapng(file, List.of(new CaptureInterface("eth0", LinkTypes.ETHERNET, 1000)), "section"), true);
        assertTsharkReads(file, 1000, 1, true);
    }

    private static void writeAll(CaptureWriter writer, boolean comments) {
        try (writer) {
            for (Packet p : PACKETS) {
                writer.write(0, p.timestampNanos, Captures.packet(1, p.length), 0, p.length, p.originalLength,
                        comments ? p.comment : null);
            }
        }
    }

    private static void assertTsharkReads(Path file, int snapLength, long nanosPerUnit, boolean comments) throws Exception {
        List<String> lines = tshark(file);
        assertThat(lines).hasSize(PACKETS.size());
        for (int i = 0; i < PACKETS.size(); i++) {
            Packet p = PACKETS.get(i);
            String[] f = lines.get(i).split("\t", -1);
            assertThat(f).as("line %d: %s", i, lines.get(i)).hasSize(FIELDS.length);
            long nanos = new BigDecimal(f[0]).movePointRight(9).longValueExact();
            assertThat(nanos).as("timestamp of packet %d", i).isEqualTo(p.timestampNanos - p.timestampNanos % nanosPerUnit);
            assertThat(Integer.parseInt(f[1])).as("frame.len of packet %d", i).isEqualTo(p.originalLength);
            assertThat(Integer.parseInt(f[2])).as("frame.cap_len of packet %d", i).isEqualTo(Math.min(p.length, snapLength));
            assertThat(f[3]).as("frame.comment of packet %d", i).isEqualTo(comments && p.comment != null ? p.comment : "");
        }
    }

    private static List<String> tshark(Path file) throws Exception {
        List<String> command = new ArrayList<>(List.of("tshark", "-r", file.toString(), "-T", "fields", "-E", "separator=/t"));
        for (String field : FIELDS) command.addAll(List.of("-e", field));
        Path stderr = file.resolveSibling(file.getFileName() + ".stderr");
        Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("tshark finished").isTrue();
        assertThat(p.exitValue()).as("tshark exit status; stderr: %s", Files.readString(stderr)).isZero();
        return out.lines().toList();
    }
}
