package org.sonde.cli.inject;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import picocli.CommandLine;

/** sonde inject study, invoked directly through picocli (the parent inject command registers it). */
class StudyCommandTest {
    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    /** Through Sonde's own command line, with its exit codes for typed errors. */
    private static CliRun study(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "inject";
        all[1] = "study";
        System.arraycopy(args, 0, all, 2, args.length);
        return CliRun.of(all);
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cli = new CommandLine(new StudyCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aQuickStudyOfTheCx6DxWritesTheJsonAndTheReportAndPasses() throws Exception {
        Path out = dir.resolve("study");
        Run r = run("--profiles", "cx6dx-like", "--quick", "--seed", "3", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String html = Files.readString(out.resolve("report.html"));
        // 2 latency sweeps, 2 Fig. 11 points, CNP, 2 timeout runs, 3 ETS settings
        assertThat(r.err()).contains("[1/10 ", "[10/10 ", "cx6dx-like: ETS multi-queue with ECN");
        assertThat(r.out()).contains("findings match their profile", "report.html").doesNotContain("FAIL");
        JsonNode json = Json.mapper().readTree(out.resolve("study.json").toFile());
        assertThat(json.get("pass").asBoolean()).isTrue();
        assertThat(json.at("/study/plan/seed").asLong()).isEqualTo(3);
        JsonSchemas.validate("inject-study", out.resolve("study.json"));
        // Fig. 11's point without drops has no QP with drops: its mean completion time is null, not -1
        JsonNode calm = json.at("/study/noisyNeighbour/0");
        assertThat(calm.get("droppingQps").asInt()).isZero();
        assertThat(calm.get("droppedMctNanos").isNull()).isTrue();
        assertThat(calm.get("innocentMctNanos").asDouble()).isPositive();
        assertThat(json.at("/study/ets")).hasSize(3);
        assertThat(html).contains("Fig. 8: NAK generation latency", "Fig. 9", "Fig. 10", "Fig. 11", "Findings (Table 2 and §6.3)",
                "work-conserving ETS", "✓ pass", "models of the behaviours Lumina published").doesNotContain("✗ FAIL");
        assertThat(out.resolve("runs/cx6dx-like/ets-multi-queue-ecn/trace.pcap")).exists();
    }

    @Test
    void jsonToStdoutIsStudyJsonAndTheSummaryGoesToStderr() throws Exception {
        Path out = dir.resolve("n");
        Path copy = dir.resolve("study-report.html");
        Run r = run("--profiles", "neutral", "--quick", "--out", out.toString(), "--json", "-", "--report", copy.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = Json.mapper().readTree(r.out());
        assertThat(json.at("/study/plan/profiles/0").asText()).isEqualTo("neutral");
        assertThat(json.at("/study/findings").size()).isPositive();
        assertThat(json).isEqualTo(Json.mapper().readTree(Files.readString(out.resolve("study.json"))));
        assertThat(r.err()).contains("findings match their profile");
        // --report FILE: the report of the output directory, also where the user asked for it
        assertThat(Files.readString(copy)).isEqualTo(Files.readString(out.resolve("report.html")));
    }

    @Test
    void anUnknownProfileIsRejectedBeforeAnythingRuns() {
        Path out = dir.resolve("x");
        Run r = run("--profiles", "cx7-like", "--out", out.toString());
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("'cx7-like' is not a bundled NIC profile");
        assertThat(out).doesNotExist();
    }

    @Test
    void linuxOptionsWithoutLinuxAndNicOptionsWithLinuxAreUsageErrors() {
        Path out = dir.resolve("x");
        CliRun cc = study("--congestion-controls", "reno", "--out", out.toString());
        assertThat(cc.exitCode()).isEqualTo(2);
        assertThat(cc.err()).contains("options of the Linux study", "--target linux");
        CliRun profiles = study("--target", "linux", "--profiles", "neutral", "--out", out.toString());
        assertThat(profiles.exitCode()).isEqualTo(2);
        assertThat(profiles.err()).contains("--profiles names simulated NICs");
        CliRun sim = study("--target", "sim:cx5-like", "--out", out.toString());
        assertThat(sim.exitCode()).isEqualTo(2);
        assertThat(sim.err()).contains("give --profiles cx5-like");
        CliRun zero = study("--target", "linux", "--repetitions", "0", "--out", out.toString());
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err()).contains("--repetitions must be at least 1");
        assertThat(out).doesNotExist();
    }

    @Test
    void theHelpNamesEveryOptionAndExperiment() {
        Run r = run("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("--profiles", "--seed", "--out", "--json", "--quick", "Figs. 8-9", "Fig. 10", "Fig. 11", "study.json",
                "report.html", "not vendor firmware", "--target linux", "--congestion-controls", "--repetitions", "lost-retransmission", "ack-loss");
    }
}
