package org.sonde.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A temporary directory for files a computation needs only while it runs (a scenario's captures
 * nobody reads, a run's working files), deleted with everything in it on {@link #close()}:
 *
 * <pre>{@code
 * try (ScratchDirectory scratch = ScratchDirectory.create("sonde-replay")) {
 *     new ScenarioLoader(scenario, factories, scratch.path()).load(seed);
 * }
 * }</pre>
 */
public final class ScratchDirectory implements AutoCloseable {
    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    /**
     * A new directory under {@code java.io.tmpdir}, its name starting with {@code prefix}.
     *
     * @throws EnvironmentException if it cannot be made
     */
    public static ScratchDirectory create(String prefix) {
        try {
            return new ScratchDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new EnvironmentException("cannot create a temporary directory: " + InputFiles.describe(e), "set java.io.tmpdir to a writable place", e);
        }
    }

    public Path path() {
        return path;
    }

    /** Deletes the directory and everything in it; a file that cannot be deleted is left behind, not an error of the run. */
    @Override
    public void close() {
        try {
            deleteTree(path);
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is no reason to fail what ran in it
        }
    }

    /** Deletes {@code root} and everything under it (nothing if it does not exist). */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) throw e;
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
