package org.sonde.dataplane.reach;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared datasets directory, as the io tests find it: {@code SONDE_DATASETS}, else
 * {@code ../shared/datasets} above the working directory; missing data fails unless
 * {@code SONDE_SKIP_DATASETS=1}. (The io tests' helper is package-private.)
 */
final class Datasets {
    private Datasets() {}

    static Path dir(String name) {
        String env = System.getenv("SONDE_DATASETS");
        Path root = env != null && !env.isBlank() ? Path.of(env) : defaultRoot();
        Path dir = root == null ? null : root.resolve(name);
        if (dir != null && Files.isDirectory(dir)) return dir;
        Assumptions.assumeFalse("1".equals(System.getenv("SONDE_SKIP_DATASETS")),
                "dataset " + name + " is missing and SONDE_SKIP_DATASETS=1");
        return fail("dataset " + name + " not found (looked in " + (root == null ? "../shared/datasets above " + Path.of("").toAbsolutePath() : root)
                + "): set SONDE_DATASETS to the datasets directory, or SONDE_SKIP_DATASETS=1 to skip tests tagged \"datasets\"");
    }

    private static Path defaultRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null && d.getParent() != null; d = d.getParent()) {
            Path candidate = d.getParent().resolve("shared").resolve("datasets");
            if (Files.isDirectory(candidate)) return candidate;
        }
        return null;
    }
}
