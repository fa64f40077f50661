package org.sonde.cli.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.cli.CliRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The command writes the generator's frames (go-back-N and the rest: packet's SyntheticRoceTrafficTest). */
class SynthCommandTest {
    @TempDir
    Path dir;

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedDoesNot() throws IOException {
        Path a = dir.resolve("a.pcap");
        Path b = dir.resolve("b.pcap");
        Path c = dir.resolve("c.pcap");
        assertThat(CliRun.of("pcap", "synth", "--capture", a.toString(), "--size", "300K", "--seed", "5").exitCode()).isZero();
        assertThat(CliRun.of("pcap", "synth", "--capture", b.toString(), "--size", "300K", "--seed", "5").exitCode()).isZero();
        assertThat(CliRun.of("pcap", "synth", "--capture", c.toString(), "--size", "300K", "--seed", "6").exitCode()).isZero();
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        assertThat(Files.readAllBytes(a)).isNotEqualTo(Files.readAllBytes(c));
        assertThat(Files.size(a)).isGreaterThan(300 * 1024);
    }

    @Test
    void jsonSaysWhatWasWritten() throws IOException {
        Path f = dir.resolve("j.pcapng");
        CliRun run = CliRun.of("pcap", "synth", "--capture", f.toString(), "--size", "100K", "--json", "-", "--seed", "3");
        assertThat(run.exitCode()).isZero();
        var node = org.sonde.core.Json.mapper().readTree(run.out());
        assertThat(run.err()).contains("wrote " + f); // the text summary, off stdout
        assertThat(node.get("format").asText()).isEqualTo("pcapng");
        assertThat(node.get("seed").asLong()).isEqualTo(3);
        long packets = 0;
        try (CaptureReader r = CaptureReader.open(f)) {
            while (r.next()) packets++;
        }
        assertThat(node.get("packets").asLong()).isEqualTo(packets);
        assertThat(node.get("bytes").asLong()).isGreaterThanOrEqualTo(100 * 1024);
    }
}
