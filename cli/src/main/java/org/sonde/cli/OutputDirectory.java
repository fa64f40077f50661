package org.sonde.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sonde.core.EnvironmentException;
import org.sonde.core.UsageException;

/** The {@code --out DIR} of commands that write several files: created if missing, refused if it is a file. */
public final class OutputDirectory {
    private OutputDirectory() {}

    public static Path create(Path out) {
        if (Files.exists(out) && !Files.isDirectory(out)) throw new UsageException("--out " + out + " is a file, not a directory");
        try {
            return Files.createDirectories(out);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + out + ": " + e.getMessage(), "choose a writable directory");
        }
    }
}
