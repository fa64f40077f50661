package org.sonde.search.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.sonde.core.EnvironmentException;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Point;

/**
 * A real RDMA testbed as a workload engine: every process of a point (perftest's or
 * collie_engine's) runs on its host through the target's command template (by default
 * {@code ssh -o BatchMode=yes {host} {command}}; a jump host or a container exec is another
 * template), servers first, then, after {@code server-start}, the clients; everything is bounded
 * by the timeout. Both hosts' counters are read through the same template before and after
 * ({@code ethtool -S IFACE}, and {@code grep -H . DIR/*} of the port's hw_counters directory), and
 * their growth per second of the test's duration gives the sample: PFC pause time per second is the
 * largest of the pause duration counters (microseconds), bits and packets per second come from the
 * NIC's byte and packet counters or, with {@code throughput: perftest}, from the clients' result
 * tables (a {@code -b} pair's table is both directions together, split evenly), and the diagnostic
 * counters are the named ethtool and hw_counters ones, host A's then host B's.
 *
 * <p>collie_engine's clients run until stopped, so with {@code engine: collie-engine} every process
 * runs under coreutils' {@code timeout} for the test's duration (servers {@value #SERVER_GRACE_SECONDS} s
 * longer) and its exit status 124 is the normal end.
 *
 * <p>With perftest a point runs as its perftest approximation ({@link PerftestCommands}: the largest
 * request size, one SGE, perftest's own MRs); features perftest cannot set do not change what runs,
 * so the MFS of an anomaly found this way does not depend on them. There is no ground truth here.
 */
public final class RemoteEngine implements WorkloadEngine {
    /** collie_engine's servers outlive their clients by this much before timeout ends them. */
    static final int SERVER_GRACE_SECONDS = 5;
    /** coreutils' timeout exits with this status when it ended the command. */
    private static final int TIMED_OUT = 124;
    private final RemoteTarget t;
    private final List<String> diagnostics = new ArrayList<>();

    public RemoteEngine(RemoteTarget target) {
        this.t = target;
        for (String host : new String[] {"A", "B"}) {
            for (String n : target.ethtoolDiagnostics()) diagnostics.add(host + ":" + n);
            for (String n : target.hwDiagnostics()) diagnostics.add(host + ":" + n);
        }
    }

    @Override
    public String name() {
        return t.name();
    }

    @Override
    public NicSpec spec() {
        return t.spec();
    }

    @Override
    public List<String> diagnosticCounters() {
        return diagnostics;
    }

    @Override
    public PerftestCommands.Settings perftestSettings() {
        return t.perftest();
    }

    @Override
    public List<EngineCommand> compile(Point p) {
        return switch (t.engine()) {
            case PERFTEST -> PerftestCommands.compile(p, t.perftest()).commands();
            case COLLIE_ENGINE -> {
                // collie_engine's clients run until stopped (--run_infinitely): coreutils' timeout ends them after the test's
                // duration, and the servers a little later, both with exit status 124
                List<EngineCommand> out = new ArrayList<>();
                for (EngineCommand c : CollieEngineCommands.compile(p, t.device(), h -> t.host(h).address())) {
                    List<String> a = new ArrayList<>(List.of("timeout", String.valueOf(t.durationSeconds() + (c.role().equals("server") ? SERVER_GRACE_SECONDS : 0))));
                    a.addAll(c.argv());
                    out.add(new EngineCommand(c.host(), c.role(), c.traffic(), a));
                }
                yield out;
            }
        };
    }

    @Override
    public Run run(Point p) {
        long t0 = System.nanoTime();
        long deadline = t0 + t.timeoutMillis() * 1_000_000;
        List<EngineCommand> commands = compile(p);
        Path dir;
        try {
            dir = Files.createTempDirectory("sonde-remote-");
        } catch (IOException e) {
            throw new EnvironmentException("cannot create a temporary directory for the remote outputs: " + e.getMessage(), null, e);
        }
        List<Started> started = new ArrayList<>();
        try {
            NicCounters[] before = {read("A", dir, "before", deadline), read("B", dir, "before", deadline)};
            for (EngineCommand c : commands) if (c.role().equals("server")) started.add(start(c, dir, "p" + started.size()));
            if (t.serverStartMillis() > 0) Thread.sleep(t.serverStartMillis());
            for (EngineCommand c : commands) if (!c.role().equals("server")) started.add(start(c, dir, "p" + started.size()));
            // clients end after the test's duration; servers once their client is done
            for (Started s : started) if (!s.command.role().equals("server")) finish(s, deadline);
            for (Started s : started) if (s.command.role().equals("server")) finish(s, deadline);
            NicCounters[] after = {read("A", dir, "after", deadline), read("B", dir, "after", deadline)};
            Sample sample = sample(p, before, after, started);
            return new Run(List.of(sample), (System.nanoTime() - t0) / 1e9);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while running an experiment on " + t.name(), null, e);
        } finally {
            for (Started s : started) s.process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            for (Started s : started) s.process.destroyForcibly();
            delete(dir);
        }
    }

    private record Started(EngineCommand command, Process process, Path out, Path err) {}

    /** The template's argv for {@code command} on {@code host} (a host letter). */
    List<String> argv(String host, String command) {
        List<String> a = new ArrayList<>();
        for (String x : t.template()) a.add(x.replace("{host}", t.host(host).name()).replace("{command}", command));
        return a;
    }

    private Started start(EngineCommand c, Path dir, String file) {
        Path out = dir.resolve(file + ".out"), err = dir.resolve(file + ".err");
        ProcessBuilder pb = new ProcessBuilder(argv(c.host(), c.line())).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        try {
            return new Started(c, pb.start(), out, err);
        } catch (IOException e) {
            throw new EnvironmentException("cannot start " + pb.command().get(0) + " for the " + c.role() + " on host " + c.host() + ": " + e.getMessage(),
                    "check the target's template", e);
        }
    }

    private static java.io.File nullFile() {
        return new java.io.File("/dev/null");
    }

    private void finish(Started s, long deadline) throws InterruptedException {
        long left = Math.max(1, deadline - System.nanoTime());
        if (!s.process.waitFor(left, TimeUnit.NANOSECONDS)) {
            throw new EnvironmentException(what(s.command) + " on host " + s.command.host() + " (" + s.command.line()
                    + ") did not finish within the target's timeout of " + t.timeoutMillis() + " ms", "raise timeout: in the target file, or check that the hosts reach each other");
        }
        boolean stoppedByTimeout = t.engine() == RemoteTarget.Engine.COLLIE_ENGINE && s.command.traffic() >= 0 && s.process.exitValue() == TIMED_OUT;
        if (s.process.exitValue() != 0 && !stoppedByTimeout) {
            throw new EnvironmentException(what(s.command) + " on host " + s.command.host() + " exited with "
                    + s.process.exitValue() + ": " + tail(s.err, s.out) + " (" + s.command.line() + ")", null);
        }
    }

    private static String what(EngineCommand c) {
        return c.traffic() < 0 ? "the " + c.role() : "the " + c.role() + " of traffic " + c.traffic();
    }

    /** Host {@code h}'s counters: ethtool -S, and the hw_counters directory when diagnostic ones are named. */
    private NicCounters read(String h, Path dir, String when, long deadline) throws InterruptedException {
        RemoteTarget.Host host = t.host(h);
        String ethtool = capture(h, "ethtool -S " + host.iface(), dir, when + "-ethtool-" + h, deadline);
        NicCounters eth = NicCounters.parseEthtool(ethtool, "ethtool -S " + host.iface() + " on host " + h);
        if (t.hwDiagnostics().isEmpty()) return eth;
        String hw = capture(h, "grep -H . " + t.hwCountersDir() + "/*", dir, when + "-hw-" + h, deadline);
        return eth.and(NicCounters.parseHwCounters(hw, "hw_counters of " + t.device() + " on host " + h));
    }

    private String capture(String h, String command, Path dir, String file, long deadline) throws InterruptedException {
        Started s = start(new EngineCommand(h, "counter reading", -1, List.of(command)), dir, file);
        try {
            finish(s, deadline);
            return Files.readString(s.out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the output of " + command + " on host " + h + ": " + e.getMessage(), null, e);
        } finally {
            s.process.destroyForcibly();
        }
    }

    private Sample sample(Point p, NicCounters[] before, NicCounters[] after, List<Started> started) {
        double d = t.durationSeconds();
        HostCounters[] hosts = new HostCounters[2];
        for (int h = 0; h < 2; h++) {
            double[] pause = NicCounters.perSecond(before[h], after[h], d, t.pauseCounters());
            double maxPause = 0;
            for (double x : pause) maxPause = Math.max(maxPause, x);
            double[] flow = t.throughputFromCounters() ? NicCounters.perSecond(before[h], after[h], d, t.byteAndPacketCounters()) : new double[4];
            hosts[h] = new HostCounters(flow[0] * 8, flow[1] * 8, flow[2], flow[3], maxPause);
        }
        if (!t.throughputFromCounters()) fromPerftest(p, hosts, started);
        double[] diag = new double[diagnostics.size()];
        int k = 0;
        for (int h = 0; h < 2; h++) {
            List<String> names = new ArrayList<>(t.ethtoolDiagnostics());
            names.addAll(t.hwDiagnostics());
            for (double x : NicCounters.perSecond(before[h], after[h], d, names)) diag[k++] = x;
        }
        return new Sample(hosts[0], hosts[1], diag);
    }

    /** Bits and packets per second from the clients' result tables, on the hosts the data leaves and enters. */
    private void fromPerftest(Point p, HostCounters[] hosts, List<Started> started) {
        for (Started s : started) {
            if (!s.command.role().equals("client")) continue;
            String source = "perftest client of traffic " + s.command.traffic() + " on host " + s.command.host();
            String text;
            try {
                text = Files.readString(s.out, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new EnvironmentException("cannot read the output of the " + source + ": " + e.getMessage(), null, e);
            }
            PerftestOutput out = PerftestOutput.parse(text, source);
            int i = s.command.traffic();
            boolean both = p.mode() == Mode.BIDIRECTIONAL && s.command.argv().contains("-b");
            double bits = out.averageBitsPerSec(), pkts = out.messagesPerSec() * OfferedLoad.packetsPerMessage(p.traffic(i));
            if (both) {
                add(hosts, "A", "B", bits / 2, pkts / 2);
                add(hosts, "B", "A", bits / 2, pkts / 2);
            } else {
                add(hosts, OfferedLoad.dataHost(p, i, true), OfferedLoad.dataHost(p, i, false), bits, pkts);
            }
        }
    }

    private static void add(HostCounters[] hosts, String from, String to, double bits, double pkts) {
        int f = from.equals("A") ? 0 : 1, r = to.equals("A") ? 0 : 1;
        hosts[f] = hosts[f].plus(new HostCounters(bits, 0, pkts, 0, 0));
        hosts[r] = hosts[r].plus(new HostCounters(0, bits, 0, pkts, 0));
    }

    private static String tail(Path err, Path out) {
        try {
            String e = Files.readString(err, StandardCharsets.UTF_8).strip();
            String s = e.isEmpty() ? Files.readString(out, StandardCharsets.UTF_8).strip() : e;
            if (s.isEmpty()) return "no output";
            String[] lines = s.split("\n");
            return String.join(" | ", java.util.Arrays.copyOfRange(lines, Math.max(0, lines.length - 3), lines.length));
        } catch (IOException x) {
            return "(output unreadable: " + x.getMessage() + ")";
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
