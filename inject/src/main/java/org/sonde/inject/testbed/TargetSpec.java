package org.sonde.inject.testbed;

import org.sonde.core.BadInputException;

/** What a test runs against. Only the simulated testbed exists so far; real testbeds will be further variants. */
public sealed interface TargetSpec permits TargetSpec.Simulated {

    /**
     * Two hosts with simulated RoCE NICs behind the injecting switch.
     *
     * @param profile        the NICs' behaviour profile, a bundled name ({@code neutral}, ...)
     * @param linkRateBps    rate of the host links
     * @param linkDelayNanos propagation delay of each host link
     */
    record Simulated(String profile, long linkRateBps, long linkDelayNanos) implements TargetSpec {
        public static final long DEFAULT_RATE_BPS = 100_000_000_000L;
        public static final long DEFAULT_DELAY_NANOS = 1_000;

        public Simulated {
            if (profile == null || !profile.matches("[a-z0-9][a-z0-9-]*")) {
                throw new IllegalArgumentException("NIC profile name '" + profile + "' must be lower case letters, digits and dashes");
            }
            if (linkRateBps <= 0 || linkDelayNanos < 0) throw new IllegalArgumentException("link rate must be positive, delay not negative");
        }

        public Simulated(String profile) {
            this(profile, DEFAULT_RATE_BPS, DEFAULT_DELAY_NANOS);
        }
    }

    /** Parses {@code sim:PROFILE} (or {@code sim} for the neutral NIC), as given to {@code --target}. */
    static TargetSpec parse(String text) {
        String t = text.strip();
        if (t.equals("sim")) return new Simulated("neutral");
        if (t.startsWith("sim:")) {
            String profile = t.substring(4);
            if (!profile.matches("[a-z0-9][a-z0-9-]*")) {
                throw new BadInputException("--target", "'" + t + "'", "'" + profile + "' is not a NIC profile name", "e.g. sim:neutral", null);
            }
            return new Simulated(profile);
        }
        throw new BadInputException("--target", "'" + t + "'", "unknown target; the simulated testbed is sim:PROFILE", "e.g. --target sim:neutral", null);
    }
}
