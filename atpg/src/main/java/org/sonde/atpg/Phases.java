package org.sonde.atpg;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Wall time per named phase of a run, in the order the phases ran, told to a listener as each
 * phase ends (a command shows them as progress).
 */
public final class Phases {
    private final Map<String, Double> seconds = new LinkedHashMap<>();
    private final Consumer<String> listener;
    private final Counter counter;
    private long last = System.nanoTime();

    /** How far a long phase is: {@code done} of {@code total} {@code unit}; called often, from any thread. */
    @FunctionalInterface
    public interface Counter {
        void update(long done, long total, String unit);
    }

    /** Phases told to {@code listener} as "name: N.N s, detail". */
    public Phases(Consumer<String> listener) {
        this(listener, (done, total, unit) -> { });
    }

    /** Phases told to {@code listener}, and the progress within a long one to {@code counter}. */
    public Phases(Consumer<String> listener, Counter counter) {
        this.listener = listener;
        this.counter = counter;
    }

    /** Phases nobody listens to. */
    public static Phases quiet() {
        return new Phases(line -> { });
    }

    /** The current phase has done {@code done} of {@code total} {@code unit}. */
    public void progress(long done, long total, String unit) {
        counter.update(done, total, unit);
    }

    /** Ends the phase that began when the previous one ended (or at construction). */
    public void end(String name, String detail) {
        long now = System.nanoTime();
        double s = (now - last) / 1e9;
        last = now;
        seconds.merge(name, s, Double::sum);
        listener.accept(String.format("%s: %.1f s%s", name, s, detail.isEmpty() ? "" : ", " + detail));
    }

    /** Seconds per phase, in order. */
    public Map<String, Double> seconds() {
        return Collections.unmodifiableMap(seconds);
    }
}
