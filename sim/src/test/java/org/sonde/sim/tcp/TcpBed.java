package org.sonde.sim.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.sonde.core.config.ConfigMap;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortTap;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;

/** Two hosts A and B behind one switch, a TCP stack on each, and a trace of every segment either host sends. */
final class TcpBed {
    static final long RATE = 10_000_000_000L;
    static final long DELAY = 10_000;
    static final int PORT = 5001;

    /** A segment as it started on the wire: {@code fromA} tells the direction. */
    record Seen(long at, boolean fromA, TcpSegment segment) {
    }

    final Network net;
    final Simulator sim;
    final Host a;
    final Host b;
    final Switch sw;
    final TcpStack sa;
    final TcpStack sb;
    final List<Seen> trace = new ArrayList<>();
    /** Segment arrivals at A's and B's NICs, in order. */
    final List<Seen> arrivalsAtA = new ArrayList<>();
    final List<Seen> arrivalsAtB = new ArrayList<>();

    TcpBed(Map<String, Object> tcp) {
        this(config(tcp), HostConfig.DEFAULT, 1);
    }

    TcpBed(TcpConfig config, HostConfig hosts, long seed) {
        this(config, hosts, seed, RATE, DELAY);
    }

    TcpBed(TcpConfig config, HostConfig hosts, long seed, long rate, long delay) {
        net = new Network(seed);
        sim = net.simulator();
        a = net.addHost("a", hosts);
        b = net.addHost("b", hosts);
        sw = net.addSwitch("s", SwitchConfig.DEFAULT);
        net.connect(a, sw, rate, delay);
        net.connect(b, sw, rate, delay);
        net.computeRoutes();
        sa = new TcpStack(a, config);
        sb = new TcpStack(b, config);
        a.nic().addTap(tap(true, true));
        b.nic().addTap(tap(false, true));
        a.nic().addTap(arrivals(arrivalsAtA, false));
        b.nic().addTap(arrivals(arrivalsAtB, true));
    }

    private static PortTap arrivals(List<Seen> into, boolean fromA) {
        return new PortTap() {
            public boolean transmitted() {
                return false;
            }

            public boolean received() {
                return true;
            }

            public void record(long now, Frame f, Port p) {
                if (f instanceof TcpSegment s) into.add(new Seen(now, fromA, s));
            }
        };
    }

    static TcpConfig config(Map<String, Object> tcp) {
        return TcpConfig.parse(ConfigMap.of("tcp", tcp));
    }

    private PortTap tap(boolean fromA, boolean tx) {
        return new PortTap() {
            public boolean transmitted() {
                return tx;
            }

            public boolean received() {
                return !tx;
            }

            public void record(long now, Frame f, Port p) {
                if (f instanceof TcpSegment s) trace.add(new Seen(now, fromA, s));
            }
        };
    }

    /** Drops segments from A to B that match (the switch port facing A discards them). */
    void dropFromA(Predicate<TcpSegment> drop) {
        sw.port(0).setFilter((f, p) -> !(f instanceof TcpSegment s && drop.test(s)));
    }

    /** Drops segments from B to A that match. */
    void dropFromB(Predicate<TcpSegment> drop) {
        sw.port(1).setFilter((f, p) -> !(f instanceof TcpSegment s && drop.test(s)));
    }

    /** B listens and reads everything at once; returns the list its accepted sockets go to. */
    List<TcpSocket> listenReadAll(TcpSocket.Listener listener) {
        List<TcpSocket> accepted = new ArrayList<>();
        sb.listen(PORT, s -> {
            accepted.add(s);
            s.setListener(listener);
            s.readAll();
        });
        return accepted;
    }

    TcpSocket connect(TcpSocket.Listener listener) {
        return sa.connect(b, PORT, 0, listener);
    }

    List<Seen> fromA() {
        return trace.stream().filter(Seen::fromA).toList();
    }

    List<Seen> fromB() {
        return trace.stream().filter(s -> !s.fromA()).toList();
    }

    /** A's data segments (payload or FIN), in order. */
    List<Seen> dataFromA() {
        return trace.stream().filter(s -> s.fromA() && s.segment().payloadBytes > 0).toList();
    }

    /** The initial sequence number A chose (from its SYN). */
    long issA() {
        return trace.stream().filter(s -> s.fromA() && s.segment().has(org.sonde.packet.TcpHeader.FLAG_SYN)).findFirst().orElseThrow()
                .segment().seq & 0xFFFF_FFFFL;
    }

    /** A segment's sequence relative to A's ISN (the first data byte is 1). */
    long relSeq(TcpSegment s) {
        return (s.seq - issA()) & 0xFFFF_FFFFL;
    }

    long relAck(TcpSegment s) {
        return (s.ack - issA()) & 0xFFFF_FFFFL;
    }
}
