package org.sonde.replay.linux;

import java.util.ArrayList;
import java.util.List;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpObserver;
import org.sonde.sim.tcp.TcpSegment;
import org.sonde.sim.tcp.TcpSocket;
import org.sonde.sim.tcp.TcpStack;

/**
 * Replays one recorded real connection alone on the simulator's Linux-like TCP: two simulated hosts with the
 * namespaces' addresses and the model configured like the kernel, the kernel's initial sequence numbers and
 * timestamp offsets as the endpoints' random draws, the recorded writes, reads and closes at their recorded times,
 * and a corrector that carries each segment to the other endpoint
 * after the recorded one-way delay unless the recording says the network dropped it. With the model's socket backlog
 * ({@link TcpConfig#socketBacklog()}) each endpoint's application holds its socket in the spans its reads held the
 * kernel's, and a read takes its data when it last took the socket (where the kernel's read copied and sent its
 * window update, before the release), not at its return. Writes hold the model's socket only while the model's own
 * write waits for nothing: it copies at once, so the kernel's writer's span (its copying, and the releases inside it
 * at {@code sk_stream_wait_memory()} that need no sleep, which the recorder cannot see) would hold the model's
 * socket past the points where the kernel's handled its backlog. Gives the segments as the
 * capture saw them: on arrival at the other namespace (before its nftables rules).
 */
final class LinuxConnectionReplayer {
    /** How long the replay runs past the last recorded call: a retransmission's backoff, the FIN handshake. */
    private static final long TAIL_NANOS = 30_000_000_000L;

    /**
     * The replayed packets of one connection per direction, client to server first, and the recorded calls the model
     * could not make (its socket was not open or already closed then), each said in a sentence.
     */
    record Replayed(List<HeaderRow> fromClient, List<HeaderRow> fromServer, List<String> refusedCalls) {}

    private LinuxConnectionReplayer() {}

    static Replayed replay(RecordedConnection c, TcpConfig config, long defaultDelayNanos) {
        long delay = c.oneWayDelayNanos() > 0 ? c.oneWayDelayNanos() : defaultDelayNanos;
        Network net = new Network(0);
        Simulator sim = net.simulator();
        int clientIp = Ipv4Address.parse(c.clientIp()).value(), serverIp = Ipv4Address.parse(c.serverIp()).value();
        Host[] hosts = {net.addHost("client", clientIp, HostConfig.DEFAULT), net.addHost("server", serverIp, HostConfig.DEFAULT)};
        // each endpoint's NIC leads to a host that swallows its frames: the corrector alone carries segments across
        int spare = 0x0A_FF_FF_00;
        for (int i = 0; i < 2; i++) {
            while (spare == clientIp || spare == serverIp) spare++;
            net.connect(hosts[i], net.addHost("wire" + i, spare++, HostConfig.DEFAULT), 400_000_000_000L, 1);
        }
        TcpStack[] stacks = {new TcpStack(hosts[0], config), new TcpStack(hosts[1], config)};
        TcpSocket[] sockets = new TcpSocket[2];
        List<HeaderRow> fromClient = new ArrayList<>(), fromServer = new ArrayList<>();
        List<DroppedSegment> drops = new ArrayList<>(c.drops());
        long[] iss = {c.clientIss(), c.serverIss()}, tsOffset = {c.clientTsOffset(), c.serverTsOffset()};
        TcpObserver observer = new TcpObserver() {
            @Override
            public void created(TcpSocket socket) {
                sockets[socket.host() == hosts[0] ? 0 : 1] = socket;
            }

            @Override
            public long nondeterministic(TcpSocket socket, Draw what, long drawn) {
                int side = socket.host() == hosts[0] ? 0 : 1;
                return what == Draw.ISS ? iss[side] : tsOffset[side];
            }

            @Override
            public void sent(TcpSocket socket, TcpSegment s) {
                boolean client = socket.host() == hosts[0];
                long now = sim.now();
                long seq = Integer.toUnsignedLong(s.seq), ack = Integer.toUnsignedLong(s.ack);
                long mySeq = client ? c.clientIss() : c.serverIss(), peerSeq = client ? c.serverIss() : c.clientIss();
                boolean acks = (s.flags & 0x10) != 0;
                HeaderRow row = new HeaderRow(now + delay, (seq - mySeq) & 0xFFFF_FFFFL, acks ? (ack - peerSeq) & 0xFFFF_FFFFL : 0,
                        s.flags, s.payloadBytes, s.window);
                (client ? fromClient : fromServer).add(row);
                for (int i = 0; i < drops.size(); i++) {
                    DroppedSegment d = drops.get(i);
                    if (d.fromClient() == client && d.seq() == seq && (!acks || d.ack() == ack) && d.flags() == s.flags && d.payloadBytes() == s.payloadBytes) {
                        drops.remove(i);
                        return; // the network dropped it
                    }
                }
                TcpStack peer = stacks[client ? 1 : 0];
                sim.at(now + delay, () -> peer.receive(s));
            }
        };
        for (TcpStack s : stacks) s.observe(observer);
        // a recorded read takes what has arrived by then; what it took in the kernel and has not arrived in the model
        // yet it takes on arrival, as a read blocked until data came would
        long[] owed = new long[2];
        List<String> refused = new ArrayList<>();
        Runnable[] drain = new Runnable[2];
        for (int side = 0; side < 2; side++) {
            int k = side;
            drain[k] = () -> {
                while (owed[k] > 0 && sockets[k] != null) {
                    long n = sockets[k].read(owed[k]);
                    if (n == 0) break;
                    owed[k] -= n;
                }
            };
        }
        TcpSocket.Listener[] readers = new TcpSocket.Listener[2];
        for (int side = 0; side < 2; side++) {
            int k = side;
            readers[k] = new TcpSocket.Listener() {
                @Override
                public void readable(TcpSocket s, long unread) {
                    drain[k].run();
                }
            };
        }
        stacks[1].listen(c.serverPort(), s -> s.setListener(readers[1]));
        sim.at(0, () -> stacks[0].connect(hosts[1], c.serverPort(), c.clientPort(), 0, readers[0]));
        long last = 0;
        for (int side = 0; side < 2; side++) {
            int k = side;
            List<AppCall> calls = side == 0 ? c.clientCalls() : c.serverCalls();
            if (config.socketBacklog()) {
                for (AppCall.Held h : heldSpans(calls)) {
                    sim.at(Math.max(0, h.fromNanos() - c.connectNanos()), () -> {
                        TcpSocket socket = sockets[k];
                        if (socket != null && socket.state() != TcpSocket.State.CLOSED) socket.lockSock();
                    });
                    sim.at(Math.max(0, h.toNanos() - c.connectNanos()), () -> {
                        if (sockets[k] != null) sockets[k].releaseSock();
                    });
                }
            }
            for (AppCall call : calls) {
                long when = call.kind() == AppCall.Kind.READ && config.socketBacklog() && !call.held().isEmpty() ? call.held().getLast().fromNanos()
                        : call.timeNanos();
                long at = Math.max(0, when - c.connectNanos());
                last = Math.max(last, at);
                sim.at(at, () -> {
                    TcpSocket socket = sockets[k];
                    if (call.kind() != AppCall.Kind.READ && (socket == null || socket.state() == TcpSocket.State.CLOSED
                            || socket.state() == TcpSocket.State.TIME_WAIT)) {
                        // the kernel's application made a call the model's socket cannot take: a divergence, not an error
                        refused.add((k == 0 ? "client " : "server ") + call.kind().name().toLowerCase(java.util.Locale.ROOT) + " at " + at
                                + " ns with the model's socket " + (socket == null ? "not open" : socket.state().name()));
                        return;
                    }
                    switch (call.kind()) {
                        case WRITE -> socket.send(call.bytes());
                        case CLOSE -> socket.close();
                        case READ -> {
                            owed[k] += call.bytes();
                            drain[k].run();
                        }
                    }
                });
            }
        }
        sim.runUntil(last + TAIL_NANOS);
        return new Replayed(fromClient, fromServer, refused);
    }

    /** The spans an endpoint's reads held its socket, in order, overlapping ones joined (one owner at a time). */
    static List<AppCall.Held> heldSpans(List<AppCall> calls) {
        List<AppCall.Held> all = new ArrayList<>();
        for (AppCall call : calls) if (call.kind() == AppCall.Kind.READ) all.addAll(call.held());
        all.sort(java.util.Comparator.comparingLong(AppCall.Held::fromNanos));
        List<AppCall.Held> out = new ArrayList<>();
        for (AppCall.Held h : all) {
            AppCall.Held prev = out.isEmpty() ? null : out.getLast();
            if (prev != null && h.fromNanos() <= prev.toNanos()) out.set(out.size() - 1, new AppCall.Held(prev.fromNanos(), Math.max(prev.toNanos(), h.toNanos())));
            else out.add(h);
        }
        return out;
    }
}
