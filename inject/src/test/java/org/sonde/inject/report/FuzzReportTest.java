package org.sonde.inject.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import org.sonde.inject.fuzz.FuzzBudget;
import org.sonde.inject.fuzz.FuzzResult;
import org.sonde.inject.fuzz.FuzzTarget;
import org.sonde.inject.fuzz.Fuzzer;
import org.sonde.inject.fuzz.ProgressListener;
import org.sonde.inject.testbed.TargetSpec;

/** The fuzzing report shows the verdict, the scores and the trigger, and embeds the result. */
class FuzzReportTest {
    @TempDir
    Path dir;

    /** The JSON a report embeds. */
    static JsonNode data(String html) throws Exception {
        return Json.mapper().readTree(org.sonde.report.HtmlReport.embeddedJson(html));
    }

    @Test
    void anAnomalyIsAFailureWithItsTrigger() throws Exception {
        // the general target finds the cx4lx-like frozen counter within 60 runs (FuzzerTest)
        FuzzResult r = Fuzzer.run(FuzzTarget.general(), TargetSpec.parse("sim:cx4lx-like").simulated(), FuzzBudget.runs(60), 1, dir, ProgressListener.NONE);
        String html = FuzzReport.of(r).render();
        assertThat(html).contains("Fuzzing: " + r.target(), "objective general", "Anomaly found: ", "Score of every evaluated configuration",
                "Runs kept in the pool, the anomalous ones and the minimisation", "The triggering test", "<svg");
        JsonNode json = data(html);
        assertThat(json.get("anomalyFound").asBoolean()).isTrue();
        assertThat(json.get("history")).hasSize(r.history().size());
    }

    @Test
    void noAnomalyIsSaid(@TempDir Path other) throws Exception {
        FuzzResult r = Fuzzer.run(FuzzTarget.noisyNeighbour(), TargetSpec.parse("sim:neutral").simulated(), FuzzBudget.runs(20), 1, other,
                ProgressListener.NONE);
        String html = FuzzReport.of(r).render();
        assertThat(html).contains("objective noisy-neighbour", "No anomaly within the budget.").doesNotContain("The triggering test");
        assertThat(data(html).get("anomalyFound").asBoolean()).isFalse();
    }
}
