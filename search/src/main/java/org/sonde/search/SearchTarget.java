package org.sonde.search;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.sonde.core.UsageException;
import org.sonde.search.engine.RemoteEngine;
import org.sonde.search.engine.RemoteTarget;
import org.sonde.search.linux.LinuxSubject;
import org.sonde.search.linux.LinuxTarget;
import org.sonde.search.sim.Profile;
import org.sonde.search.sim.SimulatedSubsystem;

/**
 * A target named on the command line: {@code sim:NAME} (a bundled profile: f-like, h-like, clean),
 * {@code sim:FILE.yaml} (a profile file), {@code remote:FILE.yaml} (two hosts with RDMA NICs,
 * {@link RemoteTarget}'s format), or {@code linux} / {@code linux:FILE.yaml} (the kernel's TCP stack
 * in network namespaces, {@link LinuxTarget}'s format). The same search runs on all; the RDMA ones
 * share Collie's space, monitor and MFS, the Linux one has the TCP space and its own monitor; a
 * simulated target also has a ground truth for the result's evaluation fields.
 */
public sealed interface SearchTarget permits SearchTarget.Simulated, SearchTarget.Remote, SearchTarget.Linux {
    /** The target as named, e.g. {@code sim:f-like}. */
    String name();

    /** One search on the target. */
    SearchResult search(SearchOptions options);

    /** One search on the target, telling {@code progress} a line per experiment where experiments take wall time. */
    default SearchResult search(SearchOptions options, Consumer<String> progress) {
        return search(options);
    }

    static SearchTarget parse(String spec) {
        if ("linux".equals(spec)) return new Linux(spec, LinuxTarget.defaults());
        if (spec != null && spec.startsWith("linux:")) {
            String file = spec.substring(6);
            if (file.isEmpty()) throw new UsageException("--target: linux: needs the target file, as in linux:tcp.yaml (or give linux alone)");
            return new Linux(spec, LinuxTarget.load(Path.of(file)));
        }
        if (spec != null && spec.startsWith("remote:")) {
            String file = spec.substring(7);
            if (file.isEmpty()) throw new UsageException("--target: remote: needs the target file, as in remote:testbed.yaml");
            return new Remote(spec, RemoteTarget.load(Path.of(file)));
        }
        if (spec == null || !spec.startsWith("sim:")) {
            throw new UsageException("--target: '" + spec + "' is not a target; give sim:NAME with NAME one of "
                    + String.join(", ", Profile.BUNDLED) + ", sim:FILE.yaml, remote:FILE.yaml, linux or linux:FILE.yaml");
        }
        String rest = spec.substring(4);
        if (Profile.BUNDLED.contains(rest)) return new Simulated(spec, Profile.bundled(rest));
        if (rest.endsWith(".yaml") || rest.endsWith(".yml") || Files.exists(Path.of(rest))) return new Simulated(spec, Profile.load(Path.of(rest)));
        throw new UsageException("--target: no bundled profile '" + rest + "'; the bundled ones are " + String.join(", ", Profile.BUNDLED)
                + " (or give sim:FILE.yaml)");
    }

    /** A simulated RDMA subsystem; each search gets a fresh one whose measurement noise follows the search's seed. */
    record Simulated(String name, Profile profile) implements SearchTarget {
        SimulatedSubsystem subsystem(long seed) {
            return new SimulatedSubsystem(profile, seed);
        }

        /** One search on a fresh subsystem; the ground truth fills the result's evaluation fields only. */
        @Override
        public SearchResult search(SearchOptions options) {
            SimulatedSubsystem sim = subsystem(options.seed());
            return Search.rdma(sim, sim::truth, options).run();
        }
    }

    /** A real testbed: the budget is in hours of wall time and there is no ground truth, so evaluation fields stay empty. */
    record Remote(String name, RemoteTarget target) implements SearchTarget {
        @Override
        public SearchResult search(SearchOptions options) {
            return Search.rdma(new RemoteEngine(target), null, options).run();
        }
    }

    /**
     * The Linux kernel's TCP stack in two network namespaces, driven by the load module's engine
     * ({@link LinuxTarget}; root only): the budget is wall time and there is no ground truth.
     */
    record Linux(String name, LinuxTarget target) implements SearchTarget {
        @Override
        public SearchResult search(SearchOptions options) {
            return search(options, line -> { });
        }

        @Override
        public SearchResult search(SearchOptions options, Consumer<String> progress) {
            return new Search<>(LinuxSubject.start(target, options.seed(), progress), null, options).run();
        }
    }
}
