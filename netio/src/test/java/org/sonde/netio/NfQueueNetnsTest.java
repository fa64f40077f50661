package org.sonde.netio;

import org.sonde.testkit.Netns;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Two hosts and a middle box whose forwarded TCP goes through a netfilter queue (needs root). */
@Tag("netns")
class NfQueueNetnsTest {
    private static final String PREFIX = "sonde-q";

    private static Testbed testbed() {
        return Netns.testbed("root, iproute2 and ethtool", () -> Testbed.builder(PREFIX).node("a").node("mb").node("b")
                    .link("a", "eth0", "10.1.0.1/24", "mb", "a0", "10.1.0.254/24")
                    .link("b", "eth0", "10.2.0.1/24", "mb", "b0", "10.2.0.254/24")
                    .route("a", "default", "10.1.0.254").route("b", "default", "10.2.0.254")
                    .forwarding("mb").offloadsOff().create());
    }

    /** One TCP data segment as the middle box saw it: its direction and sequence number. */
    record Seen(boolean fromA, long seq, int dataBytes) {}

    @Test
    void everyForwardedSegmentPassesTheQueueAndADroppedOneIsRetransmitted() throws Exception {
        try (Testbed t = testbed()) {
            t.exec("mb", "iptables", "-A", "FORWARD", "-p", "tcp", "-j", "NFQUEUE", "--queue-num", "3");
            int fromA = t.interfaceIndex("mb", "a0");
            List<Seen> seen = new ArrayList<>();
            AtomicBoolean stop = new AtomicBoolean();
            boolean[] dropped = {false};
            CompletableFuture<Long> injector = CompletableFuture.supplyAsync(() -> {
                try (NfQueue q = t.call("mb", () -> NfQueue.open(3, 1024))) {
                    while (!stop.get()) {
                        q.poll(50, p -> {
                            int ihl = (p.payload().get(ValueLayout.JAVA_BYTE, 0) & 0x0f) * 4;
                            int total = Short.toUnsignedInt(p.payload().get(ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN), 2));
                            int tcpHeader = ((p.payload().get(ValueLayout.JAVA_BYTE, ihl + 12) & 0xff) >> 4) * 4;
                            long seq = Integer.toUnsignedLong(p.payload().get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN), ihl + 4));
                            int data = total - ihl - tcpHeader;
                            seen.add(new Seen(p.inInterface() == fromA, seq, data));
                            // the first data segment from a is dropped once: the stack must send it again
                            if (data > 0 && p.inInterface() == fromA && !dropped[0]) {
                                dropped[0] = true;
                                q.drop(p.id());
                            } else {
                                q.accept(p.id());
                            }
                        });
                    }
                    return q.received();
                }
            }, r -> Thread.ofPlatform().start(r));

            byte[] message = new byte[20_000];
            for (int i = 0; i < message.length; i++) message[i] = (byte) (i * 31);
            try (ServerSocket server = t.call("b", () -> open(new InetSocketAddress("10.2.0.1", 5001)))) {
                CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
                    try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
                        return in.readAllBytes();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                try (Socket client = t.call("a", () -> connect(new InetSocketAddress("10.2.0.1", 5001)));
                     OutputStream out = client.getOutputStream()) {
                    out.write(message);
                }
                assertThat(received.get(20, TimeUnit.SECONDS)).isEqualTo(message);
            }
            stop.set(true);
            long queued = injector.get(10, TimeUnit.SECONDS);
            assertThat(queued).isEqualTo(seen.size());
            List<Seen> data = seen.stream().filter(s -> s.fromA() && s.dataBytes() > 0).toList();
            // offloads off: no segment is larger than the path MTU allows
            assertThat(data).allSatisfy(s -> assertThat(s.dataBytes()).isLessThanOrEqualTo(1460));
            long firstSeq = data.getFirst().seq();
            assertThat(data.stream().filter(s -> s.seq() == firstSeq)).as("the dropped segment and its retransmission").hasSize(2);
            assertThat(seen).anyMatch(s -> !s.fromA()); // acknowledgements pass the other way
        }
    }

    @Test
    void anIdleQueueBusyPollsForItsTimeThenWaitsAndHandsNothing() {
        try (Testbed t = testbed(); NfQueue q = t.call("mb", () -> NfQueue.open(4, 64))) {
            q.busyPoll(5_000_000L);
            long start = System.nanoTime();
            assertThat(q.poll(10, p -> { throw new AssertionError("no packet was queued"); })).isZero();
            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(5_000_000L);
            assertThat(q.received()).isZero();
            assertThatThrownBy(() -> q.busyPoll(-1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static ServerSocket open(InetSocketAddress address) {
        try {
            ServerSocket s = new ServerSocket();
            s.bind(address);
            return s;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Socket connect(InetSocketAddress address) {
        try {
            Socket s = new Socket();
            s.connect(address, 5_000);
            return s;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
