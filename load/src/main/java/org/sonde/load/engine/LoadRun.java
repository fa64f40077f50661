package org.sonde.load.engine;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.sonde.core.EnvironmentException;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.Engine;
import org.sonde.load.config.Protocol;
import org.sonde.load.http.Payloads;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Second;
import org.sonde.load.stats.StatsCollector;
import org.sonde.load.stats.Tallies;
import org.sonde.load.stats.WorkerStats;
import org.sonde.load.userspace.UserspaceEngine;

/**
 * Runs one test: starts one worker thread per CPU (client or server), keeps dperf's timeline
 * from the calling thread, hands every second's statistics to a listener and returns the
 * result. {@link #stop()} (from any thread, e.g. on SIGINT) ends the test early but cleanly:
 * the drain runs and the summary is complete.
 */
public final class LoadRun {
    /** dperf drains for 4 s after the duration. */
    static final long DRAIN_NANOS = 4_000_000_000L;
    private static final long SECOND = 1_000_000_000L;
    /** Descriptors kept free for the JVM, the selectors and the output files. */
    private static final long DESCRIPTOR_RESERVE = 256;

    /** Receives each second's statistics on the control thread. */
    @FunctionalInterface
    public interface Listener {
        void second(Second s);
    }

    private final LoadConfig config;
    private final List<ClientLoop> clients = new ArrayList<>();
    private final List<ServerLoop> servers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicReference<IllegalStateException> workerFailure = new AtomicReference<>();
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final long startNanos;
    /** The wall-clock time of {@link #startNanos}. */
    private final Instant startedAt;
    private volatile boolean interrupted;

    private LoadRun(LoadConfig config) {
        this.config = config;
        this.startNanos = System.nanoTime();
        this.startedAt = Instant.now();
    }

    /**
     * Prepares a test: raises the open-file limit, checks that cc fits in it, opens the server's
     * listening sockets (so a taken port fails here, before any output). Call {@link #run} next.
     */
    public static LoadRun prepare(LoadConfig config, long seed) {
        LoadRun t = new LoadRun(config);
        if (config.engine() == Engine.USERSPACE) {
            checkCpus(config);
            // sockets are table entries, not descriptors: no open-file budget to check
            if (config.client()) t.clients.addAll(UserspaceEngine.clients(config, Payloads.request(config, seed), t.startNanos, seed));
            else t.servers.addAll(UserspaceEngine.servers(config, serverResponse(config, seed), seed));
            return t;
        }
        long limit = FileLimit.raiseSoftToHard();
        long budget = limit < 0 ? Long.MAX_VALUE : Math.max(1, limit - Math.max(0, FileLimit.openNow()) - DESCRIPTOR_RESERVE);
        if (config.client() && config.cc() > budget) {
            throw new EnvironmentException("cc " + config.cc() + " needs " + config.cc() + " file descriptors, and this process may open "
                    + budget + " more (open-file limit " + limit + ")",
                    "lower cc, or raise the hard limit (ulimit -Hn, or LimitNOFILE= for a service) and run again");
        }
        int workers = config.workers();
        checkCpus(config);
        try {
            boolean udp = config.protocol() == Protocol.UDP;
            if (config.client()) {
                byte[] request = Payloads.request(config, seed);
                for (int i = 0; i < workers; i++) {
                    t.clients.add(udp ? new UdpClientWorker(config, i, workers, request, t.startNanos, budget / workers)
                            : new ClientWorker(config, i, workers, request, t.startNanos, budget / workers));
                }
            } else if (udp) {
                byte[] response = Payloads.datagram(config, seed);
                for (int i = 0; i < workers; i++) t.servers.add(new UdpServerWorker(config, i, response));
            } else {
                byte[] keep = serverResponse(config, seed);
                byte[] close = config.httpPayload() ? Payloads.httpResponse(config.payloadSize(), true, config.payloadRandom(), seed) : keep;
                for (int i = 0; i < workers; i++) t.servers.add(new ServerWorker(config, i, keep, close, Payloads.badRequest()));
            }
        } catch (IOException e) {
            t.servers.forEach(ServerLoop::stop);
            throw new EnvironmentException(e.getMessage(), config.client() ? "check that this process may open sockets"
                    : "choose a free port ('listen'/--listen), or stop what listens there", e);
        }
        return t;
    }

    /** A client test on the given loops instead of the engine's own workers (tests drive the timeline with them). */
    static LoadRun withClients(LoadConfig config, List<ClientLoop> loops) {
        LoadRun t = new LoadRun(config);
        t.clients.addAll(loops);
        return t;
    }

    private static void checkCpus(LoadConfig config) {
        int cpus = CpuAffinity.presentCpus();
        for (int cpu : config.cpus()) {
            if (cpu >= cpus) {
                throw new EnvironmentException("cpu " + cpu + " does not exist here (" + cpus + " CPUs: 0-" + (cpus - 1) + ")",
                        "list CPUs that exist in the 'cpu' line");
            }
        }
    }

    /** A TCP server's keep-alive response: an HTTP message, or raw filler below 85 bytes. */
    private static byte[] serverResponse(LoadConfig config, long seed) {
        return config.httpPayload() ? Payloads.httpResponse(config.payloadSize(), false, config.payloadRandom(), seed)
                : Payloads.filler(config.payloadSize(), config.payloadRandom(), seed);
    }

    /** The port the server listens on (the kernel's choice when the configuration says 0). */
    public int serverPort() {
        try {
            return servers.getFirst().boundPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Ends the test early, cleanly (the drain runs, the summary is complete). Safe from any thread. */
    public void stop() {
        interrupted = true;
        stopRequested.countDown();
    }

    /** Runs the test to its end (or {@link #stop()}), calling the listener every second. */
    public LoadResult run(Listener listener) {
        List<WorkerStats> stats = new ArrayList<>();
        clients.forEach(w -> stats.add(w.stats()));
        servers.forEach(w -> stats.add(w.stats()));
        StatsCollector collector = new StatsCollector(stats);
        List<Second> seconds = new ArrayList<>();
        int i = 0;
        for (Runnable r : config.client() ? clients : servers) {
            String name = (config.client() ? "load-client-" : "load-server-") + i++;
            Thread th = Thread.ofPlatform().name(name).daemon().unstarted(() -> {
                try {
                    r.run();
                } catch (RuntimeException | Error e) {
                    // a dead worker stops the test: its counters would be short, the summary wrong
                    workerFailure.compareAndSet(null, new IllegalStateException("load worker " + name + " failed: " + e, e));
                    stopRequested.countDown();
                }
            });
            threads.add(th);
        }
        threads.forEach(Thread::start);
        long endOfDuration = startNanos + Math.min(Long.MAX_VALUE / 4, config.plannedSeconds()) * SECOND;
        long next = startNanos + SECOND;
        Phase phase = phaseAt(startNanos);
        // the timeline, one tick per second
        while (true) {
            long wait = Math.min(next, endOfDuration) - System.nanoTime();
            boolean stop = await(wait);
            long now = System.nanoTime();
            if (now - next >= 0) {
                phase = phaseAt(next - 1);
                Second s = collector.tick(phase.word(), phase == Phase.DURATION);
                seconds.add(s);
                listener.second(s);
                next += SECOND;
            }
            if (stop || now - endOfDuration >= 0) break;
        }
        // the drain: no new connections or requests; connections close as their responses arrive
        // a server has nothing to drain: it stops answering at once
        servers.forEach(ServerLoop::stop);
        clients.forEach(w -> w.setState(WorkerState.DRAIN));
        long drainEnd = System.nanoTime() + DRAIN_NANOS;
        while (!threadsDone() && System.nanoTime() - drainEnd < 0) {
            long until = Math.min(next, drainEnd);
            joinAll(until);
            long now = System.nanoTime();
            if (now - next >= 0) {
                Second s = collector.tick(Phase.DRAIN.word(), false);
                seconds.add(s);
                listener.second(s);
                next += SECOND;
            }
        }
        clients.forEach(w -> w.setState(WorkerState.STOP));
        servers.forEach(ServerLoop::stop);
        joinAll(Long.MAX_VALUE);
        if (workerFailure.get() != null) throw workerFailure.get();
        // the last, partial second: what the workers did since the last tick
        Second last = collector.tick(Phase.DRAIN.word(), false);
        if (!allZero(last)) {
            seconds.add(last);
            listener.second(last);
        }
        return result(collector, seconds, (System.nanoTime() - startNanos) / 1e9);
    }

    private static boolean allZero(Second s) {
        for (long v : s.counters().values()) if (v != 0) return false;
        return true;
    }

    private Phase phaseAt(long nanos) {
        double t = (nanos - startNanos) / 1e9;
        if (t < config.waitSeconds()) return Phase.WAIT;
        if (t < config.waitSeconds() + config.slowStartSeconds()) return Phase.SLOW_START;
        return Phase.DURATION;
    }

    private boolean await(long nanos) {
        try {
            return stopRequested.await(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private boolean threadsDone() {
        for (Thread t : threads) if (t.isAlive()) return false;
        return true;
    }

    private void joinAll(long untilNanos) {
        for (Thread t : threads) {
            long left = untilNanos == Long.MAX_VALUE ? 0 : untilNanos - System.nanoTime();
            if (untilNanos != Long.MAX_VALUE && left <= 0) return;
            try {
                if (untilNanos == Long.MAX_VALUE) t.join();
                else t.join(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private LoadResult result(StatsCollector c, List<Second> seconds, double elapsed) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (Counter k : Counter.values()) counters.put(k.dperfName(), c.total(k));
        boolean client = config.client();
        long requests = Tallies.requests(client, c::total);
        long ok = Tallies.responses(client, c::total);
        long httpErr = c.total(Counter.HTTP_ERR);
        // rates over the duration phase; a test stopped before it is measured over every second with traffic
        List<Second> measured = seconds.stream().filter(s -> s.phase().equals(Phase.DURATION.word())).toList();
        if (measured.isEmpty()) {
            measured = seconds.stream().filter(s -> s.get(Counter.SK_OPEN) + Tallies.responses(client, s::get) + s.get(Counter.HTTP_ERR) > 0).toList();
        }
        double measuredSeconds = measured.size();
        long measuredResponses = measured.stream().mapToLong(s -> Tallies.responses(client, s::get) + s.get(Counter.HTTP_ERR)).sum();
        long measuredOpens = measured.stream().mapToLong(s -> s.get(Counter.SK_OPEN)).sum();
        Histogram h = c.measuredLatencies().getTotalCount() > 0 ? c.measuredLatencies() : c.latencies();
        LoadResult.Latency latency = LoadResult.Latency.of(h);
        long measuredRx = measured.stream().mapToLong(s -> s.get(Counter.BYTES_RX)).sum();
        long measuredTx = measured.stream().mapToLong(s -> s.get(Counter.BYTES_TX)).sum();
        long rttCount = c.total(Counter.RTT_COUNT);
        long errors = Tallies.errors(c::total);
        return new LoadResult(config.mode().name().toLowerCase(), startedAt.truncatedTo(ChronoUnit.MILLIS).toString(), interrupted, Math.round(elapsed * 1000) / 1000.0, measuredSeconds,
                requests, ok, httpErr, c.total(Counter.SK_ERR), c.total(Counter.SK_OPEN), c.total(Counter.SK_CLOSE), c.maxConcurrent(),
                measuredSeconds == 0 ? 0 : Math.round(measuredResponses / measuredSeconds * 10) / 10.0,
                measuredSeconds == 0 ? 0 : Math.round(measuredOpens / measuredSeconds * 10) / 10.0,
                latency, rttCount == 0 ? 0 : c.total(Counter.RTT_SUM_NANOS) / rttCount / 1000,
                c.total(Counter.BYTES_TX), c.total(Counter.BYTES_RX), c.total(Counter.LAUNCH_SKIPPED), c.total(Counter.TCP_DROP),
                errors, counters,
                // the user-space engine's packets never touch the kernel's TCP: its counters say nothing about the test
                config.engine() == Engine.USERSPACE ? Map.of() : c.kernelSinceStart(), List.copyOf(seconds),
                // "keepalive 1us 1" (one request, then close) opens connections at a rate as CPS mode does
                config.client() && config.keepalive().filter(k -> k.requests() == 0).isPresent(), measuredResponses, measuredRx, measuredTx,
                perSecond(measuredRx, measuredSeconds), perSecond(measuredTx, measuredSeconds), c.perWorker());
    }

    private static double perSecond(long total, double seconds) {
        return seconds == 0 ? 0 : Math.round(total / seconds * 10) / 10.0;
    }
}
