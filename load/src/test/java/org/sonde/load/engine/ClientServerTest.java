package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sonde.load.stats.Counter;

/** Sonde's client against Sonde's server on loopback: every request is counted exactly once on both sides. */
class ClientServerTest {
    /** A healthy exchange: requests were sent, each was answered 2XX once, the server counted each, nothing failed. */
    private static void everyRequestAnsweredOnce(Loopback.Exchange x) {
        LoadResult client = x.client();
        assertThat(client.requests()).isPositive();
        assertThat(client.responses2xx()).isEqualTo(client.requests());
        assertThat(client.errors()).isZero();
        assertThat(client.failed()).isFalse();
        assertThat(x.served().responses2xx()).isEqualTo(client.requests());
        assertThat(x.served().errors()).isZero();
    }

    @Test
    void keepaliveRequestsAreAllAnsweredAndCountedOnBothSides() {
        Loopback.Exchange x = Loopback.exchange("", "protocol http\ncc 8\nkeepalive 0us\n");
        everyRequestAnsweredOnce(x);
        LoadResult client = x.client();
        LoadResult served = x.served();

        assertThat(client.counters().get("http2XX")).isEqualTo(client.counters().get("httpGet"));
        assertThat(client.connectionsOpened()).isEqualTo(8);
        assertThat(client.connectionsClosed()).isEqualTo(8);
        assertThat(client.maxConcurrent()).isEqualTo(8);
        // latency percentiles are of the measured phase (the drain's responses are not in them)
        assertThat(client.latencyMicros().count()).isPositive().isLessThanOrEqualTo(client.responses2xx());
        assertThat(client.latencyMicros().p50()).isLessThanOrEqualTo(client.latencyMicros().p99());
        assertThat(client.latencyMicros().p99()).isLessThanOrEqualTo(client.latencyMicros().p999());
        assertThat(served.counters().get("httpGet")).isEqualTo(client.requests());
        assertThat(served.connectionsOpened()).isEqualTo(8);
        assertThat(served.counters().get("bytesRx")).isEqualTo(client.bytesSent());
        assertThat(served.counters().get("bytesTx")).isEqualTo(client.bytesReceived());
    }

    @Test
    void aLimitedNumberOfRequestsPerConnectionClosesAndRelaunchesConnections() {
        Loopback.Exchange x = Loopback.exchange("", "cc 4\nkeepalive 1ms 3\n");
        everyRequestAnsweredOnce(x);
        // every connection carries at most 3 requests, so more than 4 connections were needed
        assertThat(x.client().connectionsOpened()).isGreaterThan(4);
        assertThat(x.client().requests()).isLessThanOrEqualTo(3 * x.client().connectionsOpened());
        assertThat(x.client().maxConcurrent()).isLessThanOrEqualTo(4);
    }

    @Test
    void fastCloseResetsAfterTheLastRequestWithoutCountingAnErrorAndTosIsSet() {
        // the server sees each RST after a complete exchange: a close, not a failed connection
        Loopback.Exchange x = Loopback.exchange("tos 0x10\n", "cc 4\nkeepalive 1ms 3\nfast_close\ntos 0x10\n");
        everyRequestAnsweredOnce(x);
        assertThat(x.client().connectionsOpened()).isGreaterThan(4);
    }

    @Test
    void cpsModeOpensOneConnectionPerRequestAndTheServerClosesFirst() {
        Loopback.Exchange x = Loopback.exchange("", "protocol http\ncps 200\n");
        everyRequestAnsweredOnce(x);
        // one request per connection; a connection whose handshake ended in the drain sends none
        assertThat(x.client().connectionsOpened()).isGreaterThanOrEqualTo(x.client().requests());
        assertThat(x.served().connectionsClosed()).isEqualTo(x.served().connectionsOpened());
    }

    @Test
    void rawPayloadsBelow85BytesAreCountedAsTcpRequestsAndResponses() {
        Loopback.Exchange x = Loopback.exchange("payload_size 40\n", "payload_size 20\ncc 2\nkeepalive 0us\n");
        everyRequestAnsweredOnce(x);
        LoadResult client = x.client();
        assertThat(client.counters().get("tcpReq")).isEqualTo(client.counters().get("tcpRsp"));
        assertThat(client.counters().get("httpGet")).isZero();
        assertThat(client.bytesSent()).isEqualTo(20 * client.requests());
        assertThat(client.bytesReceived()).isEqualTo(40 * client.responses2xx());
        assertThat(x.served().counters().get("tcpReq")).isEqualTo(client.requests());
    }

    @Test
    void paddedPostRequestsAndResponsesHaveExactlyThePayloadSize() {
        Loopback.Exchange x = Loopback.exchange("payload_size 1000\n", "payload_size 300\nhttp_method POST\ncc 2\nkeepalive 0us\n");
        everyRequestAnsweredOnce(x);
        LoadResult client = x.client();
        assertThat(client.counters().get("httpPost")).isEqualTo(client.responses2xx());
        assertThat(client.bytesSent()).isEqualTo(300 * client.requests());
        assertThat(client.bytesReceived()).isEqualTo(1000 * client.responses2xx());
        assertThat(x.served().counters().get("httpPost")).isEqualTo(client.requests());
    }

    @Test
    void connectionsSpreadOverSourceAddressesAndExplicitPorts() {
        // every source is inside the server's client ranges, so none is refused (tcpDrop would count as an error)
        Loopback.Exchange x = Loopback.exchange("client 127.0.0.2 4\n", "client 127.0.0.2 4\nclient_port_range 40000 40999\ncc 8\nkeepalive 0us\n");
        everyRequestAnsweredOnce(x);
        assertThat(x.client().connectionsOpened()).isEqualTo(8);
    }

    @Test
    void aServerRefusesSourcesOutsideItsClientRanges() {
        Loopback.Exchange x = Loopback.exchange("client 127.0.0.9 1\n", "client 127.0.0.2 1\ncps 20\n");
        assertThat(x.served().refusedSources()).isPositive();
        assertThat(x.served().failed()).isTrue();
        assertThat(x.client().socketErrors()).isPositive();
        assertThat(x.client().responses2xx()).isZero();
    }

    @Test
    void noServerMeansSocketErrorsAndAFailedRun() {
        LoadResult client = Loopback.run(Loopback.client(Loopback.freePort(), 1, "cps 50\n"));

        assertThat(client.socketErrors()).isPositive();
        assertThat(client.socketErrors()).isEqualTo(client.connectionsOpened());
        assertThat(client.responses2xx()).isZero();
        assertThat(client.failed()).isTrue();
        // the kernel answered every SYN with a reset: each failure is a refusal, none lost, reset or timed out
        assertThat(client.counters().get("skRefused")).isEqualTo(client.socketErrors());
        assertThat(client.counters().get("skLost") + client.counters().get("skReset") + client.counters().get("skTimeout")
                + client.counters().get("skEof")).isZero();
        assertThat(client.errorSummary()).isEqualTo("skErr " + client.socketErrors() + " (skRefused " + client.socketErrors() + ")");
    }

    @Test
    void stopEndsTheTestEarlyWithACompleteSummary() throws Exception {
        int port = Loopback.freePort();
        Loopback.Running server = Loopback.server(port, "");
        LoadRun test = LoadRun.prepare(Loopback.client(port, 3600, "cc 4\nkeepalive 0us\n"), 1);
        // stop once a second of statistics shows answered requests (a fixed sleep can come before any on a busy machine)
        CountDownLatch answered = new CountDownLatch(1);
        FutureTask<LoadResult> running = new FutureTask<>(() -> test.run(s -> {
            if (s.get(Counter.TCP_RSP) + s.get(Counter.HTTP_2XX) > 0) answered.countDown();
        }));
        Thread.ofPlatform().daemon().start(running);
        assertThat(answered.await(30, TimeUnit.SECONDS)).as("answers within 30 s").isTrue();
        test.stop();
        LoadResult client = running.get(10, TimeUnit.SECONDS);
        server.stop();

        assertThat(client.interrupted()).isTrue();
        assertThat(client.responses2xx()).isPositive().isEqualTo(client.requests());
        assertThat(client.connectionsClosed()).isEqualTo(client.connectionsOpened());
        assertThat(client.errors()).isZero();
    }
}
