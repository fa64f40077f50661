package org.sonde.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * Progress of a long run on standard error, at most twice a second (and at once when what it counts
 * changes) and only after the first second, so short runs stay quiet, with the time left at the rate
 * so far when the total is known. Writes over one line when stderr is a terminal. Safe to call from
 * several threads (a parallel search's workers).
 */
public final class Progress implements AutoCloseable {
    private static final long FIRST_NANOS = 1_000_000_000L;
    private static final long EVERY_NANOS = 500_000_000L;

    private final PrintWriter err;
    private final String task;
    private final boolean terminal = System.console() != null;
    private final LongSupplier clock;
    private final long startNanos;
    private long lastNanos;
    private boolean shown;
    private String lastUnit;

    public Progress(PrintWriter err, String task) {
        this(err, task, System::nanoTime);
    }

    /** With {@code clock} for the time in nanoseconds (tests step it instead of waiting). */
    Progress(PrintWriter err, String task, LongSupplier clock) {
        this.err = err;
        this.task = task;
        this.clock = clock;
        this.startNanos = clock.getAsLong();
        this.lastNanos = startNanos - EVERY_NANOS + FIRST_NANOS;
    }

    /**
     * Cheap to call often: reads the clock and prints only when a line is due, or when the unit is new
     * (a task that goes on to count something else says so at once).
     */
    public synchronized void update(long done, long total, String unit) {
        long now = clock.getAsLong();
        boolean moved = !unit.equals(lastUnit) && now - startNanos >= FIRST_NANOS;
        if (now - lastNanos < EVERY_NANOS && !moved) return;
        lastNanos = now;
        lastUnit = unit;
        double seconds = (now - startNanos) / 1e9;
        print(total > 0
                ? String.format("%s: %,d / %,d %s (%.0f%%), %.1f s%s", task, done, total, unit, 100.0 * done / total, seconds, eta(done, total, seconds))
                : String.format("%s: %,d %s, %.1f s", task, done, unit, seconds));
    }

    /**
     * Says the task has gone on to {@code step} ("writing stats.json"): a step that counts nothing may
     * still take long. Printed at once unless the task is in its first second.
     */
    public synchronized void step(String step) {
        long now = clock.getAsLong();
        if (now - startNanos < FIRST_NANOS) return;
        lastNanos = now;
        lastUnit = null;
        print(String.format("%s: %s, %.1f s", task, step, (now - startNanos) / 1e9));
    }

    /** {@code , about 12 s left} at the rate so far; empty before anything is done or once all is. */
    static String eta(long done, long total, double seconds) {
        if (done <= 0 || done >= total) return "";
        double left = seconds * (total - done) / done;
        return left >= 90 ? String.format(", about %.0f min left", left / 60) : String.format(", about %.0f s left", Math.max(1, left));
    }

    private void print(String line) {
        err.print(terminal ? "\r" + line + "\u001b[K" : line + System.lineSeparator());
        err.flush();
        shown = true;
    }

    @Override
    public synchronized void close() {
        if (shown && terminal) {
            err.print("\r\u001b[K");
            err.flush();
        }
    }
}
