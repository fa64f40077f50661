package org.sonde.cli.probe;

import java.util.function.Supplier;
import org.sonde.core.UsageException;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

/** The {@code --topology} argument and option values the module rejects, as usage errors. */
final class TopologyOption {
    static final String DESCRIPTION = "fattree:K (the simulator's k-ary fat-tree, every host an agent), idn (an IDN-like backbone:"
            + " 80 sites, 100 core routers, up to 4 LSPs per site pair; idn:SITES:CORES:LSPS to size it), model:FILE (a network"
            + " model's JSON, as sonde atpg reads it: its devices are routers, each with an agent host), or a topology file"
            + " (lines: router NAME | host NAME [agent ADDRESS] | link A B [weight W] | arc A B [weight W] | path HOST ROUTER... HOST [weight W]).";

    private TopologyOption() {}

    static Topology load(String spec, long seed) {
        return usage(() -> Generators.named(spec, seed), "--topology");
    }

    /** Runs {@code body}; an {@link IllegalArgumentException} (a value out of range) becomes a usage error naming {@code option}. */
    static <T> T usage(Supplier<T> body, String option) {
        try {
            return body.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }
}
