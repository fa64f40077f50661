package org.sonde.cli.interop;

import org.sonde.core.EnvironmentException;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wireshark's {@code tshark}, run as a child process to dissect capture files, so that Sonde's
 * own dissection can be cross-checked against Wireshark's.
 *
 * <pre>{@code
 * Optional<Tshark> tshark = Tshark.find();           // or Tshark.require() to insist
 * TsharkRows rows = tshark.get().fields(capture, List.of("ip.src", "udp.checksum.status"),
 *         Tshark.VERIFY_CHECKSUMS);
 * String status = rows.innermost(0, "udp.checksum.status");
 * }</pre>
 *
 * <p>Every run is bounded by a timeout (default {@link #DEFAULT_TIMEOUT}; see {@link #withTimeout})
 * after which tshark is killed. Failures are {@link EnvironmentException}s that name the command
 * and include what tshark wrote to standard error. Instances are immutable and thread-safe.
 */
public final class Tshark {
    /** How to get tshark; the hint of every "not found" error. */
    public static final String INSTALL_HINT = "install Wireshark's tshark (Debian: apt-get install tshark)";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** Preferences that make tshark verify IPv4, UDP and TCP checksums (it does not by default). */
    public static final Map<String, String> VERIFY_CHECKSUMS = Map.of(
            "ip.check_checksum", "TRUE", "udp.check_checksum", "TRUE", "tcp.check_checksum", "TRUE");

    /**
     * Joins the occurrences of a field in tshark's output. A control character rather than tshark's
     * usual comma, because text fields (the Info column, comments) may themselves contain commas.
     */
    static final char AGGREGATOR = '\u001f';
    private static final Pattern VERSION = Pattern.compile("\\(Wireshark\\) (\\S+)");
    private static final int STDERR_CHARS_SHOWN = 2000;

    private final Path executable;
    private final Duration timeout;
    private volatile String version;

    Tshark(Path executable, Duration timeout) {
        this.executable = Objects.requireNonNull(executable, "executable");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout " + timeout + " is not positive");
    }

    /** tshark from the directories of {@code PATH}, or empty when there is none. Starts no process. */
    public static Optional<Tshark> find() {
        return find(System.getenv("PATH"));
    }

    /** Like {@link #find()}, or an {@link EnvironmentException} with {@link #INSTALL_HINT}. */
    public static Tshark require() {
        return require(System.getenv("PATH"));
    }

    static Optional<Tshark> find(String pathVariable) {
        if (pathVariable == null) return Optional.empty();
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path candidate = Path.of(dir, "tshark");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(new Tshark(candidate, DEFAULT_TIMEOUT));
            }
        }
        return Optional.empty();
    }

    static Tshark require(String pathVariable) {
        return find(pathVariable).orElseThrow(() -> new EnvironmentException("tshark is not on PATH", INSTALL_HINT));
    }

    /** The same tshark with another time limit per run. */
    Tshark withTimeout(Duration newTimeout) {
        return new Tshark(executable, newTimeout);
    }

    Path executable() {
        return executable;
    }

    /** The Wireshark version, e.g. {@code 4.0.17}, from {@code tshark -v} (run once, then cached). */
    public String version() {
        String v = version;
        if (v == null) {
            String out = run(List.of(executable.toString(), "-v"));
            String firstLine = out.lines().findFirst().orElse("").trim();
            Matcher m = VERSION.matcher(firstLine);
            v = m.find() ? m.group(1) : firstLine;
            version = v;
        }
        return v;
    }

    /**
     * Dissects {@code capture} and returns the given fields of every frame: runs
     * {@code tshark -n -r FILE [-o NAME:VALUE ...] -T fields -E separator=/t -E occurrence=a
     * -E aggregator=<US> -e FIELD ...}. Name resolution is off ({@code -n}), so addresses and
     * ports print as numbers.
     *
     * @param fields      field names as {@code tshark -G fields} lists them, e.g. {@code infiniband.bth.psn}
     * @param preferences preference overrides, e.g. {@link #VERIFY_CHECKSUMS}; empty for none
     * @throws EnvironmentException if tshark cannot be started, exceeds the timeout or fails (an
     *                              unknown field, an unreadable file)
     */
    public TsharkRows fields(Path capture, List<String> fields, Map<String, String> preferences) {
        if (fields.isEmpty()) throw new IllegalArgumentException("no fields requested");
        List<String> command = new ArrayList<>(List.of(executable.toString(), "-n", "-r", capture.toString()));
        new TreeMap<>(preferences).forEach((name, value) -> command.addAll(List.of("-o", name + ":" + value)));
        command.addAll(List.of("-T", "fields", "-E", "separator=/t", "-E", "occurrence=a", "-E", "aggregator=" + AGGREGATOR));
        for (String field : fields) command.addAll(List.of("-e", field));
        String out = run(command);
        try {
            return TsharkRows.parse(fields, out);
        } catch (IllegalArgumentException e) {
            throw new EnvironmentException("unexpected output from " + show(command) + ": " + e.getMessage(),
                    "check that this tshark (" + executable + ") is Wireshark's", e);
        }
    }

    /** Runs a command to completion within the timeout; returns its standard output. */
    private String run(List<String> command) {
        Process p;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            // an empty personal configuration: the user's own preferences (decode-as, protocol
            // settings) must not change what the cross-check sees
            builder.environment().put("WIRESHARK_CONFIG_DIR", emptyConfigDirectory().toString());
            p = builder.start();
        } catch (IOException e) {
            throw new EnvironmentException("cannot run " + show(command) + ": " + e.getMessage(), INSTALL_HINT, e);
        }
        // both pipes are drained concurrently, so that neither fills up and stalls tshark
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(p);
                throw new EnvironmentException(show(command) + " did not finish within " + describe(timeout)
                        + " and was killed", "a very large capture may need a longer timeout");
            }
            int status = p.exitValue();
            if (status != 0) {
                throw new EnvironmentException(show(command) + " exited with status " + status + ": "
                        + lastChars(err.get().strip()), "check the file and that 'tshark -G fields' lists every field");
            }
            return out.get();
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while running " + show(command), null, e);
        } catch (ExecutionException e) {
            kill(p);
            throw new EnvironmentException("cannot read the output of " + show(command) + ": " + e.getCause().getMessage(),
                    null, e.getCause());
        }
    }

    private static Path emptyConfig;

    private static synchronized Path emptyConfigDirectory() throws IOException {
        if (emptyConfig == null) {
            emptyConfig = Files.createTempDirectory("sonde-wireshark-config");
            emptyConfig.toFile().deleteOnExit();
        }
        return emptyConfig;
    }

    private static CompletableFuture<String> drain(InputStream in) {
        CompletableFuture<String> result = new CompletableFuture<>();
        Thread.ofVirtual().name("tshark-pipe").start(() -> {
            try (in) {
                result.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /** Kills the process and anything it started, which could otherwise hold the pipes open. */
    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static String lastChars(String s) {
        if (s.isEmpty()) return "(nothing on standard error)";
        return s.length() <= STDERR_CHARS_SHOWN ? s : "..." + s.substring(s.length() - STDERR_CHARS_SHOWN);
    }

    /** The command as one could paste it into a shell (arguments with spaces or specials quoted). */
    static String show(List<String> command) {
        StringBuilder sb = new StringBuilder();
        for (String arg : command) {
            if (!sb.isEmpty()) sb.append(' ');
            boolean plain = !arg.isEmpty() && arg.chars().allMatch(c -> c > ' ' && c < 127 && "'\"\\$`!*?;&|<>()#~".indexOf(c) < 0);
            sb.append(plain ? arg : "'" + arg.replace("'", "'\\''").replace(String.valueOf(AGGREGATOR), "'$'\\x1f''") + "'");
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "tshark " + executable;
    }
}
