package org.sonde.inject.tcp.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import org.sonde.capture.CaptureWriter;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.tcp.TcpEvent;
import org.sonde.inject.tcp.TcpFlows;
import org.sonde.inject.tcp.TcpInjectionPlan;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.netio.Cpus;
import org.sonde.netio.NfQueue;
import org.sonde.netio.RawIpSocket;

/**
 * The software injector in the middle box: every forwarded TCP packet comes through a netfilter
 * queue and passes, is dropped, marked, corrupted, rewritten, held (delay, reorder) or duplicated
 * as the test's events say; then it is mirrored into the trace as it arrived, with its sequence
 * number, its event and how long it was held. Packets without an event share one verdict per burst
 * while nothing is held. One thread runs it ({@link #run}); the verdicts of held packets are given
 * by that thread when they fall due.
 */
final class TcpInjector implements Runnable {
    private final NfQueue queue;
    private final RawIpSocket raw;
    private final CaptureWriter mirror;
    private final TcpInjectionPlan plan;
    private final TcpFlows flows = new TcpFlows();
    private final int clientInterface;
    /** The CPU the injector keeps to itself, or -1. */
    private final int cpu;
    private final long epochOffsetNanos;
    private final List<TcpTrace.Entry> entries = new ArrayList<>();
    private final PriorityQueue<Held> delayed = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos, b.dueNanos));
    private final List<Held> reordered = new ArrayList<>();
    private long[] processingNanos = new long[1 << 12];
    private long[] addedNanos = new long[1 << 12];
    private int processed, stamped;
    /** Packets let pass unchanged whose verdict waits for the end of the burst (or {@link #BATCH} of them). */
    private final List<Pending> batch = new ArrayList<>();
    private static final int BATCH = 16;
    /** How long the injector, on a CPU of its own, looks for the next packet before it sleeps. */
    private static final long BUSY_POLL_NANOS = 200_000;
    private volatile boolean stopping;
    private volatile Throwable failure;
    /** The injector thread's CPU time (user and system: the verdicts carry the forwarding), when it ended. */
    private volatile long cpuNanos = -1;

    /** A packet whose verdict waits: until a time, or until some later packets of its direction passed. */
    private static final class Held {
        final int id;
        final boolean fromClient;
        final long dueNanos;
        int packetsToWait;

        Held(int id, boolean fromClient, long dueNanos, int packetsToWait) {
            this.id = id;
            this.fromClient = fromClient;
            this.dueNanos = dueNanos;
            this.packetsToWait = packetsToWait;
        }
    }

    /** A packet between its arrival and its record in the trace. */
    private record Pending(int id, TcpTrace.Entry entry, byte[] ip, int length, boolean fromClient, long arrived, boolean stamped) {}

    /**
     * @param clientInterface the middle box's interface towards the client: packets coming in on it are the client's
     * @param cpu the CPU the injector's thread is pinned to ({@link LinuxTcpTarget#dedicateCpu}), or -1
     */
    TcpInjector(NfQueue queue, RawIpSocket raw, CaptureWriter mirror, TcpInjectionPlan plan, int clientInterface, int cpu) {
        this.queue = queue;
        this.raw = raw;
        this.mirror = mirror;
        this.plan = plan;
        this.clientInterface = clientInterface;
        this.cpu = cpu;
        this.epochOffsetNanos = Clocks.realtimeMinusMonotonic();
    }

    /** Ends the loop once no packet is held; held ones are let go at once. */
    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        try {
            if (cpu >= 0) {
                Cpus.pinCurrentThread(cpu);
                // the CPU is the injector's: spinning between packets spares the sender's CPU a wake-up per packet
                queue.busyPoll(BUSY_POLL_NANOS);
            }
            while (!stopping) {
                long now = System.nanoTime();
                Held next = delayed.peek();
                int timeout = next == null ? 20 : (int) Math.max(0, Math.min(20, (next.dueNanos - now) / 1_000_000));
                queue.poll(timeout, this::onPacket);
                flush();
                releaseDue(System.nanoTime());
            }
            // what is still held goes now: the trace shows it, and the kernel must not keep it
            flush();
            while (!delayed.isEmpty()) queue.accept(delayed.poll().id);
            for (Held h : reordered) queue.accept(h.id);
            reordered.clear();
        } catch (Throwable e) {
            failure = e;
        } finally {
            cpuNanos = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        }
    }

    /** The CPU time the injector's thread used, once it ended; -1 before. */
    long cpuNanos() {
        return cpuNanos;
    }

    /** The injector's failure, if it stopped on one. */
    Throwable failure() {
        return failure;
    }

    List<TcpTrace.Entry> entries() {
        return entries;
    }

    /** The time each packet spent in this process, from its arrival to its verdict (held packets excluded), in order. */
    long[] processingNanos() {
        return Arrays.copyOf(processingNanos, processed);
    }

    /**
     * The delay the injector adds to each packet it lets pass at once: from the kernel's receipt in
     * the middle box to the verdict (the queue's trip to user space and back, and the processing), in order.
     */
    long[] addedNanos() {
        return Arrays.copyOf(addedNanos, stamped);
    }

    private void onPacket(NfQueue.Packet p) {
        long arrived = System.nanoTime();
        MemorySegment payload = p.payload();
        int length = (int) payload.byteSize();
        byte[] ip = new byte[length];
        MemorySegment.copy(payload, ValueLayout.JAVA_BYTE, 0, ip, 0, length);
        TcpPacketInfo info = flows.classify(ip, length);
        boolean fromClient = info.connection() > 0 ? info.fromClient() : p.inInterface() == clientInterface;
        TcpEvent event = plan.match(info);
        EventAction action = event == null ? null : event.action();
        // the kernel's arrival time, when it stamps packets: free of this thread's scheduling delays
        long time = p.kernelTimeNanos() > 0 ? p.kernelTimeNanos() : epochOffsetNanos + arrived;
        TcpTrace.Entry entry = TcpTrace.Entry.of(entries.size() + batch.size() + 1, time, info, action);
        if (action == null && delayed.isEmpty() && reordered.isEmpty()) {
            // nothing held: one verdict can let this packet and those before it go
            batch.add(new Pending(p.id(), entry, ip, length, fromClient, arrived, p.kernelTimeNanos() > 0));
            if (batch.size() == BATCH) flush();
            return;
        }
        flush();
        // the verdict first, the mirror after: the packet is not kept waiting for the trace, and the
        // trace learns how long the packet was held. The mirror keeps the packet as it arrived.
        byte[] arrivedAs = action == null || action instanceof EventAction.Drop || action instanceof EventAction.Delay
                || action instanceof EventAction.Reorder || action instanceof EventAction.Duplicate ? ip : ip.clone();
        boolean passed = true;
        switch (action) {
            case null -> queue.accept(p.id());
            case EventAction.Drop d -> {
                queue.drop(p.id());
                passed = false;
            }
            case EventAction.MarkEcn m -> {
                TcpPacketEdits.markCe(ip);
                queue.accept(p.id(), ip, length);
            }
            case EventAction.Corrupt c -> {
                TcpPacketEdits.corrupt(ip, length);
                queue.accept(p.id(), ip, length);
            }
            case EventAction.Rewrite r -> {
                TcpPacketEdits.rewrite(ip, length, r.fields());
                queue.accept(p.id(), ip, length);
            }
            case EventAction.Delay d -> {
                delayed.add(new Held(p.id(), fromClient, arrived + d.nanos(), 0));
                passed = false;
            }
            case EventAction.Reorder r -> {
                if (r.afterPackets() > 0) {
                    reordered.add(new Held(p.id(), fromClient, r.holdNanos() > 0 ? arrived + r.holdNanos() : Long.MAX_VALUE, r.afterPackets()));
                } else {
                    delayed.add(new Held(p.id(), fromClient, arrived + r.holdNanos(), 0));
                }
                passed = false;
            }
            case EventAction.Duplicate d -> {
                queue.accept(p.id());
                for (int i = 0; i < d.copies(); i++) raw.send(ip, length);
            }
        }
        done(new Pending(p.id(), entry, arrivedAs, length, fromClient, arrived, p.kernelTimeNanos() > 0), passed, System.nanoTime());
    }

    /** Lets the packets waiting for a batched verdict go, with one message, and records them. */
    private void flush() {
        if (batch.isEmpty()) return;
        queue.acceptUpTo(batch.getLast().id);
        long verdictAt = System.nanoTime();
        for (Pending x : batch) done(x, true, verdictAt);
        batch.clear();
    }

    /** Records a packet whose verdict was given at {@code verdictAt}: the trace, the mirror, the figures. */
    private void done(Pending x, boolean passed, long verdictAt) {
        TcpTrace.Entry entry = passed ? x.entry.heldFor(epochOffsetNanos + verdictAt - x.entry.timeNanos()) : x.entry;
        entries.add(entry);
        mirror.write(x.fromClient ? 0 : 1, entry.timeNanos(), x.ip, 0, x.length, x.length, TcpTrace.comment(entry));
        if (!passed) return;
        // a packet that passed lets reordered ones of its direction behind it
        for (Iterator<Held> it = reordered.iterator(); it.hasNext(); ) {
            Held h = it.next();
            if (h.fromClient == x.fromClient && --h.packetsToWait <= 0) {
                queue.accept(h.id);
                it.remove();
            }
        }
        if (processed == processingNanos.length) processingNanos = Arrays.copyOf(processingNanos, processed * 2);
        processingNanos[processed++] = System.nanoTime() - x.arrived;
        if (x.stamped) {
            if (stamped == addedNanos.length) addedNanos = Arrays.copyOf(addedNanos, stamped * 2);
            addedNanos[stamped++] = epochOffsetNanos + verdictAt - x.entry.timeNanos();
        }
    }

    private void releaseDue(long now) {
        while (!delayed.isEmpty() && delayed.peek().dueNanos <= now) queue.accept(delayed.poll().id);
        for (Iterator<Held> it = reordered.iterator(); it.hasNext(); ) {
            Held h = it.next();
            if (h.dueNanos <= now) {
                queue.accept(h.id);
                it.remove();
            }
        }
    }
}
