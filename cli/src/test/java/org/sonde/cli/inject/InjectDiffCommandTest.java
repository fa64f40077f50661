package org.sonde.cli.inject;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;

/** {@code sonde inject run --target sim-tcp} and {@code sonde inject diff --runs} (no root needed). */
class InjectDiffCommandTest {
    static final String TCP_LISTING_2 = Path.of("..", "examples", "inject", "tcp-listing2.yaml").toString();

    @TempDir
    Path dir;

    @Test
    void twoModelRunsOfOneTestWithOtherSeedsAreTheSameInTheTestsTermsAndAnotherTestDiffers() throws Exception {
        Path a = dir.resolve("a"), b = dir.resolve("b"), c = dir.resolve("c");
        CliRun ra = CliRun.of("inject", "run", TCP_LISTING_2, "--target", "sim-tcp", "--out", a.toString());
        assertThat(ra.exitCode()).as(ra.err() + ra.out()).isZero();
        assertThat(ra.out()).contains("tcp-listing2 on sim-tcp", "integrity   pass", "recovery    pass conn 2 seg 5 iter 3: rto")
                .doesNotContain("tcp_frto"); // F-RTO is modelled
        assertThat(CliRun.of("inject", "run", TCP_LISTING_2, "--target", "sim-tcp", "--seed", "2", "--out", b.toString()).exitCode()).isZero();
        // other ports and initial sequence numbers, the same packets in the test's terms
        assertThat(Files.readAllBytes(a.resolve("trace.pcapng"))).isNotEqualTo(Files.readAllBytes(b.resolve("trace.pcapng")));
        CliRun same = CliRun.of("inject", "diff", "--runs", a.toString(), b.toString(), "--out", dir.resolve("ab").toString());
        assertThat(same.exitCode()).as(same.err() + same.out()).isZero();
        assertThat(same.out()).contains("sim-tcp against sim-tcp", "SAME        no difference");
        JsonNode ab = Json.mapper().readTree(dir.resolve("ab/diff.json").toFile());
        assertThat(ab.get("same").asBoolean()).isTrue();
        assertThat(ab.get("differences")).isEmpty();
        assertThat(ab.get("connections")).hasSize(3);

        // without the tail drop: that loss is on one side only, and the packets around it differ
        Path test = dir.resolve("no-tail.yaml");
        Files.writeString(test, Files.readString(Path.of(TCP_LISTING_2)).replace("    - {conn: 3, seg: 10, type: drop}\n", ""));
        assertThat(CliRun.of("inject", "run", test.toString(), "--target", "sim-tcp", "--out", c.toString()).exitCode()).isZero();
        CliRun differ = CliRun.of("inject", "diff", "--runs", a.toString(), c.toString(), "--out", dir.resolve("ac").toString());
        assertThat(differ.exitCode()).as(differ.err() + differ.out()).isEqualTo(1);
        assertThat(differ.out()).contains("DIFFERENT", "recovery      conn 3 loss of seg 10 iter 1", "not lost");
        JsonNode ac = Json.mapper().readTree(dir.resolve("ac/diff.json").toFile());
        assertThat(ac.get("counts").get("recovery").asInt()).isEqualTo(1);
        assertThat(ac.get("counts").get("sequence").asInt()).isPositive();
        assertThat(Files.readString(dir.resolve("ac/report.html"))).contains("TCP differences", "loss of seg 10 iter 1");
    }

    @Test
    void aDiffNeedsExactlyOneSourceAndKnowsTheStudysScenarios() {
        CliRun none = CliRun.of("inject", "diff", "--out", dir.resolve("x").toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("give one of TEST.yaml, --scenario NAME or --runs A B");
        CliRun bad = CliRun.of("inject", "diff", "--scenario", "nope", "--out", dir.resolve("y").toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("no such scenario", "lost-retransmission");
        assertThat(Files.exists(dir.resolve("y"))).isFalse();
    }
}
