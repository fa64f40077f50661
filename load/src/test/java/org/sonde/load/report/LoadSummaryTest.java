package org.sonde.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.stats.Counter;

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

    /** A finished client run of {@code requests} requests, every counter zero but the given ones. */
    private static LoadResult result(boolean interrupted, Map<String, Long> counters) {
        Map<String, Long> all = Arrays.stream(Counter.values()).collect(Collectors.toMap(Counter::dperfName, c -> 0L, (a, b) -> a, LinkedHashMap::new));
        all.putAll(counters);
        return new LoadResult("client", "2026-01-01T00:00:00Z", interrupted, 3, 2, 2000, 1990, 10, 0, 100, 100, 16, 1000.5, 50.25,
                new LoadResult.Latency(2000, 80, 70, 90, 120, 300, 900), 40, 1 << 20, 1 << 21, 0, 0, 10, all, Map.of(), List.of());
    }

    @Test
    void theTotalsAsDperfPrintsThemAndSondesRates() {
        LoadConfig http = config("mode client\nserver 127.0.0.1 1\nlisten 8080 1\ncps 100\nduration 2s\n");
        List<String> lines = LoadSummary.totals(LoadSummary.layout(http, false), result(false, Map.of("httpErr", 10L, "http2XX", 1990L)));
        assertThat(lines.getFirst()).isEqualTo("Test Finished. Total Numbers:");
        assertThat(String.join("\n", lines)).contains("httpGet", "http2XX  1990", "httpErr  10", "rtt(us)  40")
                .doesNotContain("udpTx", "tcpReq", "\u001b[31m");
        assertThat(lines).contains("requests 2000  responses2xx 1990  httpErrors 10  socketErrors 0  connectionsOpened 100  launchesSkipped 0",
                "measured over 2 s: 1000.5 requests/s, 50.3 connections/s; latency p50 70 us, p99 120 us, p99.9 300 us, max 900 us; max skCon 16");

        LoadConfig udp = config("mode client\nprotocol udp\nserver 127.0.0.1 1\nlisten 9000 1\ncps 10\nduration 2s\n");
        List<String> stopped = LoadSummary.totals(LoadSummary.layout(udp, true), result(true, Map.of("udpRt", 3L)));
        assertThat(stopped.getFirst()).isEqualTo("Test stopped by a signal. Total Numbers:");
        assertThat(String.join("\n", stopped)).contains("udpTx", "udpRt", "\u001b[31m").doesNotContain("httpGet");
    }
}
