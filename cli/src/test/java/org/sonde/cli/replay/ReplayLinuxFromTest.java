package org.sonde.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.sonde.core.Json;

/**
 * {@code sonde replay linux --from DIR}: a saved run (two connections at 5 % loss, replay's {@code linux-run}) replayed
 * again without root, its agreement printed and written as a run's is, nothing written into the run's directory.
 */
class ReplayLinuxFromTest {
    static final Path RUN = Path.of("../replay/src/test/resources/linux-run");

    @TempDir
    Path dir;

    @Test
    void anEarlierRunIsReplayedAgainLikeANewOne() throws Exception {
        Path run = dir.resolve("run"), json = dir.resolve("again.json");
        Files.createDirectories(run);
        for (String f : List.of("recording.json", "capture.pcapng", "agreement.json")) Files.copy(RUN.resolve(f), run.resolve(f));
        byte[] saved = Files.readAllBytes(run.resolve("agreement.json"));
        CliRun r = CliRun.of("replay", "linux", "--from", run.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        JsonSchemas.validate("replay-linux", json);
        JsonNode a = Json.mapper().readTree(json.toFile());
        assertThat(a.get("connectionsReplayed").asInt()).isEqualTo(2);
        assertThat(a.get("options").get("loss").asDouble()).as("the run's options, from its agreement.json").isEqualTo(0.05);
        assertThat(r.out()).contains("2 connections run, 2 recorded, 2 replayed", "identical header sequences",
                "replayed " + run.resolve("recording.json") + " again");
        try (Stream<Path> files = Files.list(run)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).as("nothing written into the run's directory")
                    .containsExactly("agreement.json", "capture.pcapng", "recording.json");
        }
        assertThat(Files.readAllBytes(run.resolve("agreement.json"))).isEqualTo(saved);
    }

    @Test
    void eitherANewRunOrAnEarlierOne() {
        CliRun both = CliRun.of("replay", "linux", "--from", RUN.toString(), "--out", dir.resolve("o").toString());
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("either --out DIR", "or --from DIR");
        assertThat(CliRun.of("replay", "linux").exitCode()).as("neither").isEqualTo(2);
        CliRun option = CliRun.of("replay", "linux", "--from", RUN.toString(), "--loss", "0.1");
        assertThat(option.exitCode()).as("a run's option with --from").isEqualTo(2);
        assertThat(option.err()).contains("--loss does not go with --from", RUN.resolve("agreement.json").toString());
        assertThat(option.out()).doesNotContain("identical");
        CliRun missing = CliRun.of("replay", "linux", "--from", dir.resolve("none").toString());
        assertThat(missing.exitCode()).as("no such run").isEqualTo(4);
        assertThat(missing.err()).contains(dir.resolve("none").resolve("recording.json").toString());
        assertThat(missing.out()).as("no summary that looks like a result").doesNotContain("identical");
    }
}
