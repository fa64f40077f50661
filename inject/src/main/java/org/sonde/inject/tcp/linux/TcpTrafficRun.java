package org.sonde.inject.tcp.linux;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.CRC32;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpTraffic;
import org.sonde.netio.Cpus;
import org.sonde.netio.Testbed;

/**
 * The test's traffic between the Linux hosts, on the kernels' own sockets: a server in the
 * server namespace, and the client opening its connections one after another (so their numbers
 * are the order of their SYNs), then sending on all of them at once. Every byte is checked: the
 * server's CRC of what it read must be the client's of what it wrote.
 */
final class TcpTrafficRun {
    static final int PORT = 5001;

    private TcpTrafficRun() {}

    /**
     * @param hostCpus the CPUs the hosts' threads may run on (bit i: CPU i), so they keep off the
     *                 injector's; 0 for any
     */
    static List<TcpConnectionResult> run(Testbed testbed, String clientNode, String serverNode, String serverAddress, TcpTraffic traffic,
                                      long seed, long timeoutMillis, long hostCpus) {
        Executor onHostCpus = r -> Thread.ofPlatform().start(() -> {
            if (hostCpus != 0) Cpus.restrictCurrentThread(hostCpus);
            r.run();
        });
        List<CompletableFuture<long[]>> served = java.util.Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket server = testbed.call(serverNode, () -> listen(new InetSocketAddress(serverAddress, PORT), traffic.receiver().bufferBytes()))) {
            Thread acceptor = Thread.ofPlatform().name("tcp-test-server").start(() -> {
                if (hostCpus != 0) Cpus.restrictCurrentThread(hostCpus);
                for (int i = 0; i < traffic.connections(); i++) {
                    try {
                        Socket s = server.accept();
                        served.add(CompletableFuture.supplyAsync(() -> serve(s, traffic), onHostCpus));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            List<Socket> clients = new ArrayList<>();
            List<TcpConnectionResult> results = new ArrayList<>();
            try {
                for (int i = 0; i < traffic.connections(); i++) {
                    clients.add(testbed.call(clientNode, () -> connect(new InetSocketAddress(serverAddress, PORT))));
                }
                List<CompletableFuture<TcpConnectionResult>> sending = new ArrayList<>();
                for (int i = 0; i < clients.size(); i++) {
                    int n = i + 1;
                    Socket s = clients.get(i);
                    sending.add(CompletableFuture.supplyAsync(() -> send(n, s, traffic, seed), onHostCpus));
                }
                long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
                for (int i = 0; i < sending.size(); i++) results.add(await(sending.get(i), deadline, i + 1));
                acceptor.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                for (int i = 0; i < results.size(); i++) {
                    TcpConnectionResult r = results.get(i);
                    CompletableFuture<long[]> side;
                    synchronized (served) {
                        side = i < served.size() ? served.get(i) : null;
                    }
                    long[] s = side == null ? null : awaitServed(side, deadline);
                    results.set(i, s == null ? withError(r, r.error() != null ? r.error() : "the server did not finish")
                            : new TcpConnectionResult(r.connection(), r.localPort(), r.bytesSent(), s[0], s[1] == crc(traffic, seed, r.connection()),
                                    r.startNanos(), r.endNanos(), r.error()));
                }
            } finally {
                for (Socket s : clients) closeQuietly(s);
            }
            return results;
        } catch (IOException e) {
            throw new IllegalStateException("the test server failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static TcpConnectionResult await(CompletableFuture<TcpConnectionResult> f, long deadline, int n) throws InterruptedException {
        try {
            return f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return new TcpConnectionResult(n, 0, 0, 0, false, 0, 0, "did not finish in time");
        } catch (ExecutionException e) {
            return new TcpConnectionResult(n, 0, 0, 0, false, 0, 0, String.valueOf(e.getCause()));
        }
    }

    private static long[] awaitServed(CompletableFuture<long[]> f, long deadline) throws InterruptedException {
        try {
            return f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return null;
        }
    }

    private static TcpConnectionResult withError(TcpConnectionResult r, String error) {
        return new TcpConnectionResult(r.connection(), r.localPort(), r.bytesSent(), r.bytesReceivedByServer(), false, r.startNanos(), r.endNanos(), error);
    }

    /** The client's side of connection {@code n}: all messages, then its half of the close; the server closes after reading all. */
    private static TcpConnectionResult send(int n, Socket s, TcpTraffic traffic, long seed) {
        long start = System.nanoTime();
        long sent = 0;
        try {
            s.setSoTimeout(120_000);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            SplittableRandom bytes = payload(seed, n);
            byte[] message = new byte[(int) Math.min(traffic.messageBytes(), 1 << 20)];
            byte[] response = new byte[8192];
            for (int m = 0; m < traffic.messagesPerConnection(); m++) {
                for (long left = traffic.messageBytes(); left > 0; ) {
                    int chunk = (int) Math.min(left, message.length);
                    fill(bytes, message, chunk);
                    out.write(message, 0, chunk);
                    left -= chunk;
                    sent += chunk;
                }
                if (traffic.requestResponse()) {
                    for (long left = traffic.responseBytes(); left > 0; ) {
                        int r = in.read(response, 0, (int) Math.min(left, response.length));
                        if (r < 0) throw new IOException("the server closed before answering message " + (m + 1));
                        left -= r;
                    }
                }
            }
            s.shutdownOutput();
            while (in.read(response) >= 0) {
                // the server closes once it has read everything
            }
            return new TcpConnectionResult(n, s.getLocalPort(), sent, 0, true, start, System.nanoTime(), null);
        } catch (IOException e) {
            return new TcpConnectionResult(n, s.getLocalPort(), sent, 0, false, start, System.nanoTime(), e.getMessage());
        }
    }

    /** The server's side: reads every message (answering each with a response), then closes; returns {bytes, CRC}. */
    private static long[] serve(Socket s, TcpTraffic traffic) {
        CRC32 crc = new CRC32();
        long received = 0;
        try (s) {
            s.setSoTimeout(120_000);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buffer = new byte[1 << 16];
            byte[] response = new byte[(int) Math.min(Math.max(traffic.responseBytes(), 1), 1 << 20)];
            long nextResponseAt = traffic.messageBytes();
            TcpTraffic.Receiver receiver = traffic.receiver();
            boolean paused = !receiver.pauses();
            int r;
            // with a pause to come, read no further than where it starts, so its place is exact
            while ((r = in.read(buffer, 0, paused ? buffer.length : (int) Math.clamp(receiver.pauseAfterBytes() - received, 1, buffer.length))) >= 0) {
                crc.update(buffer, 0, r);
                received += r;
                while (traffic.requestResponse() && received >= nextResponseAt) {
                    for (long left = traffic.responseBytes(); left > 0; ) {
                        int chunk = (int) Math.min(left, response.length);
                        out.write(response, 0, chunk);
                        left -= chunk;
                    }
                    nextResponseAt += traffic.messageBytes();
                }
                if (!paused && received >= receiver.pauseAfterBytes()) {
                    paused = true;
                    Thread.sleep(receiver.pauseNanos() / 1_000_000, (int) (receiver.pauseNanos() % 1_000_000));
                }
            }
        } catch (IOException e) {
            // what arrived is counted; the client's result says what went wrong
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new long[] {received, crc.getValue()};
    }

    /** The CRC of everything connection {@code n} sends. */
    static long crc(TcpTraffic traffic, long seed, int n) {
        CRC32 crc = new CRC32();
        SplittableRandom bytes = payload(seed, n);
        byte[] chunk = new byte[(int) Math.min(traffic.messageBytes(), 1 << 20)];
        for (int m = 0; m < traffic.messagesPerConnection(); m++) {
            for (long left = traffic.messageBytes(); left > 0; ) {
                int c = (int) Math.min(left, chunk.length);
                fill(bytes, chunk, c);
                crc.update(chunk, 0, c);
                left -= c;
            }
        }
        return crc.getValue();
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static SplittableRandom payload(long seed, int connection) {
        return new SplittableRandom(seed * 1_000_003L + connection);
    }

    /** Eight bytes per draw: a byte per draw made the senders, not the injector, the bulk test's bottleneck. */
    private static void fill(SplittableRandom r, byte[] b, int length) {
        int i = 0;
        for (; i + 8 <= length; i += 8) LONGS.set(b, i, r.nextLong());
        if (i < length) {
            long last = r.nextLong();
            for (; i < length; i++, last >>>= 8) b[i] = (byte) last;
        }
    }

    private static ServerSocket listen(InetSocketAddress address, long receiveBuffer) {
        try {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            // before bind, so the window scale offered in the handshake fits it (accepted sockets inherit it)
            if (receiveBuffer > 0) s.setReceiveBufferSize((int) receiveBuffer);
            s.bind(address, 256);
            return s;
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on " + address + ": " + e.getMessage(), e);
        }
    }

    private static Socket connect(InetSocketAddress address) {
        try {
            Socket s = new Socket();
            s.setTcpNoDelay(false);
            s.connect(address, 10_000);
            return s;
        } catch (IOException e) {
            throw new IllegalStateException("cannot connect to " + address + ": " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // the test is over
        }
    }
}
