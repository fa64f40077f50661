package org.sonde.replay.linux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sonde.core.EnvironmentException;

/**
 * The eBPF recorder: runs bpftrace on the shipped {@code recorder.bt} (tracepoints only, so no kernel patch and no
 * kprobes) for the connections of one server port, and keeps its lines. Mounts tracefs first when it is not
 * mounted; bpftrace's absence is an {@link EnvironmentException} naming the package.
 */
final class BpfTraceRecorder implements AutoCloseable {
    static final Path TRACEFS = Path.of("/sys/kernel/tracing");
    private static final String SCRIPT = "recorder.bt";
    private static final long ATTACH_TIMEOUT_NANOS = 60_000_000_000L;

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final StringBuilder errors = new StringBuilder();
    private final Thread reader, errorReader;
    private volatile boolean attached;

    private BpfTraceRecorder(Process process) {
        this.process = process;
        this.reader = Thread.ofPlatform().name("bpftrace-out").daemon().start(() -> drain(process.getInputStream(), true));
        this.errorReader = Thread.ofPlatform().name("bpftrace-err").daemon().start(() -> drain(process.getErrorStream(), false));
    }

    /**
     * Starts recording connections to or from {@code serverPort}, whose calls this process's threads make; returns once
     * bpftrace has attached its probes.
     */
    static BpfTraceRecorder start(int serverPort, Path workDir) {
        Path bpftrace = findBpftrace();
        ensureTracefs();
        int reason = netfilterDropReason();
        Path script = workDir.resolve(SCRIPT);
        try (InputStream in = BpfTraceRecorder.class.getResourceAsStream(SCRIPT)) {
            if (in == null) throw new IllegalStateException("the recorder script " + SCRIPT + " is missing from the jar");
            Files.write(script, in.readAllBytes());
            // bpftrace asks for more locked memory than the default limit; it warns and goes on when refused
            Process p = new ProcessBuilder(bpftrace.toString(), script.toString(), Integer.toString(serverPort), Integer.toString(reason),
                    Long.toString(ProcessHandle.current().pid())).start();
            BpfTraceRecorder r = new BpfTraceRecorder(p);
            r.awaitAttached();
            return r;
        } catch (IOException e) {
            throw new EnvironmentException("cannot start bpftrace: " + e.getMessage(), "check that bpftrace runs as this user (it needs root)", e);
        }
    }

    private static Path findBpftrace() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/usr/sbin").split(":")) {
            Path p = Path.of(dir, "bpftrace");
            if (Files.isExecutable(p)) return p;
        }
        throw new EnvironmentException("bpftrace is not installed: the recorder of real connections runs it", "install it (apt-get install bpftrace)");
    }

    /** Mounts tracefs where the kernel's tracepoints are found, if it is not mounted. */
    static void ensureTracefs() {
        if (Files.isDirectory(TRACEFS.resolve("events"))) return;
        try {
            Process p = new ProcessBuilder("mount", "-t", "tracefs", "nodev", TRACEFS.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0 || !Files.isDirectory(TRACEFS.resolve("events"))) {
                throw new EnvironmentException("tracefs is not mounted and mounting it failed: " + out, "mount it: mount -t tracefs nodev " + TRACEFS);
            }
        } catch (IOException e) {
            throw new EnvironmentException("tracefs is not mounted and mount could not run: " + e.getMessage(), "mount it: mount -t tracefs nodev " + TRACEFS, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while mounting tracefs", "run again");
        }
    }

    /** skb:kfree_skb's number for {@code SKB_DROP_REASON_NETFILTER_DROP}, from the tracepoint's format (it changes between releases). */
    static int netfilterDropReason() {
        Path format = TRACEFS.resolve("events/skb/kfree_skb/format");
        try {
            Matcher m = Pattern.compile("\\{ (\\d+), \"NETFILTER_DROP\" }").matcher(Files.readString(format));
            if (m.find()) return Integer.parseInt(m.group(1));
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + format + ": " + e.getMessage(), "the kernel needs the skb:kfree_skb tracepoint", e);
        }
        throw new EnvironmentException(format + " names no NETFILTER_DROP reason", "the recorder needs a kernel whose kfree_skb tracepoint gives drop reasons (5.17 or later)");
    }

    private void awaitAttached() {
        long deadline = System.nanoTime() + ATTACH_TIMEOUT_NANOS;
        synchronized (lines) {
            while (!attached && process.isAlive() && System.nanoTime() < deadline) {
                try {
                    lines.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (!attached) {
            process.destroyForcibly();
            throw new EnvironmentException("bpftrace did not attach the recorder's probes: " + errorText(), "run bpftrace " + SCRIPT + " by hand to see why");
        }
    }

    private void drain(InputStream in, boolean out) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                synchronized (lines) {
                    if (out) {
                        if (line.startsWith("Attaching ")) attached = true;
                        else lines.add(line);
                    } else if (!line.contains("RLIMIT_MEMLOCK")) {
                        errors.append(line).append('\n');
                    }
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            synchronized (lines) {
                errors.append(e.getMessage()).append('\n');
            }
        }
    }

    private String errorText() {
        synchronized (lines) {
            return errors.isEmpty() ? "(no message)" : errors.toString().strip();
        }
    }

    /** Stops bpftrace (SIGTERM: it flushes and exits) and gives every line it wrote. */
    List<String> stop() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
            reader.join(10_000);
            errorReader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lines) {
            if (!errors.isEmpty() && lines.isEmpty()) throw new EnvironmentException("bpftrace failed: " + errorText(), "run bpftrace " + SCRIPT + " by hand to see why");
            return List.copyOf(lines);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) process.destroyForcibly();
    }
}
