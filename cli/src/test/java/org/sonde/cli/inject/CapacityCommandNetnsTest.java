package org.sonde.cli.inject;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.sonde.core.Json;
import org.sonde.testkit.Netns;

/** {@code sonde inject capacity}: its usage errors, and a short search on namespaces (needs root). */
class CapacityCommandNetnsTest {
    @TempDir
    Path dir;

    @Test
    void impossibleRatesAreUsageErrorsAndNothingIsWritten() {
        Path json = dir.resolve("c.json");
        CliRun r = CliRun.of("inject", "capacity", "--min-rate", "50000", "--max-rate", "40000", "--json", json.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--max-rate 40000 is not above --min-rate 50000");
        assertThat(json).doesNotExist();
        CliRun trial = CliRun.of("inject", "capacity", "--trial", "forever");
        assertThat(trial.exitCode()).isEqualTo(2);
        assertThat(trial.err()).contains("forever");
    }

    @Test
    @Tag("netns")
    void aShortSearchWritesEveryTrialToTheJsonAndLeadsWithTheRateHeld() throws Exception {
        Path json = dir.resolve("c.json");
        CliRun r = CliRun.of("inject", "capacity", "--min-rate", "2000", "--max-rate", "3000", "--trial", "300ms", "--drain", "300ms",
                "--json", json.toString());
        if (r.exitCode() == 4 && Netns.saysPrerequisiteMissing(r.err())) {
            throw Netns.unavailable("root, iproute2, ethtool, iptables, nftables and libnetfilter-queue1", r.err().strip(), null);
        }
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).startsWith("the injector holds 3,000 packets/s with no loss, the highest rate tried");
        assertThat(r.err()).contains("trial 3,000/s: held");
        JsonSchemas.validate("inject-capacity", json);
        JsonNode j = Json.mapper().readTree(Files.readString(json));
        assertThat(j.get("zeroLossPacketsPerSecond").asLong()).isEqualTo(3_000);
        assertThat(j.get("trials")).hasSize(1);
        assertThat(j.get("trials").get(0).get("delivered").asLong()).isEqualTo(j.get("trials").get(0).get("sent").asLong());
    }
}
