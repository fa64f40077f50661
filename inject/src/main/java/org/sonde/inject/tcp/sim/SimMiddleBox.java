package org.sonde.inject.tcp.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.sonde.capture.CaptureWriter;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.tcp.TcpEvent;
import org.sonde.inject.tcp.TcpFlows;
import org.sonde.inject.tcp.TcpInjectionPlan;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.FrameFilter;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Port;
import org.sonde.sim.tcp.TcpSegment;

/**
 * The simulated middle box: the ingress filter of both ports of the switch between the hosts. Each
 * TCP segment is serialised to its IPv4 bytes and classified by {@link TcpFlows}, as the Linux
 * target's injector classifies what the netfilter queue hands it, mirrored into the trace before
 * its event, and then dropped, marked, corrupted, rewritten, held or duplicated with the Linux
 * injector's semantics: a reordered packet waits until that many later packets of its direction
 * passed (or its hold time), duplicates follow the original.
 *
 * <p>Corruption: the simulated stack has no checksum, so the corrupted segment is remembered here
 * and the receiving host's port discards it ({@link #receiverCheck}), counted as the kernel's
 * checksum check counts it (TcpInSegs and TcpInCsumErrors).
 */
final class SimMiddleBox implements FrameFilter {
    private final Simulator sim;
    private final TcpInjectionPlan plan;
    private final CaptureWriter mirror;
    private final long epochNanos;
    private final int clientPortIndex;
    private final TcpFlows flows = new TcpFlows();
    private final List<TcpTrace.Entry> entries = new ArrayList<>();
    private final List<Held> reordered = new ArrayList<>();
    private final Set<Frame> corrupted = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Corrupted segments each host discarded: client, server. */
    private final long[] discarded = new long[2];

    private static final class Held {
        final Frame frame;
        final Port port;
        final boolean fromClient;
        int packetsToWait;
        boolean released;

        Held(Frame frame, Port port, boolean fromClient, int packetsToWait) {
            this.frame = frame;
            this.port = port;
            this.fromClient = fromClient;
            this.packetsToWait = packetsToWait;
        }
    }

    /**
     * @param clientPortIndex the switch port towards the client: what arrives on it is the client's
     * @param epochNanos      the trace's time of simulated time 0
     */
    SimMiddleBox(Simulator sim, TcpInjectionPlan plan, CaptureWriter mirror, int clientPortIndex, long epochNanos) {
        this.sim = sim;
        this.plan = plan;
        this.mirror = mirror;
        this.clientPortIndex = clientPortIndex;
        this.epochNanos = epochNanos;
    }

    List<TcpTrace.Entry> entries() {
        return entries;
    }

    /** Corrupted segments the client (0) or the server (1) discarded. */
    long discarded(boolean client) {
        return discarded[client ? 0 : 1];
    }

    @Override
    public boolean accept(Frame frame, Port port) {
        if (!(frame instanceof TcpSegment f)) return true;
        byte[] bytes = f.encode();
        byte[] ip = Arrays.copyOfRange(bytes, IpFrame.ETHERNET_HEADER, bytes.length);
        TcpPacketInfo info = flows.classify(ip, ip.length);
        boolean fromClient = info.connection() > 0 ? info.fromClient() : port.index() == clientPortIndex;
        TcpEvent event = plan.match(info);
        EventAction action = event == null ? null : event.action();
        long time = epochNanos + sim.now();
        TcpTrace.Entry entry = TcpTrace.Entry.of(entries.size() + 1, time, info, action);
        // the model's middle box holds nothing it does not mean to: what passes, passes at once
        boolean holds = action instanceof EventAction.Drop || action instanceof EventAction.Delay || action instanceof EventAction.Reorder;
        if (!holds) entry = entry.heldFor(0);
        entries.add(entry);
        int length = Math.min(ip.length, (ip[2] & 0xff) << 8 | ip[3] & 0xff); // without the Ethernet padding
        mirror.write(fromClient ? 0 : 1, time, ip, 0, length, length, TcpTrace.comment(entry));

        boolean passed = true;
        switch (action) {
            case null -> {
            }
            case EventAction.Drop d -> passed = false;
            case EventAction.MarkEcn m -> f.ecn = IpFrame.ECN_CE;
            case EventAction.Corrupt c -> corrupted.add(f);
            case EventAction.Rewrite r -> rewrite(f, r);
            case EventAction.Delay d -> {
                sim.after(d.nanos(), () -> port.deliver(f));
                passed = false;
            }
            case EventAction.Reorder r -> {
                if (r.afterPackets() > 0) {
                    Held h = new Held(f, port, fromClient, r.afterPackets());
                    reordered.add(h);
                    if (r.holdNanos() > 0) sim.after(r.holdNanos(), () -> release(h));
                } else {
                    sim.after(r.holdNanos(), () -> port.deliver(f));
                }
                passed = false;
            }
            case EventAction.Duplicate d -> {
                for (int i = 0; i < d.copies(); i++) {
                    TcpSegment copy = f.copy();
                    sim.after(0, () -> port.deliver(copy)); // behind the original, which the switch takes on return
                }
            }
        }
        if (passed) {
            // a packet that passed lets reordered ones of its direction follow it
            for (Iterator<Held> it = reordered.iterator(); it.hasNext(); ) {
                Held h = it.next();
                if (h.fromClient == fromClient && --h.packetsToWait <= 0) {
                    it.remove();
                    sim.after(0, () -> release(h));
                }
            }
        }
        return passed;
    }

    private void release(Held h) {
        if (h.released) return;
        h.released = true;
        reordered.remove(h);
        h.port.deliver(h.frame);
    }

    /** Lets go what is still held, as the Linux injector does when the test ends. */
    void releaseAll() {
        for (Held h : List.copyOf(reordered)) release(h);
    }

    /**
     * The receiving host's checksum check: a filter for the host's own port that discards the
     * segments this box corrupted.
     *
     * @param client whether the port is the client's
     */
    FrameFilter receiverCheck(boolean client) {
        return (frame, port) -> {
            if (!corrupted.remove(frame)) return true;
            discarded[client ? 0 : 1]++;
            return false;
        };
    }

    private static void rewrite(TcpSegment f, EventAction.Rewrite r) {
        for (var e : r.fields().entrySet()) {
            int v = e.getValue();
            switch (e.getKey()) {
                case ECN -> f.ecn = v & 3;
                case TCP_WINDOW -> f.window = v & 0xffff;
                case TCP_FLAGS -> f.flags = v & 0x1ff;
                default -> throw new IllegalArgumentException(e.getKey() + " is not a field of an IPv4/TCP packet");
            }
        }
    }
}
