package org.sonde.cli.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureSplitter;
import org.sonde.capture.inspect.InspectReport;
import org.sonde.capture.inspect.Inspection;
import org.sonde.capture.inspect.TestCaptures;
import org.sonde.cli.CliRun;
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
 * {@code sonde pcap inspect --totals-only} prints, reports and fails the same whatever --threads
 * is. (That counting in parts gives exactly the counts of one read: capture's ParallelCountTest.)
 */
class InspectThreadsTest {
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
        var run = CliRun.of("pcap", "synth", "--capture", file.toString(), "--size", size, "--seed", String.valueOf(seed),
                "--loss", "0.01", "--ecn", "0.05");
        assertThat(run.exitCode()).as(run.err()).isZero();
        return file;
    }

    private List<Path> captures() {
        return List.of(synth("s.pcap", "400K", 1), synth("s.pcapng", "400K", 2), TestCaptures.mixed(dir.resolve("m.pcapng"), 3000, 3));
    }

    @Test
    void moreThreadsPrintWhatOneThreadPrints() throws IOException {
        for (Path file : captures()) {
            assertThat(CaptureSplitter.propose(file, 3)).as("cuts of " + file).hasSize(2);
            for (String[] options : List.of(new String[0], new String[] {"--json", "-"}, new String[] {"--report"})) {
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
                String sequential = sequentialError(damaged);
                if (sequential == null) continue; // the bytes hit packet data: nothing to compare
                compared++;

                Run expected = inspect(damaged, 1);
                assertThat(expected.out()).contains("INCOMPLETE");
                assertThat(expected.error()).isEqualTo(sequential);
                assertThat(inspect(damaged, 2)).isEqualTo(expected);
                assertThat(inspect(damaged, 3, "--json", "-")).isEqualTo(inspect(damaged, 1, "--json", "-"));
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

    /** The problem that ends one sequential read of {@code file}, or null. */
    private static String sequentialError(Path file) {
        try (CaptureReader reader = CaptureReader.open(file)) {
            Inspection.of(reader);
        } catch (CaptureFormatException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return null;
    }
}
