package org.sonde.sim.kernel;

import java.util.Arrays;

/**
 * The discrete-event kernel: a nanosecond clock held in a {@code long} and a queue of pending events.
 *
 * <p>Events scheduled for the same instant fire in the order they were scheduled (a global sequence
 * number breaks ties), so a run depends only on its inputs and seed, never on hash codes, threads or
 * wall time. The queue is an implicit 4-ary min-heap over parallel primitive arrays: keys are compared
 * without dereferencing event objects and a sift touches a quarter of the levels of a binary heap.
 *
 * <p>Not thread-safe: a simulation runs on one thread; independent simulations run in parallel.
 */
public final class Simulator {
    private static final int ARITY = 4;

    private long now;
    private long sequence;
    private long executed;
    private boolean stopped;

    private int size;
    private long[] times = new long[1024];
    private long[] sequences = new long[1024];
    private Handler<Object>[] handlers = newHandlers(1024);
    private Object[] arguments = new Object[1024];

    /** The current simulated time in nanoseconds since the start of the run. */
    public long now() {
        return now;
    }

    /** Events executed so far. */
    public long executedEvents() {
        return executed;
    }

    /** Events waiting in the queue. */
    int pendingEvents() {
        return size;
    }

    /** Schedules {@code handler.handle(argument)} at absolute time {@code at} (not before now). */
    @SuppressWarnings("unchecked")
    public <T> void at(long at, Handler<? super T> handler, T argument) {
        if (at < now) throw new IllegalArgumentException("event at " + at + " ns is in the past (now " + now + " ns)");
        if (size == times.length) grow();
        siftUp(size++, at, sequence++, (Handler<Object>) handler, argument);
    }

    /** Schedules {@code handler.handle(argument)} after {@code delay} nanoseconds. */
    public <T> void after(long delay, Handler<? super T> handler, T argument) {
        at(now + delay, handler, argument);
    }

    /** Schedules an action at absolute time {@code at}. */
    public void at(long at, Runnable action) {
        at(at, RUN, action);
    }

    /** Schedules an action after {@code delay} nanoseconds. */
    public void after(long delay, Runnable action) {
        at(now + delay, RUN, action);
    }

    private static final Handler<Runnable> RUN = Runnable::run;

    /** Runs events until the queue is empty or {@link #stop()} is called. */
    public void run() {
        runUntil(Long.MAX_VALUE);
    }

    /**
     * Runs every event due at or before {@code end}, then sets the clock to {@code end} (unless the run
     * was stopped or {@code end} is {@link Long#MAX_VALUE}). Events after {@code end} stay queued.
     */
    public void runUntil(long end) {
        runUntil(end, Long.MAX_VALUE);
    }

    /**
     * {@link #runUntil(long)}, but returns early, with the clock at the last event run, once
     * {@code maxEvents} events have run: a caller can report progress within a busy instant and then
     * go on. Returns whether the run got to {@code end} (or was stopped, or ran out of events).
     */
    public boolean runUntil(long end, long maxEvents) {
        stopped = false;
        long budget = maxEvents;
        while (size > 0 && !stopped) {
            long t = times[0];
            if (t > end) break;
            if (budget-- == 0) return false;
            Handler<Object> h = handlers[0];
            Object a = arguments[0];
            removeTop();
            now = t;
            executed++;
            h.handle(a);
        }
        if (!stopped && end != Long.MAX_VALUE && end > now) now = end;
        return true;
    }

    /** Makes {@link #run()} return after the current event. */
    public void stop() {
        stopped = true;
    }

    private void removeTop() {
        int last = --size;
        long t = times[last];
        long s = sequences[last];
        Handler<Object> h = handlers[last];
        Object a = arguments[last];
        handlers[last] = null;
        arguments[last] = null;
        if (last > 0) siftDown(0, t, s, h, a);
    }

    private void siftUp(int i, long t, long s, Handler<Object> h, Object a) {
        while (i > 0) {
            int parent = (i - 1) / ARITY;
            long pt = times[parent];
            if (pt < t || (pt == t && sequences[parent] < s)) break;
            move(parent, i);
            i = parent;
        }
        put(i, t, s, h, a);
    }

    private void siftDown(int i, long t, long s, Handler<Object> h, Object a) {
        while (true) {
            int first = i * ARITY + 1;
            if (first >= size) break;
            int end = Math.min(first + ARITY, size);
            int min = first;
            long mt = times[first];
            long ms = sequences[first];
            for (int c = first + 1; c < end; c++) {
                long ct = times[c];
                if (ct < mt || (ct == mt && sequences[c] < ms)) {
                    min = c;
                    mt = ct;
                    ms = sequences[c];
                }
            }
            if (t < mt || (t == mt && s < ms)) break;
            move(min, i);
            i = min;
        }
        put(i, t, s, h, a);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        sequences[to] = sequences[from];
        handlers[to] = handlers[from];
        arguments[to] = arguments[from];
    }

    private void put(int i, long t, long s, Handler<Object> h, Object a) {
        times[i] = t;
        sequences[i] = s;
        handlers[i] = h;
        arguments[i] = a;
    }

    private void grow() {
        int n = times.length * 2;
        times = Arrays.copyOf(times, n);
        sequences = Arrays.copyOf(sequences, n);
        handlers = Arrays.copyOf(handlers, n);
        arguments = Arrays.copyOf(arguments, n);
    }

    @SuppressWarnings("unchecked")
    private static Handler<Object>[] newHandlers(int n) {
        return (Handler<Object>[]) new Handler<?>[n];
    }
}
