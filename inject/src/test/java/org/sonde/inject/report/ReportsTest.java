package org.sonde.inject.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.Recovery;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.TracePacket;
import org.sonde.inject.study.Finding;
import org.sonde.inject.study.LatencySweep;
import org.sonde.inject.study.RunTimeline;
import org.sonde.inject.study.StudyPlan;
import org.sonde.inject.study.StudyResult;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.sim.rdma.Verb;

/** The study and run reports, and the text summary of an analysis, render from result records alone, and say so when something failed. */
class ReportsTest {
    @TempDir
    Path dir;

    @Test
    void aFailedFindingMakesTheStudyReportAFailure() {
        Finding ok = new Finding("NAK generation (WRITE)", "§6.1, Fig. 8", "cx5-like", "2us", "2us", true, "");
        Finding bad = new Finding("CNP min interval", "§6.3", "e810-like", "50us", "4us", false, "");
        LatencySweep sweep = new LatencySweep("cx5-like", Verb.WRITE, 2_000, List.of(new LatencySweep.Point(3, Recovery.NAK, 2_000L, 4_000L)), List.of());
        StudyResult r = new StudyResult(StudyPlan.reduced(List.of("cx5-like"), 1), List.of(sweep), List.of(), List.of(), List.of(), List.of(),
                List.of(ok, bad), 1.5);
        String html = StudyReport.of(r, "test").render();
        assertThat(html).contains("1 of 2 measurements differ", "✗ FAIL", "✓ pass", "NAK generation latency, WRITE", "cx5-like")
                .doesNotContain("Fig. 10: ETS goodput", "Fig. 11: noisy neighbour");
    }

    @Test
    void theInjectReportShowsTheDropTheNakAndTheTimeout() throws java.io.IOException {
        TestConfig config = TestConfigLoader.load(Path.of("..", "examples", "inject", "drop-retransmission.yaml"));
        InjectionResult run = Injection.run(config, new TargetSpec.Simulated("cx5-like"), 1, dir);
        List<TracePacket> trace = TraceDecoder.read(run.trace());
        RunTimeline timeline = RunTimeline.of(run.metadata(), trace);
        assertThat(timeline.qps()).singleElement().satisfies(q -> assertThat(q.marks()).filteredOn(m -> m.kind() == RunTimeline.Kind.DROPPED)
                .extracting(RunTimeline.Mark::relativePsn).containsExactly(2, 2)); // the paper's 3rd packet, dropped twice
        String html = InjectReport.of(config.name(), run, timeline, run.trace().toString(), "test").render();
        assertThat(html).contains("Injection test drop-retransmission", "Packets over time", "dropped", "nak", "Retransmission latency",
                "TIMEOUT", "NAK", "Go-back-N", "Trace integrity", "The trace is complete", "Counters", "packet_seq_err");

        // written beside its trace, the report names it relative to itself: it stays right when the directory moves
        InjectReport.write(config.name(), run, dir.resolve("report.html"), "test");
        String written = java.nio.file.Files.readString(dir.resolve("report.html"));
        assertThat(written).contains("<p class=\"subtitle\">trace.pcap</p>").doesNotContain(dir.toString());

        List<String> summary = AnalysisSummary.lines(run.analysis());
        assertThat(summary).first().asString().startsWith("  integrity   pass (");
        assertThat(summary).anySatisfy(l -> assertThat(l).startsWith("  go-back-N   ").contains("strict", "NAK and", "timeout retransmissions"))
                .anySatisfy(l -> assertThat(l).startsWith("  latency     ").contains("losses: NAK generation"))
                .anySatisfy(l -> assertThat(l).startsWith("  CNPs        "))
                .anySatisfy(l -> assertThat(l).startsWith("  counters    "));
    }
}
