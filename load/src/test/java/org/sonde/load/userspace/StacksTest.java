package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.AddressRange;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * The user-space client and server stacks wired back to back through byte arrays (no sockets):
 * every frame is checked (IPv4 and TCP checksums), and frames can be dropped to exercise
 * retransmission. Time is simulated, so a retransmit timeout costs nothing.
 */
class StacksTest {
    private static final byte[] CLIENT_MAC = {2, 0, 0, 0, 0, 1};
    private static final byte[] SERVER_MAC = {2, 0, 0, 0, 0, 2};
    private static final int SERVER_IP = 0x0a000001; // 10.0.0.1
    private static final long RTO = 2_000_000_000L;
    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: dperf\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 14\r\n\r\nHello, dperf!\n".getBytes(StandardCharsets.US_ASCII);

    /** The wire between the two stacks: frames in flight each way, and a rule that may drop some. */
    static final class Wire {
        final ArrayDeque<byte[]> toServer = new ArrayDeque<>();
        final ArrayDeque<byte[]> toClient = new ArrayDeque<>();
        IntPredicate dropToServer = n -> false;
        IntPredicate dropToClient = n -> false;
        int sentToServer;
        int sentToClient;
        int badChecksums;

        FrameOut clientOut() {
            return (f, len) -> {
                byte[] b = f.asSlice(0, len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                check(b, len);
                if (!dropToServer.test(++sentToServer)) toServer.add(b);
                return true;
            };
        }

        FrameOut serverOut() {
            return (f, len) -> {
                byte[] b = f.asSlice(0, len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                check(b, len);
                if (!dropToClient.test(++sentToClient)) toClient.add(b);
                return true;
            };
        }

        private void check(byte[] b, int len) {
            MemorySegment m = MemorySegment.ofArray(b);
            if (Frames.isTcp(m, len) && !(Frames.ipChecksumOk(m) && Frames.tcpChecksumOk(m))) badChecksums++;
        }
    }

    static final class Pair {
        final Wire wire = new Wire();
        final WorkerStats clientStats = new WorkerStats();
        final WorkerStats serverStats = new WorkerStats();
        final ClientStack client;
        final ServerStack server;
        long now;

        Pair(int clientAddresses, int ports, boolean keepalive, long intervalNanos, int requestsPerConnection) {
            this(clientAddresses, ports, keepalive, intervalNanos, requestsPerConnection, RESPONSE);
        }

        Pair(int clientAddresses, int ports, boolean keepalive, long intervalNanos, int requestsPerConnection, byte[] response) {
            AddressIndex clients = new AddressIndex(List.of(range("10.1.0.1", clientAddresses)));
            client = new ClientStack(new ClientStack.Settings(clients, 1000, ports, SERVER_IP, 80, RTO, keepalive, intervalNanos,
                    requestsPerConnection, true, Counter.HTTP_GET), new SocketTable(clientAddresses * ports), wire.clientOut(), clientStats,
                    CLIENT_MAC, SERVER_MAC, REQUEST, 0, 1, Share.ALONE);
            server = new ServerStack(new ServerStack.Settings(clients, 1000, ports, SERVER_IP, 80, true),
                    new SocketTable(clientAddresses * ports), wire.serverOut(), serverStats, SERVER_MAC, response, 0, 2, Share.ALONE);
        }

        /** Delivers frames both ways until none is in flight. */
        void settle() {
            while (!wire.toServer.isEmpty() || !wire.toClient.isEmpty()) {
                byte[] f;
                while ((f = wire.toServer.poll()) != null) server.receive(MemorySegment.ofArray(f), f.length, now);
                while ((f = wire.toClient.poll()) != null) client.receive(MemorySegment.ofArray(f), f.length, now);
            }
        }

        /** Advances simulated time, running timers and delivering what they send. */
        void advance(long nanos) {
            now += nanos;
            client.expireTimers(now);
            settle();
        }
    }

    private static AddressRange range(String first, int n) {
        try {
            return new AddressRange(InetAddress.getByName(first), n);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aKeepaliveConnectionCarriesItsRequestsAndClosesWithSevenPlusTwoPerRequestFrames() {
        Pair p = new Pair(1, 1, true, 1_000_000, 3);
        assertThat(p.client.launch(p.now)).isTrue();
        p.settle();
        for (int i = 0; i < 3; i++) p.advance(1_000_000);

        assertThat(p.clientStats.get(Counter.HTTP_GET)).isEqualTo(3);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(3);
        assertThat(p.serverStats.get(Counter.HTTP_GET)).isEqualTo(3);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        assertThat(p.clientStats.get(Counter.SK_CLOSE)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.SK_CLOSE)).isEqualTo(1);
        // client: SYN, 3 requests, 2 bare ACKs between keepalive rounds, FIN, last ACK; server: SYN-ACK, 3 responses, FIN-ACK
        assertThat(p.wire.sentToServer).isEqualTo(1 + 3 + 2 + 1 + 1);
        assertThat(p.wire.sentToClient).isEqualTo(1 + 3 + 1);
        assertThat(p.wire.badChecksums).isZero();
        assertThat(p.clientStats.get(Counter.SK_ERR) + p.clientStats.get(Counter.TCP_DROP) + p.serverStats.get(Counter.TCP_DROP)).isZero();
    }

    @Test
    void everyTupleOfTheTableIsUsedOnceAndCountedExactly() {
        Pair p = new Pair(4, 250, true, 0, 2); // interval 0: the next request as soon as the response is in
        for (int i = 0; i < 1000; i++) assertThat(p.client.launch(p.now)).isTrue();
        assertThat(p.client.launch(p.now)).as("the 1001st tuple is the first again, still open").isFalse();
        p.settle();

        assertThat(p.clientStats.get(Counter.SK_OPEN)).isEqualTo(1000);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(2000);
        assertThat(p.serverStats.get(Counter.HTTP_GET)).isEqualTo(2000);
        assertThat(p.serverStats.get(Counter.SK_OPEN)).isEqualTo(1000);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        assertThat(p.clientStats.get(Counter.LAUNCH_SKIPPED)).isEqualTo(1);
        assertThat(p.clientStats.get(Counter.RTT_COUNT)).isEqualTo(1000);
    }

    @Test
    void aLostSynAckIsRecoveredByResendingTheSynAfterTheRto() {
        Pair p = new Pair(1, 1, true, 1_000_000, 1);
        p.wire.dropToClient = n -> n == 1; // the first SYN-ACK
        p.client.launch(p.now);
        p.settle();
        assertThat(p.client.open()).isEqualTo(1);
        p.advance(RTO);

        assertThat(p.clientStats.get(Counter.SYN_RT)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.SYN_RT)).isEqualTo(1);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        assertThat(p.clientStats.get(Counter.SK_ERR)).isZero();
    }

    @Test
    void aLostResponseIsAnsweredAgainWhenTheRequestIsResent() {
        Pair p = new Pair(1, 1, true, 1_000_000, 1);
        p.wire.dropToClient = n -> n == 2; // the first response
        p.client.launch(p.now);
        p.settle();
        p.advance(RTO);

        assertThat(p.clientStats.get(Counter.PUSH_RT)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.PUSH_RT)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.HTTP_GET)).as("a resend is not a new request").isEqualTo(1);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
    }

    @Test
    void aSilentServerFailsTheConnectionAfterThreeResendsAndAFourthTimeout() {
        Pair p = new Pair(1, 1, true, 1_000_000, 1);
        p.wire.dropToServer = n -> true;
        p.client.launch(p.now);
        for (int i = 0; i < 4; i++) p.advance(RTO);

        assertThat(p.clientStats.get(Counter.SYN_RT)).isEqualTo(3);
        assertThat(p.clientStats.get(Counter.SK_ERR)).isEqualTo(1);
        assertThat(p.client.open()).isZero();
        assertThat(p.wire.sentToServer).isEqualTo(4);
    }

    @Test
    void theDrainClosesIdleConnectionsAndTheEndFailsOnlyOutstandingOnes() {
        Pair p = new Pair(1, 4, true, 60_000_000_000L, 0);
        for (int i = 0; i < 4; i++) p.client.launch(p.now);
        p.settle();
        assertThat(p.client.open()).isEqualTo(4);
        assertThat(p.server.open()).isEqualTo(4);
        p.client.drain();
        assertThat(p.client.closeIdle(3, p.now)).isEqualTo(3); // paced: at most 3 this turn
        p.settle();
        assertThat(p.client.open()).isEqualTo(1);
        assertThat(p.client.closeIdle(3, p.now)).isEqualTo(1);
        p.settle();

        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        assertThat(p.clientStats.get(Counter.SK_ERR)).isZero();
        p.client.closeAll();
        assertThat(p.clientStats.get(Counter.SK_CLOSE)).isEqualTo(4);
    }

    @Test
    void synsAndSynAcksAnnounceTheConfiguredMss() {
        Pair p = new Pair(1, 1, true, 0, 1);
        p.client.announceMss(1000);
        p.server.announceMss(1200);
        assertThat(p.client.launch(p.now)).isTrue();
        byte[] syn = p.wire.toServer.peek();
        p.settle();
        // the server's first frame was its SYN-ACK; a second server answers the same SYN to show it
        Pair q = new Pair(1, 1, true, 0, 1);
        q.server.announceMss(1200);
        q.server.receive(MemorySegment.ofArray(syn), syn.length, 0);
        byte[] synAck = q.wire.toClient.poll();
        assertThat(Frames.flags(MemorySegment.ofArray(synAck))).isEqualTo(Frames.SYN | Frames.ACK);
        assertThat(mssOption(syn)).isEqualTo(1000);
        assertThat(mssOption(synAck)).isEqualTo(1200);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
        assertThat(p.wire.badChecksums).isZero();
    }

    /** The MSS option of an IPv4 SYN written by the stack (kind 2, length 4, right after the fixed header). */
    private static int mssOption(byte[] f) {
        assertThat(f[34 + 20]).isEqualTo((byte) 2);
        assertThat(f[34 + 21]).isEqualTo((byte) 4);
        return ((f[34 + 22] & 0xff) << 8) | (f[34 + 23] & 0xff);
    }

    @Test
    void segmentsForNoSocketAreDroppedAndReset() {
        Pair p = new Pair(1, 1, true, 0, 1);
        // a stray ACK from the client's tuple before any SYN: the server has no socket for it
        MemorySegment f = MemorySegment.ofArray(new byte[128]);
        int n = Frames.tcp(f, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 80, 5, 7, Frames.ACK, 0, 0);
        p.server.receive(f, n, 0);

        assertThat(p.serverStats.get(Counter.TCP_DROP)).isEqualTo(1);
        byte[] rst = p.wire.toClient.poll();
        assertThat(rst).isNotNull();
        MemorySegment r = MemorySegment.ofArray(rst);
        assertThat(Frames.flags(r) & Frames.RST).isNotZero();
        assertThat(Frames.seq(r)).isEqualTo(7);
    }

    @Test
    void withTcpRstOffSegmentsForNoSocketAreDroppedWithoutAnswerOnBothSides() {
        Pair p = new Pair(1, 1, true, 0, 1);
        p.server.dropUnknownSegments();
        p.client.dropUnknownSegments();
        MemorySegment f = MemorySegment.ofArray(new byte[128]);
        int n = Frames.tcp(f, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 80, 5, 7, Frames.ACK, 0, 0);
        p.server.receive(f, n, 0);
        n = Frames.tcp(f, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 81, 5, 0, Frames.SYN, 0, 0); // a port not listened on
        p.server.receive(f, n, 0);
        // a segment from the server for a client socket that is closed
        n = Frames.tcp(f, CLIENT_MAC, SERVER_MAC, SERVER_IP, 0x0a010001, 80, 1000, 9, 3, Frames.ACK | Frames.PSH, 0, 0);
        p.client.receive(f, n, 0);

        assertThat(p.wire.toClient).isEmpty();
        assertThat(p.wire.toServer).isEmpty();
        assertThat(p.serverStats.get(Counter.TCP_DROP)).isEqualTo(2);
        assertThat(p.clientStats.get(Counter.TCP_DROP)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.RST_TX) + p.clientStats.get(Counter.RST_TX)).isZero();
        // its own connections are unaffected
        assertThat(p.client.launch(p.now)).isTrue();
        p.settle();
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);

        // by default (tcp_rst 1) the same segment to the client is answered with a reset, counted as rstTx
        Pair q = new Pair(1, 1, true, 0, 1);
        q.client.receive(f, n, 0);
        assertThat(q.wire.toServer).hasSize(1);
        assertThat(Frames.flags(MemorySegment.ofArray(q.wire.toServer.poll())) & Frames.RST).isNotZero();
        assertThat(q.clientStats.get(Counter.RST_TX)).isEqualTo(1);
    }

    @Test
    void disableAckLetsTheAckOfEachResponseRideOnTheNextRequestOrTheFin() {
        // without: 2 pure ACKs between the 3 keepalive rounds, and the last ACK of the server's FIN
        Pair with = new Pair(1, 1, true, 1_000_000, 3);
        with.client.launch(with.now);
        with.settle();
        for (int i = 0; i < 3; i++) with.advance(1_000_000);
        assertThat(with.clientStats.get(Counter.ACK_TX)).isEqualTo(3);

        Pair p = new Pair(1, 1, true, 1_000_000, 3);
        p.client.suppressPureAcks();
        p.client.launch(p.now);
        p.settle();
        for (int i = 0; i < 3; i++) p.advance(1_000_000);

        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(3);
        assertThat(p.serverStats.get(Counter.HTTP_GET)).isEqualTo(3);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        // dperf's rule: only the ACK of the server's FIN goes out alone (it must: nothing follows it)
        assertThat(p.clientStats.get(Counter.ACK_TX)).isEqualTo(1);
        assertThat(p.wire.sentToServer).isEqualTo(1 + 3 + 1 + 1);
        assertThat(p.clientStats.get(Counter.SK_ERR) + p.serverStats.get(Counter.TCP_DROP)).isZero();

        // with an interval of at least the RTO the ACK goes out at once, as in dperf (the peer would resend first)
        Pair slow = new Pair(1, 1, true, RTO, 2);
        slow.client.suppressPureAcks();
        slow.client.launch(slow.now);
        slow.settle();
        slow.advance(RTO);
        assertThat(slow.clientStats.get(Counter.HTTP_2XX)).isEqualTo(2);
        assertThat(slow.clientStats.get(Counter.ACK_TX)).isEqualTo(2);
    }

    @Test
    void withAVlanEveryFrameIsTaggedAndOnlyFramesOfThatVlanAreTaken() {
        Pair p = new Pair(1, 1, true, 0, 2);
        p.client.tagFrames(7);
        p.server.tagFrames(7);
        List<byte[]> seen = new java.util.ArrayList<>();
        FrameOut keep = (f, len) -> seen.add(f.asSlice(0, len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        assertThat(p.client.launch(p.now)).isTrue();
        // look at every frame each way before it is delivered
        while (!p.wire.toServer.isEmpty() || !p.wire.toClient.isEmpty()) {
            byte[] f;
            while ((f = p.wire.toServer.poll()) != null) {
                keep.send(MemorySegment.ofArray(f), f.length);
                p.server.receive(MemorySegment.ofArray(f), f.length, p.now);
            }
            while ((f = p.wire.toClient.poll()) != null) {
                keep.send(MemorySegment.ofArray(f), f.length);
                p.client.receive(MemorySegment.ofArray(f), f.length, p.now);
            }
        }
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(2);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        assertThat(seen).hasSize(p.wire.sentToServer + p.wire.sentToClient);
        for (byte[] f : seen) {
            MemorySegment m = MemorySegment.ofArray(f);
            // 802.1Q, VLAN 7, then the IPv4 frame as it would be untagged, with right checksums
            assertThat(Frames.u16(m, 12)).isEqualTo(0x8100);
            assertThat(Frames.u16(m, 14)).isEqualTo(7);
            assertThat(Frames.u16(m, 16)).isEqualTo(Frames.ETHERTYPE_IPV4);
            byte[] untagged = new byte[f.length - 4];
            System.arraycopy(f, 0, untagged, 0, 12);
            System.arraycopy(f, 16, untagged, 12, f.length - 16);
            MemorySegment u = MemorySegment.ofArray(untagged);
            assertThat(Frames.isTcp(u, untagged.length) && Frames.ipChecksumOk(u) && Frames.tcpChecksumOk(u)).isTrue();
        }

        // a SYN without the tag, or with another VLAN's, is not the engine's: no answer, no socket
        MemorySegment syn = MemorySegment.ofArray(new byte[128]);
        int n = Frames.tcp(syn.asSlice(4), SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 80, 5, 0, Frames.SYN, 0, 0);
        p.server.receive(syn.asSlice(4), n, 0);
        n = Vlan.tag(syn, 8, n);
        p.server.receive(syn, n, 0);
        assertThat(p.wire.toClient).isEmpty();
        assertThat(p.server.open()).isZero();
        // the same SYN on VLAN 7 opens a connection
        Frames.u16(syn, 14, 7);
        p.server.receive(syn, n, 0);
        assertThat(p.server.open()).isEqualTo(1);
        assertThat(p.wire.toClient).hasSize(1);
    }

    /** A 100,000-byte HTTP response: 69 segments of 1460 bytes (the last shorter), as Sonde's server builds it. */
    private static final byte[] LARGE = org.sonde.load.http.Payloads.httpResponse(100_000, false, true, 1);

    /** The server's data segments the wire carried to the client, each as (sequence number, payload). */
    private static java.util.Map<Integer, byte[]> dataSegments(List<byte[]> frames) {
        java.util.Map<Integer, byte[]> out = new java.util.LinkedHashMap<>();
        for (byte[] b : frames) {
            MemorySegment m = MemorySegment.ofArray(b);
            int n = Frames.payloadLength(m);
            if (Frames.isTcp(m, b.length) && n > 0) out.put(Frames.seq(m), java.util.Arrays.copyOfRange(b, Frames.payloadStart(m), Frames.payloadStart(m) + n));
        }
        return out;
    }

    /** Delivers frames both ways until none is in flight, keeping a copy of every frame to the client. */
    private static void settle(Pair p, List<byte[]> toClient) {
        while (!p.wire.toServer.isEmpty() || !p.wire.toClient.isEmpty()) {
            byte[] f;
            while ((f = p.wire.toServer.poll()) != null) p.server.receive(MemorySegment.ofArray(f), f.length, p.now);
            while ((f = p.wire.toClient.poll()) != null) {
                toClient.add(f.clone());
                p.client.receive(MemorySegment.ofArray(f), f.length, p.now);
            }
        }
    }

    @Test
    void aResponseLongerThanASegmentGoesOutInAWindowAndArrivesWholeInOrder() {
        Pair p = new Pair(1, 1, true, 1_000_000, 2, LARGE);
        p.server.sendWindow(4, 2_200_000_000L);
        p.client.launch(p.now);
        // the handshake and the request; then the server's answer is a window of 4 segments, no more
        p.server.receive(MemorySegment.ofArray(p.wire.toServer.poll()), 60, 0);
        p.client.receive(MemorySegment.ofArray(p.wire.toClient.poll()), 60, 0);
        byte[] request = p.wire.toServer.poll();
        p.server.receive(MemorySegment.ofArray(request), request.length, 0);
        assertThat(p.wire.toClient).hasSize(4);
        List<byte[]> seen = new java.util.ArrayList<>();
        settle(p, seen);
        for (int i = 0; i < 2; i++) {
            p.now += 1_000_000;
            p.client.expireTimers(p.now);
            settle(p, seen);
        }

        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(2);
        assertThat(p.clientStats.get(Counter.BYTES_RX)).isEqualTo(2L * LARGE.length);
        assertThat(p.serverStats.get(Counter.HTTP_GET)).isEqualTo(2);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        assertThat(p.clientStats.get(Counter.SK_ERR) + p.clientStats.get(Counter.TCP_DROP) + p.serverStats.get(Counter.TCP_DROP)).isZero();
        assertThat(p.clientStats.get(Counter.PUSH_RT) + p.serverStats.get(Counter.PUSH_RT)).isZero();
        assertThat(p.wire.badChecksums).isZero();
        // each response: 69 segments, the first 68 full, their payloads the response's bytes in order
        java.util.Map<Integer, byte[]> data = dataSegments(seen);
        assertThat(data).hasSize(2 * 69);
        java.io.ByteArrayOutputStream both = new java.io.ByteArrayOutputStream();
        data.values().forEach(both::writeBytes);
        byte[] twice = new byte[2 * LARGE.length];
        System.arraycopy(LARGE, 0, twice, 0, LARGE.length);
        System.arraycopy(LARGE, 0, twice, LARGE.length, LARGE.length);
        assertThat(both.toByteArray()).isEqualTo(twice);
    }

    @Test
    void aLostSegmentOfALargeResponseIsResentAfterThreeDuplicateAcks() {
        Pair p = new Pair(1, 1, true, 1_000_000, 1, LARGE);
        p.server.sendWindow(8, 2_200_000_000L);
        p.wire.dropToClient = n -> n == 1 + 5; // the response's 5th segment (after the SYN-ACK)
        p.client.launch(p.now);
        List<byte[]> seen = new java.util.ArrayList<>();
        settle(p, seen);

        // the 3 segments after the hole each drew a duplicate ACK, the third had the hole resent; the client kept none of the
        // segments after it (no buffer), and each partial ACK had the next resent: every segment it dropped, once
        assertThat(p.clientStats.get(Counter.TCP_DROP)).isGreaterThanOrEqualTo(3);
        assertThat(p.serverStats.get(Counter.PUSH_RT)).isEqualTo(1 + p.clientStats.get(Counter.TCP_DROP));
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
        assertThat(p.clientStats.get(Counter.BYTES_RX)).isEqualTo(LARGE.length);
        assertThat(p.clientStats.get(Counter.PUSH_RT) + p.clientStats.get(Counter.SK_ERR)).isZero();
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
    }

    @Test
    void aLostLastSegmentIsResentByTheServersTimerAndThreeMoreTimeoutsFailTheConnection() {
        Pair p = new Pair(1, 1, true, 1_000_000, 1, LARGE);
        p.server.sendWindow(4, 2_200_000_000L);
        p.wire.dropToClient = n -> n == 1 + 69; // the last segment: no segment after it to draw duplicate ACKs
        p.client.launch(p.now);
        List<byte[]> seen = new java.util.ArrayList<>();
        settle(p, seen);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isZero();
        // the server's timer (1.1 RTO) before the client's request timer: only the server's clock moves
        p.server.expireTimers(2_200_000_000L);
        settle(p, seen);
        assertThat(p.serverStats.get(Counter.PUSH_RT)).isEqualTo(1);
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
        assertThat(p.clientStats.get(Counter.BYTES_RX)).isEqualTo(LARGE.length);
        assertThat(p.client.open()).isZero();

        // a client that has gone silent: three resends of the window, then the fourth timeout fails the connection
        Pair q = new Pair(1, 1, true, 1_000_000, 1, LARGE);
        q.server.sendWindow(4, 2_200_000_000L);
        q.client.launch(0);
        q.server.receive(MemorySegment.ofArray(q.wire.toServer.poll()), 60, 0);
        q.client.receive(MemorySegment.ofArray(q.wire.toClient.poll()), 60, 0);
        byte[] request = q.wire.toServer.poll();
        q.server.receive(MemorySegment.ofArray(request), request.length, 0);
        for (int i = 1; i <= 4; i++) q.server.expireTimers(i * 2_200_000_000L);
        assertThat(q.serverStats.get(Counter.PUSH_RT)).isEqualTo(3);
        assertThat(q.serverStats.get(Counter.SK_ERR)).isEqualTo(1);
        assertThat(q.serverStats.get(Counter.SK_TIMEOUT)).isEqualTo(1);
        assertThat(q.server.open()).isZero();
        assertThat(q.wire.toClient).hasSize(4 * 4); // the window, and three resends of it
    }

    @Test
    void theLengthOfAnHttpResponseIsItsHeaderAndContentLength() {
        MemorySegment f = MemorySegment.ofArray(new byte[2048]);
        byte[] head = "HTTP/1.1 200 OK\r\nServer: x\r\ncontent-LENGTH:  1234\r\n\r\nbody".getBytes(StandardCharsets.US_ASCII);
        int n = Frames.tcp(f, CLIENT_MAC, SERVER_MAC, SERVER_IP, 0x0a010001, 80, 1000, 1, 1, Frames.ACK, 0, 0);
        MemorySegment.copy(head, 0, f, java.lang.foreign.ValueLayout.JAVA_BYTE, Frames.payloadStart(f), head.length);
        Frames.u16(f, 14 + 2, 20 + 20 + head.length);
        assertThat(ClientStack.httpLength(f, head.length)).isEqualTo(head.length - 4 + 1234);
        // the header does not end in the segment, or has no Content-Length: unknown
        assertThat(ClientStack.httpLength(f, 30)).isEqualTo(-1);
        byte[] noLength = "HTTP/1.1 200 OK\r\nServer: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(noLength, 0, f, java.lang.foreign.ValueLayout.JAVA_BYTE, Frames.payloadStart(f), noLength.length);
        assertThat(ClientStack.httpLength(f, noLength.length)).isEqualTo(-1);
        assertThat(n).isPositive();
    }

    @Test
    void fastCloseEndsEachConnectionWithAResetInsteadOfTheFinHandshake() {
        Pair p = new Pair(1, 1, true, 1_000_000, 2);
        p.client.closeWithReset();
        p.client.launch(p.now);
        p.settle();
        p.advance(1_000_000);

        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(2);
        assertThat(p.client.open()).isZero();
        assertThat(p.server.open()).isZero();
        // client: SYN, 2 requests, the ACK between them, the RST; server: SYN-ACK and 2 responses, no FIN
        assertThat(p.wire.sentToServer).isEqualTo(1 + 2 + 1 + 1);
        assertThat(p.wire.sentToClient).isEqualTo(1 + 2);
        assertThat(p.clientStats.get(Counter.RST_TX)).isEqualTo(1);
        // the server took it as the close it is, not as an error
        assertThat(p.serverStats.get(Counter.SK_CLOSE)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.RST_RX) + p.clientStats.get(Counter.SK_ERR)).isZero();
        // a reset in the middle of a large response is one
        Pair q = new Pair(1, 1, true, 1_000_000, 1, LARGE);
        q.client.launch(0);
        q.server.receive(MemorySegment.ofArray(q.wire.toServer.poll()), 60, 0);
        q.client.receive(MemorySegment.ofArray(q.wire.toClient.poll()), 60, 0);
        byte[] request = q.wire.toServer.poll();
        q.server.receive(MemorySegment.ofArray(request), request.length, 0);
        MemorySegment rst = MemorySegment.ofArray(new byte[128]);
        MemorySegment r = MemorySegment.ofArray(request);
        int n = Frames.tcp(rst, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 80, Frames.seq(r) + Frames.payloadLength(r), Frames.ack(r),
                Frames.RST | Frames.ACK, 0, 0);
        q.server.receive(rst, n, 0);
        assertThat(q.server.open()).isZero();
        assertThat(q.serverStats.get(Counter.RST_RX)).isEqualTo(1);
    }

    /** The worker the fanout hands a TCP frame to (FlowHash's program, as the kernel runs it). */
    private static int fanout(byte[] frame, int workers) {
        MemorySegment m = MemorySegment.ofArray(frame);
        return FlowHash.worker(Frames.srcIp(m), Frames.dstIp(m), Frames.srcPort(m), Frames.dstPort(m), workers);
    }

    @Test
    void twoWorkersShareTheTableWithoutTouchingEachOthersConnections() {
        AddressIndex clients = new AddressIndex(List.of(range("10.1.0.1", 4)));
        int ports = 250;
        Wire wire = new Wire();
        try (SocketTable clientTable = new SocketTable(4 * ports); SocketTable serverTable = new SocketTable(4 * ports)) {
            ClientStack[] client = new ClientStack[2];
            ServerStack[] server = new ServerStack[2];
            WorkerStats[] clientStats = {new WorkerStats(), new WorkerStats()};
            WorkerStats[] serverStats = {new WorkerStats(), new WorkerStats()};
            for (int w = 0; w < 2; w++) {
                client[w] = new ClientStack(new ClientStack.Settings(clients, 1000, ports, SERVER_IP, 80, RTO, true, 0, 2, true, Counter.HTTP_GET),
                        clientTable, wire.clientOut(), clientStats[w], CLIENT_MAC, SERVER_MAC, REQUEST, 0, w, new Share(w, 2));
                server[w] = new ServerStack(new ServerStack.Settings(clients, 1000, ports, SERVER_IP, 80, true), serverTable, wire.serverOut(),
                        serverStats[w], SERVER_MAC, RESPONSE, 0, 10 + w, new Share(w, 2));
            }
            // every tuple is one worker's: the two shares split the 1,000 tuples between them
            assertThat(client[0].tuples() + client[1].tuples()).isEqualTo(1000);
            assertThat(client[0].tuples()).isBetween(400L, 600L);
            for (int w = 0; w < 2; w++) {
                for (long i = 0; i < client[w].tuples(); i++) assertThat(client[w].launch(0)).isTrue();
            }
            // deliver as the fanout does on each side
            while (!wire.toServer.isEmpty() || !wire.toClient.isEmpty()) {
                byte[] f;
                while ((f = wire.toServer.poll()) != null) server[fanout(f, 2)].receive(MemorySegment.ofArray(f), f.length, 0);
                while ((f = wire.toClient.poll()) != null) client[fanout(f, 2)].receive(MemorySegment.ofArray(f), f.length, 0);
            }
            for (int w = 0; w < 2; w++) {
                assertThat(clientStats[w].get(Counter.SK_OPEN)).isEqualTo(client[w].tuples());
                assertThat(clientStats[w].get(Counter.HTTP_2XX)).isEqualTo(2 * client[w].tuples());
                // the server's worker w served exactly the connections the client's worker w opened (same hash, same count of workers)
                assertThat(serverStats[w].get(Counter.SK_OPEN)).isEqualTo(client[w].tuples());
                assertThat(client[w].open()).isZero();
                assertThat(server[w].open()).isZero();
                assertThat(clientStats[w].get(Counter.WRONG_WORKER) + serverStats[w].get(Counter.WRONG_WORKER)).isZero();
                assertThat(clientStats[w].get(Counter.TCP_DROP) + serverStats[w].get(Counter.TCP_DROP) + clientStats[w].get(Counter.SK_ERR)).isZero();
            }

            // a SYN handed to the worker that does not own it is counted and left alone
            MemorySegment syn = MemorySegment.ofArray(new byte[128]);
            int n = Frames.tcp(syn, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 80, 5, 0, Frames.SYN, 0, 0);
            int owner = fanout(syn.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), 2);
            server[1 - owner].receive(syn, n, 0);
            assertThat(serverStats[1 - owner].get(Counter.WRONG_WORKER)).isEqualTo(1);
            assertThat(server[1 - owner].open()).isZero();
            assertThat(wire.toClient).isEmpty();
            server[owner].receive(syn, n, 0);
            assertThat(server[owner].open()).isEqualTo(1);
        }
    }

    @Test
    void withAKernelPathWhatIsNotTheEnginesGoesToTheKernelAndTheRestStays() {
        Pair p = new Pair(1, 1, true, 0, 1);
        List<byte[]> toKernel = new java.util.ArrayList<>();
        // without a kernel path, TCP to another port of the server is reset by the stack
        MemorySegment other = MemorySegment.ofArray(new byte[128]);
        int n = Frames.tcp(other, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 22, 5, 0, Frames.SYN, 0, 0);
        p.server.receive(other, n, 0);
        assertThat(p.wire.toClient.poll()).as("a reset").isNotNull();
        assertThat(p.serverStats.get(Counter.TCP_DROP)).isEqualTo(1);

        p.server.handToKernel((f, len) -> toKernel.add(f.asSlice(0, len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        p.server.receive(other, n, 0); // now the kernel's
        MemorySegment icmp = MemorySegment.ofArray(new byte[64]);
        Frames.tcp(icmp, SERVER_MAC, CLIENT_MAC, 0x0a010001, SERVER_IP, 1000, 80, 5, 0, Frames.SYN, 0, 0);
        icmp.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 14 + 9, (byte) 1); // the same frame made ICMP
        p.server.receive(icmp, 64, 0);
        MemorySegment reply = MemorySegment.ofArray(new byte[64]);
        int r = Frames.arp(reply, 2, SERVER_MAC, CLIENT_MAC, 0x0a000002, SERVER_MAC, SERVER_IP);
        p.server.receive(reply, r, 0);
        MemorySegment ask = MemorySegment.ofArray(new byte[64]);
        int a = Frames.arp(ask, 1, Frames.BROADCAST, CLIENT_MAC, 0x0a000002, Frames.ZERO_MAC, SERVER_IP);
        p.server.receive(ask, a, 0); // a request for the engine's own address: answered by the engine, not passed on

        assertThat(toKernel).hasSize(3);
        assertThat(p.serverStats.get(Counter.KNI_TX)).isEqualTo(3);
        assertThat(p.serverStats.get(Counter.TCP_DROP)).isEqualTo(1);
        assertThat(p.serverStats.get(Counter.ARP_TX)).isEqualTo(1);
        assertThat(p.wire.toClient).hasSize(1); // the ARP reply, no reset
        // the engine's own connections still go to the stack
        assertThat(p.client.launch(p.now)).isTrue();
        p.settle();
        assertThat(p.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
        assertThat(toKernel).hasSize(3);
    }

    /** Sends the server an ARP request for {@code target} and returns the ARP reply it sent, or null. */
    private static byte[] arpAsk(Pair p, int target) {
        MemorySegment ask = MemorySegment.ofArray(new byte[64]);
        int a = Frames.arp(ask, 1, Frames.BROADCAST, CLIENT_MAC, 0x0a000002, Frames.ZERO_MAC, target);
        p.server.receive(ask, a, 0);
        return p.wire.toClient.poll();
    }

    @Test
    void theServerAnswersArpForItsAddressAndThePortsAndWithNeighIgnoreForThePortsOnly() {
        int portIp = 0x0a000009; // 10.0.0.9: the 'port' line's address, the server's being 10.0.0.1
        byte[] portAddress = {10, 0, 0, 9};
        Pair p = new Pair(1, 1, true, 0, 1);
        p.server.portAddress(portAddress);
        assertThat(arpAsk(p, SERVER_IP)).as("the server's address").isNotNull();
        byte[] reply = arpAsk(p, portIp);
        assertThat(reply).as("the port's address").isNotNull();
        MemorySegment r = MemorySegment.ofArray(reply);
        assertThat(Frames.arpOper(r)).isEqualTo(2);
        assertThat(Frames.arpSenderIp(r)).isEqualTo(portIp);
        assertThat(Frames.arpSenderMac(r)).isEqualTo(SERVER_MAC);
        assertThat(arpAsk(p, 0x0a000003)).as("another address").isNull();

        // LVS-DR: the load balancer alone answers for the virtual address (the server's); the real server for its own
        Pair dr = new Pair(1, 1, true, 0, 1);
        List<byte[]> toKernel = new java.util.ArrayList<>();
        dr.server.handToKernel((f, len) -> toKernel.add(f.asSlice(0, len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        dr.server.portAddress(portAddress);
        dr.server.answerOnlyForPort();
        assertThat(arpAsk(dr, SERVER_IP)).as("the virtual address").isNull();
        assertThat(toKernel).as("the unanswered request, the kernel's to see").hasSize(1);
        assertThat(Frames.arpSenderIp(MemorySegment.ofArray(arpAsk(dr, portIp)))).isEqualTo(portIp);
        assertThat(dr.serverStats.get(Counter.ARP_RX)).isEqualTo(2);
        assertThat(dr.serverStats.get(Counter.ARP_TX)).isEqualTo(1);
        // connections to the virtual address are served as before
        assertThat(dr.client.launch(dr.now)).isTrue();
        dr.settle();
        assertThat(dr.clientStats.get(Counter.HTTP_2XX)).isEqualTo(1);
    }
}
