package org.sonde.inject.testbed;

import org.sonde.core.UsageException;
import org.sonde.sim.rdma.NicProfile;

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

        /** As given to {@code --target}: {@code sim:PROFILE}. */
        @Override
        public String toString() {
            return "sim:" + profile;
        }
    }

    /**
     * Parses {@code sim:PROFILE} (or {@code sim} for the neutral NIC), as given to {@code --target}.
     * An unknown target or profile is a usage error that lists the bundled profiles.
     */
    static TargetSpec parse(String text) {
        String t = text.strip();
        String hint = "the simulated testbed is sim:PROFILE with a bundled profile: " + String.join(", ", NicProfile.BUNDLED);
        if (t.equals("sim")) return new Simulated("neutral");
        if (!t.startsWith("sim:")) throw new UsageException("--target " + t + ": unknown target", hint);
        String profile = t.substring(4);
        if (!NicProfile.BUNDLED.contains(profile)) {
            throw new UsageException("--target " + t + ": no bundled NIC profile '" + profile + "'", hint);
        }
        return new Simulated(profile);
    }
}
