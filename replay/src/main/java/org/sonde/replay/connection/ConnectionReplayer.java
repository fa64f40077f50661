package org.sonde.replay.connection;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.replay.recording.Arrival;
import org.sonde.replay.recording.ConnectionLog;
import org.sonde.replay.recording.EndpointLog;
import org.sonde.replay.recording.HandlerKind;
import org.sonde.replay.recording.RateSampler;
import org.sonde.replay.recording.RecordedCall;
import org.sonde.replay.recording.Recording;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Network;
import org.sonde.sim.tcp.TcpInfo;
import org.sonde.sim.tcp.TcpObserver;
import org.sonde.sim.tcp.TcpSegment;
import org.sonde.sim.tcp.TcpSocket;
import org.sonde.sim.tcp.TcpStack;

/**
 * DETER's per-connection replay (§3.1–3.2) on two simulated hosts and nothing else: the same TCP with the same
 * configuration, a socket-call generator that makes the recorded application calls (inside the recorded
 * callbacks, or on their own at the recorded times), a packet corrector that hands each segment to the other
 * endpoint only if the recording says it arrived, at its recorded delay, with its recorded CE mark, and the
 * recorded handler order enforced where events fall on the same nanosecond. The endpoints' random draws are
 * the recorded ones. Any departure from the recording (a timer the recording does not have, a segment sent
 * that was not, a call or arrival left over) is a {@link ReplayDivergenceException}.
 */
final class ConnectionReplayer {
    /** A same-instant event waits at most this many times for the handlers the recording puts before it. */
    private static final int MAX_DEFERRALS = 10_000;
    private static final String[] CA_STATES = {"Open", "Disorder", "CWR", "Recovery", "Loss"};

    private final Recording rec;
    private final ConnectionLog log;
    private final Simulator sim;
    private final Host[] hosts = new Host[2];
    private final TcpStack[] stacks = new TcpStack[2];
    private final Side[] sides = new Side[2];
    private final List<ReplayedPacket> packets = new ArrayList<>();
    private final List<StateEvent> states = new ArrayList<>();
    private long maxError;

    private record Pending(TcpSegment segment, long due, boolean ce) {}

    private final class Side implements TcpSocket.Listener {
        final int id;
        final List<RecordedCall> nested = new ArrayList<>();
        final List<RecordedCall> own = new ArrayList<>();
        final List<HandlerKind> handlers;
        final List<Arrival> arrivals;
        final Map<Long, Arrival> arrivalByIndex = new HashMap<>();
        final Map<Long, Pending> pending = new HashMap<>();
        final List<RateSampler.Sample> samples;
        final long recordedSent;
        final long iss;
        final long tsOffset;
        int nextNested;
        int nextOwn;
        int nextHandler;
        int nextArrival;
        long ordinal;
        long sent;
        TcpSocket socket;
        int deferrals;

        Side(int id, EndpointLog e, long iss, long tsOffset) {
            this.id = id;
            for (RecordedCall c : e.decodeCalls(rec.patterns(), log.startNanos())) (c.nested() ? nested : own).add(c);
            this.handlers = e.decodeHandlers();
            this.arrivals = e.decodeArrivals();
            for (Arrival a : arrivals) {
                if (arrivalByIndex.put(a.index(), a) != null) throw new ReplayDivergenceException(name() + " has segment " + a.index() + " arriving twice");
            }
            this.samples = e.decodeSamples();
            this.recordedSent = e.decodeSentCount();
            this.iss = iss;
            this.tsOffset = tsOffset;
        }

        String name() {
            return id == 0 ? "client" : "server";
        }

        HandlerKind nextHandler() {
            return nextHandler < handlers.size() ? handlers.get(nextHandler) : null;
        }

        void expect(HandlerKind k, String what) {
            HandlerKind want = nextHandler();
            if (want != k) {
                throw new ReplayDivergenceException("connection " + log.id() + ": the " + name() + " handled " + what + " at " + sim.now()
                        + " ns where the recording has " + (want == null ? "nothing more" : want) + " (handler " + (nextHandler + 1) + ")");
            }
            nextHandler++;
        }

        /** The socket-call generator: the calls recorded inside this callback. */
        void callbackRuns(TcpSocket s) {
            long mine = ordinal;
            while (nextNested < nested.size() && nested.get(nextNested).callback() == mine) {
                RecordedCall c = nested.get(nextNested++);
                issue(s, c);
                snapshot(this, "call " + c.pattern().call() + describeArgs(c));
            }
        }

        @Override
        public void connected(TcpSocket s) {
            callbackRuns(s);
        }

        @Override
        public void acked(TcpSocket s, long totalAcked) {
            callbackRuns(s);
        }

        @Override
        public void readable(TcpSocket s, long unread) {
            callbackRuns(s);
        }

        @Override
        public void read(TcpSocket s, long bytes, long totalRead) {
            callbackRuns(s);
        }

        @Override
        public void peerClosed(TcpSocket s) {
            callbackRuns(s);
        }

        @Override
        public void closed(TcpSocket s, boolean reset) {
            callbackRuns(s);
        }
    }

    private ConnectionReplayer(Recording rec, ConnectionLog log) {
        this.rec = rec;
        this.log = log;
        if (log.clientIp() == log.serverIp()) throw new ReplayDivergenceException("connection " + log.id() + " joins a host to itself; not replayed");
        Network net = new Network(0);
        this.sim = net.simulator();
        hosts[0] = net.addHost("client", log.clientIp(), HostConfig.DEFAULT);
        hosts[1] = net.addHost("server", log.serverIp(), HostConfig.DEFAULT);
        // each endpoint's NIC leads to a host that swallows its frames: the corrector alone carries segments across
        int spare = 0x0A_FF_FF_00;
        for (int i = 0; i < 2; i++) {
            while (spare == log.clientIp() || spare == log.serverIp()) spare++;
            Host wire = net.addHost("wire" + i, spare++, HostConfig.DEFAULT);
            net.connect(hosts[i], wire, 400_000_000_000L, 1);
        }
        sides[0] = new Side(0, log.client(), log.clientIss(), log.clientTsOffset());
        sides[1] = new Side(1, log.server(), log.serverIss(), log.serverTsOffset());
        for (int i = 0; i < 2; i++) {
            stacks[i] = new TcpStack(hosts[i], rec.config());
            stacks[i].observe(observer);
        }
    }

    /**
     * Replays connection {@code id} of {@code rec}.
     *
     * @throws IllegalArgumentException   if the recording has no such connection
     * @throws ReplayDivergenceException  if the connection's recording is incomplete or the replay departs from it
     */
    public static ConnectionReplay replay(Recording rec, int id) {
        ConnectionLog log = rec.connection(id);
        if (log == null) throw new IllegalArgumentException("the recording has no connection " + id + " (it has 0.." + (rec.connections().size() - 1) + ")");
        if (log.problem() != null) throw new ReplayDivergenceException("connection " + id + " cannot be replayed: " + log.problem());
        return new ConnectionReplayer(rec, log).run();
    }

    private ConnectionReplay run() {
        Side server = sides[1];
        stacks[1].listen(log.serverPort(), s -> {
            s.setListener(server);
            server.callbackRuns(s);
        });
        sim.at(log.startNanos(), () -> stacks[0].connect(hosts[1], log.serverPort(), log.clientPort(), log.priority(), sides[0]));
        for (Side s : sides) {
            for (RecordedCall c : s.own) sim.at(c.timeNanos(), () -> drain(s));
        }
        sim.runUntil(rec.endNanos()); // the recording stops where the run did
        for (Side s : sides) {
            String left = null;
            if (s.nextHandler < s.handlers.size()) left = (s.handlers.size() - s.nextHandler) + " handlers (next " + s.handlers.get(s.nextHandler) + ")";
            else if (s.nextNested < s.nested.size()) left = (s.nested.size() - s.nextNested) + " calls inside callbacks";
            else if (s.nextOwn < s.own.size()) left = (s.own.size() - s.nextOwn) + " calls";
            else if (s.nextArrival < s.arrivals.size()) left = (s.arrivals.size() - s.nextArrival) + " arrivals";
            else if (s.sent != s.recordedSent) left = "sent " + s.sent + " segments where the recording has " + s.recordedSent;
            if (left != null) throw new ReplayDivergenceException("connection " + log.id() + ": the " + s.name() + "'s replay ended with " + left + " left over");
        }
        long handlers = sides[0].handlers.size() + sides[1].handlers.size();
        long calls = sides[0].nested.size() + sides[0].own.size() + sides[1].nested.size() + sides[1].own.size();
        long arrivals = sides[0].arrivals.size() + sides[1].arrivals.size();
        return new ConnectionReplay(log.id(), log.src(), log.dst(), rec.epochNanos(), rec.thresholdNanos(), List.copyOf(packets), List.copyOf(states),
                maxError, handlers, calls, arrivals);
    }

    /** Runs every handler of {@code s} due now whose turn it is: recorded arrivals and the endpoint's own calls. */
    private void drain(Side s) {
        long now = sim.now();
        while (true) {
            HandlerKind k = s.nextHandler();
            if (k == HandlerKind.ARRIVAL && s.nextArrival < s.arrivals.size()) {
                Pending p = s.pending.get(s.arrivals.get(s.nextArrival).index());
                if (p == null || p.due != now) break;
                s.pending.remove(s.arrivals.get(s.nextArrival).index());
                s.nextArrival++;
                if (p.ce) p.segment.ecn = IpFrame.ECN_CE;
                stacks[s.id].receive(p.segment);
                snapshot(s, "arrival " + describe(p.segment));
            } else if (k == HandlerKind.CALL && s.nextOwn < s.own.size() && s.own.get(s.nextOwn).timeNanos() == now) {
                RecordedCall c = s.own.get(s.nextOwn++);
                s.expect(HandlerKind.CALL, "a call");
                if (s.socket == null) throw new ReplayDivergenceException("connection " + log.id() + ": the " + s.name() + " calls " + c.pattern().call() + " before it exists");
                issue(s.socket, c);
                snapshot(s, "call " + c.pattern().call() + describeArgs(c));
            } else {
                break;
            }
        }
        if (dueNow(s, now)) {
            // something of this endpoint is due now but the recording puts another handler (a timer) first: wait behind it
            if (++s.deferrals > MAX_DEFERRALS) {
                throw new ReplayDivergenceException("connection " + log.id() + ": the " + s.name() + " waits at " + now + " ns for "
                        + s.nextHandler() + ", which never comes");
            }
            sim.at(now, () -> drain(s));
        } else {
            s.deferrals = 0;
        }
    }

    private static boolean dueNow(Side s, long now) {
        for (Pending p : s.pending.values()) if (p.due == now) return true;
        return s.nextOwn < s.own.size() && s.own.get(s.nextOwn).timeNanos() == now;
    }

    private static void issue(TcpSocket s, RecordedCall c) {
        long a = c.pattern().a();
        long b = c.pattern().b();
        switch (c.pattern().call()) {
            case SEND -> s.send(a);
            case CLOSE -> s.close();
            case ABORT -> s.abort();
            case READ -> s.read(a);
            case READ_ALL -> s.readAll();
            case READ_AT_RATE -> s.readAtRate(a, (int) b);
            case STOP_READING -> s.stopReading();
            case LOCK -> s.lockSock();
            case RELEASE -> s.releaseSock();
        }
    }

    private static String describeArgs(RecordedCall c) {
        return switch (c.pattern().call()) {
            case SEND, READ -> " " + c.pattern().a();
            case READ_AT_RATE -> " " + c.pattern().a() + " b/s, " + c.pattern().b() + " B";
            default -> "";
        };
    }

    private static String describe(TcpSegment s) {
        return s.toString().substring(4);
    }

    private Side side(TcpSocket s) {
        return s.host() == hosts[0] ? sides[0] : sides[1];
    }

    private void snapshot(Side s, String event) {
        TcpSocket k = s.socket;
        if (k == null) return;
        TcpInfo i = k.info();
        states.add(new StateEvent(sim.now(), s.name(), event, i.state().name(), i.caState() >= 0 && i.caState() < CA_STATES.length ? CA_STATES[i.caState()] : "?",
                i.cwnd(), i.ssthresh(), i.rtoNanos(), i.srttNanos(), i.rttvarNanos(), i.backoff(), k.receiveWindowBytes(), i.sendWindow(), i.reordering(),
                i.packetsOut(), i.sackedOut(), i.lostOut(), i.retransOut(), i.totalRetransmissions(), k.inQuickAckMode(), k.quickAcksLeft(),
                k.delayedAckPending()));
    }

    private final TcpObserver observer = new TcpObserver() {
        @Override
        public void created(TcpSocket socket) {
            Side s = side(socket);
            if (s.socket != null) throw new ReplayDivergenceException("connection " + log.id() + ": the " + s.name() + " opened a second socket");
            s.socket = socket;
        }

        @Override
        public long nondeterministic(TcpSocket socket, Draw what, long drawn) {
            Side s = side(socket);
            return what == Draw.ISS ? s.iss : s.tsOffset;
        }

        @Override
        public void arrived(TcpSocket socket, TcpSegment segment) {
            side(socket).expect(HandlerKind.ARRIVAL, "a segment");
        }

        @Override
        public void sent(TcpSocket socket, TcpSegment segment) {
            Side s = side(socket);
            long now = sim.now();
            long index = s.sent++;
            if (index >= s.recordedSent) {
                throw new ReplayDivergenceException("connection " + log.id() + ": the " + s.name() + " sends segment " + (index + 1) + " ("
                        + describe(segment) + ") at " + now + " ns; the recording has " + s.recordedSent);
            }
            maxError = Math.max(maxError, Math.abs(now - RateSampler.infer(s.samples, index)));
            packets.add(new ReplayedPacket(now, s.id, index, segment.encode()));
            snapshot(s, "send " + describe(segment));
            Side peer = sides[1 - s.id];
            Arrival a = peer.arrivalByIndex.get(index);
            if (a == null) return; // the network dropped it
            long due = now + a.delayNanos();
            peer.pending.put(index, new Pending(segment, due, a.ce()));
            sim.at(due, () -> drain(peer));
        }

        @Override
        public void timer(TcpSocket socket, TimerKind kind, boolean done) {
            Side s = side(socket);
            if (!done) {
                s.expect(HandlerKind.of(kind), "timer " + kind);
                return;
            }
            snapshot(s, "timer " + kind); // an arrival or call waiting behind this timer runs from its own, re-queued event
        }

        @Override
        public void callback(TcpSocket socket, Callback callback, boolean done) {
            if (!done) side(socket).ordinal++;
        }
    };

}
