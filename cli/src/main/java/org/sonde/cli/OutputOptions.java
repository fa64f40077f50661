package org.sonde.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sonde.core.AtomicFiles;
import org.sonde.core.UsageException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The output options every command shares, one mixin each, so that they mean the same everywhere:
 * {@code --json FILE|-} (the whole result as JSON, to a file or to standard output) and
 * {@code --report FILE} (an HTML report). {@code --out DIR} is always a directory; a command that
 * writes one ({@code OutputDirectory}) also writes {@code DIR/report.html} there, and {@code --report
 * FILE} puts a copy where the user wants it ({@link Report#copyFrom}).
 */
public final class OutputOptions {
    private OutputOptions() {}

    /** The value {@code --json} stands for standard output. */
    public static final String STDOUT = "-";

    /** {@code --json FILE|-}. With {@code -} the JSON is the only thing on stdout: the text goes to stderr. */
    public static final class Json {
        @Spec(Spec.Target.MIXEE)
        CommandSpec spec;

        @Option(names = "--json", paramLabel = "FILE|-", converter = Target.class,
                description = "Write the whole result as JSON to FILE, or to standard output with - (the text summary"
                        + " then goes to standard error, so standard output is JSON only).")
        String target;

        /** Whether --json was given. */
        public boolean requested() {
            return target != null;
        }

        /** Whether the JSON goes to standard output. */
        public boolean toStdout() {
            return STDOUT.equals(target);
        }

        /** The file, or null when none (not given, or stdout). */
        public Path file() {
            return target == null || toStdout() ? null : Path.of(target);
        }

        /** Fails now if the file could not be written at the end (see {@link AtomicFiles#checkWritable}). */
        public void checkWritable() {
            if (file() != null) AtomicFiles.checkWritable(file(), "--json");
        }

        /** Where the command's text goes: stdout, or stderr when stdout carries the JSON. */
        public PrintWriter text() {
            return toStdout() ? spec.commandLine().getErr() : spec.commandLine().getOut();
        }

        /** "in FILE" or "on standard output", for a summary's last line. */
        public String where() {
            return toStdout() ? "on standard output" : "in " + target;
        }

        /** Writes {@code json} (a whole document); does nothing when --json was not given. */
        public void write(String json) {
            write(w -> w.write(json.endsWith("\n") ? json : json + "\n"));
        }

        /** Writes {@code value} as indented JSON; does nothing when --json was not given. */
        public void writeValue(Object value) {
            write(w -> {
                org.sonde.core.Json.mapper().writerWithDefaultPrettyPrinter().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(w, value);
                w.write('\n');
            });
        }

        /** For a command that wrote its JSON into its output directory: the same document, from that file. */
        public void copyOf(Path written) {
            if (target == null) return;
            write(w -> w.write(Files.readString(written, StandardCharsets.UTF_8)));
        }

        /** Streams a document through {@code body}: into the file atomically, or straight to stdout. */
        public void write(Body body) {
            if (target == null) return;
            if (toStdout()) {
                PrintWriter out = spec.commandLine().getOut();
                try {
                    body.writeTo(out);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.flush();
                return;
            }
            AtomicFiles.write(file(), stream -> {
                Writer w = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
                body.writeTo(w);
                w.flush();
            });
        }

        /** The body of a JSON document; Jackson must not close the writer it is given. */
        @FunctionalInterface
        public interface Body {
            void writeTo(Writer w) throws IOException;
        }

        /**
         * Checks the value where picocli reads it: an existing file that is not JSON is not replaced, since
         * {@code --json trace.pcap} is the old flag followed by an input, not a place to write. (A bare
         * {@code --json} at the end is refused by picocli, with the new form from {@link OldForms#missingValue}.)
         */
        static final class Target implements ITypeConverter<String> {
            @Override
            public String convert(String value) {
                if (value.isEmpty()) throw new TypeConversionException("--json takes a file name, or - for standard output");
                if (!value.equals(STDOUT) && Files.isRegularFile(Path.of(value))
                        && !value.toLowerCase(java.util.Locale.ROOT).endsWith(".json")) {
                    throw new TypeConversionException("'" + value + "' exists and is not a .json file, so it is not replaced:"
                            + " --json takes the file to write (e.g. --json result.json), or - for standard output");
                }
                return value;
            }
        }
    }

    /** {@code --report FILE}: an HTML report, self-contained (it opens offline). */
    public static final class Report {
        @Option(names = "--report", paramLabel = "FILE",
                description = "Write an HTML report to FILE (self-contained: charts and tables open offline).")
        Path file;

        /** Whether --report was given. */
        public boolean requested() {
            return file != null;
        }

        /** The file, or null. */
        public Path file() {
            return file;
        }

        /** Fails now if the file could not be written at the end. */
        public void checkWritable() {
            if (file != null) AtomicFiles.checkWritable(file, "--report");
        }

        /** For a command that wrote {@code DIR/report.html}: a copy at {@code --report FILE}, if given. */
        public void copyFrom(Path written) {
            if (file == null) return;
            AtomicFiles.write(file, out -> Files.copy(written, out));
        }

        /** A command with {@code --no-report} refuses it beside {@code --report FILE}, which asks for one. */
        public void checkNotWith(boolean noReport) {
            if (noReport && file != null) {
                throw new UsageException("--no-report and --report " + file + " contradict each other", "give one of them");
            }
        }
    }
}
