package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;

class LoadCommandTest {
    @TempDir
    Path dir;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void runAgainstTheServerCommandWritesTheJsonSummaryAndExitsZero() throws Exception {
        int port = freePort();
        CompletableFuture<CliRun> server = CompletableFuture.supplyAsync(
                () -> CliRun.of("load", "server", "--listen", "127.0.0.1:" + port, "--duration", "4s", "--quiet", "--payload-size", "200"),
                r -> Thread.ofPlatform().daemon().start(r));
        Path conf = dir.resolve("client.conf");
        Files.writeString(conf, "mode client\nprotocol http\nserver 127.0.0.1 1\nlisten " + port + " 1\ncc 4\nkeepalive 0us\n"
                + "duration 1s\nwait 1\nslow_start 0\n");
        Path json = dir.resolve("out/result.json");
        Path html = dir.resolve("out/result.html");
        CliRun run = CliRun.of("load", "run", conf.toString(), "--json", json.toString(), "--report", html.toString());
        CliRun served = server.get(20, TimeUnit.SECONDS);

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        // wrk's block leads (a keepalive run: no connections/s), dperf's totals follow
        assertThat(run.out()).startsWith("Test Finished.\n").contains("Latency Distribution").contains("Requests/sec:").containsPattern("\\d+ requests in [0-9.]+s, [0-9.]+[KMGT]?B read")
                .doesNotContain("Connections/sec").doesNotContain("connections/s").contains("Errors: none");
        assertThat(run.out().indexOf("Latency Distribution")).isLessThan(run.out().indexOf("Total Numbers:"));
        assertThat(run.out()).contains("httpGet").contains("http2XX").contains("httpErr  0");
        assertThat(run.err()).contains("seconds  1").contains("skOpen").contains("p99(us)");
        JsonSchemas.validate("load-result", json);
        JsonNode r = Json.mapper().readTree(json.toFile());
        for (String field : new String[] {"requests", "responses2xx", "httpErrors", "socketErrors", "connectionsOpened",
                "requestsPerSecond", "connectionsPerSecond"}) {
            assertThat(r.has(field)).as(field).isTrue();
        }
        assertThat(r.get("requests").asLong()).isPositive().isEqualTo(r.get("responses2xx").asLong());
        assertThat(r.get("connectionsOpened").asLong()).isEqualTo(4);
        assertThat(r.get("latencyMicros").has("p50")).isTrue();
        assertThat(r.get("latencyMicros").has("p99")).isTrue();
        assertThat(r.get("latencyMicros").has("p999")).isTrue();
        assertThat(r.get("requestsPerSecond").asDouble()).isPositive();
        assertThat(Files.readString(html)).contains("Sonde load test").contains("<svg");
        assertThat(served.exitCode()).as(served.err()).isZero();
        assertThat(served.out()).contains("http2XX  " + r.get("requests").asLong()).contains("not measured on the server side")
                .doesNotContain("Latency Distribution").doesNotContain(" 0 us");
        for (String field : new String[] {"stdev", "p75", "max"}) assertThat(r.get("latencyMicros").has(field)).as(field).isTrue();
        assertThat(r.get("measuredBytesReceived").asLong()).isPositive();
        assertThat(r.get("bytesReceivedPerSecond").asDouble()).isPositive();
    }

    @Test
    void udpRunAgainstTheUdpServerCountsEveryDatagramOnBothSides() throws Exception {
        int port;
        try (java.net.DatagramSocket s = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        CompletableFuture<CliRun> server = CompletableFuture.supplyAsync(
                () -> CliRun.of("load", "server", "--listen", "127.0.0.1:" + port, "--protocol", "udp", "--duration", "4s", "--quiet",
                        "--payload-size", "200", "--json", dir.resolve("served.json").toString()),
                r -> Thread.ofPlatform().daemon().start(r));
        Path conf = dir.resolve("udp.conf");
        Files.writeString(conf, "mode client\nprotocol udp\nserver 127.0.0.1 1\nlisten " + port + " 1\ncc 4\nkeepalive 1ms\n"
                + "payload_size 50\nduration 1s\nwait 1\nslow_start 0\n");
        Path json = dir.resolve("udp.json");
        CliRun run = CliRun.of("load", "run", conf.toString(), "--json", json.toString());
        CliRun served = server.get(20, TimeUnit.SECONDS);

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("udpTx").contains("udpRx").contains("udpRt    0").doesNotContain("httpGet");
        JsonSchemas.validate("load-result", json);
        JsonSchemas.validate("load-result", dir.resolve("served.json"));
        JsonNode r = Json.mapper().readTree(json.toFile());
        JsonNode s = Json.mapper().readTree(dir.resolve("served.json").toFile());
        assertThat(s.get("mode").asText()).isEqualTo("server");
        assertThat(r.get("requests").asLong()).isPositive().isEqualTo(r.get("responses2xx").asLong());
        assertThat(r.get("counters").get("udpTx").asLong()).isEqualTo(s.get("counters").get("udpRx").asLong());
        assertThat(r.get("counters").get("udpRx").asLong()).isEqualTo(s.get("counters").get("udpTx").asLong());
        assertThat(r.get("bytesSent").asLong()).isEqualTo(50 * r.get("requests").asLong());
        assertThat(r.get("bytesReceived").asLong()).isEqualTo(200 * r.get("responses2xx").asLong());
        assertThat(r.get("connectionsOpened").asLong()).isEqualTo(4);
        assertThat(served.exitCode()).as(served.err()).isZero();
    }

    @Test
    @org.junit.jupiter.api.Tag("netns")
    void userspaceEngineRunsBetweenTwoNamespacesWithItsOwnCounters() throws Exception {
        org.sonde.netio.VethPair.deleteStale("sonde-c");
        try (org.sonde.netio.VethPair bed = org.sonde.netio.VethPair.create("sonde-c", "cli")) {
            Path serverConf = dir.resolve("us-server.conf");
            Files.writeString(serverConf, "mode server\nengine userspace\nnetns " + bed.namespaceB + "\nport veth-b 10.0.0.1 10.0.0.2\n"
                    + "server 10.0.0.1 1\nlisten 80 1\nclient 10.1.0.1 2\nduration 5s\nquiet\ncpu 0-1\n");
            CompletableFuture<CliRun> server = CompletableFuture.supplyAsync(
                    () -> CliRun.of("load", "run", serverConf.toString(), "--json", dir.resolve("us-served.json").toString()),
                    r -> Thread.ofPlatform().daemon().start(r));
            Path conf = dir.resolve("us-client.conf");
            Files.writeString(conf, "mode client\nengine userspace\nnetns " + bed.namespaceA + "\nport veth-a 10.0.0.2 10.0.0.1\n"
                    + "server 10.0.0.1 1\nlisten 80 1\nclient 10.1.0.1 2\nclient_port_range 10000 10999\ncc 100\nkeepalive 1ms\n"
                    + "duration 2s\nwait 1\nslow_start 0\ncpu 0-1\n"); // 2 s: cc is reached even on a busy machine (1 s once reached 74 of 100)
            Path json = dir.resolve("us.json");
            CliRun run = CliRun.of("load", "run", conf.toString(), "--json", json.toString());
            CliRun served = server.get(30, TimeUnit.SECONDS);

            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
            assertThat(run.err()).contains("user-space TCP on veth-a in netns " + bed.namespaceA).contains("2 workers");
            assertThat(run.out()).contains("pktRx").contains("synRt    0").contains("httpGet")
                    .containsPattern("worker 0: skOpen [1-9]").containsPattern("worker 1: skOpen [1-9].* wrongWorker 0");
            JsonSchemas.validate("load-result", json);
            JsonSchemas.validate("load-result", dir.resolve("us-served.json"));
            JsonNode r = Json.mapper().readTree(json.toFile());
            JsonNode s = Json.mapper().readTree(dir.resolve("us-served.json").toFile());
            assertThat(r.get("requests").asLong()).isPositive().isEqualTo(r.get("responses2xx").asLong());
            assertThat(r.get("connectionsOpened").asLong()).isEqualTo(100);
            assertThat(s.get("counters").get("httpGet").asLong()).isEqualTo(r.get("requests").asLong());
            assertThat(served.exitCode()).as(served.out() + served.err()).isZero();
            // two workers on each side, each connection on the worker owning it: client worker w's connections were server worker w's
            for (int w = 0; w < 2; w++) {
                assertThat(r.get("perWorker").get(w).get("wrongWorker").asLong()).isZero();
                assertThat(s.get("perWorker").get(w).get("skOpen").asLong()).isEqualTo(r.get("perWorker").get(w).get("skOpen").asLong());
            }
        }
    }

    @Test
    void aBadConfigurationNamesFileAndLineAndExits3WithoutOutputFiles() throws IOException {
        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "mode client\nserver 127.0.0.1 1\ncps 10\nport 0000:13:00.0 10.0.0.2 10.0.0.1\n");
        Path json = dir.resolve("r.json");
        CliRun run = CliRun.of("load", "run", conf.toString(), "--json", json.toString());
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).contains(conf + ": line 4: 'port' is a DPDK keyword").contains("hint: It binds a DPDK NIC");
        assertThat(run.out()).isEmpty();
        assertThat(Files.exists(json)).isFalse();
    }

    @Test
    void errorsCountedMeanExitStatusOne() throws IOException {
        Path conf = dir.resolve("nobody.conf");
        Files.writeString(conf, "mode client\nserver 127.0.0.1 1\nlisten " + freePort() + " 1\ncps 20\nduration 1s\nwait 0\nslow_start 0\nquiet\n");
        CliRun run = CliRun.of("load", "run", conf.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("load: errors: skErr").doesNotContain("seconds  1");
        assertThat(run.out()).contains("Total Numbers");
    }

    @Test
    void checkOnlyValidates() throws IOException {
        Path conf = dir.resolve("ok.conf");
        Files.writeString(conf, "mode client\nserver 127.0.0.1 1\ncc 10\nkeepalive 1ms\n");
        CliRun run = CliRun.of("load", "run", conf.toString(), "--check");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Config file OK: client, tcp, 1 worker").contains("cc 10");
    }

    @Test
    void serverOptionsAreCheckedLikeAConfiguration() {
        CliRun bad = CliRun.of("load", "server", "--listen", "127.0.0.1:0");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("listen: port and number must be positive");
        CliRun noPort = CliRun.of("load", "server", "--listen", "127.0.0.1");
        assertThat(noPort.exitCode()).isEqualTo(2);
        assertThat(noPort.err()).contains("expected ADDRESS:PORT");
    }

    @Test
    void helpAndKeywords() {
        CliRun help = CliRun.of("load", "--help");
        assertThat(help.out()).contains("run").contains("server").contains("keywords").contains("dperf");
        CliRun keywords = CliRun.of("load", "keywords");
        assertThat(keywords.out()).contains("keepalive").contains("slow_start").contains("Rejected").contains("socket_mem");
        // each rejection says which engine rejects it and why; a keyword the user-space engine takes is listed with its meaning there
        assertThat(keywords.out()).contains("kernel engine: the kernel answers segments for unknown sockets with RST")
                .contains("user-space engine: it sizes DPDK's hugepage memory").containsPattern("tcp_rst +0\\|1 +with 'engine userspace': 1 \\(default\\)")
                .contains("change_dip");
        assertThat(CliRun.of("load", "run", "--help").out()).contains("latencyMicros").contains("Exit status");
    }
}
