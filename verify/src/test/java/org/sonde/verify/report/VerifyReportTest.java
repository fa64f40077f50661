package org.sonde.verify.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.GeneratedNetwork;
import org.sonde.verify.gen.Truth;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;

/** A check's JSON, counts and report, on a generated data center with planted faults. */
class VerifyReportTest {
    private static VerificationResult check(FaultPlan plan) {
        return new LocalBackend(2).verify(new DcnGenerator(3, 150).generate(plan).snapshot(),
                EnumSet.of(Check.LOOPS, Check.BLACKHOLES, Check.WAYPOINTS), VerifyProgress.NONE);
    }

    @Test
    void theJsonCountsTheViolationsAndTimesThePhases() throws Exception {
        VerificationResult r = check(new FaultPlan(2, 1, 1));
        assertThat(ViolationCounts.of(r.violations())).containsExactly(Map.entry(ViolationType.LOOP, 2),
                Map.entry(ViolationType.BLACKHOLE, 1), Map.entry(ViolationType.WAYPOINT_BYPASS, 1));
        assertThat(ViolationCounts.text(r.violations())).isEqualTo("2 loop, 1 blackhole, 1 waypoint");

        String text = CheckJson.text(CheckJson.of("dcn", null, r, 0.25, 1.5));
        assertThat(text).endsWith("}\n").doesNotContain("\"master\"");
        JsonNode json = Json.mapper().readTree(text);
        assertThat(json.properties()).extracting(Map.Entry::getKey).containsExactly("snapshot", "backend", "checks", "switches", "rules",
                "subnets", "pairs", "counts", "violations", "seconds", "phases");
        assertThat(json.get("checks")).extracting(JsonNode::asText).containsExactly("loops", "blackholes", "waypoints");
        assertThat(json.get("counts").get("loop").asInt()).isEqualTo(2);
        assertThat(json.get("violations")).hasSize(4);
        assertThat(json.get("phases").get("read").asDouble()).isEqualTo(0.25);
        assertThat(Json.mapper().readTree(CheckJson.text(CheckJson.of("dcn", "local[2]", r, 0, 1))).get("master").asText()).isEqualTo("local[2]");
    }

    @Test
    void theReportShowsTheVerdictPhasesAndViolations() {
        VerificationResult r = check(new FaultPlan(2, 1, 1));
        String html = VerifyReport.check("dcn", r, 0.25, 1.5, "sonde verify check --snapshot dcn", "1.2.3 (abc)",
                CheckJson.of("dcn", null, r, 0.25, 1.5)).render();
        assertThat(html).contains("Forwarding verification", "sonde verify check --snapshot dcn", "1.2.3 (abc)", "Verdict",
                "4 violations: 2 loop, 1 blackhole, 1 waypoint.", "Time per phase", "Violations by type", "sonde-data");
        Violation loop = r.violations().stream().filter(v -> v.type() == ViolationType.LOOP).findFirst().orElseThrow();
        assertThat(html).contains("<th scope=\"col\">where</th>", "<th scope=\"col\">why</th>", loop.where().replace(">", "&gt;"));
    }

    @Test
    void withATruthTheReportAndJsonSayWhatWasFoundAndMissed() throws Exception {
        GeneratedNetwork g = new DcnGenerator(3, 150).generate(new FaultPlan(2, 1, 1));
        VerificationResult r = new LocalBackend(2).verify(g.snapshot(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES, Check.WAYPOINTS), VerifyProgress.NONE);
        // one loop not reported: the truth misses it
        List<Violation> reported = r.violations().stream().filter(v -> v.type() != ViolationType.LOOP).toList();
        Truth.Score score = new Truth(Path.of("dcn/truth.json"), g.planted()).score(reported, r.checks());
        JsonNode json = Json.mapper().readTree(CheckJson.text(CheckJson.of("dcn", null, r, 0, 1, score)));
        assertThat(json.get("truth").get("found").asInt()).isEqualTo(2);
        assertThat(json.get("truth").get("missed")).hasSize(2);
        String html = VerifyReport.check("dcn", r, 0, 1, score, "c", "v", json).render();
        assertThat(html).contains("dcn/truth.json: 4 planted faults checked: 2 found, 2 missed; 0 extra violations.", "<th scope=\"col\">missed</th>");
        List<String> lines = CheckText.lines("dcn", r, 0, 1, 10, "", score);
        assertThat(lines.getLast()).startsWith("  missed loop ");
        assertThat(lines).hasSize(1 + 4 + 1 + 2);
    }

    @Test
    void noViolationIsSaid() {
        VerificationResult r = check(FaultPlan.NONE);
        assertThat(ViolationCounts.text(List.of())).isEqualTo("none");
        String html = VerifyReport.check("dcn", r, 0, 1, "c", "v", CheckJson.of("dcn", null, r, 0, 1)).render();
        assertThat(html).contains("No violation: every subnet").doesNotContain("Violations by type");
    }
}
