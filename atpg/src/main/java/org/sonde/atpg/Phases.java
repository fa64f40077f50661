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
    private long last = System.nanoTime();

    /** Phases told to {@code listener} as "name: N.N s, detail". */
    public Phases(Consumer<String> listener) {
        this.listener = listener;
    }

    /** Phases nobody listens to. */
    public static Phases quiet() {
        return new Phases(line -> { });
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
