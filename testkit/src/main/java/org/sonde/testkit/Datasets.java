package org.sonde.testkit;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared datasets directory: {@code SONDE_DATASETS}, else {@code ../shared/datasets} beside the
 * first ancestor of the working directory that has it (the repository, from any module). Tests that
 * read it are tagged {@code datasets}.
 */
public final class Datasets {
    public static final String SKIP_VARIABLE = "SONDE_SKIP_DATASETS";

    private Datasets() {}

    /** The dataset's directory; a missing one fails the test saying where it looked, or skips it with {@code SONDE_SKIP_DATASETS=1}. */
    public static Path dir(String name) {
        String env = System.getenv("SONDE_DATASETS");
        Path root = env != null && !env.isBlank() ? Path.of(env) : defaultRoot();
        Path dir = root == null ? null : root.resolve(name);
        if (dir != null && Files.isDirectory(dir)) return dir;
        throw Prerequisites.missing(SKIP_VARIABLE, "dataset " + name + " not found (looked in "
                + (root == null ? "../shared/datasets above " + Path.of("").toAbsolutePath() : root) + "): set SONDE_DATASETS to the datasets directory",
                null);
    }

    private static Path defaultRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null && d.getParent() != null; d = d.getParent()) {
            Path candidate = d.getParent().resolve("shared").resolve("datasets");
            if (Files.isDirectory(candidate)) return candidate;
        }
        return null;
    }
}
