package org.sonde.atpg.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.model.Examples.PA;
import static org.sonde.dataplane.model.Examples.PB;
import static org.sonde.dataplane.model.Examples.PC;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.reach.Model;
import org.sonde.atpg.Cover;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.Performance;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.Suite;
import org.sonde.atpg.TestPacket;

/** The reports of the three-switch example: sections, verdicts and the embedded JSON. */
class AtpgReportTest {
    static final Model MODEL = Model.of(Examples.threeSwitch());
    static final Suite SUITE = Selector.select(MODEL, SelectOptions.of(List.of(PA, PB, PC), Cover.RULES).withSeed(1));

    /** The JSON a report embeds. */
    static JsonNode data(String html) throws Exception {
        return Json.mapper().readTree(org.sonde.report.HtmlReport.embeddedJson(html));
    }

    @Test
    void theSuiteReportShowsCoverageTimesPortsAndPackets() throws Exception {
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("load", 0.25);
        phases.put("select", 0.5);
        String html = AtpgReport.suite(MODEL.network(), "three-switch.json", SUITE, phases, "sonde atpg generate --network three-switch.json", "1.2.3 (abc)")
                .render();
        assertThat(html).contains("ATPG test suite", "three-switch.json", "sonde atpg generate --network three-switch.json", "1.2.3 (abc)",
                "Coverage", "Time per phase", "Packets per ingress port", "Regular packets");
        Suite.Summary s = SUITE.summary();
        assertThat(html).as("the banner says what the percentage is of").contains(String.format(
                "test all %,d of the %,d rules a candidate packet can test (100.00%%)", s.testable(), s.testable()));
        assertThat(html).contains("rules covered / on candidate paths");
        // ports by name, headers by field with dotted addresses, paths as arrows: no Java collection syntax
        TestPacket first = SUITE.tests().getFirst();
        org.sonde.dataplane.model.Port ingress = MODEL.network().port(first.ingress()).orElseThrow();
        assertThat(html).contains(ingress.deviceId() + ":" + ingress.name(), String.join(" → ", first.rules()),
                MODEL.network().layout().text(first.header()));
        assertThat(MODEL.network().layout().text(first.header())).matches("ip_dst \\d+\\.\\d+\\.\\d+\\.\\d+.*");
        assertThat(html).doesNotContain("{ip_dst=", "[rA", "=1}");
        JsonNode json = data(html);
        assertThat(json.get("summary").get("testable").asLong()).isEqualTo(s.testable()).isPositive();
        assertThat(json.get("summary").get("coverage").asDouble()).isEqualTo(1.0);
        assertThat(json.get("phaseSeconds").get("select").asDouble()).isEqualTo(0.5);
    }

    @Test
    void theLocalisationReportNamesTheSuspectAndItsEvidenceAndTheFailedTests() throws Exception {
        String victim = SUITE.tests().getFirst().rules().getFirst();
        String fault = "rule:" + victim + ":drop";
        List<Emulator.Result> results = Emulator.run(MODEL, SUITE, List.of(Fault.parse("test", fault)), 0);
        Localizer.Localization l = Localizer.localize(Localizer.observations(SUITE, results), MODEL, SUITE);
        SuiteFiles.ResultsFile r = SuiteFiles.ResultsFile.of(List.of(fault), 0, results, 1, List.of(), List.of(), List.of());
        String html = AtpgReport.localization("suite", l, r, "sonde atpg localize --suite suite").render();
        assertThat(html).contains("ATPG fault localisation", "sonde atpg localize --suite suite", fault, "Suspects",
                "suspects after the four steps", victim, "Failed tests", r.failed() + " of " + results.size() + " tests failed");
        Emulator.Result failed = results.stream().filter(x -> !x.pass()).findFirst().orElseThrow();
        assertThat(html).contains(failed.id(), failed.reason()).doesNotContain("Performance tests per link");
        assertThat(data(html).get("suspects")).extracting(JsonNode::asText).contains(victim);
        // counts and test lists as text, not Java's list syntax
        String page = html.substring(0, html.indexOf("<script"));
        assertThat(page).contains("suspects after each: " + String.join(" → ", l.afterStep().stream().map(String::valueOf).toList()))
                .doesNotContain("[]", l.afterStep().toString(), "[t");

        List<Emulator.Result> healthy = Emulator.run(MODEL, SUITE, List.of(), 0);
        Localizer.Localization none = Localizer.localize(Localizer.observations(SUITE, healthy), MODEL, SUITE);
        assertThat(AtpgReport.localization("suite", none, SuiteFiles.ResultsFile.of(List.of(), 0, healthy, 1, List.of(), List.of(), List.of()), "c").render())
                .contains("No suspects", "none", "0 of " + healthy.size() + " tests failed");
    }

    @Test
    void withTrainsTheReportGivesEachLinksFiguresAndChartsTheLimitedOnes() {
        Emulator.Emulated e = Emulator.run(MODEL, SUITE, List.of(Fault.parse("test", "link:AB:rate=4kbps"), Fault.parse("test", "link:BA:rate=4kbps")),
                1e9, 4);
        SuiteFiles.ResultsFile r = SuiteFiles.ResultsFile.of(List.of("link:AB:rate=4kbps"), 1e9, e.results(), 4, e.trains(), e.links(), e.classes());
        Localizer.Localization l = Localizer.localize(Localizer.observations(SUITE, r.results()), MODEL, SUITE);
        String html = AtpgReport.localization("suite", l, r, "c").render();
        assertThat(r.links()).isNotEmpty().anySatisfy(f -> assertThat(f.rateBps()).isNull()).anySatisfy(f -> assertThat(f.rateBps()).isNotNull());
        assertThat(html).contains("Performance tests per link", r.trains().size() + " trains of 4 frames", "not limited", "4,000",
                "Rate at least, per link", "frame was sent 4 times back to back");
        for (Performance.LinkFigures f : r.links()) assertThat(html).contains(f.link());
    }

    /** With strict priority on a slowed link, the report gives each class's tests and worst latency over it, and charts them. */
    @Test
    void withStrictPriorityTheReportGivesEachClasssWorstLatency() {
        List<Fault> faults = List.of(Fault.parse("test", "link:CA:rate=4kbps"), Fault.parse("test", "link:CA:priority=tp_dst=80"));
        Emulator.Emulated e = Emulator.run(MODEL, SUITE, faults, 1e9, 4);
        SuiteFiles.ResultsFile r = SuiteFiles.ResultsFile.of(List.of("link:CA:rate=4kbps", "link:CA:priority=tp_dst=80"), 1e9, e.results(), 4,
                e.trains(), e.links(), e.classes());
        assertThat(r.classes()).extracting(Performance.ClassFigures::link, Performance.ClassFigures::high, Performance.ClassFigures::match)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("CA", true, "tp_dst 80"), org.assertj.core.groups.Tuple.tuple("CA", false, "the rest"));
        // every test over CA is in one class or the other, as its history says
        List<String> over = java.util.stream.Stream.concat(SUITE.tests().stream(), SUITE.reserved().stream()).filter(t -> t.links().contains("CA"))
                .map(org.sonde.atpg.TestPacket::id).toList();
        assertThat(java.util.stream.Stream.concat(r.classes().get(0).tests().stream(), r.classes().get(1).tests().stream()))
                .containsExactlyInAnyOrderElementsOf(over);
        Localizer.Localization l = Localizer.localize(Localizer.observations(SUITE, r.results()), MODEL, SUITE);
        String html = AtpgReport.localization("suite", l, r, "c").render();
        assertThat(html).contains("Strict priority per link", "tp_dst 80", "the rest", "Worst latency per link and class");
        for (Performance.ClassFigures c : r.classes())
            if (c.worstMs() != null) assertThat(html).contains(String.format(java.util.Locale.ROOT, "%.3f", c.worstMs()));
    }
}
