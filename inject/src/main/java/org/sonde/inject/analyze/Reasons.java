package org.sonde.inject.analyze;

import java.util.ArrayList;
import java.util.List;

/**
 * Failure reasons collected during a run, keeping the first {@value #KEPT} so a badly broken trace
 * cannot fill memory, and counting the rest.
 */
final class Reasons {
    static final int KEPT = 200;
    private final List<Reason> kept = new ArrayList<>();
    private long total;

    void add(Reason r) {
        if (kept.size() < KEPT) kept.add(r);
        total++;
    }

    boolean isEmpty() {
        return total == 0;
    }

    List<Reason> kept() {
        return List.copyOf(kept);
    }

    long omitted() {
        return total - kept.size();
    }
}
