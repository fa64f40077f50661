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
    void aLongRunsReportZoomsInOnTheDropAndItsRecovery() throws java.io.IOException {
        Path yaml = dir.resolve("mid-drop.yaml");
        java.nio.file.Files.writeString(yaml, """
                traffic:
                  rdma-verb: write
                  num-qps: 1
                  num-msgs-per-qp: 64
                  message-size: 8192
                  mtu: 1024
                  data-pkt-events:
                  - {qpn: 1, psn: 300, type: drop, iter: 1}
                """);
        TestConfig config = TestConfigLoader.load(yaml);
        InjectionResult run = Injection.run(config, new TargetSpec.Simulated("cx5-like"), 1, dir.resolve("run"));
        RunTimeline timeline = RunTimeline.of(run.metadata(), TraceDecoder.read(run.trace()));
        RunTimeline.Qp qp = timeline.qps().getFirst();
        RunTimeline.Window around = qp.aroundEvents().orElseThrow();
        long span = qp.marks().getLast().atNanos() - qp.marks().getFirst().atNanos();
        assertThat(around.toNanos() - around.fromNanos()).isLessThan(span / 2);
        // the zoom holds the drop, the NAK and the retransmission of the dropped PSN, and fewer packets than the run
        List<RunTimeline.Mark> inside = qp.marks().stream().filter(m -> around.contains(m.atNanos())).toList();
        assertThat(inside).extracting(RunTimeline.Mark::kind).contains(RunTimeline.Kind.DROPPED, RunTimeline.Kind.NAK);
        assertThat(inside).filteredOn(m -> m.kind() == RunTimeline.Kind.DATA).extracting(RunTimeline.Mark::relativePsn).contains(299);
        assertThat(inside.size()).isLessThan(qp.marks().size() / 4);
        String html = InjectReport.of(config.name(), run, timeline, run.trace().toString(), "test").render();
        assertThat(html).contains("around the injected events (");
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
        // the zoom on the events is drawn exactly when they and their recovery fill less than half of the QP's time
        RunTimeline.Qp qp = timeline.qps().getFirst();
        RunTimeline.Window around = qp.aroundEvents().orElseThrow();
        long span = qp.marks().getLast().atNanos() - qp.marks().getFirst().atNanos();
        assertThat(html.contains("around the injected events")).isEqualTo(around.toNanos() - around.fromNanos() < span / 2);

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

    @Test
    void aGoBackNViolationIsCountedInWordsInTheBannerAndItsSection() throws java.io.IOException {
        // listing2 on the cx5-like NIC breaks strict go-back-N once (a retransmission without a NAK before the timeout)
        TestConfig config = TestConfigLoader.load(Path.of("..", "examples", "inject", "listing2.yaml"));
        InjectionResult run = Injection.run(config, new TargetSpec.Simulated("cx5-like"), 1, dir);
        long n = run.analysis().gbn().reasons().size() + run.analysis().gbn().omittedReasons();
        assertThat(n).isPositive();
        String html = InjectReport.of(config.name(), run, RunTimeline.of(run.metadata(), TraceDecoder.read(run.trace())), "trace", "test").render();
        String counted = n + (n == 1 ? " violation" : " violations");
        assertThat(html).contains("go-back-N (" + counted + ")", counted + ".").doesNotContain("violation(s)", "1 violations");
    }
}
