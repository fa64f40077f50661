package org.sonde.replay.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

/** The recorder's lines into connections: a hand-written connection, any sequence of calls and drops, and malformed lines. */
class RecorderTraceTest {
    static final String CLIENT = "ffff8881", SERVER = "ffff8882", LISTENER = "ffff8880";

    /** The lines of one connection 10.9.0.1:40000 -> 10.9.0.2:5001 opened at 1000 with these calls and drops between. */
    static List<String> connection(List<String> between) {
        List<String> l = new ArrayList<>(List.of(
                "B 1",
                "T 10 " + LISTENER + " 7 10 5001 0 10.9.0.2 0.0.0.0",
                "T 1000 " + CLIENT + " 7 2 0 5001 10.9.0.1 10.9.0.2",
                "T 1100 " + SERVER + " 10 3 5001 40000 10.9.0.2 10.9.0.1",
                "T 1200 " + CLIENT + " 2 1 40000 5001 10.9.0.1 10.9.0.2",
                "E 1200 " + CLIENT + " 111 222 7",
                "T 1250 " + SERVER + " 3 1 5001 40000 10.9.0.2 10.9.0.1",
                "E 1250 " + SERVER + " 222 111 9"));
        l.addAll(between);
        l.addAll(List.of("T 9000 " + CLIENT + " 1 4 40000 5001 10.9.0.1 10.9.0.2", "T 9100 " + SERVER + " 8 9 5001 40000 10.9.0.2 10.9.0.1",
                "T 9200 " + CLIENT + " 4 7 40000 5001 10.9.0.1 10.9.0.2", "T 9300 " + SERVER + " 9 7 5001 40000 10.9.0.2 10.9.0.1"));
        return l;
    }

    @Test
    void aConnectionWithItsDrawsCallsDropsAndKernelEvents() {
        List<RecordedConnection> cs = RecorderTrace.read(connection(List.of(
                "W 2000 " + CLIENT + " 1900 500",
                "R 2100 " + SERVER + " 1300 500",
                "D 2050 10.9.0.2 5001 10.9.0.1 40000 223 612 16 1448",
                "X 2500 " + SERVER,
                "C 2400 " + SERVER + " 3",
                "W 2600 " + SERVER + " 0 -11")), "test");
        assertThat(cs).hasSize(1);
        RecordedConnection c = cs.getFirst();
        assertThat(c.problem()).isNull();
        assertThat(c.name()).isEqualTo("10.9.0.1:40000 -> 10.9.0.2:5001");
        assertThat(c.connectNanos()).isEqualTo(1000);
        assertThat(c.oneWayDelayNanos()).as("the handshake's last ACK: client established to server established").isEqualTo(50);
        assertThat(List.of(c.clientIss(), c.serverIss(), c.clientTsOffset(), c.serverTsOffset())).containsExactly(111L, 222L, 7L, 9L);
        assertThat(c.clientCalls()).containsExactly(new AppCall(AppCall.Kind.WRITE, 1900, 500), new AppCall(AppCall.Kind.CLOSE, 9000, 0));
        assertThat(c.serverCalls()).as("a read counts from its return; a failed write takes nothing")
                .containsExactly(new AppCall(AppCall.Kind.READ, 2100, 500), new AppCall(AppCall.Kind.CLOSE, 9100, 0));
        assertThat(c.drops()).containsExactly(new DroppedSegment(false, 2050, 223, 612, 16, 1448));
        assertThat(c.kernelEvents()).extracting(KernelEvent::what).containsExactly("congestion state Recovery", "retransmission");
    }

    @Test
    void linesFromTwoCpusAreTakenInTimeOrder() {
        // a socket address reused: the first connection's server closes at 1500, its address opens a second client at 1600;
        // bpftrace wrote the second client's lines (one CPU's buffer) before the close (another CPU's)
        List<String> lines = new ArrayList<>(connection(List.of()).subList(0, 8));
        lines.addAll(List.of("T 1600 " + SERVER + " 7 2 0 5001 10.9.0.1 10.9.0.2", "W 1700 " + SERVER + " 1650 99",
                "T 1500 " + SERVER + " 9 7 5001 40000 10.9.0.2 10.9.0.1", "W 1400 " + SERVER + " 1390 5"));
        List<RecordedConnection> cs = RecorderTrace.read(lines, "test");
        assertThat(cs).hasSize(2);
        assertThat(cs.get(0).serverCalls()).containsExactly(new AppCall(AppCall.Kind.WRITE, 1390, 5));
        assertThat(cs.get(1).clientCalls()).containsExactly(new AppCall(AppCall.Kind.WRITE, 1650, 99));
    }

    @Test
    void aClientThatNeverConnectedIsRecordedWithItsProblem() {
        List<RecordedConnection> cs = RecorderTrace.read(List.of("T 1000 " + CLIENT + " 7 2 0 5001 10.9.0.1 10.9.0.2",
                "T 3000 " + CLIENT + " 2 7 0 5001 10.9.0.1 10.9.0.2"), "test");
        assertThat(cs).singleElement().extracting(RecordedConnection::problem).isEqualTo("the client never became established");
    }

    @Test
    void aMalformedLineNamesItsPlace() {
        List<String> lines = connection(List.of("W 2000 " + CLIENT + " 1900"));
        assertThatThrownBy(() -> RecorderTrace.read(lines, "trace.txt")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("trace.txt").hasMessageContaining("line 9");
        assertThatThrownBy(() -> RecorderTrace.read(List.of("Q 1 2"), "trace.txt")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("'Q'");
        assertThatThrownBy(() -> RecorderTrace.read(List.of("B x"), "trace.txt")).isInstanceOf(BadInputException.class).hasMessageContaining("'x'");
    }

    @Provide
    Arbitrary<List<Object>> events() {
        Arbitrary<Object> call = Combinators.combine(Arbitraries.of(AppCall.Kind.WRITE, AppCall.Kind.READ), Arbitraries.of(true, false),
                Arbitraries.longs().between(2000, 8000), Arbitraries.longs().between(1, 1 << 20)).as((k, client, t, b) -> new Object[] {k, client, t, b});
        Arbitrary<Object> drop = Combinators.combine(Arbitraries.of(true, false), Arbitraries.longs().between(2000, 8000),
                Arbitraries.longs().between(0, 0xFFFF_FFFFL), Arbitraries.longs().between(0, 0xFFFF_FFFFL), Arbitraries.integers().between(0, 255),
                Arbitraries.integers().between(0, 1448)).as((c, t, s, a, f, l) -> new DroppedSegment(c, t, s, a, f, l));
        return Arbitraries.oneOf(call, drop).list().ofMaxSize(40);
    }

    /** The recorder's line of a generated event: a write's time is its entry (the line's 5 ns later), a read's its return. */
    static String line(Object e) {
        if (e instanceof DroppedSegment d) {
            return "D " + d.timeNanos() + " " + (d.fromClient() ? "10.9.0.1 40000 10.9.0.2 5001 " : "10.9.0.2 5001 10.9.0.1 40000 ") + d.seq() + " "
                    + d.ack() + " " + d.flags() + " " + d.payloadBytes();
        }
        Object[] c = (Object[]) e;
        boolean write = c[0] == AppCall.Kind.WRITE;
        long t = (long) c[2];
        return (write ? "W " + (t + 5) : "R " + t) + " " + ((boolean) c[1] ? CLIENT : SERVER) + " " + (write ? t : t - 5) + " " + c[3];
    }

    static long lineTime(Object e) {
        return Long.parseLong(line(e).split(" ")[1]);
    }

    @Property(tries = 200)
    void everyCallAndDropComesBackAsWritten(@ForAll("events") List<Object> events) {
        List<String> between = new ArrayList<>();
        List<AppCall> client = new ArrayList<>(), server = new ArrayList<>();
        List<DroppedSegment> drops = new ArrayList<>();
        // the lines go out as generated; the reader takes them in the order of their times (a write's line comes 5 ns after its entry)
        for (Object e : events) between.add(line(e));
        List<Object> byTime = new ArrayList<>(events);
        byTime.sort(java.util.Comparator.comparingLong(RecorderTraceTest::lineTime));
        for (Object e : byTime) {
            if (e instanceof DroppedSegment d) {
                drops.add(d);
            } else {
                Object[] c = (Object[]) e;
                ((boolean) c[1] ? client : server).add(new AppCall((AppCall.Kind) c[0], (long) c[2], (long) c[3]));
            }
        }
        client.add(new AppCall(AppCall.Kind.CLOSE, 9000, 0));
        server.add(new AppCall(AppCall.Kind.CLOSE, 9100, 0));
        RecordedConnection c = RecorderTrace.read(connection(between), "generated").getFirst();
        assertThat(c.clientCalls()).isEqualTo(client);
        assertThat(c.serverCalls()).isEqualTo(server);
        assertThat(c.drops()).isEqualTo(drops);
    }

    @Test
    void aCallHoldsTheSocketFromItsEntryToItsReturnLessItsSleeps() {
        List<RecordedConnection> cs = RecorderTrace.read(connection(List.of(
                "S 1300 77", "U 1310 77", // the thread slept in an earlier call, not a socket's
                "S 2100 77", "U 2400 77", "S 2500 77", "U 2900 77",
                "W 3000 " + CLIENT + " 2000 500 77",
                "R 3500 " + SERVER + " 3400 500 88",
                "W 3600 " + SERVER + " 3550 9")), "test");
        RecordedConnection c = cs.getFirst();
        assertThat(c.clientCalls().getFirst()).isEqualTo(new AppCall(AppCall.Kind.WRITE, 2000, 500,
                List.of(new AppCall.Held(2000, 2100), new AppCall.Held(2400, 2500), new AppCall.Held(2900, 3000))));
        assertThat(c.serverCalls().getFirst().held()).as("a read that did not sleep").containsExactly(new AppCall.Held(3400, 3500));
        assertThat(c.serverCalls().get(1).held()).as("the recorder before the thread ids: not known").isEmpty();
        assertThatThrownBy(() -> RecorderTrace.read(connection(List.of("S 2100")), "t.txt")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("line 9");
        assertThatThrownBy(() -> RecorderTrace.read(connection(List.of("W 3000 " + CLIENT + " 2000 500 77 1")), "t.txt"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("W line of 7 fields");
    }

    /**
     * Calls one after another on a client thread and a server thread, each held and asleep by turns, with a sleep of
     * the same thread outside any call between them: each call comes back with the spans it held the socket.
     */
    @Property(tries = 200)
    void everyCallsHeldSpansComeBack(@ForAll("heldCalls") List<List<Integer>> calls) {
        List<String> between = new ArrayList<>();
        List<AppCall> client = new ArrayList<>(), server = new ArrayList<>();
        long t = 2000;
        for (int i = 0; i < calls.size(); i++) {
            List<Integer> turns = calls.get(i); // held, asleep, held, ...: the first is the write or read flag
            boolean onClient = i % 2 == 0, write = turns.getFirst() == 1;
            String tid = onClient ? "101" : "202";
            between.add("S " + (t + 3) + " " + tid); // a sleep outside the call
            between.add("U " + (t + 6) + " " + tid);
            long entry = t + 10, now = entry;
            List<AppCall.Held> held = new ArrayList<>();
            for (int k = 1; k < turns.size(); k++) {
                long next = now + turns.get(k);
                if (k % 2 == 1) held.add(new AppCall.Held(now, next));
                else {
                    between.add("S " + now + " " + tid);
                    between.add("U " + next + " " + tid);
                }
                now = next;
            }
            if (turns.size() % 2 == 1) held.add(new AppCall.Held(now, now + 1)); // a sleep is followed by a held span
            long exit = held.getLast().toNanos();
            between.add((write ? "W " : "R ") + exit + " " + (onClient ? CLIENT : SERVER) + " " + entry + " " + (i + 1) + " " + tid);
            (onClient ? client : server).add(new AppCall(write ? AppCall.Kind.WRITE : AppCall.Kind.READ, write ? entry : exit, i + 1, held));
            t = exit;
        }
        client.add(new AppCall(AppCall.Kind.CLOSE, 9000, 0));
        server.add(new AppCall(AppCall.Kind.CLOSE, 9100, 0));
        RecordedConnection c = RecorderTrace.read(connection(between), "generated").getFirst();
        assertThat(c.clientCalls()).isEqualTo(client);
        assertThat(c.serverCalls()).isEqualTo(server);
    }

    @Provide
    Arbitrary<List<List<Integer>>> heldCalls() {
        // at most 12 calls of at most 7 turns of at most 40 ns: they end before the connection closes at 9000
        Arbitrary<List<Integer>> turns = Combinators.combine(Arbitraries.integers().between(0, 1),
                Arbitraries.integers().between(1, 40).list().ofMinSize(1).ofMaxSize(7)).as((w, l) -> {
                    List<Integer> out = new ArrayList<>(List.of(w));
                    out.addAll(l);
                    return out;
                });
        return turns.list().ofMaxSize(12);
    }

    @Test
    void theTimerTickFromTheSoftirqsRuns() {
        // HZ 250: jiffy 4,300,000,000 ticked at 17,200,000,000,000,000 + 1,000 ns; the softirq ran 30-200 us after its ticks
        long origin = 1_000;
        List<String> runs = List.of("J " + (origin + 4_300_000_000L * 4_000_000 + 200_000) + " 4300000000",
                "J " + (origin + 4_300_000_001L * 4_000_000 + 30_000) + " 4300000001",
                "J " + (origin + 4_300_000_250L * 4_000_000 + 90_000) + " 4300000250");
        KernelTimerTick t = RecorderTrace.parse(connection(runs), "test").timerTick();
        assertThat(t).as("the length from the first and last jiffies, the origin from the run nearest its tick")
                .isEqualTo(new KernelTimerTick(4_000_000, origin + 30_000));
        assertThat(RecorderTrace.parse(connection(List.of(runs.getFirst())), "test").timerTick()).as("one jiffy tells no length").isNull();
        // a run whose jiffy fits no tick (seen in a recording: 516 among jiffies near 2^32) is not one of them
        List<String> odd = new ArrayList<>(runs);
        odd.add(1, "J " + (origin + 4_300_000_000L * 4_000_000 + 500_000) + " 516");
        assertThat(RecorderTrace.parse(connection(odd), "test").timerTick()).isEqualTo(new KernelTimerTick(4_000_000, origin + 30_000));
        assertThatThrownBy(() -> RecorderTrace.read(connection(List.of("J 5 ")), "test")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("line");
    }

    /** Runs at most a quarter tick late (the softirq's latency, under 0.75 ms at HZ 250 as traced) over at least 64 jiffies. */
    @Property(tries = 200)
    void anyHzAndPhaseComeBackFromTheRuns(@ForAll("hz") int hz, @ForAll("latencies") List<Long> latencies) {
        long tick = (1_000_000_000L + hz / 2) / hz; // TICK_NSEC
        long origin = 123_456_789L - 4_294_000_000L * tick; // jiffies near 2^32, as the kernel's start them
        List<String> runs = new ArrayList<>();
        long jiffy = 4_294_000_000L;
        for (long latency : latencies) {
            jiffy += 64 + latency % 7;
            runs.add("J " + (origin + jiffy * tick + latency % (tick / 4)) + " " + jiffy);
        }
        long nearest = latencies.stream().mapToLong(l -> l % (tick / 4)).min().orElseThrow();
        KernelTimerTick t = RecorderTrace.parse(connection(runs), "generated").timerTick();
        assertThat(t).isEqualTo(new KernelTimerTick(tick, origin + nearest));
        // one run with a jiffy that fits no tick, anywhere among them, changes nothing
        runs.add((int) (latencies.getFirst() % runs.size()), "J " + (origin + jiffy * tick) + " " + (latencies.getLast() % 100_000));
        assertThat(RecorderTrace.parse(connection(runs), "generated").timerTick()).isEqualTo(new KernelTimerTick(tick, origin + nearest));
    }

    @Provide
    Arbitrary<Integer> hz() {
        return Arbitraries.of(100, 250, 300, 1000);
    }

    @Provide
    Arbitrary<List<Long>> latencies() {
        return Arbitraries.longs().between(0, 3_000_000).list().ofMinSize(2).ofMaxSize(50);
    }
}
