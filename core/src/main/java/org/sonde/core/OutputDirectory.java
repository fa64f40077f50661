package org.sonde.core;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A directory of results that appears complete or not at all. A run writes into a hidden staging
 * directory beside the target ({@code .NAME.RANDOM.partial}); {@link #commit()} puts it in the
 * target's place, replacing an earlier run's directory as a whole, so no file of an earlier run
 * stays beside the new ones. Closing without committing removes the staging directory and leaves
 * the target as it was. The target must be new, empty, or an earlier Sonde output (it holds
 * {@value #MARKER}): a directory of other files is refused before any work starts.
 *
 * <pre>{@code
 * try (OutputDirectory out = OutputDirectory.create(Path.of("run1"), "--out")) {
 *     write(out.path().resolve("stats.json"));
 *     out.commit();
 * }
 * }</pre>
 */
public final class OutputDirectory implements AutoCloseable {
    /** The file that marks a directory as Sonde's output, so that a later run may replace it. */
    public static final String MARKER = ".sonde-output";

    private final Path target;
    private final Path staging;
    private boolean done;

    private OutputDirectory(Path target, Path staging) {
        this.target = target;
        this.staging = staging;
    }

    /**
     * Checks {@code target} and creates the staging directory.
     *
     * @param option the option that named the target, for messages ({@code --out})
     * @throws UsageException       if the target is a file, or a directory of files Sonde did not write
     * @throws EnvironmentException if the staging directory cannot be created (the parent is not writable)
     */
    public static OutputDirectory create(Path target, String option) {
        Path t = target.toAbsolutePath().normalize();
        if (Files.exists(t) && !Files.isDirectory(t)) throw new UsageException(option + " " + target + " is a file, not a directory");
        if (Files.isDirectory(t) && !isEmpty(t) && !Files.exists(t.resolve(MARKER))) {
            throw new UsageException(option + " " + target + " holds files that Sonde did not write",
                    "choose a new or empty directory; Sonde replaces only directories it wrote itself");
        }
        Path parent = t.getParent();
        if (parent == null) throw new UsageException(option + " cannot be the root directory");
        try {
            Files.createDirectories(parent);
            for (int attempt = 0; ; attempt++) {
                Path staging = parent.resolve("." + t.getFileName() + "."
                        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".partial");
                try {
                    return new OutputDirectory(t, Files.createDirectory(staging));
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    if (attempt == 10) throw e;
                }
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + option + " " + target + ": " + InputFiles.describe(e),
                    "choose a directory in a writable place");
        }
    }

    /** Where the run writes its files until {@link #commit()}. */
    public Path path() {
        return staging;
    }

    /** Where the files are once committed. */
    public Path target() {
        return target;
    }

    /** Marks the content complete and puts it in the target's place, replacing an earlier run's directory. */
    public void commit() {
        if (done) return;
        try {
            Files.writeString(staging.resolve(MARKER), "written by sonde; a later run may replace this directory\n");
            Path old = null;
            if (Files.exists(target)) {
                old = target.resolveSibling("." + target.getFileName() + "."
                        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".old");
                move(target, old);
            }
            move(staging, target);
            done = true;
            if (old != null) ScratchDirectory.deleteTree(old);
        } catch (IOException e) {
            throw new EnvironmentException("cannot move the results into " + target + ": " + InputFiles.describe(e),
                    "check that its parent directory is writable; the results are in " + staging);
        }
    }

    /** Removes the staging directory unless committed; the target stays as it was. */
    @Override
    public void close() {
        if (done) return;
        done = true;
        try {
            ScratchDirectory.deleteTree(staging);
        } catch (IOException e) {
            // nothing to report to: the run already failed, and the staging name is hidden and marked partial
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static boolean isEmpty(Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            return !s.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }
}
