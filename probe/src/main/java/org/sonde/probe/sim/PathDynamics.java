package org.sonde.probe.sim;

/**
 * How probes' paths change within an aggregation window (dissertation §3.6): a new path is a
 * random one of the pair's paths, as the dissertation picks a random LSP of the same pair.
 */
public sealed interface PathDynamics {
    /** Every probe keeps the path its 5-tuple hashes to for the whole window. */
    record Fixed() implements PathDynamics {}

    /**
     * Each probe changes path {@code perWindow} times at random moments of the window, and a bad
     * probe blames every path the window saw (Table 3.7).
     */
    record Changes(int perWindow) implements PathDynamics {
        public Changes {
            if (perWindow < 0) throw new IllegalArgumentException("path changes per window must be 0 or more, got " + perWindow);
        }
    }

    /**
     * Paths live for exponentially distributed lifetimes of median {@code medianLifetimeMinutes};
     * the probe's pings, evenly spread over a window of {@code windowMinutes}, are each put on the
     * path the probe's last traceroute saw, traceroutes running every {@code traceroutePeriodMinutes}
     * from a random phase (0: every ping on its real path, traceroutes without end) (Table 3.8).
     */
    record Traceroute(double medianLifetimeMinutes, double traceroutePeriodMinutes, double windowMinutes) implements PathDynamics {
        public Traceroute {
            if (!(medianLifetimeMinutes > 0)) throw new IllegalArgumentException("a path's median lifetime must be above 0 minutes, got " + medianLifetimeMinutes);
            if (!(traceroutePeriodMinutes >= 0)) throw new IllegalArgumentException("the traceroute period must be 0 minutes or more, got " + traceroutePeriodMinutes);
            if (!(windowMinutes > 0)) throw new IllegalArgumentException("the aggregation window must be above 0 minutes, got " + windowMinutes);
        }

        /** Traceroute probes per second for {@code probes} probes, each traced once a period; infinite at period 0. */
        public double traceroutesPerSecond(double probes) {
            return traceroutePeriodMinutes == 0 ? Double.POSITIVE_INFINITY : probes / (traceroutePeriodMinutes * 60);
        }
    }

    /** §3.6's default: paths do not change. */
    PathDynamics FIXED = new Fixed();
}
