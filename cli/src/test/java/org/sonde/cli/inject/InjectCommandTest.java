package org.sonde.cli.inject;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;

/** sonde inject run and analyze through the command line. */
class InjectCommandTest {
    static final String LISTING_2 = Path.of("..", "examples", "inject", "listing2.yaml").toString();

    @TempDir
    Path dir;

    @Test
    void listing2OnTheNeutralNicWritesTheTraceAndAPassingAnalysis() throws Exception {
        Path out = dir.resolve("l2");
        CliRun r = CliRun.of("inject", "run", LISTING_2, "--out", out.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("go-back-N   pass", "integrity   pass");
        JsonNode a = Json.mapper().readTree(out.resolve("analysis.json").toFile());
        assertThat(a.get("integrity").get("pass").asBoolean()).isTrue();
        assertThat(a.get("gbn").get("pass").asBoolean()).isTrue();
        assertThat(a.get("gbn").get("reasons")).isEmpty();
        assertThat(a.get("latency").get("nackGeneration")).hasSize(1);
        assertThat(a.get("latency").get("nackReaction")).hasSize(1);
        assertThat(a.get("latency").get("timeouts")).hasSize(1);
        assertThat(a.has("cnp")).isTrue();
        assertThat(out.resolve("trace.pcap")).exists();
        assertThat(out.resolve("metadata.yaml")).exists();
        assertThat(Files.readString(out.resolve("report.html"))).contains("listing2", "<svg")
                .as("the report names no path of the staging directory").doesNotContain(".partial");

        // the run directory analyses again offline, here with Lumina's permissive checker
        Path json = dir.resolve("again.json");
        Path html = dir.resolve("again.html");
        CliRun again = CliRun.of("inject", "analyze", out.toString(), "--permissive", "--json", json.toString(), "--report", html.toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(Files.readString(html)).contains("Injection analysis", "mirror metadata", "Every check passed", "<svg");
        assertThat(again.out()).contains("with mirror metadata", "go-back-N   pass (permissive");
        assertThat(Json.mapper().readTree(json.toFile()).get("latency")).isEqualTo(a.get("latency"));
    }

    @Test
    void aProfileWithAdaptiveRetransmissionFailsTheTimerCheckWithItsReason() {
        CliRun r = CliRun.of("inject", "run", LISTING_2, "--target", "sim:cx5-like", "--out", dir.resolve("cx5").toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).contains("go-back-N   FAIL", "earlier than the minimum retransmit timeout of 67.108864ms");
    }

    @Test
    void aCaptureWithoutMetadataIsAUsageErrorSayingWhatToGive() throws Exception {
        Path capture = dir.resolve("x.pcap");
        Files.write(capture, new byte[0]);
        CliRun r = CliRun.of("inject", "analyze", capture.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--metadata");
    }

    @Test
    void aBadTestNamesTheLineAndKeyAndWritesNothing() throws Exception {
        Path test = dir.resolve("bad.yaml");
        Files.writeString(test, "traffic:\n  rdma-verb: write\n  message-size: 4096\n  tx-depth: 2\n  data-pkt-events:\n  - {qpn: 1, psn: 1, type: drop}\n");
        Path out = dir.resolve("bad");
        CliRun r = CliRun.of("inject", "run", test.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("bad.yaml", "line ", "tx-depth");
        assertThat(out.resolve("analysis.json")).doesNotExist();
    }

    @Test
    void anUnknownProfileSaysWhichExist() {
        CliRun r = CliRun.of("inject", "run", LISTING_2, "--target", "sim:cx9-like", "--out", dir.resolve("x").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("no bundled NIC profile 'cx9-like'").contains("neutral, cx4lx-like, cx5-like, cx6dx-like, e810-like")
                .doesNotContain("Exception");
        assertThat(dir.resolve("x")).doesNotExist();
        CliRun fuzz = CliRun.of("inject", "fuzz", "--target", "sim:cx9-like", "--out", dir.resolve("y").toString());
        assertThat(fuzz.exitCode()).isEqualTo(2);
        assertThat(fuzz.err()).contains("neutral, cx4lx-like, cx5-like, cx6dx-like, e810-like");
    }

    @Test
    void luminasHardwareKeysAreNamedAsIgnoredOnStandardError() throws Exception {
        Path test = dir.resolve("hardware.yaml");
        Files.writeString(test, Files.readString(Path.of(LISTING_2)) + """
                num-repeats: 3
                requester:
                  nic: {if-name: ens1f0, pci-addr: "0000:3b:00.0"}
                """);
        CliRun r = CliRun.of("inject", "run", test.toString(), "--out", dir.resolve("hw").toString(), "--no-report");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("sonde: note: " + test + ": 3 settings for Lumina's hardware testbed ignored on a simulated target: "
                + "requester.nic.if-name, requester.nic.pci-addr, num-repeats");
    }

    @Test
    void aTcpTestOnASimulatedNicIsAUsageErrorAndSoIsARoceTestOnLinux() {
        CliRun tcpOnSim = CliRun.of("inject", "run", InjectTcpNetnsTest.TCP_LISTING_2, "--target", "sim:neutral", "--out", dir.resolve("a").toString());
        assertThat(tcpOnSim.exitCode()).isEqualTo(2);
        assertThat(tcpOnSim.err()).contains("is a TCP test", "give --target linux");
        CliRun roceOnLinux = CliRun.of("inject", "run", LISTING_2, "--target", "linux", "--out", dir.resolve("b").toString());
        assertThat(roceOnLinux.exitCode()).isEqualTo(2);
        assertThat(roceOnLinux.err()).contains("--target linux runs TCP tests", "sim:PROFILE");
        assertThat(dir.resolve("a")).doesNotExist();
        assertThat(dir.resolve("b")).doesNotExist();
    }
}
