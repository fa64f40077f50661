package org.sonde.core;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whole-file writes through {@link AtomicFile}: a reader never sees a partial file. */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** The body of a write; may throw {@link IOException}. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code target} with {@code body}; if the body throws, the target is left as it was. */
    public static void write(Path target, Writer body) {
        try (AtomicFile file = AtomicFile.create(target)) {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(file.channel()), 1 << 16);
            body.writeTo(out);
            out.flush();
            file.commit();
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    /**
     * Fails now if {@code target} could not be written at the end of a run: it is a directory, or
     * its directory cannot be made or written. Commands call this before their work, so that a long
     * run does not end in a write error that loses its result.
     *
     * @param option the option that named the file ({@code --json}), for messages
     */
    public static void checkWritable(Path target, String option) {
        if (Files.isDirectory(target)) throw new UsageException(option + " " + target + " is a directory, not a file");
        try {
            AtomicFile.create(target).close();
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    private static EnvironmentException cannotWrite(Path target, IOException e) {
        // the temporary file's name in the exception means nothing to the user: name the target
        String reason = e instanceof java.nio.file.NoSuchFileException || e instanceof java.nio.file.FileSystemException f && f.getReason() == null
                ? "cannot create a file in " + target.toAbsolutePath().getParent() : InputFiles.describe(e);
        return new EnvironmentException("cannot write " + target + ": " + reason, "choose a writable place for it", e);
    }

    public static void writeString(Path target, String content) {
        write(target, out -> out.write(content.getBytes(StandardCharsets.UTF_8)));
    }
}
