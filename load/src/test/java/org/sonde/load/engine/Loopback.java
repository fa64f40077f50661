package org.sonde.load.engine;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;

/** Test helpers: configurations for short loopback tests, and servers run in the background. */
final class Loopback {
    private Loopback() {}

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A port free for UDP on 127.0.0.1 now. */
    static int freeUdpPort() {
        try (java.net.DatagramSocket s = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A client of {@code seconds} without wait or slow start, to 127.0.0.1:port, plus the given lines. */
    static LoadConfig client(int port, int seconds, String lines) {
        String text = "mode client\nserver 127.0.0.1 1\nlisten " + port + " 1\nduration " + seconds + "s\nwait 0\nslow_start 0\n" + lines;
        return ConfigParser.parse(Path.of("test.conf"), text).config();
    }

    /** Sonde's own server on 127.0.0.1:port, running until {@link Running#stop()}. */
    static Running server(int port, String lines) {
        LoadConfig c = ConfigParser.parse(Path.of("server.conf"),
                "mode server\nserver 127.0.0.1 1\nlisten " + port + " 1\nduration 1h\n" + lines).config();
        LoadRun t = LoadRun.prepare(c, 1);
        CompletableFuture<LoadResult> result = new CompletableFuture<>();
        // its own thread: the common pool may have a single worker on a small machine
        Thread.ofPlatform().daemon().name("test-server").start(() -> {
            try {
                result.complete(t.run(s -> { }));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return new Running(t, result);
    }

    record Running(LoadRun test, CompletableFuture<LoadResult> result) {
        LoadResult stop() {
            test.stop();
            try {
                return result.get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("the server did not stop", e);
            }
        }
    }

    /**
     * Sonde's server (plus {@code serverLines}) and a two-second client (plus {@code clientLines})
     * against it. Two: the duration counts from the client's start, and on a loaded machine a fresh
     * JVM's first second can pass in class loading and linking its native calls before a request goes out.
     */
    static Exchange exchange(String serverLines, String clientLines) {
        int port = (serverLines + clientLines).contains("protocol udp") ? freeUdpPort() : freePort();
        Running server = server(port, serverLines);
        LoadResult client = run(client(port, 2, clientLines));
        return new Exchange(client, server.stop());
    }

    /** What the client and the server each counted. */
    record Exchange(LoadResult client, LoadResult served) {}

    static LoadResult run(LoadConfig c) {
        return LoadRun.prepare(c, 1).run(s -> { });
    }
}
