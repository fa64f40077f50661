package org.sonde.replay.queues;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import org.sonde.sim.net.EgressAdmission;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortTap;
import org.sonde.sim.net.Switch;

/**
 * Watches every switch egress queue of a network through sim's {@link EgressAdmission} seam (arrivals, before the
 * admission decision) and a transmit {@link PortTap} (departures): each queue's contents per flow, every arrival
 * told to an {@link Arrivals} with the queue as the packet finds it, where each packet was dropped (with the shared
 * buffer around it: {@link QueueDrop}), and the queue's occupancy at every arrival for the queues asked for. A queue is
 * one priority of one switch port.
 */
final class QueueWatch implements EgressAdmission, PortTap {
    /** A packet's key, {@code flowKey << 32 | index}; negative for a frame of no recorded connection. */
    @FunctionalInterface
    interface Packets {
        long key(Frame f);
    }

    @FunctionalInterface
    interface Arrivals {
        void arrived(long packet, int queue, QueueContents contents, long nowNanos);
    }

    /** Decides admission: {@code byRule} is the switch's own decision. */
    @FunctionalInterface
    interface Rule {
        boolean admit(long packet, Switch at, Port out, IpFrame frame, QueueContents contents, boolean byRule);
    }

    private final Network net;
    private final Packets packets;
    private final Arrivals arrivals;
    private final Rule rule;
    private final Map<Port, Integer> portIds = new IdentityHashMap<>();
    private final List<Port> ports = new ArrayList<>();
    private final QueueContents[] queues;
    private final Longs[] series;
    private final Map<Long, Integer> drops = new HashMap<>();
    private final List<QueueDrop> dropped = new ArrayList<>();
    // per queue: the most it held since it was last empty, when, and what the switch's other queues held then
    private final long[] peakBytes;
    private final long[] peakNanos;
    private final long[] othersAtPeak;
    private long arrived;
    private long unrecorded;

    /** @param seriesOf whether to keep a queue's occupancy at every arrival (null: every queue's) */
    QueueWatch(Network net, Packets packets, Arrivals arrivals, Rule rule, IntPredicate seriesOf) {
        this.net = net;
        this.packets = packets;
        this.arrivals = arrivals;
        this.rule = rule;
        for (Switch s : net.switches()) {
            for (Port p : s.ports()) {
                portIds.put(p, ports.size());
                ports.add(p);
                p.addTap(this);
            }
            s.setAdmission(this);
        }
        queues = new QueueContents[ports.size() * Frame.PRIORITIES];
        series = new Longs[queues.length];
        peakBytes = new long[queues.length];
        peakNanos = new long[queues.length];
        othersAtPeak = new long[queues.length];
        for (int q = 0; q < queues.length; q++) if (seriesOf == null || seriesOf.test(q)) series[q] = new Longs();
    }

    static int flowOf(long packet) {
        return packet < 0 ? QueueContents.UNRECORDED : (int) (packet >>> 32);
    }

    static long packet(int flowKey, long index) {
        return (long) flowKey << 32 | index;
    }

    /** Occupancy samples are packed as time in the high 40 bits and bytes (capped) in the low 24. */
    static long sample(long nanos, long bytes) {
        return nanos << 24 | Math.min(bytes, (1 << 24) - 1);
    }

    static long sampleTime(long s) {
        return s >>> 24;
    }

    static long sampleBytes(long s) {
        return s & ((1 << 24) - 1);
    }

    @Override
    public boolean admit(Switch at, Port out, IpFrame f, boolean byRule) {
        long pkt = packets.key(f);
        if (pkt < 0) unrecorded++;
        int q = portIds.get(out) * Frame.PRIORITIES + f.priority;
        QueueContents c = contents(q);
        long now = net.simulator().now();
        arrived++;
        arrivals.arrived(pkt, q, c, now);
        if (series[q] != null) series[q].add(sample(now, c.total()));
        long queued = out.queuedBytes(f.priority);
        if (queued == 0) peakBytes[q] = 0; // a new busy period
        long others = at.bufferUsed() - queued;
        boolean admitted = rule.admit(pkt, at, out, f, c, byRule);
        if (admitted) {
            c.add(flowOf(pkt), f.bytes);
            if (queued + f.bytes > peakBytes[q]) {
                peakBytes[q] = queued + f.bytes;
                peakNanos[q] = now;
                othersAtPeak[q] = others;
            }
        } else if (pkt >= 0) {
            drops.put(pkt, q);
            int fullest = -1;
            long fullestBytes = 0;
            for (Port p : at.ports()) {
                for (int prio = 0; prio < Frame.PRIORITIES; prio++) {
                    int o = portIds.get(p) * Frame.PRIORITIES + prio;
                    long b = p.queuedBytes(prio);
                    if (o != q && b > fullestBytes) {
                        fullest = o;
                        fullestBytes = b;
                    }
                }
            }
            dropped.add(new QueueDrop(pkt, q, now, queued, f.bytes, peakBytes[q], peakNanos[q], othersAtPeak[q], others, fullest, fullestBytes));
        }
        return admitted;
    }

    @Override
    public boolean transmitted() {
        return true;
    }

    @Override
    public boolean received() {
        return false;
    }

    @Override
    public void record(long nowNanos, Frame frame, Port port) {
        if (!(frame instanceof IpFrame)) return; // pause frames never queue
        QueueContents c = queues[portIds.get(port) * Frame.PRIORITIES + frame.priority];
        if (c != null) c.remove(flowOf(packets.key(frame)), frame.bytes);
    }

    private QueueContents contents(int q) {
        QueueContents c = queues[q];
        if (c == null) queues[q] = c = new QueueContents();
        return c;
    }

    /** "switch:port" with the priority when it is not 0. */
    String name(int q) {
        int p = q % Frame.PRIORITIES;
        return ports.get(q / Frame.PRIORITIES).name() + (p == 0 ? "" : "/" + p);
    }

    int queueCount() {
        return queues.length;
    }

    /** The queue's contents, null if no frame ever reached it. */
    QueueContents queue(int q) {
        return queues[q];
    }

    /** The occupancy at every arrival, packed by {@link #sample}; null if not kept. */
    Longs series(int q) {
        return series[q];
    }

    /** Where each recorded packet was dropped: packet key to queue. */
    Map<Long, Integer> drops() {
        return drops;
    }

    /** Every drop of a recorded packet, in time order, with the shared buffer around it. */
    List<QueueDrop> dropped() {
        return dropped;
    }

    long arrivals() {
        return arrived;
    }

    /** Arrivals of frames that belong to no recorded connection. */
    long unrecorded() {
        return unrecorded;
    }
}
