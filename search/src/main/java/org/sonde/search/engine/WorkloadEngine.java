package org.sonde.search.engine;

import java.util.List;
import org.sonde.search.space.Point;

/**
 * A system under test that runs workloads (§4, "workload engine"): a point compiles to the
 * engine's parameters, and running it returns the performance and diagnostic counters sampled
 * while it ran. Implementations: the simulated subsystem ({@code org.sonde.search.sim})
 * and a real testbed of two hosts ({@link RemoteEngine}).
 */
public interface WorkloadEngine {
    /** The target's name, as in {@code sim:f-like}. */
    String name();

    /** The specification bounds the monitor judges throughput against. */
    NicSpec spec();

    /** The names of the diagnostic counters every sample carries, in order. */
    List<String> diagnosticCounters();

    /** The engine processes that realise {@code p}. */
    List<EngineCommand> compile(Point p);

    /** Where the perftest command lines that reproduce an MFS run: a testbed's settings, or shell variables for a simulated target. */
    default PerftestCommands.Settings perftestSettings() {
        return PerftestCommands.Settings.placeholders();
    }

    /** Runs {@code p} once and returns its samples. Each call draws fresh measurement noise. */
    Run run(Point p);
}
