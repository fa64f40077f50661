package org.sonde.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reading a user's input file with the errors a user can act on: a missing or unreadable file is
 * {@link EnvironmentException} naming it, bytes that are not UTF-8 are {@link BadInputException}
 * at their byte offset, never a Java exception's class name.
 */
public final class InputFiles {
    private InputFiles() {}

    /**
     * The whole file as UTF-8 text.
     *
     * @param what what the file is, for messages ({@code "scenario"}, {@code "results file"})
     * @param hint how to name a good one, for a missing file; may be {@code null}
     */
    public static String readUtf8(Path file, String what, String hint) {
        return decodeUtf8(readBytes(file, what, hint), file.toString(), what);
    }

    /** The whole file as bytes, with {@link #readUtf8}'s errors for missing, unreadable files and directories. */
    public static byte[] readBytes(Path file, String what, String hint) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file.toString(), null, "is a directory, not a " + what + " file", hint, null);
        }
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new EnvironmentException(what + " " + file + " does not exist", hint);
        } catch (AccessDeniedException e) {
            throw new EnvironmentException("cannot read " + what + " " + file + ": permission denied", "check the file's permissions");
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + what + " " + file + ": " + describe(e), null, e);
        }
    }

    /** {@code bytes} as UTF-8, or a {@link BadInputException} at the first byte that is not. */
    public static String decodeUtf8(byte[] bytes, String source, String what) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            return decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            // decode stops at the offending byte; find it again to name its offset and line
            ByteBuffer probe = ByteBuffer.wrap(bytes);
            CharBuffer out = CharBuffer.allocate(bytes.length);
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(probe, out, true);
            int offset = probe.position();
            int line = 1;
            for (int i = 0; i < offset; i++) if (bytes[i] == '\n') line++;
            throw new BadInputException(source, "line " + line + " (byte offset " + offset + ")",
                    String.format("byte 0x%02x is not UTF-8: the %s must be UTF-8 text", bytes[offset] & 0xff, what),
                    "convert it, e.g. iconv -t UTF-8", null);
        }
    }

    /** An I/O error's own words: the message, or the kind of failure when it has none. */
    public static String describe(IOException e) {
        String m = e.getMessage();
        if (e instanceof NoSuchFileException) return "no such file";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason();
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
