package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * dperf's server idle timeout ('keepalive' on a server): a connection without a request for 4
 * retransmit timeouts plus the interval is closed and counted as failed (skErr, skTimeout); one
 * that keeps sending is served on.
 */
class ServerIdleTimeoutTest {
    private static final byte[] GET = "GET / HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void anIdleConnectionIsClosedAfterFourRetransmitTimeoutsPlusTheIntervalAndABusyOneIsNot() throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, "keepalive 100ms\nretransmit_timeout 2\n");
        long timeoutNanos = 4 * 2_000_000_000L + 100_000_000L;
        try (Socket idle = new Socket(); Socket busy = new Socket()) {
            long t0 = System.nanoTime();
            idle.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            busy.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            // generous: a loaded machine may serve late, never early
            idle.setSoTimeout(60_000);
            busy.setSoTimeout(60_000);
            OutputStream out = busy.getOutputStream();
            InputStream in = busy.getInputStream();
            InputStream idleIn = idle.getInputStream();
            int answered = 0;
            // a request a second on the busy connection until the idle one is closed
            while (idle.getInputStream().available() == 0 && System.nanoTime() - t0 < 40_000_000_000L) {
                out.write(GET);
                out.flush();
                answered += readResponse(in) ? 1 : 0;
                if (closed(idle)) break;
                Thread.sleep(1000);
            }
            assertThat(idleIn.read()).as("the idle connection was closed by the server").isEqualTo(-1);
            long closedAfter = System.nanoTime() - t0;
            assertThat(closedAfter).as("not before its timeout").isGreaterThanOrEqualTo(timeoutNanos);
            // the busy connection is still served after the idle one's timeout
            out.write(GET);
            out.flush();
            assertThat(readResponse(in)).isTrue();
            answered++;
            LoadResult served = server.stop();
            assertThat(served.counters().get("skErr")).isEqualTo(1);
            assertThat(served.counters().get("skTimeout")).isEqualTo(1);
            assertThat(served.counters().get("httpGet")).isEqualTo(answered);
        }
    }

    /** Whether the server closed the socket: a short read sees the end of the stream. */
    private static boolean closed(Socket s) throws Exception {
        s.setSoTimeout(1);
        try {
            return s.getInputStream().read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } finally {
            s.setSoTimeout(60_000);
        }
    }

    /** Reads one HTTP response of the server's fixed size (headers and a Content-Length body); whether it is a 200. */
    private static boolean readResponse(InputStream in) throws Exception {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) return false;
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) length = Integer.parseInt(line.substring(15).strip());
        }
        in.readNBytes(length);
        return head.toString().startsWith("HTTP/1.1 200");
    }
}
