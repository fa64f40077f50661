package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The HTTP client against a hand-written server that answers as real servers do: chunked
 * bodies, Connection: close, bodies ending with the connection, error statuses, and a server
 * that vanishes. Every response is counted exactly once, in the right counter.
 */
class RealResponsesTest {
    private static final String CHUNKED = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n"
            + "5;name=value\r\nhello\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: done\r\n\r\n";
    private static final String LENGTH = "HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello";

    @Test
    void chunkedResponsesSplitInPiecesAreParsedOnKeepaliveConnections() throws IOException {
        try (ScriptedServer server = new ScriptedServer(n -> ScriptedServer.Reply.of(CHUNKED))) {
            LoadResult r = Loopback.run(Loopback.client(server.port(), 1, "protocol http\ncc 2\nkeepalive 1ms\n"));

            assertThat(r.requests()).isPositive();
            assertThat(r.responses2xx()).isEqualTo(r.requests()).isEqualTo(server.requests.get());
            assertThat(r.errors()).isZero();
            assertThat(r.connectionsOpened()).isEqualTo(2); // the connections lasted: the chunked framing was understood
        }
    }

    @Test
    void connectionCloseEndsTheConnectionAfterTheResponseAndCcRelaunches() throws IOException {
        // every third response announces a close, and the server then closes
        try (ScriptedServer server = new ScriptedServer(n -> n == 2
                ? ScriptedServer.Reply.thenClose("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok")
                : ScriptedServer.Reply.of(LENGTH))) {
            LoadResult r = Loopback.run(Loopback.client(server.port(), 1, "protocol http\ncc 2\nkeepalive 1ms\n"));

            assertThat(r.responses2xx()).isPositive().isEqualTo(r.requests()).isEqualTo(server.requests.get());
            assertThat(r.errors()).isZero();
            assertThat(r.connectionsOpened()).isGreaterThan(2);
            assertThat(r.requests()).isLessThanOrEqualTo(3 * r.connectionsOpened());
        }
    }

    @Test
    void aBodyWithoutLengthEndsWhenTheServerCloses() throws IOException {
        try (ScriptedServer server = new ScriptedServer(n ->
                ScriptedServer.Reply.thenClose("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end"))) {
            LoadResult r = Loopback.run(Loopback.client(server.port(), 1, "protocol http\ncps 100\n"));

            assertThat(r.responses2xx()).isPositive().isEqualTo(r.requests()).isEqualTo(server.requests.get());
            assertThat(r.errors()).isZero();
        }
    }

    @Test
    void statuses404And500CountAsHttpErrorsAndFailTheRun() throws IOException {
        try (ScriptedServer server = new ScriptedServer(n -> ScriptedServer.Reply.of(n % 2 == 0
                ? "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found"
                : "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n"))) {
            LoadResult r = Loopback.run(Loopback.client(server.port(), 1, "protocol http\ncc 1\nkeepalive 1ms\n"));

            assertThat(r.httpErrors()).isPositive().isEqualTo(r.requests()).isEqualTo(server.requests.get());
            assertThat(r.responses2xx()).isZero();
            assertThat(r.socketErrors()).isZero();
            assertThat(r.failed()).isTrue();
        }
    }

    @Test
    void aMalformedResponseIsAnHttpErrorAndClosesTheConnection() throws IOException {
        try (ScriptedServer server = new ScriptedServer(n -> ScriptedServer.Reply.of("SMTP ready\r\n\r\n"))) {
            LoadResult r = Loopback.run(Loopback.client(server.port(), 1, "protocol http\ncps 20\n"));

            assertThat(r.httpErrors()).isPositive().isEqualTo(r.requests());
            assertThat(r.responses2xx()).isZero();
        }
    }

    @Test
    void aServerThatVanishesMidRequestCausesSocketErrors() throws IOException {
        try (ScriptedServer server = new ScriptedServer(n -> n < 3 ? ScriptedServer.Reply.of(LENGTH) : ScriptedServer.Reply.gone())) {
            LoadResult r = Loopback.run(Loopback.client(server.port(), 1, "protocol http\ncc 2\nkeepalive 1ms\n"));

            assertThat(r.socketErrors()).isPositive();
            assertThat(r.responses2xx() + r.socketErrors()).isEqualTo(r.requests());
            assertThat(r.failed()).isTrue();
        }
    }

    @Test
    void aServerKilledDuringTheTestTurnsIntoSocketErrors() throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, "");
        LoadRun test = LoadRun.prepare(Loopback.client(port, 2, "protocol http\ncc 4\nkeepalive 1ms\n"), 1);
        java.util.concurrent.atomic.AtomicBoolean killed = new java.util.concurrent.atomic.AtomicBoolean();
        LoadResult r = test.run(s -> {
            if (!killed.getAndSet(true)) server.stop(); // after the first second the server is gone
        });

        assertThat(r.responses2xx()).isPositive();
        assertThat(r.socketErrors()).isPositive();
        assertThat(r.failed()).isTrue();
    }
}
