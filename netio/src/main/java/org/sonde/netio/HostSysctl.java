package org.sonde.netio;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A machine-wide kernel setting raised to at least a value while a testbed needs it, and put back
 * on {@link #close}. For the settings that are not per network namespace, e.g.
 * {@code net.core.netdev_max_backlog}: the input queue of each CPU, which a veth peer fills in
 * bursts while that CPU's softirq work waits (beyond it the kernel drops, before any hook sees the
 * packet).
 *
 * <pre>{@code
 * try (HostSysctl backlog = HostSysctl.atLeast("net.core.netdev_max_backlog", 10_000)) { ... }
 * }</pre>
 */
public final class HostSysctl implements AutoCloseable {
    private final Path file;
    private final String previous;
    private final boolean changed;

    private HostSysctl(Path file, String previous, boolean changed) {
        this.file = file;
        this.previous = previous;
        this.changed = changed;
    }

    /** Raises {@code key} (dotted, as sysctl names it) to {@code value} unless it is already at least that. Needs root. */
    public static HostSysctl atLeast(String key, long value) {
        if (!key.matches("[a-z0-9_]+(\\.[a-z0-9_]+)+")) throw new IllegalArgumentException("not a sysctl name: " + key);
        Path file = Path.of("/proc/sys", key.split("\\."));
        try {
            String previous = read(file);
            if (Long.parseLong(previous) >= value) return new HostSysctl(file, previous, false);
            Files.writeString(file, Long.toString(value));
            return new HostSysctl(file, previous, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot raise " + key + " to " + value + " (root needed)", e);
        }
    }

    /** What the setting is now (through a stream: Files.readString reads one byte of a /proc file, whose size is 0). */
    static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
        }
    }

    @Override
    public void close() {
        if (!changed) return;
        try {
            Files.writeString(file, previous);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot put " + file + " back to " + previous, e);
        }
    }
}
