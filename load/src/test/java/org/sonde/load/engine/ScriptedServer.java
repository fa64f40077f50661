package org.sonde.load.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hand-written HTTP server for client tests: it answers each request with a scripted response
 * (chunked, Connection: close, until-close bodies, error statuses), written in small pieces so
 * the client's parser meets responses split at arbitrary places. One thread per connection.
 */
final class ScriptedServer implements AutoCloseable {
    /** What the server does with the n-th request (counting from 0) on a connection. */
    @FunctionalInterface
    interface Script {
        Reply reply(int requestOnConnection);
    }

    /** The bytes to send, how many bytes per write, and whether to close afterwards (or to vanish without a reply). */
    record Reply(String bytes, int pieceBytes, boolean closeAfter, boolean vanish) {
        static Reply of(String bytes) {
            return new Reply(bytes, 7, false, false);
        }

        static Reply thenClose(String bytes) {
            return new Reply(bytes, 5, true, false);
        }

        static Reply gone() {
            return new Reply("", 1, true, true);
        }
    }

    private final ServerSocket socket;
    private final Script script;
    final AtomicInteger requests = new AtomicInteger();

    ScriptedServer(Script script) throws IOException {
        this.socket = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        this.script = script;
        Thread.ofPlatform().daemon().name("scripted-accept").start(this::accept);
    }

    int port() {
        return socket.getLocalPort();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                Thread.ofPlatform().daemon().name("scripted-conn").start(() -> serve(s));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            s.setTcpNoDelay(true);
            for (int n = 0; ; n++) {
                if (!readRequestHead(in)) return;
                requests.incrementAndGet();
                Reply r = script.reply(n);
                if (r.vanish()) {
                    s.setSoLinger(true, 0); // gone without a word: a reset
                    return;
                }
                byte[] b = r.bytes().getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < b.length; i += r.pieceBytes()) {
                    out.write(b, i, Math.min(r.pieceBytes(), b.length - i));
                    out.flush();
                }
                if (r.closeAfter()) return;
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    /** Reads up to the blank line that ends a request head (the tests send no bodies); false at the end of the stream. */
    private static boolean readRequestHead(InputStream in) throws IOException {
        int state = 0;
        while (true) {
            int c = in.read();
            if (c < 0) return false;
            state = switch (state) {
                case 0 -> c == '\r' ? 1 : 0;
                case 1 -> c == '\n' ? 2 : (c == '\r' ? 1 : 0);
                case 2 -> c == '\r' ? 3 : 0;
                default -> c == '\n' ? 4 : 0;
            };
            if (state == 4) return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
