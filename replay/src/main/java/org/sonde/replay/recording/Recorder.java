package org.sonde.replay.recording;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpObserver;
import org.sonde.sim.tcp.TcpSegment;
import org.sonde.sim.tcp.TcpSocket;

/**
 * DETER's runtime recorder (Table 1) for simulated hosts, attached to their TCP stacks as a {@link TcpObserver}.
 * Per connection it keeps what a replay of the two endpoints alone needs:
 * <ul>
 *   <li>the application's calls, as numbered {@link CallPattern}s, each tied to the callback it was made in or,
 *       made on its own, to its time;</li>
 *   <li>the network's changes to the packet stream, seen at the receiver: each arriving segment's index in its
 *       sender's order (gaps are drops, steps back reorderings, as DETER reads IP IDs), its CE mark, and its
 *       one-way delay as a residual against the previous one;</li>
 *   <li>the handler order: arrivals, own calls and timer firings (by kind) as run lengths;</li>
 *   <li>the endpoints' random draws (ISN, timestamp offset);</li>
 *   <li>send times sampled by {@link RateSampler} (Alg. 1) with error at most the threshold.</li>
 * </ul>
 * Why one-way delays rather than DETER's clock-read influences: the simulated TCP reads a nanosecond clock in
 * many places (RTT samples, RACK, HyStart, the ATO, timestamps), so the replay is made exact by handing every
 * segment to its endpoint at the recorded instant; timers then fire at the same instants by themselves.
 * Segments are numbered by identity, so the simulator's frames are left as they are.
 */
public final class Recorder implements TcpObserver {
    /**
     * Told of every segment a recorded connection sends, at its send time, and of its arrival at the other endpoint:
     * which endpoint sent it (0 client, 1 server) and its index there.
     */
    @FunctionalInterface
    public interface PacketListener {
        void sent(int connection, int side, long index, long timeNanos, TcpSegment segment);

        /** The segment {@code index} of endpoint {@code side} reached the other endpoint's TCP (dropped ones never do). */
        default void arrived(int connection, int side, long index, long timeNanos, TcpSegment segment) {
        }
    }

    private record Tuple(int clientIp, int clientPort, int serverIp, int serverPort) {}

    private record InFlight(Conn conn, int side, long index, long sentAt) {}

    private final class Side {
        final ByteLog calls = new ByteLog();
        final ByteLog handlers = new ByteLog();
        final ByteLog arrivals = new ByteLog();
        final RateSampler sampler = new RateSampler(thresholdNanos);
        long sent;
        long lastArrival = -1;
        long prevDelay;
        int depth;
        long ordinal;
        long lastCallOrdinal;
        long lastCallTime;
        int runKind = -1;
        long run;
        long plainRun;

        void flushPlain() {
            if (plainRun > 0) arrivals.unsigned((plainRun - 1) << 1 | 1);
            plainRun = 0;
        }

        void handler(HandlerKind k) {
            if (k.ordinal() == runKind) {
                run++;
                return;
            }
            flushRun();
            runKind = k.ordinal();
            run = 1;
        }

        void flushRun() {
            if (run > 0) handlers.unsigned(run << 4 | runKind);
            run = 0;
        }
    }

    private final class Conn {
        final int id;
        final Tuple tuple;
        final int priority;
        final long start;
        final Side[] sides = {new Side(), new Side()};
        final long[] draws = new long[4];
        String problem;

        Conn(int id, Tuple tuple, int priority, long start) {
            this.id = id;
            this.tuple = tuple;
            this.priority = priority;
            this.start = start;
            sides[0].lastCallTime = start;
            sides[1].lastCallTime = start;
        }

        void problem(String p) {
            if (problem == null) problem = p;
        }
    }

    private record Endpoint(Conn conn, int side) {}

    private final long thresholdNanos;
    private final PacketListener packets;
    private final List<Conn> conns = new ArrayList<>();
    private final Map<TcpSocket, Endpoint> endpoints = new IdentityHashMap<>();
    private final Map<Tuple, Conn> awaitingServer = new HashMap<>();
    private final Map<TcpSegment, InFlight> inFlight = new IdentityHashMap<>();
    private final Map<CallPattern, Integer> patterns = new LinkedHashMap<>();

    /** @param packets told of every segment sent (null: no one) */
    public Recorder(long thresholdNanos, PacketListener packets) {
        if (thresholdNanos < 0) throw new IllegalArgumentException("the sampling threshold must not be negative");
        this.thresholdNanos = thresholdNanos;
        this.packets = packets;
    }

    private static long now(TcpSocket s) {
        return s.host().network().simulator().now();
    }

    @Override
    public void created(TcpSocket s) {
        int localIp = s.host().ip();
        Conn c = awaitingServer.remove(new Tuple(s.remoteIp(), s.remotePort(), localIp, s.localPort()));
        if (c != null) {
            endpoints.put(s, new Endpoint(c, 1));
            return;
        }
        Tuple t = new Tuple(localIp, s.localPort(), s.remoteIp(), s.remotePort());
        c = new Conn(conns.size(), t, s.priority(), now(s));
        conns.add(c);
        awaitingServer.put(t, c);
        endpoints.put(s, new Endpoint(c, 0));
    }

    @Override
    public long nondeterministic(TcpSocket s, Draw what, long drawn) {
        Endpoint e = endpoints.get(s);
        if (e != null) e.conn.draws[e.side * 2 + what.ordinal()] = drawn;
        return drawn;
    }

    @Override
    public void sent(TcpSocket s, TcpSegment seg) {
        Endpoint e = endpoints.get(s);
        if (e == null) return;
        Side side = e.conn.sides[e.side];
        long t = now(s);
        long index = side.sent++;
        if (inFlight.put(seg, new InFlight(e.conn, e.side, index, t)) != null) e.conn.problem("a segment object was sent twice");
        side.sampler.add(index, t);
        if (packets != null) packets.sent(e.conn.id, e.side, index, t, seg);
    }

    @Override
    public void arrived(TcpSocket s, TcpSegment seg) {
        Endpoint e = endpoints.get(s);
        if (e == null) return;
        Side side = e.conn.sides[e.side];
        side.handler(HandlerKind.ARRIVAL);
        InFlight f = inFlight.remove(seg);
        if (f == null || f.conn != e.conn || f.side == e.side) {
            e.conn.problem("endpoint " + e.side + " received a segment from outside the connection (" + seg + ")");
            return;
        }
        long now = now(s);
        if (packets != null) packets.arrived(f.conn.id, f.side, f.index, now, seg);
        long delay = now - f.sentAt;
        long residual = delay - side.prevDelay;
        side.prevDelay = delay;
        boolean ce = seg.ecn == IpFrame.ECN_CE;
        long skip = f.index - side.lastArrival - 1;
        side.lastArrival = f.index;
        if (skip == 0 && !ce && residual == 0) { // the common case: the next segment, unmarked, as late as the one before
            side.plainRun++;
            return;
        }
        side.flushPlain();
        side.arrivals.unsigned((ByteLog.zigzag(skip) << 2 | (ce ? 2 : 0) | (residual != 0 ? 1 : 0)) << 1);
        if (residual != 0) side.arrivals.signed(residual);
    }

    @Override
    public void timer(TcpSocket s, TimerKind kind, boolean done) {
        if (done) return;
        Endpoint e = endpoints.get(s);
        if (e != null) e.conn.sides[e.side].handler(HandlerKind.of(kind));
    }

    @Override
    public void callback(TcpSocket s, Callback callback, boolean done) {
        Endpoint e = endpoints.get(s);
        if (e == null) return;
        Side side = e.conn.sides[e.side];
        if (done) {
            side.depth--;
        } else {
            side.depth++;
            side.ordinal++;
        }
    }

    @Override
    public void call(TcpSocket s, Call call, long a, long b) {
        Endpoint e = endpoints.get(s);
        if (e == null) return;
        Side side = e.conn.sides[e.side];
        Integer p = patterns.computeIfAbsent(new CallPattern(call, a, b), k -> patterns.size());
        side.calls.unsigned(p);
        if (side.depth > 0) {
            side.calls.unsigned((side.ordinal - side.lastCallOrdinal) << 1 | 1);
            side.lastCallOrdinal = side.ordinal;
        } else {
            long t = now(s);
            side.calls.unsigned((t - side.lastCallTime) << 1);
            side.lastCallTime = t;
            side.handler(HandlerKind.CALL);
        }
    }

    /** Connections seen so far. */
    public int connections() {
        return conns.size();
    }

    /** The recording of everything seen; the recorder should see no more afterwards. */
    public Recording finish(String scenario, long seed, long epochNanos, long endNanos, TcpConfig config) {
        List<ConnectionLog> logs = new ArrayList<>(conns.size());
        for (Conn c : conns) {
            EndpointLog[] ep = new EndpointLog[2];
            for (int i = 0; i < 2; i++) {
                Side sd = c.sides[i];
                sd.flushRun();
                sd.flushPlain();
                ep[i] = new EndpointLog(sd.calls.toArray(), sd.handlers.toArray(), sd.arrivals.toArray(), EndpointLog.encodeSamples(sd.sent, sd.sampler.finish()));
            }
            String problem = c.problem;
            logs.add(new ConnectionLog(c.id, c.tuple.clientIp, c.tuple.clientPort, c.tuple.serverIp, c.tuple.serverPort, c.priority, c.start,
                    c.draws[0], c.draws[1], c.draws[2], c.draws[3], ep[0], ep[1], problem));
        }
        return new Recording(scenario, seed, thresholdNanos, epochNanos, endNanos, config, List.copyOf(patterns.keySet()), List.copyOf(logs));
    }
}
