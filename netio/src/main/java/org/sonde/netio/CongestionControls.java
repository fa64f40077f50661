package org.sonde.netio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sonde.core.EnvironmentException;

/**
 * A namespace other than the first may only choose congestion controls the first one lists in
 * {@code tcp_allowed_congestion_control} ({@code tcp_set_default_congestion_control} answers
 * EPERM otherwise). For a run, the test's algorithm is added to that list, and the list is put
 * back when the run ends (inject's Linux target, replay's real connections).
 */
public final class CongestionControls implements AutoCloseable {
    private static final Path AVAILABLE = Path.of("/proc/sys/net/ipv4/tcp_available_congestion_control");
    private static final Path ALLOWED = Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control");
    private final String before;

    private CongestionControls(String before) {
        this.before = before;
    }

    /** Makes {@code name} allowed in new namespaces; fails naming the available ones if the kernel has no such algorithm. */
    public static CongestionControls allow(String name) {
        List<String> available = words(read(AVAILABLE));
        if (!available.contains(name)) {
            throw new EnvironmentException("this kernel has no congestion control '" + name + "'",
                    "choose one of " + String.join(", ", available) + " (tcp_available_congestion_control)");
        }
        String before = read(ALLOWED).strip();
        List<String> allowed = new ArrayList<>(words(before));
        if (allowed.contains(name)) return new CongestionControls(null);
        allowed.add(name);
        write(String.join(" ", allowed));
        return new CongestionControls(before);
    }

    @Override
    public void close() {
        if (before != null) write(before);
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : List.of(s.strip().split("\\s+"));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + p + ": " + e.getMessage(), null, e);
        }
    }

    private static void write(String value) {
        try {
            Files.writeString(ALLOWED, value);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + ALLOWED + ": " + e.getMessage(), "run as root", e);
        }
    }
}
