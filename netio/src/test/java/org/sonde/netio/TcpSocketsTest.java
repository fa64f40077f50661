package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The FFM sockets and epoll set against the JDK's blocking sockets on loopback. */
class TcpSocketsTest {
    private static final int INTEREST = Epoll.IN | Epoll.OUT | Epoll.RDHUP | Epoll.EDGE_TRIGGERED;

    @Test
    void aConnectionWritesReadsAndSeesTheServersFinWithItsResponse() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             TcpSockets sockets = new TcpSockets(); Epoll epoll = new Epoll(8); Arena arena = Arena.ofConfined()) {
            int fd = sockets.open(false);
            assertThat(fd).isPositive();
            int r = sockets.connect(fd, sockets.address(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort())));
            assertThat(r).isIn(0, -TcpSockets.EINPROGRESS);
            assertThat(epoll.add(fd, INTEREST, 42)).isZero();
            try (Socket peer = server.accept()) {
                assertThat(epoll.await(1000)).isEqualTo(1);
                assertThat(epoll.readyTag(0)).isEqualTo(42);
                assertThat(epoll.readyEvents(0) & Epoll.OUT).isNotZero();

                MemorySegment out = arena.allocateFrom("ping", StandardCharsets.US_ASCII);
                assertThat(sockets.write(fd, out.address(), 4)).isEqualTo(4);
                InputStream in = peer.getInputStream();
                assertThat(new String(in.readNBytes(4), StandardCharsets.US_ASCII)).isEqualTo("ping");

                MemorySegment buffer = arena.allocate(64);
                assertThat(sockets.read(fd, buffer.address(), 64)).isEqualTo(-TcpSockets.EAGAIN);
                OutputStream o = peer.getOutputStream();
                o.write("pong".getBytes(StandardCharsets.US_ASCII));
                o.flush();
                peer.shutdownOutput();
                // the edge for the data may come before the FIN; wait until the FIN is reported
                int events = 0;
                for (int i = 0; i < 10 && (events & Epoll.RDHUP) == 0; i++) {
                    assertThat(epoll.await(1000)).isEqualTo(1);
                    events |= epoll.readyEvents(0);
                }
                assertThat(events & (Epoll.IN | Epoll.RDHUP)).isEqualTo(Epoll.IN | Epoll.RDHUP);
                assertThat(sockets.read(fd, buffer.address(), 64)).isEqualTo(4);
                assertThat(buffer.getString(0, StandardCharsets.US_ASCII).substring(0, 4)).isEqualTo("pong");
                assertThat(sockets.read(fd, buffer.address(), 64)).isZero(); // the end of the stream
            }
            sockets.close(fd);
        }
    }

    @Test
    void aRefusedConnectionIsReportedAsAnError() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there now
        }
        try (TcpSockets sockets = new TcpSockets(); Epoll epoll = new Epoll(8)) {
            int fd = sockets.open(false);
            int r = sockets.connect(fd, sockets.address(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)));
            if (r == -TcpSockets.EINPROGRESS) {
                assertThat(epoll.add(fd, INTEREST, 7)).isZero();
                assertThat(epoll.await(1000)).isEqualTo(1);
                assertThat(epoll.readyEvents(0) & (Epoll.ERR | Epoll.HUP)).isNotZero();
            } else {
                assertThat(r).isEqualTo(-111); // ECONNREFUSED at once
            }
            sockets.close(fd);
        }
    }

    @Test
    void aWakeupFromAnotherThreadEndsTheWaitAndIsNotReportedAsADescriptor() throws Exception {
        try (Epoll epoll = new Epoll(4)) {
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                epoll.wakeup();
            });
            long start = System.nanoTime();
            assertThat(epoll.await(10_000)).isZero();
            assertThat(System.nanoTime() - start).isLessThan(5_000_000_000L);
            t.join();
            // drained: the next wait times out rather than returning at once
            assertThat(epoll.await(1)).isZero();
        }
        Epoll closed = new Epoll(1);
        closed.close();
        closed.wakeup(); // after close: nothing to wake, and no failure
    }

    @Test
    void addressesEncodeAsTheKernelsSockaddrLayouts() throws Exception {
        try (TcpSockets sockets = new TcpSockets()) {
            MemorySegment v4 = sockets.address(new InetSocketAddress(InetAddress.getByName("10.1.2.3"), 0x1F90));
            assertThat(v4.byteSize()).isEqualTo(16);
            assertThat(v4.get(ValueLayout.JAVA_SHORT, 0)).isEqualTo((short) 2);
            assertThat(v4.toArray(ValueLayout.JAVA_BYTE)).startsWith(2, 0, 0x1F, (byte) 0x90, 10, 1, 2, 3);

            MemorySegment v6 = sockets.address(new InetSocketAddress(InetAddress.getByName("::1"), 80));
            assertThat(v6.byteSize()).isEqualTo(28);
            assertThat(v6.get(ValueLayout.JAVA_SHORT, 0)).isEqualTo((short) 10);
            assertThat(v6.get(ValueLayout.JAVA_BYTE, 23)).isEqualTo((byte) 1);

            // a port alone takes the segment's family; an address of the other family does not fit
            TcpSockets.encode(new InetSocketAddress(5000), v4);
            assertThat(v4.toArray(ValueLayout.JAVA_BYTE)).startsWith(2, 0, 0x13, (byte) 0x88, 0, 0, 0, 0);
            assertThatThrownBy(() -> TcpSockets.encode(new InetSocketAddress(InetAddress.getByName("::1"), 80), v4))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16-byte sockaddr");
        }
    }

    @Test
    void aListenerAcceptsNonBlockingSocketsThatInheritItsOptionsAndKnowsItsPortAndPeer() throws Exception {
        try (TcpSockets sockets = new TcpSockets(); Epoll epoll = new Epoll(4); Arena arena = Arena.ofConfined()) {
            int listener = sockets.open(false);
            assertThat(sockets.setNoDelay(listener)).isZero();
            assertThat(sockets.setLingerZero(listener)).isZero();
            assertThat(sockets.listen(listener, sockets.address(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)), 8, true)).isZero();
            int port = sockets.localPort(listener);
            assertThat(port).isBetween(1, 65535);
            // nothing waiting yet: a non-blocking listener answers at once
            assertThat(sockets.accept(listener, true)).isEqualTo(-TcpSockets.EAGAIN);
            assertThat(epoll.add(listener, Epoll.IN, 3)).isZero();
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port)) {
                assertThat(epoll.await(5000)).isEqualTo(1);
                assertThat(epoll.readyTag(0)).isEqualTo(3);
                int fd = sockets.accept(listener, true);
                assertThat(fd).isPositive();
                assertThat(sockets.acceptedPeer()).isEqualTo(InetAddress.getLoopbackAddress());
                MemorySegment buffer = arena.allocate(16);
                assertThat(sockets.read(fd, buffer.address(), 16)).isEqualTo(-TcpSockets.EAGAIN);
                assertThat(sockets.localPort(fd)).isEqualTo(port);
                // the listener's options come with the connection: its zero linger makes closing reset the connection instead of a FIN
                sockets.close(fd);
                client.setSoTimeout(5000);
                assertThatThrownBy(() -> client.getInputStream().read()).isInstanceOf(java.net.SocketException.class)
                        .hasMessageContaining("reset");
            }
            // a second listener on the port without SO_REUSEPORT is refused
            int other = sockets.open(false);
            assertThat(sockets.listen(other, sockets.address(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)), 8, false))
                    .isEqualTo(-98); // EADDRINUSE
            sockets.close(other);
            sockets.close(listener);
        }
    }

    @Test
    void aDeferredListenerHandsOverAConnectionOnlyWithItsFirstDataReadableAtOnce() throws Exception {
        try (TcpSockets sockets = new TcpSockets(); Epoll epoll = new Epoll(4); Arena arena = Arena.ofConfined()) {
            int listener = sockets.open(false);
            assertThat(sockets.listen(listener, sockets.address(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)), 8, true)).isZero();
            assertThat(sockets.setDeferAccept(listener, 1)).isZero();
            assertThat(epoll.add(listener, Epoll.IN, 3)).isZero();
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), sockets.localPort(listener))) {
                long connected = System.nanoTime();
                int early = epoll.await(200);
                // the kernel resends its SYN-ACK after 1 s and then completes the connection without data: only a look
                // within that second can see it held back
                if (System.nanoTime() - connected < 900_000_000L) {
                    assertThat(early).as("a connection without data is held back").isZero();
                    assertThat(sockets.accept(listener, false)).isEqualTo(-TcpSockets.EAGAIN);
                }
                client.getOutputStream().write("GET /\r\n".getBytes(StandardCharsets.US_ASCII));
                assertThat(epoll.await(5000)).isEqualTo(1);
                int fd = sockets.accept(listener, false);
                assertThat(fd).isPositive();
                MemorySegment buffer = arena.allocate(16);
                // no wait for readiness: the request came with the connection
                assertThat(sockets.read(fd, buffer.address(), 16)).isEqualTo(7);
                sockets.close(fd);
            }
            sockets.close(listener);
        }
    }

    @Test
    void aWriteBeforeCloseIsHeldBackUntilTheCloseAndThenArrivesWithTheEndOfTheStream() throws Exception {
        try (TcpSockets sockets = new TcpSockets(); Arena arena = Arena.ofConfined()) {
            int listener = sockets.open(false);
            assertThat(sockets.listen(listener, sockets.address(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)), 8, true)).isZero();
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), sockets.localPort(listener))) {
                int fd = -1;
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (fd < 0 && System.nanoTime() < deadline) fd = sockets.accept(listener, false);
                assertThat(fd).isPositive();
                byte[] response = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                MemorySegment out = arena.allocate(response.length).copyFrom(MemorySegment.ofArray(response));
                long written = System.nanoTime();
                assertThat(sockets.writeBeforeClose(fd, out.address(), response.length)).isEqualTo(response.length);
                client.setSoTimeout(100);
                InputStream in = client.getInputStream();
                byte[] early = new byte[response.length];
                int earlyBytes;
                try {
                    earlyBytes = Math.max(0, in.read(early));
                } catch (java.net.SocketTimeoutException e) {
                    earlyBytes = 0;
                }
                // the kernel holds a corked segment back for at most 200 ms: only a look within that time can see it
                if (System.nanoTime() - written < 150_000_000L) assertThat(earlyBytes).as("the segment waits for what comes next").isZero();
                sockets.close(fd);
                client.setSoTimeout(5000);
                // the whole response, then the end of the stream: a FIN (a reset would make readAllBytes throw)
                byte[] rest = in.readAllBytes();
                byte[] got = java.util.Arrays.copyOf(early, earlyBytes + rest.length);
                System.arraycopy(rest, 0, got, earlyBytes, rest.length);
                assertThat(got).isEqualTo(response);
            }
            sockets.close(listener);
        }
    }
}
