package org.sonde.search;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sonde.core.UsageException;
import org.sonde.search.sim.Profile;
import org.sonde.search.sim.SimulatedSubsystem;

/**
 * A target named on the command line: {@code sim:NAME} (a bundled profile: f-like, h-like, clean)
 * or {@code sim:FILE.yaml} (a profile file). Each search gets a fresh subsystem whose measurement
 * noise follows the search's seed.
 */
public record SearchTarget(String name, Profile profile) {
    public static SearchTarget parse(String spec) {
        if (spec == null || !spec.startsWith("sim:")) {
            throw new UsageException("--target: '" + spec + "' is not a target; give sim:NAME with NAME one of "
                    + String.join(", ", Profile.BUNDLED) + ", or sim:FILE.yaml");
        }
        String rest = spec.substring(4);
        if (Profile.BUNDLED.contains(rest)) return new SearchTarget(spec, Profile.bundled(rest));
        if (rest.endsWith(".yaml") || rest.endsWith(".yml") || Files.exists(Path.of(rest))) return new SearchTarget(spec, Profile.load(Path.of(rest)));
        throw new UsageException("--target: no bundled profile '" + rest + "'; the bundled ones are " + String.join(", ", Profile.BUNDLED)
                + " (or give sim:FILE.yaml)");
    }

    SimulatedSubsystem subsystem(long seed) {
        return new SimulatedSubsystem(profile, seed);
    }

    /** One search on a fresh subsystem; the ground truth fills the result's evaluation fields only. */
    public SearchResult search(SearchOptions options) {
        SimulatedSubsystem sim = subsystem(options.seed());
        return new Search(sim, sim::truth, options).run();
    }
}
