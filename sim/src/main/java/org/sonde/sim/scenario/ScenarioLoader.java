package org.sonde.sim.scenario;

import static org.sonde.sim.scenario.NodeNames.ports;
import static org.sonde.sim.scenario.SettingsReader.MAX_TIME;
import static org.sonde.sim.scenario.SettingsReader.hostConfig;
import static org.sonde.sim.scenario.SettingsReader.switchConfig;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;

/**
 * Reads a scenario file (YAML) into a ready-to-run {@link Simulation}: it reads the keys and translates
 * them into calls on {@link Topologies}, the traffic generators and the simulation, which do the
 * building ({@code TopologyReader}, {@code TrafficReader} and {@code SettingsReader} read their
 * sections). The format is documented in {@code examples/sim/README.md}; every key is checked, and an
 * error names the file and the key path ({@code traffic[2].size}) and says what is expected.
 */
public final class ScenarioLoader {
    private static final String HINT = "see examples/sim/README.md for the scenario format";

    private final Path file;
    private final Map<String, TransportFactory> factories;
    private final Path outputDirectory;
    private final Set<String> capturedFiles = new HashSet<>();
    private Listener listener = Listener.NONE;

    /** Told what a load is doing, so that a large scenario does not load in silence. */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = (done, total, what) -> {};

        /** The file is read and names the scenario; what it describes is built next. */
        default void started(String scenario) {
        }

        /**
         * {@code done} of {@code total} {@code what} so far ("hosts built"; {@code total} is 0 where it is
         * not known ahead). Called often: must be cheap.
         */
        void progress(long done, long total, String what);
    }

    /**
     * @param factories       the transports scenarios may configure, by name
     * @param outputDirectory where captures are written
     */
    public ScenarioLoader(Path file, Map<String, TransportFactory> factories, Path outputDirectory) {
        this.file = file;
        this.factories = factories;
        this.outputDirectory = outputDirectory;
    }

    /** The scenario with its run length, ready to {@link Simulation#run}. */
    public record Loaded(Simulation simulation, long durationNanos, String description) {}

    public Loaded load(long seed) {
        return load(seed, Listener.NONE);
    }

    /** {@link #load(long)}, telling {@code listener} what it is doing. */
    public Loaded load(long seed, Listener listener) {
        this.listener = listener;
        YamlTree tree = YamlTree.read(file, "scenario", "give the path of a scenario file, e.g. examples/sim/tcp-dumbbell.yaml");
        if (tree.root() == null) throw new BadInputException(file.toString(), "line 1", "the scenario is empty", HINT, null);
        return tree.interpret(root -> build(root, seed), HINT);
    }

    /** A section of this scenario: file names in it are relative to the scenario's directory. */
    private ConfigMap mapping(String path, Object section) {
        return ConfigMap.of(path, section, file.toAbsolutePath().getParent());
    }

    private Loaded build(ConfigMap root, long seed) {
        String name = root.string("name", file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
        listener.started(name);
        String description = root.string("description", "");
        long duration = root.nanos("duration", -1, 1, MAX_TIME);
        if (duration < 0) throw new ConfigException("duration", "is required (the simulated time limit, e.g. 100ms)");
        Simulation sim = new Simulation(name, seed);
        String epoch = root.string("epoch", null);
        if (epoch != null) {
            try {
                Instant t = Instant.parse(epoch);
                sim.epochNanos(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L) + t.getNano());
            } catch (DateTimeParseException | ArithmeticException e) {
                throw new ConfigException("epoch", "'" + epoch + "' is not an instant such as 2026-01-01T00:00:00Z");
            }
        }
        sim.sampleEvery(root.nanos("sample-every", 10_000, 100, MAX_TIME));
        sim.stopWhenFlowsFinish(root.bool("stop-when-flows-finish", true));

        SwitchConfig switchDefaults = switchConfig(root.section("switch"), SwitchConfig.DEFAULT);
        HostConfig hostDefaults = hostConfig(root.section("host"), HostConfig.DEFAULT);
        TopologyReader.read(root.section("topology"), sim.network(), switchDefaults, hostDefaults,
                (done, total) -> listener.progress(done, total, "hosts built"));
        sim.network().computeRoutes((done, total) -> listener.progress(done, total, "hosts routed"));

        ConfigMap transports = root.section("transports");
        for (String t : transports.keys()) {
            TransportFactory f = factories.get(t);
            if (f == null) throw new ConfigException(transports.pathOf(t), "is not a transport; available: " + String.join(", ", factories.keySet()));
            ConfigMap section = transports.section(t);
            sim.addTransport(f.create(sim.network(), section));
            section.finish();
        }
        transports.finish();

        List<Object> traffic = root.list("traffic");
        TrafficReader flows = new TrafficReader(sim, duration, listener);
        for (int i = 0; i < traffic.size(); i++) flows.entry(mapping("traffic[" + i + "]", traffic.get(i)));

        List<Object> captureList = root.list("captures");
        List<Runnable> captures = new ArrayList<>();
        for (int i = 0; i < captureList.size(); i++) captures.add(capture(mapping("captures[" + i + "]", captureList.get(i)), sim));

        ConfigMap monitor = root.section("monitor");
        for (Port p : ports(monitor, "queues", sim.network())) sim.monitorQueue(p);
        sim.sampleFlows(monitor.bool("flows", true));
        monitor.finish();
        root.finish();
        captures.forEach(Runnable::run); // files are opened only once the whole scenario is known to be valid
        return new Loaded(sim, duration, description);
    }

    /** Checks a capture and returns what opens it. */
    private Runnable capture(ConfigMap m, Simulation sim) {
        String name = m.requiredString("file");
        if (!name.matches("[A-Za-z0-9._-]+\\.pcapng")) {
            throw new ConfigException(m.pathOf("file"), "'" + name + "' must be a plain file name ending in .pcapng (written to the output directory)");
        }
        List<Port> ports = ports(m, "ports", sim.network());
        if (ports.isEmpty()) throw new ConfigException(m.pathOf("ports"), "is required: ports to capture, e.g. [left>right] or [h0]");
        CaptureTap.Direction dir = m.choice("direction", CaptureTap.Direction.class, CaptureTap.Direction.BOTH);
        int snap = (int) m.integer("snap-length", 262_144, 64, 262_144);
        m.finish();
        if (new HashSet<>(ports).size() != ports.size()) throw new ConfigException(m.pathOf("ports"), "lists a port twice");
        if (!capturedFiles.add(name)) throw new ConfigException(m.pathOf("file"), "another capture writes " + name);
        return () -> sim.capture(outputDirectory.resolve(name), ports, dir, snap);
    }
}
