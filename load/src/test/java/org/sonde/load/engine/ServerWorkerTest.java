package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The TCP server's edge-triggered loop against a hand-driven client: pipelined requests that
 * outrun a slow reader (responses stuck in the socket, reading paused, then resumed), and the
 * client's FIN after a whole request (a close) or in the middle of one (a failure). Each with the
 * listeners as they are by default and with {@code defer_accept}, where a connection's first
 * request is read right after accept4, before the connection enters the epoll set.
 */
class ServerWorkerTest {
    private static final String GET = "GET / HTTP/1.1\r\nHost: t\r\n\r\n";

    @ParameterizedTest
    @ValueSource(strings = {"", "defer_accept\n"})
    void pipelinedRequestsBeyondTheSocketBuffersAreAllAnsweredInOrder(String listenerLines) throws Exception {
        int port = Loopback.freePort();
        // 1000-byte responses: 5 MB owed, more than the socket buffers hold; 135 kB of requests, more than one read takes
        Loopback.Running server = Loopback.server(port, "payload_size 1000\n" + listenerLines);
        int requests = 5_000;
        byte[] all = GET.repeat(requests).getBytes(StandardCharsets.US_ASCII);
        try (Socket s = new Socket()) {
            // a small receive window makes the server's writes stop short while requests keep coming
            s.setReceiveBufferSize(4096);
            s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            s.setSoTimeout(60_000);
            OutputStream out = s.getOutputStream();
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    out.write(all);
                    out.flush();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, r -> Thread.ofPlatform().daemon().start(r));
            // every request is in the server's socket before a response is read: the server stops reading while its
            // response is stuck, and must go back to the requests left unread once it can write again
            writer.join();
            InputStream in = s.getInputStream();
            byte[] first = readResponse(in);
            byte[] rest = in.readNBytes(first.length * (requests - 1));
            assertThat(rest).hasSize(first.length * (requests - 1));
            // every response is the same preencoded one, back to back
            for (int i = 0; i < requests - 1; i++) {
                assertThat(java.util.Arrays.equals(rest, i * first.length, (i + 1) * first.length, first, 0, first.length))
                        .as("response %d", i + 2).isTrue();
            }
        }
        LoadResult served = server.stop();
        assertThat(served.counters().get("httpGet")).isEqualTo(requests);
        assertThat(served.counters().get("skErr")).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "defer_accept\n"})
    void aFinAfterAWholeRequestIsAnsweredAndClosedAndAFinInTheMiddleOfOneIsAFailure(String listenerLines) throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, listenerLines);
        try (Socket whole = new Socket(); Socket partial = new Socket()) {
            whole.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            whole.setSoTimeout(60_000);
            whole.getOutputStream().write(GET.getBytes(StandardCharsets.US_ASCII));
            whole.shutdownOutput();
            InputStream in = whole.getInputStream();
            assertThat(new String(readResponse(in), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200 ");
            assertThat(in.read()).as("the server closes after the client's FIN").isEqualTo(-1);

            partial.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            partial.setSoTimeout(60_000);
            partial.getOutputStream().write("GET / HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
            partial.shutdownOutput();
            assertThat(partial.getInputStream().read()).as("no answer to half a request, and closed").isEqualTo(-1);
        }
        LoadResult served = server.stop();
        assertThat(served.counters().get("httpGet")).isEqualTo(1);
        assertThat(served.counters().get("skOpen")).isEqualTo(2);
        assertThat(served.counters().get("skClose")).isEqualTo(2);
        assertThat(served.counters().get("skErr")).isEqualTo(1);
        assertThat(served.counters().get("skEof")).isEqualTo(1);
    }

    /**
     * Connection: close answered on a server with and without fast_close: the response goes out with the FIN
     * (held back for it) or before the reset of the zero linger (never held back, as the reset would discard it).
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "fast_close\n", "defer_accept\n", "fast_close\ndefer_accept\n"})
    void connectionCloseIsAnsweredWholeBeforeTheServerCloses(String serverLines) throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, serverLines);
        int clients = 20;
        for (int i = 0; i < clients; i++) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
                s.setSoTimeout(60_000);
                s.getOutputStream().write("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                InputStream in = s.getInputStream();
                assertThat(new String(readResponse(in), StandardCharsets.US_ASCII)).as("client %d", i).startsWith("HTTP/1.1 200 ");
                if (serverLines.contains("fast_close")) {
                    // the zero linger resets instead of a FIN, after the response
                    assertThatThrownBy(in::read).isInstanceOf(java.net.SocketException.class);
                } else {
                    assertThat(in.read()).as("client %d: the server's FIN", i).isEqualTo(-1);
                }
            }
        }
        LoadResult served = server.stop();
        assertThat(served.counters().get("httpGet")).isEqualTo(clients);
        assertThat(served.counters().get("skClose")).isEqualTo(clients);
        assertThat(served.counters().get("skErr")).isZero();
    }

    @Test
    void aLargeResponseToConnectionCloseHeldForItsFinStillArrivesWholeThroughASmallWindow() throws Exception {
        int port = Loopback.freePort();
        // 2 MB: many segments, written over many rounds of the set's OUT reports, the last one held back for the FIN
        int size = 2_000_000;
        Loopback.Running server = Loopback.server(port, "payload_size " + size + "\n");
        try (Socket s = new Socket()) {
            s.setReceiveBufferSize(4096);
            s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            s.setSoTimeout(60_000);
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            assertThat(readResponse(in)).hasSize(size);
            assertThat(in.read()).as("the server's FIN after the whole response").isEqualTo(-1);
        }
        LoadResult served = server.stop();
        assertThat(served.counters().get("httpGet")).isEqualTo(1);
        assertThat(served.counters().get("skErr")).isZero();
    }

    /** One HTTP response with a Content-Length body, whole, as bytes. */
    static byte[] readResponse(InputStream in) throws Exception {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            assertThat(b).as("a response before the end of the stream").isNotNegative();
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) length = Integer.parseInt(line.substring(15).trim());
        }
        byte[] body = in.readNBytes(length);
        byte[] whole = new byte[head.length() + body.length];
        System.arraycopy(head.toString().getBytes(StandardCharsets.US_ASCII), 0, whole, 0, head.length());
        System.arraycopy(body, 0, whole, head.length(), body.length);
        return whole;
    }
}
