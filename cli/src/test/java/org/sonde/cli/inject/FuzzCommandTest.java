package org.sonde.cli.inject;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.sonde.core.Json;

/** sonde inject fuzz through the command line: the noisy-neighbour search and the rerun of what it found. */
class FuzzCommandTest {
    @TempDir
    Path dir;

    @Test
    void theNoisyNeighbourSearchOnCx4LxFindsATriggerThatRerunsAsATest() throws Exception {
        Path out = dir.resolve("nn");
        // seed 4 finds it at run 83 (bench/inject-fuzz.sh measures seeds 1-24)
        CliRun r = CliRun.of("inject", "fuzz", "--target", "sim:cx4lx-like", "--runs", "300", "--seed", "4", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("anomaly found", "innocent QPs' mean completion", "rerun:");
        assertThat(Json.mapper().readTree(out.resolve("fuzz.json").toFile()).get("anomalyFound").asBoolean()).isTrue();
        JsonSchemas.validate("inject-fuzz", out.resolve("fuzz.json"));
        assertThat(Json.mapper().readTree(out.resolve("fuzz.json").toFile()).get("trigger").isObject()).isTrue();
        // the trigger's own run directory holds a RoCE run's files
        JsonSchemas.validate("inject-result", out.resolve("trigger-run/result.json"));
        JsonSchemas.validate("inject-analysis", out.resolve("trigger-run/analysis.json"));
        assertThat(Files.readString(out.resolve("report.html"))).contains("Score of every evaluated configuration", "<svg");

        Matcher rerun = Pattern.compile("--seed=(-?\\d+)").matcher(r.out());
        assertThat(rerun.find()).isTrue();
        CliRun again = CliRun.of("inject", "run", out.resolve("trigger.yaml").toString(), "--target", "sim:cx4lx-like",
                "--seed=" + rerun.group(1), "--out", dir.resolve("rerun").toString(), "--no-report");
        assertThat(again.out()).contains("integrity   pass");
        assertThat(again.out()).contains("rx_discards_phy");
    }

    @Test
    void theSameBudgetOnTheNeutralNicDeclaresNothing() throws Exception {
        Path json = dir.resolve("n.json");
        CliRun r = CliRun.of("inject", "fuzz", "--target", "sim:neutral", "--runs", "120", "--seed", "4", "--out", dir.resolve("n").toString(),
                "--json", json.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).contains("no anomaly after 120 runs");
        JsonSchemas.validate("inject-fuzz", json);
        assertThat(Json.mapper().readTree(json.toFile()).get("trigger").isNull()).as("no trigger: null").isTrue();
    }

    @Test
    void aBadBudgetIsAUsageError() {
        CliRun r = CliRun.of("inject", "fuzz", "--runs", "0", "--out", dir.resolve("x").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--runs 0");
    }
}
