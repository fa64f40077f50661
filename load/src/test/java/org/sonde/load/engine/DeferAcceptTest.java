package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The server with {@code defer_accept} (TCP_DEFER_ACCEPT on its listeners): a request that comes
 * with the connection is answered right after accept4, keep-alive connections go on being served,
 * Connection: close still closes, and a client that connects and sends only after the kernel's
 * deferral is over (its connection handed over empty) is served too.
 */
class DeferAcceptTest {
    private static final String GET = "GET / HTTP/1.1\r\nHost: t\r\n\r\n";
    private static final String GET_CLOSE = "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    /** The kernel's TCP states as /proc/net/tcp writes them. */
    private static final int ESTABLISHED = 0x01;
    private static final int SYN_RECV = 0x03;

    @Test
    void aRequestSentWithTheConnectionIsAnsweredAndKeepaliveAndConnectionCloseBehaveAsWithout() throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, "defer_accept\n");
        try (Socket closing = new Socket(); Socket kept = new Socket()) {
            closing.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            closing.setSoTimeout(60_000);
            closing.getOutputStream().write(GET_CLOSE.getBytes(StandardCharsets.US_ASCII));
            InputStream in = closing.getInputStream();
            assertThat(new String(ServerWorkerTest.readResponse(in), StandardCharsets.US_ASCII))
                    .startsWith("HTTP/1.1 200 ").containsIgnoringCase("Connection: close");
            assertThat(in.read()).as("the server closes after answering Connection: close").isEqualTo(-1);

            kept.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            kept.setSoTimeout(60_000);
            OutputStream out = kept.getOutputStream();
            InputStream keptIn = kept.getInputStream();
            // the first request is read at accept, the others through the epoll set the connection joined after it
            for (int i = 0; i < 3; i++) {
                out.write(GET.getBytes(StandardCharsets.US_ASCII));
                assertThat(new String(ServerWorkerTest.readResponse(keptIn), StandardCharsets.US_ASCII)).as("response %d", i + 1)
                        .startsWith("HTTP/1.1 200 ").doesNotContainIgnoringCase("Connection: close");
            }
        }
        LoadResult served = server.stop();
        assertThat(served.counters().get("httpGet")).isEqualTo(4);
        assertThat(served.counters().get("skOpen")).isEqualTo(2);
        assertThat(served.counters().get("skErr")).isZero();
    }

    @Test
    void aClientThatConnectsAndSendsOnlyAfterTheDeferralIsServed() throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, "defer_accept\n");
        try (Socket late = new Socket()) {
            long connected = System.nanoTime();
            late.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            int clientPort = late.getLocalPort();
            int first = serverSideState(port, clientPort);
            // the kernel holds the connection half-open until data comes or its SYN-ACK is resent (1 s); a thread that
            // looked only after that second (a stalled machine) cannot tell
            if (System.nanoTime() - connected < 900_000_000L) {
                assertThat(first).as("the server side waits for data in SYN_RECV").isEqualTo(SYN_RECV);
            }
            // the deferral ends without data: the kernel resends its SYN-ACK, the client's ACK completes the connection
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (serverSideState(port, clientPort) != ESTABLISHED) {
                assertThat(System.nanoTime()).as("the connection completed after the deferral").isLessThan(deadline);
                LockSupport.parkNanos(10_000_000L); // a poll every 10 ms: the change is about a second away
            }
            late.setSoTimeout(60_000);
            late.getOutputStream().write(GET.getBytes(StandardCharsets.US_ASCII));
            assertThat(new String(ServerWorkerTest.readResponse(late.getInputStream()), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200 ");
        }
        LoadResult served = server.stop();
        assertThat(served.counters().get("httpGet")).isEqualTo(1);
        assertThat(served.counters().get("skOpen")).isEqualTo(1);
        assertThat(served.counters().get("skErr")).isZero();
    }

    /** The state of the server's side of 127.0.0.1:clientPort -> 127.0.0.1:serverPort in /proc/net/tcp, or -1 if it has none. */
    private static int serverSideState(int serverPort, int clientPort) throws Exception {
        String local = String.format("0100007F:%04X", serverPort);
        String remote = String.format("0100007F:%04X", clientPort);
        for (String line : Files.readAllLines(Path.of("/proc/net/tcp"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 3 && f[1].equals(local) && f[2].equals(remote)) return Integer.parseInt(f[3], 16);
        }
        return -1;
    }
}
