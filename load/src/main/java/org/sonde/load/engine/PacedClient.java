package org.sonde.load.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import org.sonde.load.config.Keepalive;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.stats.WorkerStats;

/**
 * What the kernel-socket clients (TCP connections, UDP flows) share: one event loop on a thread
 * pinned to its CPU (dperf: one worker per CPU), the open-loop launcher with dperf's slow start up
 * to its share of cc, keepalive rounds on a fixed-delay timer list, the drain, and the loop that
 * sleeps until the next launch, timer or packet. Subclasses say how they wait for their sockets
 * and how a flow is launched, served, timed out and closed.
 *
 * @param <F> a flow: a connection or a datagram flow
 */
abstract class PacedClient<F> implements ClientLoop {
    static final long MILLI = 1_000_000L;

    final LoadConfig config;
    final WorkerStats stats = new WorkerStats();
    final Endpoints endpoints;
    /** The preencoded request every flow sends. */
    final ByteBuffer request;
    final ArrayDeque<F> pool = new ArrayDeque<>();
    final TimerList<F> keepaliveTimers;
    final boolean keepalive;
    final long keepaliveIntervalNanos;
    /** Requests per connection or flow (the keepalive's number; 0: unlimited). */
    final int requestsPerFlow;
    final StandardProtocolFamily family;
    /** Flows open now. */
    long open;

    private final LaunchPacer pacer;
    private final long maxOpen;
    private final boolean spinBelowMilli;
    private final int cpu;
    private volatile WorkerState state = WorkerState.RUN;

    PacedClient(LoadConfig config, int index, int workers, byte[] requestBytes, long startNanos, long maxOpen) throws IOException {
        this.config = config;
        this.endpoints = new Endpoints(config, index, workers);
        this.request = ByteBuffer.allocateDirect(requestBytes.length).put(requestBytes).flip();
        this.cpu = config.cpus().isEmpty() ? -1 : config.cpus().get(index);
        Keepalive k = config.keepalive().orElse(null);
        this.keepalive = k != null;
        this.keepaliveIntervalNanos = k == null ? 0 : k.intervalMicros() * 1000;
        this.requestsPerFlow = k == null ? 1 : k.requests();
        this.keepaliveTimers = new TimerList<>(keepaliveIntervalNanos);
        this.spinBelowMilli = keepaliveIntervalNanos > 0 && keepaliveIntervalNanos < MILLI;
        this.pacer = new LaunchPacer(new LaunchSchedule((double) config.cps() / workers, config.waitSeconds(), config.slowStartSeconds()),
                startNanos, config.launchNum(), config.cc() == 0);
        long ccShare = config.cc() == 0 ? Long.MAX_VALUE : config.cc() / workers + (index < config.cc() % workers ? 1 : 0);
        this.maxOpen = Math.min(ccShare, maxOpen);
        this.family = config.servers().getFirst().ipv6() ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET;
    }

    /** Opens one flow and sends its first request (or starts connecting). */
    abstract void launch(long now);

    /** Serves the sockets that are ready, waiting up to {@code timeoutMillis} for one (0: not at all). */
    abstract void poll(long timeoutMillis) throws IOException;

    /** Ends a {@link #poll} that is waiting; called from other threads. */
    abstract void wakeup();

    /** Releases the event source (selector, epoll set) after the last flow closed. */
    abstract void closeEvents();

    /** Runs the flows' own timers that are due (progress or retransmission, keepalive rounds). */
    abstract void expireTimers(long now);

    /** When the flows' own timers next need the loop. */
    abstract long nextTimerDeadline();

    /** Starting the drain: flows waiting for their next keepalive round close now. */
    abstract void closeIdle();

    /** The end: every flow still open is closed, failed if it waits for an answer. */
    abstract void closeAll();

    /** Whether the loop is in its run phase (new requests may go out). */
    final boolean running() {
        return state == WorkerState.RUN;
    }

    @Override
    public final WorkerStats stats() {
        return stats;
    }

    @Override
    public final void setState(WorkerState s) {
        state = s;
        wakeup();
    }

    @Override
    public final void run() {
        stats.bindToCurrentThread();
        if (cpu >= 0) CpuAffinity.pinCurrentThread(cpu);
        try {
            loop();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            closeAll();
            closeEvents();
        }
    }

    private void loop() throws IOException {
        boolean drainStarted = false;
        while (true) {
            WorkerState s = state;
            if (s == WorkerState.STOP) return;
            long now = System.nanoTime();
            if (s == WorkerState.DRAIN) {
                if (!drainStarted) {
                    closeIdle();
                    drainStarted = true;
                }
                if (open == 0) return;
            } else {
                // dperf's launch_num: at most that many per tick, so reads and timers are served between bursts
                for (int n = pacer.takeDue(now, open, maxOpen, stats); n > 0; n--) launch(now);
            }
            expireTimers(now);
            long wake = nextTimerDeadline();
            if (s == WorkerState.RUN && open < maxOpen) wake = Math.min(wake, pacer.nextLaunchNanos());
            long waitNanos = wake - System.nanoTime();
            if (waitNanos <= 0 || (spinBelowMilli && waitNanos < MILLI)) {
                // keepalive intervals below the wait's millisecond resolution are kept by polling (dperf busy-polls always)
                poll(0);
            } else {
                // launches are paced at the wait's 1 ms resolution: each wake launches all that are due
                poll(Math.max(1, Math.min((waitNanos + MILLI - 1) / MILLI, 100)));
            }
        }
    }
}
