package org.sonde.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Second;
import org.sonde.load.stats.Tallies;

class LoadSummaryTest {
    private static LoadConfig config(String text) {
        return ConfigParser.parse(Path.of("t.conf"), text).config();
    }

    @Test
    void aConfigurationInOneLine() {
        assertThat(LoadSummary.describe(config("mode client\nserver 127.0.0.1 1\nlisten 8080 2\ncc 10\nkeepalive 1ms\nduration 5s\n")))
                .startsWith("client, tcp, 1 worker, servers ").contains(" port 8080-8081", ", cc 10", ", keepalive 1000us", ", duration 5s");
        assertThat(LoadSummary.describe(config("mode server\nserver 127.0.0.1 1\nlisten 9000 1\nduration 1h\n")))
                .startsWith("server, tcp, 1 worker, listening on ").endsWith(" port 9000, duration 3600s");
    }

    /** A run over two measured seconds of 900 and 1100 responses, every counter zero but the given ones. */
    private static LoadResult result(String mode, boolean interrupted, boolean keepalive, Map<String, Long> counters) {
        Map<String, Long> all = zeros();
        all.putAll(counters);
        List<Second> seconds = List.of(second(1, "slow_start", 500), second(2, "duration", 900), second(3, "duration", 1100), second(4, "drain", 10));
        return new LoadResult(mode, "2026-01-01T00:00:00Z", interrupted, 4, 2, 2000, 1990, 10, 0, 100, 100, 16, 1000.5, 50.25,
                new LoadResult.Latency(2000, 80, 12.5, 70, 75, 90, 120, 300, 1500), 40, 1 << 20, 1 << 21, 0, 0, Tallies.errors(c -> all.get(c.dperfName())), all, Map.of(), seconds,
                keepalive, 2000, 3 << 20, 1 << 20, 1.5 * (1 << 20), 512 * 1024, List.of(all));
    }

    private static Map<String, Long> zeros() {
        return Arrays.stream(Counter.values()).collect(Collectors.toMap(Counter::dperfName, c -> 0L, (a, b) -> a, LinkedHashMap::new));
    }

    private static Second second(long n, String phase, long responses) {
        Map<String, Long> c = zeros();
        c.put("http2XX", responses);
        return new Second(n, phase, c, 4, List.of(1), Map.of(), 70, 120, 300);
    }

    private static final LoadConfig HTTP = config("mode client\nserver 127.0.0.1 1\nlisten 8080 1\ncps 100\nduration 2s\n");

    @Test
    void aClientLeadsWithWrksBlockThenItsErrorsThenDperfsTotals() {
        List<String> lines = LoadSummary.totals(LoadSummary.layout(HTTP, false), result("client", false, false, Map.of("httpErr", 10L, "http2XX", 1990L)));
        String text = String.join("\n", lines);
        assertThat(lines.getFirst()).isEqualTo("Test Finished.");
        assertThat(lines).anyMatch(l -> l.matches(" +Latency +80\\.00us +12\\.50us +1\\.50ms"))
                // 900 and 1100 responses in the two duration seconds: the slow start and drain seconds are not measured
                .anyMatch(l -> l.matches(" +Req/Sec +1\\.00k +100\\.00 +1\\.10k"))
                .anyMatch(l -> l.matches(" +50% +70\\.00us")).anyMatch(l -> l.matches(" +75% +75\\.00us"))
                .anyMatch(l -> l.matches(" +90% +90\\.00us")).anyMatch(l -> l.matches(" +99% +120\\.00us"))
                .anyMatch(l -> l.matches(" +99\\.9% +300\\.00us"))
                .contains("  2000 requests in 2.00s, 3.00MB read (the duration phase)", "Requests/sec:    1000.50",
                        "Transfer/sec:     1.50MB read, 512.00KB written", "Connections/sec: 50.25", "Errors: httpErr 10");
        assertThat(text.indexOf("Latency Distribution")).isLessThan(text.indexOf("Errors:"));
        assertThat(text.indexOf("Errors:")).isLessThan(text.indexOf("Total Numbers:"));
        assertThat(text).contains("httpGet", "http2XX  1990", "httpErr  10", "rtt(us)  40").doesNotContain("udpTx", "tcpReq", "\u001b[31m");
        assertThat(lines).contains("requests 2000  responses2xx 1990  httpErrors 10  socketErrors 0  connectionsOpened 100  launchesSkipped 0",
                "measured over 2 s: 1000.5 requests/s, 50.3 connections/s; max skCon 16");

        LoadConfig udp = config("mode client\nprotocol udp\nserver 127.0.0.1 1\nlisten 9000 1\ncps 10\nduration 2s\n");
        List<String> stopped = LoadSummary.totals(LoadSummary.layout(udp, true), result("client", true, false, Map.of("udpRt", 3L)));
        assertThat(stopped.getFirst()).isEqualTo("Test stopped by a signal.");
        assertThat(String.join("\n", stopped)).contains("udpTx", "udpRt", "\u001b[31m", "Errors: udpRt 3").doesNotContain("httpGet");
    }

    @Test
    void severalWorkersEachGetALineWithTheirShareAndTheirWrongWorkerCount(@TempDir Path dir) throws IOException {
        LoadResult one = result("client", false, true, Map.of());
        assertThat(String.join("\n", LoadSummary.totals(LoadSummary.layout(HTTP, false), one))).doesNotContain("worker 0:");
        Map<String, Long> first = zeros();
        first.putAll(Map.of("skOpen", 60L, "httpGet", 120L, "http2XX", 120L, "pktRx", 500L, "pktTx", 490L));
        Map<String, Long> second = zeros();
        second.putAll(Map.of("skOpen", 40L, "httpGet", 80L, "http2XX", 79L, "skErr", 1L, "wrongWorker", 2L));
        LoadResult r = one;
        LoadResult two = new LoadResult(r.mode(), r.startedAt(), r.interrupted(), r.seconds(), r.measuredSeconds(), r.requests(), r.responses2xx(),
                r.httpErrors(), r.socketErrors(), r.connectionsOpened(), r.connectionsClosed(), r.maxConcurrent(), r.requestsPerSecond(),
                r.connectionsPerSecond(), r.latencyMicros(), r.rttMicros(), r.bytesSent(), r.bytesReceived(), r.launchesSkipped(), r.refusedSources(),
                r.errors(), r.counters(), r.kernel(), r.perSecond(), r.keepalive(), r.measuredResponses(), r.measuredBytesReceived(),
                r.measuredBytesSent(), r.bytesReceivedPerSecond(), r.bytesSentPerSecond(), List.of(first, second));
        assertThat(LoadSummary.totals(LoadSummary.layout(HTTP, false), two)).contains(
                "worker 0: skOpen 60  requests 120  responses 120  skErr 0  pktRx 500  pktTx 490  wrongWorker 0",
                "worker 1: skOpen 40  requests 80  responses 79  skErr 1  pktRx 0  pktTx 0  wrongWorker 2");
        Path html = dir.resolve("w.html");
        LoadReport.write(html, "sonde load run t.conf", two);
        assertThat(Files.readString(html)).contains("<h2>Workers</h2>", "frames that reached a worker not owning their connection");
        LoadReport.write(html, "sonde load run t.conf", one);
        assertThat(Files.readString(html)).doesNotContain("<h2>Workers");
    }

    @Test
    void keepaliveConnectionsAreHeldSoNoConnectionRateIsPrinted() {
        String text = String.join("\n", LoadSummary.totals(LoadSummary.layout(HTTP, false), result("client", false, true, Map.of())));
        assertThat(text).contains("Requests/sec:", "Errors: none").doesNotContain("Connections/sec", "connections/s");
    }

    @Test
    void aServerPrintsNoLatencyItDidNotMeasure() {
        LoadConfig server = config("mode server\nserver 127.0.0.1 1\nlisten 9000 1\nduration 2s\n");
        String text = String.join("\n", LoadSummary.totals(LoadSummary.layout(server, false), result("server", false, false, Map.of())));
        assertThat(text).startsWith("Test Finished.\nTotal Numbers:").contains("latency is not measured on the server side")
                .doesNotContain("Latency", "p50", " us", "us,");
    }

    @Test
    void unitsAsWrkPrintsThem() {
        assertThat(LoadSummary.micros(999.5)).isEqualTo("999.50us");
        assertThat(LoadSummary.micros(1500)).isEqualTo("1.50ms");
        assertThat(LoadSummary.micros(2_500_000)).isEqualTo("2.50s");
        assertThat(LoadSummary.bytes(1023)).isEqualTo("1023.00B");
        assertThat(LoadSummary.bytes(1536)).isEqualTo("1.50KB");
        assertThat(LoadSummary.bytes(5L << 30)).isEqualTo("5.00GB");
        assertThat(LoadSummary.count(56_200)).isEqualTo("56.20k");
    }

    @Test
    void theReportLeavesTheDrainOutOfItsChartsAndSaysSo(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("r.html");
        LoadReport.write(html, "sonde load run t.conf", result("client", false, true, Map.of()));
        String text = Files.readString(html);
        assertThat(text).contains("Left out of these charts: the drain (1 second after the duration", "latency avg / stdev / max", "Latency p99")
                .doesNotContain("connections/s (measured)");
        LoadReport.write(html, "sonde load server", result("server", false, false, Map.of()));
        assertThat(Files.readString(html)).contains("not measured on the server side", "connections/s (measured)").doesNotContain("Latency p99");
    }
}
