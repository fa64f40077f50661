package org.sonde.sim.rdma;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortTap;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;

/** Two hosts with RoCE NICs behind one switch, and a way to drop chosen packets at the switch. */
final class RoceBed {
    static final long RATE = 10_000_000_000L;
    static final long DELAY = 1_000;

    final Network net;
    final Simulator sim;
    final Host h1;
    final Host h2;
    final Switch sw;
    final RdmaNic nic1;
    final RdmaNic nic2;
    /** Frames the switch dropped on purpose, in order. */
    final List<RoceFrame> dropped = new ArrayList<>();
    /** Every RoCE frame the switch received, in order (before any drop). */
    final List<RoceFrame> seen = new ArrayList<>();
    final List<Long> seenAt = new ArrayList<>();

    RoceBed(long seed, RoceConfig config) {
        this(seed, config, config, SwitchConfig.DEFAULT);
    }

    RoceBed(long seed, RoceConfig c1, RoceConfig c2, SwitchConfig switchConfig) {
        this(seed, c1, c2, switchConfig, true);
    }

    /** Without NICs ({@code nics} false) for a transport that makes its own. */
    RoceBed(long seed, RoceConfig c1, RoceConfig c2, SwitchConfig switchConfig, boolean nics) {
        this(seed, c1, c2, switchConfig, nics, RATE);
    }

    /** Links of {@code rate} bit/s. */
    RoceBed(long seed, RoceConfig c1, RoceConfig c2, SwitchConfig switchConfig, boolean nics, long rate) {
        this(seed, c1, c2, switchConfig, nics, rate, 1);
    }

    /** {@code addressesPerHost} addresses (GIDs) on each host: h1 has {@link #address}(0..n-1, 1), h2 (g, 2). */
    RoceBed(long seed, RoceConfig c1, RoceConfig c2, SwitchConfig switchConfig, boolean nics, long rate, int addressesPerHost) {
        net = new Network(seed);
        sim = net.simulator();
        h1 = net.addHost("h1", address(0, 1), HostConfig.DEFAULT);
        h2 = net.addHost("h2", address(0, 2), HostConfig.DEFAULT);
        for (int g = 1; g < addressesPerHost; g++) {
            net.addAddress(h1, address(g, 1));
            net.addAddress(h2, address(g, 2));
        }
        sw = net.addSwitch("s1", switchConfig);
        net.connect(h1, sw, rate, DELAY);
        net.connect(h2, sw, rate, DELAY);
        net.computeRoutes();
        nic1 = nics ? new RdmaNic(h1, c1) : null;
        nic2 = nics ? new RdmaNic(h2, c2) : null;
        for (Port p : sw.ports()) p.setFilter(this::filter);
        record(h1, at1);
        record(h2, at2);
    }

    private static void record(Host h, List<Event> into) {
        h.nic().addTap(new PortTap() {
            public boolean transmitted() { return true; }
            public boolean received() { return true; }
            public void record(long now, Frame f, Port port) {
                if (f instanceof RoceFrame r) into.add(new Event(now, r, h.hasAddress(r.sourceIp)));
            }
        });
    }

    /** 10.0.{gid}.{host}: GID 0 is the address {@link Network#addHost(String, HostConfig)} would give host 1 or 2. */
    static int address(int gid, int host) {
        return 0x0A00_0000 | gid << 8 | host;
    }

    /** A RoCE frame at a host's NIC: sent (at its first bit) or received (at its last). */
    record Event(long time, RoceFrame frame, boolean sent) {}

    /** RoCE frames at h1's and at h2's NIC, in time order. */
    final List<Event> at1 = new ArrayList<>();
    final List<Event> at2 = new ArrayList<>();

    private Predicate<RoceFrame> drop = f -> false;

    /** Drops, at the switch, the frames matching {@code rule} (evaluated on every RoCE frame in arrival order). */
    void dropWhen(Predicate<RoceFrame> rule) {
        drop = rule;
    }

    private Predicate<RoceFrame> mark = f -> false;

    /** Marks, at the switch, the frames matching {@code rule} ECN-CE (as Lumina's injector's ecn event). */
    void markCeWhen(Predicate<RoceFrame> rule) {
        mark = rule;
    }

    private boolean filter(Frame frame, Port port) {
        if (!(frame instanceof RoceFrame f)) return true;
        if (mark.test(f)) f.ecn = org.sonde.sim.net.IpFrame.ECN_CE;
        seen.add(f);
        seenAt.add(sim.now());
        if (drop.test(f)) {
            dropped.add(f);
            return false;
        }
        return true;
    }

    /** A rule dropping the n-th (1-based) occurrence of frames matching {@code match}. */
    static Predicate<RoceFrame> nth(int n, Predicate<RoceFrame> match) {
        int[] count = {0};
        return f -> match.test(f) && ++count[0] == n;
    }

    List<RoceFrame> seen(Predicate<RoceFrame> match) {
        return seen.stream().filter(match).toList();
    }

    static boolean isNak(RoceFrame f) {
        return f.isAck() && f.ackKind() == org.sonde.packet.Aeth.Kind.NAK;
    }
}
