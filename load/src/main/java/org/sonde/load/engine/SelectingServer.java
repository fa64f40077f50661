package org.sonde.load.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.stats.WorkerStats;

/**
 * The UDP server's frame: one selector on a thread pinned to its CPU, a socket on every configured
 * address and port, serving until stopped, closing everything at the end. (The TCP server runs on
 * FFM epoll instead: {@link ServerWorker}.)
 */
abstract class SelectingServer implements ServerLoop {
    final LoadConfig config;
    final WorkerStats stats = new WorkerStats();
    final Selector selector;
    private final int cpu;
    private volatile boolean stopped;

    SelectingServer(LoadConfig config, int index) throws IOException {
        this.config = config;
        this.selector = Selector.open();
        this.cpu = config.cpus().isEmpty() ? -1 : config.cpus().get(index);
    }

    /** Opens a socket on every server address and listen port; on failure closes what was opened. */
    final void bindAll() throws IOException {
        try {
            for (InetSocketAddress a : Endpoints.serverAddresses(config)) bind(a);
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    /** Opens one socket on {@code address} and registers it with the selector. */
    abstract void bind(InetSocketAddress address) throws IOException;

    /** Handles one ready key. */
    abstract void serve(SelectionKey key);

    /** Runs the timers that are due (a server's idle timeouts); called after every select, at least every 100 ms. */
    void expireTimers(long nowNanos) {}

    /** Closes the connections and sockets; the selector is closed after. */
    abstract void closeSockets();

    @Override
    public final WorkerStats stats() {
        return stats;
    }

    @Override
    public final void stop() {
        stopped = true;
        selector.wakeup();
    }

    @Override
    public final void run() {
        stats.bindToCurrentThread();
        if (cpu >= 0) CpuAffinity.pinCurrentThread(cpu);
        try {
            Consumer<SelectionKey> handler = this::serve;
            while (!stopped) {
                selector.select(handler, 100);
                expireTimers(System.nanoTime());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            close();
        }
    }

    private void close() {
        closeSockets();
        Channels.closeQuietly(selector);
    }
}
