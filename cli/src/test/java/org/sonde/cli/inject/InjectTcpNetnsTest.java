package org.sonde.cli.inject;

import org.sonde.testkit.Netns;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.sonde.cli.interop.RequiresTshark;
import org.sonde.cli.interop.Tshark;
import org.sonde.cli.interop.TsharkRows;
import org.sonde.core.Json;

/** {@code sonde inject run} of the TCP Listing 2 on Linux (needs root), and Wireshark's reading of its trace. */
@Tag("netns")
@RequiresTshark
class InjectTcpNetnsTest {
    static final String TCP_LISTING_2 = Path.of("..", "examples", "inject", "tcp-listing2.yaml").toString();

    @TempDir
    Path dir;

    /** Runs the command line; a machine that cannot make namespaces fails the test saying so, unless SONDE_SKIP_NETNS=1. */
    private static CliRun sonde(String... args) {
        CliRun r = CliRun.of(args);
        if (r.exitCode() == 4 && Netns.saysPrerequisiteMissing(r.err())) {
            throw Netns.unavailable("root, iproute2, ethtool, iptables and libnetfilter-queue1", r.err().strip(), null);
        }
        return r;
    }

    @Test
    void tcpListing2RunsOnLinuxAndWiresharkReadsTheEventsInItsTrace(Tshark tshark) throws Exception {
        Path out = dir.resolve("tcp");
        CliRun r = sonde("inject", "run", TCP_LISTING_2, "--out", out.toString(), "--json", dir.resolve("a.json").toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("tcp-listing2 on linux", "integrity   pass", "recovery    pass conn 3 seg 10 iter 1: tlp",
                "recovery    pass conn 2 seg 5 iter 3: rto", "ECN         pass conn 1 seg 3", "SACK        pass");
        JsonNode analysis = Json.mapper().readTree(out.resolve("analysis.json").toFile());
        assertThat(Json.mapper().readTree(dir.resolve("a.json").toFile())).isEqualTo(analysis);
        JsonNode result = Json.mapper().readTree(out.resolve("result.json").toFile());
        assertThat(result.get("complete").asBoolean()).isTrue();
        JsonSchemas.validate("inject-tcp-result", out.resolve("result.json"));
        JsonSchemas.validate("inject-tcp-analysis", out.resolve("analysis.json"));
        assertThat(result.get("clientStates")).as("the kernel's tcp_info samples").isNotEmpty();
        assertThat(result.get("connections")).hasSize(3);
        assertThat(Files.readString(out.resolve("report.html"))).contains("tcp-listing2", "<svg");

        // every packet the injector saw, in order, with the event the test asked for in its comment
        TsharkRows rows = tshark.fields(out.resolve("trace.pcapng"), List.of("frame.comment", "tcp.dstport"), Map.of());
        assertThat(rows.size()).isEqualTo(result.get("packets").asInt());
        List<String> events = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            String comment = rows.field(i, "frame.comment");
            assertThat(comment).as(rows.describe(i)).startsWith("seq=" + (i + 1) + " event=");
            // how long the injector held each packet it let pass is in the comment too
            if (!comment.contains("event=drop")) assertThat(comment).as(rows.describe(i)).containsPattern(" held=\\d+");
            if (!comment.contains("event=none")) events.add(comment.replaceFirst("^seq=\\d+ ", "").replaceFirst(" held=\\d+", ""));
        }
        assertThat(events).containsExactlyInAnyOrder("event=ecn conn=1 seg=3 iter=1", "event=drop conn=2 seg=5 iter=1",
                "event=drop conn=2 seg=5 iter=2", "event=drop conn=2 seg=5 iter=3", "event=drop conn=3 seg=10 iter=1");
    }

    @Test
    void diffRunsListing2OnTheKernelAndTheModelAndAlignsTheirPackets() throws Exception {
        Path out = dir.resolve("diff");
        CliRun r = sonde("inject", "diff", TCP_LISTING_2, "--out", out.toString());
        JsonNode diff = Json.mapper().readTree(out.resolve("diff.json").toFile());
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(diff.get("same").asBoolean() ? 0 : 1);
        assertThat(r.out()).contains("tcp-listing2: linux against sim-tcp", "model links 10 Gb/s");
        assertThat(diff.get("differences")).hasSize(sum(diff.get("counts")));
        // both delivered everything and both recovered every lost transmission: no outcome or recovery difference
        assertThat(diff.get("counts").get("outcome").asInt()).isZero();
        assertThat(diff.get("counts").get("recovery").asInt()).isZero();
        for (String run : new String[] {"linux", "sim-tcp"}) {
            JsonNode analysis = Json.mapper().readTree(out.resolve(run).resolve("analysis.json").toFile());
            assertThat(analysis.get("integrity").get("pass").asBoolean()).as(run).isTrue();
            assertThat(analysis.get("tcp").get("recoveries")).as(run).hasSize(4);
            assertThat(out.resolve(run).resolve("report.html")).exists();
        }
        // the model's links: a quarter of the kernel's median handshake round trip
        long rtt = org.sonde.inject.tcp.diff.TcpDiffRun.medianHandshakeNanos(org.sonde.inject.tcp.TcpTrace.read(out.resolve("linux/trace.pcapng")));
        assertThat(diff.get("model").get("linkDelayNanos").asLong()).isEqualTo(rtt / 4);
        // the handshake and the first transmission of every one of the 20 data segments are on both sides
        for (JsonNode c : diff.get("connections")) assertThat(c.get("matched").asInt()).as(c.toString()).isGreaterThanOrEqualTo(23);
        assertThat(Files.readString(out.resolve("report.html"))).contains("TCP differences", "Connection 3");

        // comparing the two run directories again finds the same differences
        CliRun again = CliRun.of("inject", "diff", "--runs", out.resolve("linux").toString(), out.resolve("sim-tcp").toString(),
                "--out", dir.resolve("again").toString());
        assertThat(again.exitCode()).isEqualTo(r.exitCode());
        assertThat(Json.mapper().readTree(dir.resolve("again/diff.json").toFile()).get("differences")).isEqualTo(diff.get("differences"));
    }

    private static int sum(JsonNode counts) {
        int n = 0;
        for (JsonNode c : counts) n += c.asInt();
        return n;
    }

    @Test
    void theLinuxStudyMeasuresEveryScenarioAndTheLossesAreRecoveredAsTheRfcsAllow() throws Exception {
        Path out = dir.resolve("study");
        CliRun r = sonde("inject", "study", "--target", "linux", "--quick", "--congestion-controls", "cubic", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.err()).contains("[5/5 ");
        assertThat(r.out()).contains("TCP study on linux", "every verdict passed", "tail-loss", "ack-loss");
        JsonNode study = Json.mapper().readTree(out.resolve("study.json").toFile());
        assertThat(study.get("pass").asBoolean()).isTrue();
        JsonSchemas.validate("inject-tcp-study", out.resolve("study.json"));
        Map<String, JsonNode> runs = new java.util.TreeMap<>();
        study.get("study").get("runs").forEach(x -> runs.put(x.get("scenario").asText(), x));
        assertThat(runs).containsOnlyKeys("baseline", "loss", "lost-retransmission", "tail-loss", "ack-loss");
        assertThat(runs.get("loss").get("recovery").asText()).isIn("fast-retransmit", "rack");
        assertThat(runs.get("lost-retransmission").get("recovery").asText()).isIn("fast-retransmit", "rack", "tlp", "rto");
        assertThat(runs.get("tail-loss").get("recovery").asText()).isIn("tlp", "rto");
        assertThat(runs.get("baseline").get("recovery").isNull()).isTrue();
        assertThat(runs.get("baseline").get("recoveryNanos").isNull()).as("no watched loss, no recovery time: null, not -1").isTrue();
        for (JsonNode x : runs.values()) assertThat(out.resolve(x.get("directory").asText()).resolve("trace.pcapng")).exists();
        assertThat(Files.readString(out.resolve("report.html"))).contains("Completion time added to the baseline", "<svg");
    }

    @Test
    void fuzzingFindsTheAnomalyItIsToldOfAndWritesAMinimalTriggerThatRunsAgain() throws Exception {
        // with a 1 ms threshold every run is anomalous: the first one is the trigger, minimised to one event
        Path out = dir.resolve("fuzz");
        CliRun r = sonde("inject", "fuzz", "--target", "linux", "--runs", "3", "--stall-threshold", "1ms", "--seed", "5", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("anomaly found", "minimal: ", "rerun:   sonde inject run");
        JsonNode fuzz = Json.mapper().readTree(out.resolve("fuzz.json").toFile());
        JsonSchemas.validate("inject-tcp-fuzz", out.resolve("fuzz.json"));
        assertThat(fuzz.get("trigger").get("run").asInt()).isEqualTo(1);
        assertThat(fuzz.get("minimal")).hasSize(1);
        assertThat(fuzz.get("trigger").get("events").size()).isGreaterThanOrEqualTo(1);
        assertThat(out.resolve("trigger-run").resolve("trace.pcapng")).exists();
        assertThat(out.resolve("work")).doesNotExist();
        CliRun again = sonde("inject", "run", out.resolve("trigger.yaml").toString(), "--out", dir.resolve("again").toString());
        assertThat(again.exitCode()).as(again.err() + again.out()).isIn(0, 1);
        assertThat(again.out()).contains("tcp-fuzz-trigger on linux", "integrity   pass");
        assertThat(Files.readString(out.resolve("report.html"))).contains("Anomaly found at run 1", "<svg");
    }
}
