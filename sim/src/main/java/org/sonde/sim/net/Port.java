package org.sonde.sim.net;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.sonde.sim.kernel.Handler;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;

/**
 * One end of a full-duplex link: an egress scheduler over eight priority queues feeding a transmitter
 * that serialises one frame at a time at the link rate, and the receiving side that hands arrived
 * frames to its node.
 *
 * <p>Frames occupy the wire for their length plus {@link Frame#WIRE_OVERHEAD} bytes; the remainder of
 * the integer division by the rate is carried to the next frame so that a busy link delivers exactly its
 * rate over time. MAC control frames (PFC) go before any queued data and are never paused.
 */
public final class Port {
    private static final Handler<Port> TRANSMITTED = Port::transmitted;

    private final Node node;
    private final int index;
    private final Simulator sim;
    private final EgressQueues queues;
    private final ArrayDeque<Frame> control = new ArrayDeque<>(0); // PFC frames: on few ports, and few at a time
    private final Handler<Frame> arrival = this::arrive;
    private final PortCounters counters = new PortCounters();
    private final List<PortTap> taps = new ArrayList<>(0);
    private final List<FrameFate> fates = new ArrayList<>(0);

    private Port peer;
    private long rateBps;
    private long delayNanos;
    private int mtu;
    private boolean busy;
    private long carry;
    private Runnable dequeueListener;
    private FrameFilter filter;

    // Pause state of this transmitter, per priority: pausedUntil > now means paused.
    private final long[] pausedUntil = new long[Frame.PRIORITIES];
    private final long[] pauseStart = {-1, -1, -1, -1, -1, -1, -1, -1};
    private final long[] pausedNanos = new long[Frame.PRIORITIES];
    private final Timer resume;

    Port(Node node, int index, Scheduling scheduling) {
        this.node = node;
        this.index = index;
        this.sim = node.sim;
        this.queues = new EgressQueues(scheduling);
        this.resume = new Timer(sim, this::resumed);
    }

    void connect(Port peer, long rateBps, long delayNanos, int mtu) {
        this.peer = peer;
        this.rateBps = rateBps;
        this.delayNanos = delayNanos;
        this.mtu = mtu;
    }

    public Node node() {
        return node;
    }

    public int index() {
        return index;
    }

    /** "node:index", the name used in statistics and captures. */
    public String name() {
        return node.name() + ":" + index;
    }

    public Port peer() {
        return peer;
    }

    public long rateBps() {
        return rateBps;
    }

    public long delayNanos() {
        return delayNanos;
    }

    /** The largest IP packet the link carries, in bytes. */
    public int mtu() {
        return mtu;
    }

    public long mac() {
        return node.mac() + index;
    }

    public PortCounters counters() {
        return counters;
    }

    /** Bytes queued for transmission at this priority (the frame on the wire excluded). */
    public long queuedBytes(int priority) {
        return queues.bytes(priority);
    }

    public long queuedBytes() {
        return queues.totalBytes();
    }

    boolean transmitting() {
        return busy;
    }

    /** Called whenever a frame leaves the queues for the wire (e.g. for a NIC to refill a shallow queue). */
    public void onDequeue(Runnable listener) {
        this.dequeueListener = listener;
    }

    /** Installs the filter arriving frames pass before reaching the node (null: none). Taps see frames before it. */
    public void setFilter(FrameFilter filter) {
        this.filter = filter;
    }

    public void addTap(PortTap tap) {
        taps.add(tap);
    }

    /** Tells {@code fate} of every frame this port hands to its node or drops. */
    public void addFateListener(FrameFate fate) {
        fates.add(fate);
    }

    /** A frame dropped here (the caller counts it in {@link PortCounters}): the fate listeners hear of it. */
    void dropped(Frame f, FrameFate.Drop reason) {
        for (FrameFate x : fates) x.dropped(sim.now(), f, this, reason);
    }

    /** Time to serialise {@code bytes} plus wire overhead at this port's rate, without carry. */
    public long serialisationNanos(int bytes) {
        return ((long) (bytes + Frame.WIRE_OVERHEAD) * 8 * 1_000_000_000L + rateBps - 1) / rateBps;
    }

    /**
     * Queues a frame for transmission; the caller has done admission and accounting. An IP packet
     * larger than the link's MTU is discarded and counted ({@link PortCounters#oversize}), as a
     * router without fragmentation does; returns whether the frame was queued.
     */
    public boolean enqueue(Frame f) {
        if (peer == null) throw new IllegalStateException("port " + name() + " is not connected");
        if (f.bytes - IpFrame.ETHERNET_HEADER > mtu && f instanceof IpFrame) {
            counters.oversize++;
            dropped(f, FrameFate.Drop.OVERSIZE);
            return false;
        }
        queues.add(f);
        if (queues.totalBytes() > counters.maxQueueBytes) counters.maxQueueBytes = queues.totalBytes();
        kick();
        return true;
    }

    /** Sends a MAC control frame ahead of all data. */
    void sendControl(Frame f) {
        if (peer == null) throw new IllegalStateException("port " + name() + " is not connected");
        control.addLast(f);
        kick();
    }

    // --- transmitter -------------------------------------------------------------------------

    private void kick() {
        if (busy) return;
        Frame f = control.pollFirst();
        if (f != null) {
            start(f);
            return;
        }
        f = queues.next(pausedMask());
        if (f == null) return;
        node.transmitting(this, f);
        start(f); // busy before the listener runs: a listener that enqueues at once must not start a second frame
        if (dequeueListener != null) dequeueListener.run();
    }

    private int pausedMask() {
        long now = sim.now();
        int mask = 0;
        for (int p = 0; p < Frame.PRIORITIES; p++) if (pausedUntil[p] > now) mask |= 1 << p;
        return mask;
    }

    private void start(Frame f) {
        busy = true;
        long bits = (long) (f.bytes + Frame.WIRE_OVERHEAD) * 8 * 1_000_000_000L + carry;
        long nanos = bits / rateBps;
        carry = bits % rateBps;
        counters.txFrames++;
        counters.txBytes += f.bytes;
        for (PortTap t : taps) if (t.transmitted()) t.record(sim.now(), f, this);
        long end = sim.now() + nanos;
        sim.at(end, TRANSMITTED, this);
        sim.at(end + delayNanos, peer.arrival, f);
    }

    private void transmitted() {
        busy = false;
        kick();
    }

    // --- receiver ----------------------------------------------------------------------------

    private void arrive(Frame f) {
        counters.rxFrames++;
        counters.rxBytes += f.bytes;
        for (PortTap t : taps) if (t.received()) t.record(sim.now(), f, this);
        if (filter != null && !filter.accept(f, this)) {
            counters.filtered++;
            dropped(f, FrameFate.Drop.FILTERED);
            return;
        }
        if (f instanceof PauseFrame pause) {
            paused(pause);
            return;
        }
        deliver(f);
    }

    /**
     * Hands a frame to this port's node as if it had just arrived and passed the filter: for a filter
     * that holds frames back (delay, reorder) or adds copies, and releases them later.
     */
    public void deliver(Frame f) {
        for (FrameFate x : fates) x.delivered(sim.now(), f, this);
        node.receive(this, f);
    }

    /** Counts a PFC frame this port's node sends out of it. */
    void countPauseSent(PauseFrame f) {
        for (int p = 0; p < Frame.PRIORITIES; p++) if (f.enabled(p)) counters.pauseFramesSent[p]++;
    }

    private void paused(PauseFrame f) {
        long now = sim.now();
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            if (!f.enabled(p)) continue;
            counters.pauseFramesReceived[p]++;
            int quanta = f.quanta(p);
            if (quanta == 0) { // XON
                if (pausedUntil[p] > now) pausedUntil[p] = now;
                closePause(p);
                continue;
            }
            if (pausedUntil[p] <= now) closePause(p);
            if (pauseStart[p] < 0) pauseStart[p] = now;
            pausedUntil[p] = now + quantaNanos(quanta);
        }
        kick();
        armResume();
    }

    private void resumed() {
        kick();
        armResume();
    }

    /** Wakes the transmitter when the earliest pause ends. */
    private void armResume() {
        long now = sim.now();
        long next = Long.MAX_VALUE;
        for (int p = 0; p < Frame.PRIORITIES; p++) if (pausedUntil[p] > now) next = Math.min(next, pausedUntil[p]);
        if (next == Long.MAX_VALUE) resume.cancel();
        else resume.arm(next);
    }

    /** How long a pause of {@code quanta} lasts at this port's rate: a quantum is 512 bit times. */
    long quantaNanos(int quanta) {
        return ((long) quanta * 512 * 1_000_000_000L + rateBps - 1) / rateBps;
    }

    private void closePause(int p) {
        if (pauseStart[p] < 0) return;
        pausedNanos[p] += Math.min(pausedUntil[p], sim.now()) - pauseStart[p];
        pauseStart[p] = -1;
    }

    /** Whether this transmitter is paused at this priority now. */
    boolean paused(int priority) {
        return pausedUntil[priority] > sim.now();
    }

    /** Total time this transmitter has been paused at this priority so far. */
    public long pausedNanos(int priority) {
        long total = pausedNanos[priority];
        if (pauseStart[priority] >= 0) total += Math.min(pausedUntil[priority], sim.now()) - pauseStart[priority];
        return total;
    }

    @Override
    public String toString() {
        return name();
    }
}
