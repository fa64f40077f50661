package org.sonde.replay.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.config.ConfigMap;
import org.sonde.sim.tcp.TcpConfig;

/** One recorded connection replayed alone: the kernel's sequence numbers, the recorded calls, and a recorded drop recovered. */
class LinuxConnectionReplayerTest {
    static final long ISS_C = 4_000_000_000L, ISS_S = 77;

    static RecordedConnection connection(List<DroppedSegment> drops) {
        return new RecordedConnection(0, "10.9.0.1", 40000, "10.9.0.2", 5001, 1_000_000, 20_000, ISS_C, ISS_S, 5, 6,
                List.of(new AppCall(AppCall.Kind.WRITE, 1_200_000, 5000), new AppCall(AppCall.Kind.READ, 3_000_000, 300),
                        new AppCall(AppCall.Kind.CLOSE, 3_100_000, 0)),
                List.of(new AppCall(AppCall.Kind.READ, 1_400_000, 5000), new AppCall(AppCall.Kind.WRITE, 1_500_000, 300),
                        new AppCall(AppCall.Kind.CLOSE, 3_200_000, 0)),
                drops, List.of(), null);
    }

    static long payload(List<HeaderRow> rows) {
        return rows.stream().mapToLong(HeaderRow::payloadBytes).sum();
    }

    @Test
    void aCleanConnectionSendsTheRecordedBytesFromTheKernelsSequenceNumbers() {
        LinuxConnectionReplayer.Replayed r = LinuxConnectionReplayer.replay(connection(List.of()), TcpConfig.LINUX, 20_000);
        assertThat(r.fromClient().getFirst()).extracting(HeaderRow::seq, HeaderRow::flags).containsExactly(0L, 0x02);
        assertThat(r.fromServer().getFirst()).extracting(HeaderRow::seq, HeaderRow::ack, HeaderRow::flags).containsExactly(0L, 1L, 0x12);
        assertThat(payload(r.fromClient())).isEqualTo(5000);
        assertThat(payload(r.fromServer())).isEqualTo(300);
        assertThat(r.fromClient()).as("the client's FIN after its data").anyMatch(h -> (h.flags() & 1) != 0 && h.seq() == 5001);
        assertThat(r.fromServer()).as("the server's FIN after its data").anyMatch(h -> (h.flags() & 1) != 0 && h.seq() == 301);
        assertThat(r.fromClient().getFirst().timeNanos()).as("seen at the server after the one-way delay").isEqualTo(20_000);
    }

    @Test
    void aRecordedDropIsRetransmitted() {
        // the client's first data segment (relative seq 1), as the kernel's header had it
        DroppedSegment drop = new DroppedSegment(true, 1_300_000, ISS_C + 1 & 0xFFFF_FFFFL, ISS_S + 1, 0x10, 1448);
        LinuxConnectionReplayer.Replayed r = LinuxConnectionReplayer.replay(connection(List.of(drop)), TcpConfig.LINUX, 20_000);
        long sentAtOne = r.fromClient().stream().filter(h -> h.seq() == 1 && h.payloadBytes() > 0).count();
        assertThat(sentAtOne).as("the dropped segment and its retransmission").isEqualTo(2);
        assertThat(r.fromServer()).as("the server's ACKs reach the whole request in the end").anyMatch(h -> h.ack() == 5001);
    }

    /**
     * The client's read held its socket from 1.45 to 1.9 ms (it slept before): the server's 5,000 B response, written at
     * 1.5 ms, reaches it at 1.52 ms, waits in its backlog, and one ACK answers it all at the release; without the
     * backlog the client acknowledges the segments as they come.
     */
    @Test
    void segmentsThatReachAHeldSocketAreAcknowledgedAtTheRecordedRelease() {
        AppCall read = new AppCall(AppCall.Kind.READ, 1_900_000, 5000, List.of(new AppCall.Held(1_300_000, 1_310_000),
                new AppCall.Held(1_450_000, 1_900_000)));
        RecordedConnection c = new RecordedConnection(0, "10.9.0.1", 40000, "10.9.0.2", 5001, 1_000_000, 20_000, ISS_C, ISS_S, 5, 6,
                List.of(new AppCall(AppCall.Kind.WRITE, 1_200_000, 100), read, new AppCall(AppCall.Kind.CLOSE, 3_100_000, 0)),
                List.of(new AppCall(AppCall.Kind.READ, 1_400_000, 100), new AppCall(AppCall.Kind.WRITE, 1_500_000, 5000),
                        new AppCall(AppCall.Kind.CLOSE, 3_200_000, 0)), List.of(), List.of(), null);
        TcpConfig backlog = TcpConfig.parse(ConfigMap.of("tcp", Map.of("socket-backlog", true)));
        List<HeaderRow> acks = dataAcks(LinuxConnectionReplayer.replay(c, backlog, 20_000).fromClient());
        assertThat(acks).singleElement().satisfies(a -> {
            assertThat(a.ack()).isEqualTo(5001);
            assertThat(a.timeNanos()).as("sent at the release, 0.9 ms after the connect, seen 20 us later").isEqualTo(920_000);
        });
        List<HeaderRow> without = dataAcks(LinuxConnectionReplayer.replay(c, TcpConfig.LINUX, 20_000).fromClient());
        assertThat(without).hasSizeGreaterThan(1);
        assertThat(without.getFirst().timeNanos()).as("on the first segment's arrival").isLessThan(600_000);
    }

    /** The client's pure ACKs of the server's data (not of its FIN). */
    private static List<HeaderRow> dataAcks(List<HeaderRow> fromClient) {
        return fromClient.stream().filter(h -> h.payloadBytes() == 0 && (h.flags() & 0x11) == 0x10 && h.ack() > 1 && h.ack() <= 5001).toList();
    }

    @Test
    void theReadsHeldSpansInOrderOverlappingOnesJoined() {
        List<AppCall> calls = List.of(new AppCall(AppCall.Kind.READ, 40, 1, List.of(new AppCall.Held(10, 20), new AppCall.Held(30, 40))),
                new AppCall(AppCall.Kind.WRITE, 50, 1, List.of(new AppCall.Held(50, 55))),
                new AppCall(AppCall.Kind.READ, 60, 1, List.of(new AppCall.Held(35, 60))), new AppCall(AppCall.Kind.CLOSE, 70, 0));
        assertThat(LinuxConnectionReplayer.heldSpans(calls)).as("a write's span is not applied: the model's write copies at once")
                .containsExactly(new AppCall.Held(10, 20), new AppCall.Held(30, 60));
    }
}
