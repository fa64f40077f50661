package org.sonde.search.engine;

import java.util.List;

/** One process the workload engine starts for a point: on which host, in which role, with which arguments. */
public record EngineCommand(String host, String role, int traffic, List<String> argv) {
    public EngineCommand {
        argv = List.copyOf(argv);
    }

    /** The command as one shell line. */
    public String line() {
        return String.join(" ", argv);
    }
}
