package org.sonde.cli.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureSplitter;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.cli.CliRun;
import org.sonde.cli.Progress;
import org.sonde.core.Json;
import org.sonde.packet.Bth;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.WellKnownPorts;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counting in parts on several threads gives exactly what one sequential read gives: the same
 * totals, report data and, for damaged captures, the same message, location and partial totals,
 * wherever the cuts fall.
 */
class ParallelCountTest {
    @TempDir
    Path dir;

    /** What one run of {@code sonde pcap inspect} printed, and the exception it ended in (exit code 3 for bad input). */
    record Run(String out, String error, String reportJson) {}

    /** Runs the command with a split threshold small enough for test files. */
    private Run inspect(Path file, int threads, String... options) throws IOException {
        InspectCommand command = new InspectCommand();
        command.splitMinBytes = 0;
        StringWriter out = new StringWriter();
        String[] error = new String[1];
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(Writer.nullWriter()));
        cli.setExecutionExceptionHandler((e, c, p) -> {
            error[0] = e.getClass().getSimpleName() + ": " + e.getMessage();
            return 3;
        });
        Path report = dir.resolve("report-" + threads + ".html");
        List<String> args = new ArrayList<>(List.of(file.toString(), "--totals-only", "--threads", String.valueOf(threads)));
        args.addAll(List.of(options));
        boolean withReport = args.contains("--report");
        if (withReport) args.add(report.toString());
        cli.execute(args.toArray(String[]::new));
        String json = withReport && Files.exists(InspectReport.jsonPath(report))
                ? Files.readString(InspectReport.jsonPath(report)) : null;
        return new Run(out.toString(), error[0], json);
    }

    private Path synth(String name, String size, int seed) {
        Path file = dir.resolve(name);
        var run = CliRun.of("pcap", "synth", "--out", file.toString(), "--size", size, "--seed", String.valueOf(seed),
                "--loss", "0.01", "--ecn", "0.05");
        assertThat(run.exitCode()).as(run.err()).isZero();
        return file;
    }

    private static final MacAddress A = MacAddress.parse("02:00:00:00:00:0a");
    private static final MacAddress B = MacAddress.parse("02:00:00:00:00:0b");

    /**
     * A pcapng with an Ethernet and a raw-IP interface: RoCE (some with a bad ICRC), TCP and
     * malformed frames, and undissected raw frames; timestamps not in order.
     */
    private Path mixed(String name, int frames, long seed) {
        Random rnd = new Random(seed);
        Path file = dir.resolve(name);
        List<CaptureInterface> interfaces = List.of(new CaptureInterface("eth0", LinkTypes.ETHERNET),
                new CaptureInterface("tun0", LinkTypes.RAW, 65535, TimestampResolution.MICROS, null));
        try (CaptureWriter w = CaptureWriter.pcapng(file, interfaces)) {
            for (int i = 0; i < frames; i++) {
                int kind = rnd.nextInt(5);
                byte[] f = kind <= 1 ? roce(rnd.nextInt(1 << 24), rnd.nextInt(1200)) : tcp(rnd.nextInt(1 << 16));
                if (kind == 1) f[f.length - 1] ^= 1; // bad ICRC
                if (kind == 3) f[14] = 0x43; // IPv4 header length of 3 words: malformed
                int iface = kind == 4 ? 1 : 0;
                w.write(iface, 1_700_000_000_000_000_000L + i * 1000L + rnd.nextInt(5000) * 1000L,
                        f, iface == 1 ? 14 : 0, iface == 1 ? f.length - 14 : f.length, f.length, null);
            }
        }
        return file;
    }

    private static byte[] roce(int psn, int payload) {
        return Packet.builder().add(EthernetHeader.of(B, A),
                Ipv4Header.builder(Ipv4Address.parse("10.1.0.1"), Ipv4Address.parse("10.1.0.2")).build(),
                UdpHeader.of(50000, WellKnownPorts.ROCE_V2),
                Bth.builder(RoceOpcode.RC_SEND_ONLY, 0x12, psn).build()).payload(new byte[payload]).build().encode();
    }

    private static byte[] tcp(int port) {
        return Packet.builder().add(EthernetHeader.of(A, B),
                Ipv4Header.builder(Ipv4Address.parse("192.0.2.1"), Ipv4Address.parse("192.0.2.2")).build(),
                TcpHeader.builder(443, port).flags(TcpHeader.FLAG_ACK).window(1000).build()).build().encode();
    }

    private List<Path> captures() {
        return List.of(synth("s.pcap", "400K", 1), synth("s.pcapng", "400K", 2), mixed("m.pcapng", 3000, 3));
    }

    @Test
    void moreThreadsPrintWhatOneThreadPrints() throws IOException {
        for (Path file : captures()) {
            assertThat(CaptureSplitter.propose(file, 3)).as("cuts of " + file).hasSize(2);
            for (String[] options : List.of(new String[0], new String[] {"--json"}, new String[] {"--report"})) {
                Run sequential = inspect(file, 1, options);
                assertThat(sequential.error()).isNull();
                assertThat(sequential.out()).contains("packets");
                for (int threads = 2; threads <= 4; threads++) {
                    assertThat(inspect(file, threads, options)).as(file + " " + Arrays.toString(options) + " threads " + threads)
                            .isEqualTo(sequential);
                }
            }
        }
    }

    @Test
    void anyCutsGiveTheSequentialCounts() throws IOException {
        Random rnd = new Random(7);
        for (Path file : captures()) {
            String expected = counted(file, new long[0]).error;
            Inspection sequential = counted(file, new long[0]).inspection;
            long size = Files.size(file);
            for (int trial = 0; trial < 40; trial++) {
                long[] cuts = rnd.longs(1 + rnd.nextInt(3), 1, size).sorted().distinct().toArray();
                Counted parallel = counted(file, cuts);
                assertThat(parallel.error).isEqualTo(expected).isNull();
                assertSame(parallel.inspection, sequential, file + " cut at " + Arrays.toString(cuts));
            }
        }
    }

    @Test
    void damageIsReportedAsInASequentialRead() throws IOException {
        Random rnd = new Random(8);
        for (Path file : captures()) {
            byte[] bytes = Files.readAllBytes(file);
            int compared = 0;
            for (int trial = 0; trial < 12; trial++) {
                Path damaged = dir.resolve("damaged-" + file.getFileName());
                int at = bytes.length / 3 + rnd.nextInt(bytes.length * 2 / 3 - 8);
                if (trial % 2 == 0) {
                    Files.write(damaged, Arrays.copyOf(bytes, at)); // cut off
                } else {
                    byte[] copy = bytes.clone();
                    for (int i = 0; i < 8; i++) copy[at + i] = (byte) 0xEE; // a length field here breaks the file
                    Files.write(damaged, copy);
                }
                Counted sequential = counted(damaged, new long[0]);
                if (sequential.error == null) continue; // the bytes hit packet data: nothing to compare
                compared++;
                assertThat(sequential.error).contains("byte offset");

                Run expected = inspect(damaged, 1);
                assertThat(expected.out()).contains("INCOMPLETE");
                assertThat(expected.error()).isEqualTo(sequential.error);
                assertThat(inspect(damaged, 2)).isEqualTo(expected);
                assertThat(inspect(damaged, 3, "--json")).isEqualTo(inspect(damaged, 1, "--json"));

                long[] cuts = rnd.longs(1 + rnd.nextInt(3), 1, bytes.length).sorted().distinct().toArray();
                Counted parallel = counted(damaged, cuts);
                assertThat(parallel.error).as("cut at " + Arrays.toString(cuts)).isEqualTo(sequential.error);
                assertSame(parallel.inspection, sequential.inspection, damaged + " cut at " + Arrays.toString(cuts));
            }
            assertThat(compared).as(file.toString()).isGreaterThanOrEqualTo(6);
        }
    }

    @Test
    void threadsMustBePositive() {
        var run = CliRun.of("pcap", "inspect", "x.pcap", "--totals-only", "--threads", "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--threads must be at least 1");
    }

    /** An inspection keeping a little of everything for the report, and the problem that ended it. */
    record Counted(Inspection inspection, String error) {}

    /** Counts {@code file} cut at {@code cuts} (none: sequentially), as the command does. */
    private static Counted counted(Path file, long[] cuts) {
        Inspection inspection = new Inspection(40, 100);
        try (CaptureReader reader = CaptureReader.open(file);
             Progress progress = new Progress(new PrintWriter(Writer.nullWriter()), "test")) {
            if (cuts.length == 0) {
                while (reader.next()) inspection.add(reader, false);
            } else {
                ParallelCount.count(reader, file, cuts, inspection, progress, Files.size(file));
            }
        } catch (CaptureFormatException e) {
            return new Counted(inspection, e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Counted(inspection, null);
    }

    private static void assertSame(Inspection actual, Inspection expected, String what) throws IOException {
        var json = Json.mapper();
        assertThat(json.writeValueAsString(actual.totals())).as(what).isEqualTo(json.writeValueAsString(expected.totals()));
        assertThat(json.writeValueAsString(actual.firstPackets())).as(what).isEqualTo(json.writeValueAsString(expected.firstPackets()));
        assertThat(Arrays.copyOf(actual.sizeSamples, actual.sizeSampleCount)).as(what)
                .isEqualTo(Arrays.copyOf(expected.sizeSamples, expected.sizeSampleCount));
    }
}
