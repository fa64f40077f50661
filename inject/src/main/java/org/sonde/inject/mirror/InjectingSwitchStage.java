package org.sonde.inject.mirror;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.translate.InjectionMatcher;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.FrameFilter;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Port;
import org.sonde.sim.rdma.RoceFrame;

/**
 * The event injector as the ingress stage of a simulated switch (Lumina's {@code inject_switch.p4}
 * ingress): for every RoCE packet arriving on a watched port it counts the packet, decides the event
 * ({@link InjectionMatcher}), mirrors a copy carrying sequence number, timestamp and event to the dumper
 * pool — before any drop, so dropped packets are in the trace — and then applies the event.
 *
 * <p>The copy shows the packet as the receiver gets it after header events (ECN mark, rewrite) and as it
 * arrived for a corruption (Lumina's egress undoes the bit error on the copy). Copies reach their dumper
 * at the ingress instant: the mirror links are not modelled as wires, a dumper's ring and rate are
 * what can lose copies. Delayed, reordered and duplicated packets are mirrored once, at their arrival.
 */
public final class InjectingSwitchStage implements FrameFilter {
    private final Simulator sim;
    private final InjectionMatcher matcher;
    private final MirrorPool pool;
    private final int mirrorUdpPort;
    private final long epochNanos;
    private final SplittableRandom sourcePorts;
    private final MirrorSequence sequence = new MirrorSequence();
    private final Map<Port, long[]> ingress = new LinkedHashMap<>();
    private final Map<Port, List<Held>> held = new LinkedHashMap<>();

    /** A packet held back by a reorder event. */
    private static final class Held {
        final RoceFrame frame;
        final Port port;
        int remaining;
        boolean released;

        Held(RoceFrame frame, Port port, int remaining) {
            this.frame = frame;
            this.port = port;
            this.remaining = remaining;
        }
    }

    /**
     * @param sourcePorts random UDP source ports of the copies (for the dumpers' RSS)
     * @param epochNanos  wall-clock time of simulated time 0, for the dumpers' capture timestamps
     */
    public InjectingSwitchStage(Simulator sim, InjectionMatcher matcher, MirrorPool pool, int mirrorUdpPort, SplittableRandom sourcePorts,
                                long epochNanos) {
        this.sim = sim;
        this.matcher = matcher;
        this.pool = pool;
        this.mirrorUdpPort = mirrorUdpPort;
        this.sourcePorts = sourcePorts;
        this.epochNanos = epochNanos;
    }

    /** Injects on and mirrors the packets arriving at {@code port}. */
    public void watch(Port port) {
        if (ingress.putIfAbsent(port, new long[1]) != null) throw new IllegalArgumentException("port " + port + " is watched already");
        held.put(port, new ArrayList<>());
        port.setFilter(this);
    }

    /** RoCE packets received per watched switch port (by port index). */
    public Map<Integer, Long> ingressCounters() {
        Map<Integer, Long> m = new LinkedHashMap<>();
        for (var e : ingress.entrySet()) m.put(e.getKey().index(), e.getValue()[0]);
        return m;
    }

    /** Packets mirrored so far. */
    public long mirrored() {
        long n = 0;
        for (long[] c : ingress.values()) n += c[0];
        return n;
    }

    @Override
    public boolean accept(Frame frame, Port port) {
        if (!(frame instanceof RoceFrame f)) return true;
        ingress.get(port)[0]++;
        EventAction action = matcher.decide(port.index(), f.opcode.code(), f.destinationQp, f.psn, f.syndrome);
        InjectedEvent event = action == null ? InjectedEvent.NONE : action.event();
        if (action instanceof EventAction.MarkEcn) f.ecn = IpFrame.ECN_CE;
        if (action instanceof EventAction.Rewrite r) rewrite(f, r);
        mirror(f, event);
        countTowardsHeld(port);
        return switch (action) {
            case null -> true;
            case EventAction.MarkEcn m -> true;
            case EventAction.Rewrite r -> true;
            case EventAction.Drop d -> false;
            case EventAction.Corrupt c -> {
                f.identification ^= 0xFFFF;
                f.icrcError = true;
                yield true;
            }
            case EventAction.Delay d -> {
                sim.after(d.nanos(), () -> port.deliver(f));
                yield false;
            }
            case EventAction.Reorder r -> {
                Held h = new Held(f, port, r.afterPackets());
                held.get(port).add(h);
                if (r.holdNanos() > 0) sim.after(r.holdNanos(), () -> release(h));
                yield false;
            }
            case EventAction.Duplicate d -> {
                for (int i = 0; i < d.copies(); i++) {
                    RoceFrame copy = f.copy();
                    sim.after(0, () -> port.deliver(copy)); // behind the original, which the switch takes on return
                }
                yield true;
            }
        };
    }

    private void mirror(RoceFrame f, InjectedEvent event) {
        byte[] copy = f.encode();
        long now = sim.now();
        MirrorHeaders.encodeAtSwitch(copy, sequence.next(), now, event, mirrorUdpPort, sourcePorts.nextInt(0x10000));
        pool.send(epochNanos + now, copy);
    }

    /** Another packet arrived on {@code port}: held packets waiting for a number of later packets move on when it is reached. */
    private void countTowardsHeld(Port port) {
        List<Held> list = held.get(port);
        for (int i = 0; i < list.size(); i++) {
            Held h = list.get(i);
            if (h.remaining > 0 && --h.remaining == 0) {
                sim.after(0, () -> release(h)); // after the packet that released it
            }
        }
    }

    private void release(Held h) {
        if (h.released) return;
        h.released = true;
        held.get(h.port).remove(h);
        h.port.deliver(h.frame);
    }

    private static void rewrite(RoceFrame f, EventAction.Rewrite r) {
        for (var e : r.fields().entrySet()) {
            int v = e.getValue();
            switch (e.getKey()) {
                case MIG_REQ -> f.migReq = v == 1;
                case ACK_REQ -> f.ackRequest = v == 1;
                case SOLICITED -> f.solicitedEvent = v == 1;
                case FECN -> f.fecn = v == 1;
                case BECN -> f.becn = v == 1;
                case PKEY -> f.partitionKey = v;
                case ECN -> f.ecn = v;
                // the RoCE test loader only accepts HeaderField.ROCE
                case TCP_WINDOW, TCP_FLAGS -> throw new IllegalStateException(e.getKey() + " is not a field of a RoCE frame");
            }
        }
    }

    /** Packets still held by reorder events that wait for later packets which never came. */
    public int stillHeld() {
        int n = 0;
        for (List<Held> l : held.values()) n += l.size();
        return n;
    }
}
