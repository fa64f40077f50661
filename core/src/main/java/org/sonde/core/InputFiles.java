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
    static String decodeUtf8(byte[] bytes, String source, String what) {
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

    /**
     * The lines of a UTF-8 file, streamed (snapshots run to millions of lines), with
     * {@link #readUtf8}'s errors: a byte that is not UTF-8 is bad input at its line.
     */
    public static Lines lines(Path file, String what, String hint) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file.toString(), null, "is a directory, not a " + what + " file", hint, null);
        }
        try {
            return new Lines(file.toString(), what, Files.newInputStream(file));
        } catch (NoSuchFileException e) {
            throw new EnvironmentException(what + " " + file + " does not exist", hint);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + what + " " + file + ": " + describe(e), null, e);
        }
    }

    /** The lines of standard input or another stream, as {@link #lines(Path, String, String)} reads a file's. */
    public static Lines lines(java.io.InputStream in, String source, String what) {
        return new Lines(source, what, in);
    }

    /**
     * Lines one at a time with their numbers; {@link #next()} is null at the end. Each line is
     * decoded on its own (a newline byte is never inside a UTF-8 sequence), so a bad byte is
     * reported at its own line, not at the first line of a read-ahead buffer.
     */
    public static final class Lines implements AutoCloseable {
        private final String source;
        private final String what;
        private final java.io.InputStream in;
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        private byte[] buffer = new byte[1 << 16];
        private int start, end;
        private boolean eof;
        private long number;

        private Lines(String source, String what, java.io.InputStream in) {
            this.source = source;
            this.what = what;
            this.in = in;
        }

        /** The next line without its terminator ({@code \n} or {@code \r\n}), or null at the end. */
        public String next() {
            int scanFrom = start;
            int newline;
            while ((newline = newline(scanFrom)) < 0 && !eof) {
                int scanned = end - start;
                fill(); // moves the unread bytes to the front
                scanFrom = start + scanned;
            }
            if (newline < 0 && start == end) return null;
            int lineEnd = newline >= 0 ? newline : end;
            int from = start;
            start = newline >= 0 ? newline + 1 : end;
            number++;
            int to = lineEnd > from && buffer[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
            return decode(from, to);
        }

        private int newline(int from) {
            for (int i = from; i < end; i++) if (buffer[i] == '\n') return i;
            return -1;
        }

        /** Moves the unread bytes to the front (growing the buffer for a long line) and reads more. */
        private void fill() {
            if (start > 0) {
                System.arraycopy(buffer, start, buffer, 0, end - start);
                end -= start;
                start = 0;
            }
            if (end == buffer.length) buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
            try {
                int n = in.read(buffer, end, buffer.length - end);
                if (n < 0) eof = true;
                else end += n;
            } catch (IOException e) {
                throw new EnvironmentException("cannot read " + what + " " + source + ": " + describe(e), null, e);
            }
        }

        private String decode(int from, int to) {
            boolean ascii = true;
            for (int i = from; i < to && ascii; i++) ascii = buffer[i] >= 0;
            if (ascii) return new String(buffer, from, to - from, StandardCharsets.ISO_8859_1);
            try {
                return decoder.reset().decode(ByteBuffer.wrap(buffer, from, to - from)).toString();
            } catch (CharacterCodingException e) {
                throw new BadInputException(source, "line " + number, "bytes that are not UTF-8: the " + what + " must be UTF-8 text",
                        "convert it, e.g. iconv -t UTF-8", e);
            }
        }

        /** The number of the line {@link #next()} returned last, from 1. */
        public long number() {
            return number;
        }

        public String source() {
            return source;
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                // reading is over; nothing was lost
            }
        }
    }

    /** An I/O error's own words: the message, or the kind of failure when it has none. */
    public static String describe(IOException e) {
        String m = e.getMessage();
        if (e instanceof NoSuchFileException n) return "no such file or directory" + (n.getFile() == null ? "" : ": " + n.getFile());
        if (e instanceof AccessDeniedException a) return "permission denied" + (a.getFile() == null ? "" : ": " + a.getFile());
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason();
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
