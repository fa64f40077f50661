package org.sonde.cli.demo;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadRun;
import org.sonde.load.report.LoadReport;

/** The demo's load step: Sonde's fixed-response server and client on loopback, counted exactly. */
final class LoadDemo {
    private LoadDemo() {}

    record Outcome(boolean ok, String summary) {}

    static Outcome run(Path dir) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        LoadConfig serverConfig = ConfigParser.parse(Path.of("demo-server.conf"),
                "mode server\nserver 127.0.0.1 1\nlisten " + port + " 1\nduration 1h\n").config();
        LoadRun server = LoadRun.prepare(serverConfig, 1);
        LoadResult[] served = new LoadResult[1];
        Thread serving = Thread.ofPlatform().name("demo-load-server").start(() -> served[0] = server.run(s -> { }));
        String common = "mode client\nprotocol http\nserver 127.0.0.1 1\nlisten " + port + " 1\nwait 0\nslow_start 0\n";
        LoadResult keepalive;
        LoadResult cps;
        try {
            keepalive = client(common + "cc 16\nkeepalive 0us\nduration 2s\n");
            cps = client(common + "cps 500\nduration 1s\n");
        } finally {
            server.stop();
            try {
                serving.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        AtomicFiles.write(dir.resolve("keepalive.json"), w -> Json.mapper().writeValue(w, keepalive));
        AtomicFiles.write(dir.resolve("cps.json"), w -> Json.mapper().writeValue(w, cps));
        LoadReport.write(dir.resolve("keepalive.html"), "demo: 16 keepalive connections for 2 s", keepalive);
        LoadReport.write(dir.resolve("cps.html"), "demo: 500 new connections/s for 1 s", cps);
        long sent = keepalive.requests() + cps.requests();
        long answered = keepalive.responses2xx() + cps.responses2xx();
        long serverSaw = served[0] == null ? -1 : served[0].counters().get("http2XX");
        boolean ok = sent > 0 && sent == answered && answered == serverSaw && !keepalive.failed() && !cps.failed();
        String summary = String.format("keepalive: %,.0f requests/s, p50 %d us, p99 %d us; cps: %,.0f connections/s; %,d requests sent,"
                        + " %,d answered 2XX, %,d counted by the server; errors %d -> %s",
                keepalive.requestsPerSecond(), keepalive.latencyMicros().p50(), keepalive.latencyMicros().p99(), cps.connectionsPerSecond(),
                sent, answered, serverSaw, keepalive.errors() + cps.errors(), dir.getFileName());
        return new Outcome(ok, summary);
    }

    private static LoadResult client(String text) {
        LoadConfig c = ConfigParser.parse(Path.of("demo-client.conf"), text).config();
        return LoadRun.prepare(c, 1).run(s -> { });
    }
}
