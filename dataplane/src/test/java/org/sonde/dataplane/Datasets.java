package org.sonde.dataplane;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared datasets directory: {@code SONDE_DATASETS}, else {@code ../shared/datasets} next to
 * the repository. Missing data fails the test with a clear message unless
 * {@code SONDE_SKIP_DATASETS=1} says to skip.
 */
public final class Datasets {
    private Datasets() {}

    public static Path dir(String name) {
        String env = System.getenv("SONDE_DATASETS");
        Path root = env != null && !env.isBlank() ? Path.of(env) : defaultRoot();
        Path dir = root == null ? null : root.resolve(name);
        if (dir != null && Files.isDirectory(dir)) return dir;
        Assumptions.assumeFalse("1".equals(System.getenv("SONDE_SKIP_DATASETS")),
                "dataset " + name + " is missing and SONDE_SKIP_DATASETS=1");
        return fail("dataset " + name + " not found (looked in " + (root == null ? "../shared/datasets above " + Path.of("").toAbsolutePath() : root)
                + "): set SONDE_DATASETS to the datasets directory, or SONDE_SKIP_DATASETS=1 to skip tests tagged \"datasets\"");
    }

    /** {@code ../shared/datasets} beside the first ancestor of the working directory that has it. */
    private static Path defaultRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null && d.getParent() != null; d = d.getParent()) {
            Path candidate = d.getParent().resolve("shared").resolve("datasets");
            if (Files.isDirectory(candidate)) return candidate;
        }
        return null;
    }
}
