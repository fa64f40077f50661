package org.sonde.testgen;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared datasets directory, found as dataplane's test helper finds it (its test classes are
 * not visible here): {@code SONDE_DATASETS}, else {@code ../shared/datasets} above the working
 * directory; missing data fails unless {@code SONDE_SKIP_DATASETS=1}.
 */
final class Datasets {
    private Datasets() {}

    static Path dir(String name) {
        String env = System.getenv("SONDE_DATASETS");
        Path root = env != null && !env.isBlank() ? Path.of(env) : null;
        for (Path d = Path.of("").toAbsolutePath(); root == null && d != null && d.getParent() != null; d = d.getParent()) {
            Path candidate = d.getParent().resolve("shared").resolve("datasets");
            if (Files.isDirectory(candidate)) root = candidate;
        }
        Path dir = root == null ? null : root.resolve(name);
        if (dir != null && Files.isDirectory(dir)) return dir;
        Assumptions.assumeFalse("1".equals(System.getenv("SONDE_SKIP_DATASETS")), "dataset " + name + " is missing");
        return fail("dataset " + name + " not found: set SONDE_DATASETS, or SONDE_SKIP_DATASETS=1 to skip tests tagged \"datasets\"");
    }
}
