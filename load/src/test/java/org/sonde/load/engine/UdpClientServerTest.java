package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * dperf's UDP mode on loopback: Sonde's UDP client against Sonde's UDP server counts every
 * datagram exactly once on both sides, and loss (a silent or vanished server) shows in udpRt and
 * skErr.
 */
class UdpClientServerTest {
    private static final String UDP = "protocol udp\n";

    @Test
    void keepaliveFlowsSendAndReceiveTheSameDatagramsOnBothSides() {
        Loopback.Exchange x = Loopback.exchange(UDP + "payload_size 300\n", UDP + "payload_size 100\ncc 8\nkeepalive 0us\n");
        LoadResult client = x.client();
        LoadResult served = x.served();

        assertThat(client.requests()).isPositive();
        assertThat(client.responses2xx()).isEqualTo(client.requests());
        assertThat(client.counters()).containsEntry("udpRt", 0L).containsEntry("udpDrop", 0L).containsEntry("dropTx", 0L);
        assertThat(client.counters().get("udpTx")).isEqualTo(client.requests());
        assertThat(client.errors()).isZero();
        // every datagram the client sent arrived, and every answer the server sent came back
        assertThat(served.counters().get("udpRx")).isEqualTo(client.counters().get("udpTx"));
        assertThat(served.counters().get("udpTx")).isEqualTo(client.counters().get("udpRx"));
        assertThat(served.requests()).isEqualTo(client.requests());
        assertThat(served.errors()).isZero();
        assertThat(client.bytesSent()).isEqualTo(100 * client.requests());
        assertThat(client.bytesReceived()).isEqualTo(300 * client.responses2xx());
        // a flow is a 5-tuple: cc 8 held 8 flows, each closed at the end
        assertThat(client.connectionsOpened()).isEqualTo(8);
        assertThat(client.connectionsClosed()).isEqualTo(8);
        assertThat(client.maxConcurrent()).isEqualTo(8);
        assertThat(client.latencyMicros().count()).isPositive();
    }

    @Test
    void withoutKeepaliveEachFlowCarriesOneDatagramExchange() {
        Loopback.Exchange x = Loopback.exchange(UDP, UDP + "cps 200\n");
        LoadResult client = x.client();

        assertThat(client.requests()).isPositive().isEqualTo(client.connectionsOpened());
        assertThat(client.responses2xx()).isEqualTo(client.requests());
        assertThat(client.connectionsClosed()).isEqualTo(client.connectionsOpened());
        assertThat(client.bytesSent()).isEqualTo(64 * client.requests()); // the default raw payload
        assertThat(x.served().counters().get("udpRx")).isEqualTo(client.requests());
        assertThat(client.errors()).isZero();
    }

    @Test
    void aFloodSendsOneDatagramPerNewFlowAndAwaitsNothing() {
        Loopback.Exchange x = Loopback.exchange(UDP, UDP + "flood\nclient 127.0.0.2 4\ncps 200\n");
        LoadResult client = x.client();

        assertThat(client.connectionsOpened()).isPositive();
        // every flow sent exactly one datagram and was closed at once: no resends, no answers read, nothing held
        assertThat(client.counters().get("udpTx")).isEqualTo(client.connectionsOpened());
        assertThat(client.connectionsClosed()).isEqualTo(client.connectionsOpened());
        assertThat(client.counters().get("udpRx")).isZero();
        assertThat(client.counters().get("udpRt")).isZero();
        // at most the one being sent when the statistics looked: none is held
        assertThat(client.maxConcurrent()).isLessThanOrEqualTo(1);
        assertThat(client.errors()).as(client.errorSummary()).isZero();
        // the server received each flow's datagram (and answered it to a closed port)
        assertThat(x.served().counters().get("udpRx")).isEqualTo(client.connectionsOpened());
    }

    @Test
    void aPipelineRoundIsAnsweredWholeBeforeTheNext() {
        Loopback.Exchange x = Loopback.exchange(UDP, UDP + "cc 2\nkeepalive 1ms\npipeline 4\n");
        LoadResult client = x.client();

        assertThat(client.requests()).isPositive();
        assertThat(client.requests() % 4).as("whole rounds of 4").isZero();
        assertThat(client.responses2xx()).isEqualTo(client.requests());
        assertThat(x.served().counters().get("udpRx")).isEqualTo(client.requests());
        assertThat(client.errors()).as(client.errorSummary()).isZero();
    }

    @Test
    void aRequestNumberClosesFlowsAndOpensNewOnes() {
        Loopback.Exchange x = Loopback.exchange(UDP, UDP + "cc 4\nkeepalive 1ms 3\n");
        LoadResult client = x.client();

        assertThat(client.connectionsOpened()).isGreaterThan(4);
        assertThat(client.requests()).isLessThanOrEqualTo(3 * client.connectionsOpened());
        assertThat(client.responses2xx()).isEqualTo(client.requests());
        assertThat(x.served().requests()).isEqualTo(client.requests());
        assertThat(client.errors()).isZero();
    }

    @Test
    void aServerOutsideItsClientRangesDropsDatagrams() throws Exception {
        int port = Loopback.freeUdpPort();
        Loopback.Running server = Loopback.server(port, UDP + "client 127.0.0.9 1\n");
        LoadResult client = Loopback.run(Loopback.client(port, 1, UDP + "client 127.0.0.2 1\ncc 1\nkeepalive 1ms\n"));
        LoadResult served = server.stop();

        assertThat(served.counters().get("udpDrop")).isPositive().isEqualTo(served.counters().get("udpRx"));
        assertThat(served.counters().get("udpTx")).isZero();
        assertThat(served.failed()).isTrue();
        assertThat(client.responses2xx()).isZero();
        assertThat(client.socketErrors()).isEqualTo(1); // the one flow never got an answer
    }

    @Test
    void noServerFailsEveryFlowThroughTheKernelsPortUnreachable() {
        LoadResult client = Loopback.run(Loopback.client(Loopback.freeUdpPort(), 1, UDP + "cps 50\n"));

        assertThat(client.connectionsOpened()).isPositive();
        assertThat(client.socketErrors()).isEqualTo(client.connectionsOpened());
        assertThat(client.responses2xx()).isZero();
        assertThat(client.failed()).isTrue();
    }

    /** A socket that reads and never answers, counting what it reads: a loss that is exact, not an ICMP error. */
    private static final class SilentServer implements AutoCloseable {
        private final DatagramChannel channel = DatagramChannel.open();
        private final AtomicLong received = new AtomicLong();
        private final Thread reader;

        SilentServer() throws Exception {
            channel.bind(new InetSocketAddress("127.0.0.1", 0));
            reader = Thread.ofPlatform().daemon().start(() -> {
                ByteBuffer b = ByteBuffer.allocate(2048);
                try {
                    while (true) {
                        b.clear();
                        channel.receive(b);
                        received.incrementAndGet();
                    }
                } catch (Exception e) {
                    // the channel closed: the test is over
                }
            });
        }

        int port() throws Exception {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        }

        /** Stops reading; the datagrams read until then. */
        long received() throws Exception {
            channel.close();
            reader.join(5000);
            return received.get();
        }

        @Override
        public void close() throws Exception {
            channel.close();
        }
    }

    @Test
    void aSilentServerMakesTheClientResendEveryRetransmitTimeoutAndCountTheLoss() throws Exception {
        try (SilentServer silent = new SilentServer()) {
            // 1 s of test and the 4 s drain: each flow sends at 0 s and resends at 2 s and 4 s (retransmit_timeout 2)
            LoadResult client = Loopback.run(Loopback.client(silent.port(), 1, UDP + "cc 2\nkeepalive 1ms\n"));

            assertThat(client.requests()).isEqualTo(2);
            assertThat(client.counters()).containsEntry("udpRt", 4L).containsEntry("udpTx", 6L).containsEntry("udpRx", 0L);
            assertThat(silent.received()).isEqualTo(6);
            assertThat(client.socketErrors()).isEqualTo(2); // still unanswered when the drain ended
            assertThat(client.errorSummary()).isEqualTo("skErr 2, udpRt 4");
        }
    }

    @Test
    void aPipelineResendsEveryUnansweredRequestOfItsRound() throws Exception {
        try (SilentServer silent = new SilentServer()) {
            // one flow of 3 in flight: 3 sent at 0 s, all 3 resent at 2 s and at 4 s (retransmit_timeout 2)
            LoadResult client = Loopback.run(Loopback.client(silent.port(), 1, UDP + "cc 1\nkeepalive 1ms\npipeline 3\n"));

            assertThat(client.requests()).isEqualTo(3);
            assertThat(client.counters()).containsEntry("udpRt", 6L).containsEntry("udpTx", 9L).containsEntry("udpRx", 0L);
            assertThat(silent.received()).isEqualTo(9);
            assertThat(client.socketErrors()).isEqualTo(1); // still unanswered when the drain ended
            assertThat(client.errorSummary()).isEqualTo("skErr 1, udpRt 6");
        }
    }
}
