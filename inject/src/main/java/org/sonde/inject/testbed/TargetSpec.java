package org.sonde.inject.testbed;

import org.sonde.core.UsageException;
import org.sonde.sim.rdma.NicProfile;

/**
 * What a test runs against: the simulated testbed of RoCE NICs ({@code sim:PROFILE}), the Linux
 * kernel's TCP between network namespaces ({@code linux}, for TCP tests), or the simulator's
 * Linux-like TCP between two simulated hosts ({@code sim-tcp}, for TCP tests).
 */
public sealed interface TargetSpec permits TargetSpec.Simulated, TargetSpec.Linux, TargetSpec.SimTcp {

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

    /** Two Linux hosts in network namespaces behind a netfilter-queue injector: TCP tests' target. */
    record Linux() implements TargetSpec {
        @Override
        public String toString() {
            return "linux";
        }
    }

    /**
     * Two simulated hosts running the simulator's Linux-like TCP ({@code org.sonde.sim.tcp}) through a
     * simulated middle box that classifies and injects as the Linux target's does: TCP tests' model,
     * which {@code sonde inject diff} compares with the kernel.
     *
     * <p>The defaults resemble the namespace testbed without its load: veth pairs copy packets in
     * memory at well over 10 Gb/s, and each packet crosses the netfilter-queue injector once, whose
     * added delay is at its goal of 50 µs (issue 18) — so each link takes 25 µs and a round trip
     * 100 µs, as two crossings of the injector.
     *
     * @param linkRateBps    rate of both host links
     * @param linkDelayNanos propagation delay of each host link
     */
    record SimTcp(long linkRateBps, long linkDelayNanos) implements TargetSpec {
        public static final long DEFAULT_RATE_BPS = 10_000_000_000L;
        public static final long DEFAULT_DELAY_NANOS = 25_000;

        public SimTcp {
            if (linkRateBps <= 0 || linkDelayNanos < 0) throw new IllegalArgumentException("link rate must be positive, delay not negative");
        }

        public SimTcp() {
            this(DEFAULT_RATE_BPS, DEFAULT_DELAY_NANOS);
        }

        @Override
        public String toString() {
            return "sim-tcp";
        }
    }

    /**
     * The simulated testbed this target names: what RoCE tests and fuzzing run on. {@code linux}
     * and {@code sim-tcp} are usage errors: they run TCP, and this machine has no RDMA device, so
     * RoCE runs on simulated NICs only.
     */
    default Simulated simulated() {
        return switch (this) {
            case Simulated s -> s;
            case Linux l -> throw new UsageException("--target linux runs TCP tests; RoCE tests and fuzzing run on a simulated NIC",
                    "give --target sim:PROFILE with a bundled profile: " + String.join(", ", NicProfile.BUNDLED));
            case SimTcp t -> throw new UsageException("--target sim-tcp runs TCP tests; RoCE tests and fuzzing run on a simulated NIC",
                    "give --target sim:PROFILE with a bundled profile: " + String.join(", ", NicProfile.BUNDLED));
        };
    }

    /**
     * Parses {@code sim:PROFILE} (or {@code sim} for the neutral NIC), {@code linux} or {@code sim-tcp}, as given to
     * {@code --target}. An unknown target or profile is a usage error that lists the bundled profiles.
     */
    static TargetSpec parse(String text) {
        String t = text.strip();
        String hint = "give linux or sim-tcp (TCP tests) or sim:PROFILE with a bundled profile: " + String.join(", ", NicProfile.BUNDLED);
        if (t.equals("linux")) return new Linux();
        if (t.equals("sim-tcp")) return new SimTcp();
        if (t.equals("sim")) return new Simulated("neutral");
        if (!t.startsWith("sim:")) throw new UsageException("--target " + t + ": unknown target", hint);
        String profile = t.substring(4);
        if (!NicProfile.BUNDLED.contains(profile)) {
            throw new UsageException("--target " + t + ": no bundled NIC profile '" + profile + "'", hint);
        }
        return new Simulated(profile);
    }
}
