package org.sonde.sim.scenario;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.sonde.core.BadInputException;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.EcnMarking;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.PauseFrame;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.Scheduling;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;
import org.sonde.sim.traffic.FlowSink;
import org.sonde.sim.traffic.FlowSizes;
import org.sonde.sim.traffic.Incast;
import org.sonde.sim.traffic.PairedFlows;
import org.sonde.sim.traffic.PoissonFlows;
import org.sonde.sim.traffic.UdpSource;

/**
 * Reads a scenario file (YAML) into a ready-to-run {@link Simulation}. The format is documented in
 * {@code examples/sim/README.md}; every key is checked, and an error names the file and the key path
 * ({@code traffic[2].size}) and says what is expected.
 */
public final class ScenarioLoader {
    private static final String HINT = "see examples/sim/README.md for the scenario format";
    private static final long MAX_TIME = 3_600_000_000_000L; // an hour of simulated time
    private static final long TB = 1_000_000_000_000L;
    /** 27,648 hosts; every switch holds a route to every host, so k = 64 would hold 335 million. */
    private static final int MAX_FAT_TREE_K = 48;

    private final Path file;
    private final Map<String, TransportFactory> factories;
    private final Path outputDirectory;
    private final java.util.Set<String> capturedFiles = new java.util.HashSet<>();
    private Listener listener = Listener.NONE;
    private long flowsPlanned;

    /** Told what a load is doing, so that a large scenario does not load in silence. */
    public interface Listener {
        Listener NONE = new Listener() {
            @Override
            public void started(String scenario) {
            }

            @Override
            public void progress(long done, long total, String what) {
            }
        };

        /** The file is read and names the scenario; what it describes is built next. */
        void started(String scenario);

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
        topology(root.section("topology"), sim.network(), switchDefaults, hostDefaults);
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
        for (int i = 0; i < traffic.size(); i++) traffic(mapping("traffic[" + i + "]", traffic.get(i)), sim, duration);

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

    // --- network -------------------------------------------------------------------------------

    static SwitchConfig switchConfig(ConfigMap m, SwitchConfig base) {
        long buffer = m.bytes("buffer", base.bufferBytes(), 1, TB);
        double alpha = m.number("alpha", base.alpha(), 1.0 / 1024, 1024);
        EcnMarking ecn = base.ecn();
        if (m.has("ecn")) {
            ConfigMap e = m.section("ecn");
            int mask = priorities(e, "priorities", 0xFF);
            if (e.has("threshold")) {
                ecn = EcnMarking.threshold(mask, e.bytes("threshold", 0, 0, TB));
            } else {
                long kmin = e.bytes("kmin", -1, 0, TB);
                long kmax = e.bytes("kmax", -1, 0, TB);
                if (kmin < 0 || kmax < 0) throw new ConfigException(e.path(), "needs either threshold (DCTCP's K) or kmin, kmax and pmax (RED)");
                if (kmax < kmin) throw new ConfigException(e.pathOf("kmax"), "must not be below kmin");
                ecn = new EcnMarking(mask, kmin, kmax, e.number("pmax", 1.0, 0, 1));
            }
            e.finish();
        }
        PfcThresholds pfc = base.pfc();
        if (m.has("pfc")) {
            ConfigMap p = m.section("pfc");
            int mask = priorities(p, "priorities", -1);
            if (mask < 0) throw new ConfigException(p.pathOf("priorities"), "is required: the lossless priorities, e.g. [3]");
            long xoff = p.bytes("xoff", -1, 1, TB);
            if (xoff < 0) throw new ConfigException(p.pathOf("xoff"), "is required: bytes per ingress port and priority that trigger PAUSE");
            long xon = p.bytes("xon", xoff / 2, 0, TB);
            if (xon > xoff) throw new ConfigException(p.pathOf("xon"), "must not exceed xoff (" + xoff + ")");
            pfc = new PfcThresholds(mask, xoff, xon, (int) p.integer("quanta", PauseFrame.MAX_QUANTA, 1, PauseFrame.MAX_QUANTA));
            p.finish();
        }
        Scheduling scheduling = m.has("scheduling") ? scheduling(m.section("scheduling")) : base.scheduling();
        m.finish();
        return new SwitchConfig(buffer, alpha, ecn, pfc, scheduling);
    }

    static HostConfig hostConfig(ConfigMap m, HostConfig base) {
        HostConfig c = new HostConfig(m.distribution("processing", base.processing()),
                m.has("scheduling") ? scheduling(m.section("scheduling")) : base.scheduling());
        m.finish();
        return c;
    }

    private static Scheduling scheduling(ConfigMap m) {
        int strict = priorities(m, "strict", 0);
        int[] weights = {1, 1, 1, 1, 1, 1, 1, 1};
        List<Object> w = m.list("weights");
        if (!w.isEmpty()) {
            if (w.size() != Frame.PRIORITIES) throw new ConfigException(m.pathOf("weights"), "needs 8 weights (priorities 0..7), got " + w.size());
            for (int i = 0; i < 8; i++) {
                weights[i] = (int) ConfigMap.of(m.pathOf("weights"), Map.of("[" + i + "]", w.get(i))).integer("[" + i + "]", 1, 0, 1_000_000);
            }
        }
        m.finish();
        try {
            return new Scheduling(strict, weights);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(m.path(), e.getMessage());
        }
    }

    /** A list of priorities 0..7 as a bit mask, or {@code fallback} when absent. */
    private static int priorities(ConfigMap m, String key, int fallback) {
        if (!m.has(key)) return fallback;
        int mask = 0;
        for (Object o : m.list(key)) {
            int p;
            try {
                p = Integer.parseInt(String.valueOf(o));
            } catch (NumberFormatException e) {
                throw new ConfigException(m.pathOf(key), "'" + o + "' is not a priority 0..7");
            }
            if (p < 0 || p > 7) throw new ConfigException(m.pathOf(key), p + " is not a priority 0..7");
            mask |= 1 << p;
        }
        return mask;
    }

    private static LinkSpec link(ConfigMap m, LinkSpec base) {
        LinkSpec l = new LinkSpec(m.bitsPerSecond("rate", base.rateBps(), 1, 10 * TB), m.nanos("delay", base.delayNanos(), 0, MAX_TIME),
                (int) m.bytes("mtu", base.mtu(), 576, 65_535));
        if (l.rateBps() <= 0) throw new ConfigException(m.pathOf("rate"), "is required, e.g. 10Gbps");
        m.finish();
        return l;
    }

    /** The base of links that must give their rate. */
    private static final LinkSpec NO_LINK = new LinkSpec(-1, 1_000, Network.DEFAULT_MTU);

    /** Reads the shape's keys, then builds it with {@link Topologies}. */
    private void topology(ConfigMap t, Network net, SwitchConfig sw, HostConfig host) {
        int kinds = (t.has("star") ? 1 : 0) + (t.has("dumbbell") ? 1 : 0) + (t.has("leaf-spine") ? 1 : 0)
                + (t.has("fat-tree") ? 1 : 0) + (t.has("links") ? 1 : 0);
        if (kinds != 1) throw new ConfigException(t.path().isEmpty() ? "topology" : t.path(),
                "needs exactly one of star, dumbbell, leaf-spine, fat-tree, or hosts/switches/links");
        Topologies shapes = new Topologies(net, sw, host, (done, total) -> listener.progress(done, total, "hosts built"));
        if (t.has("star")) {
            ConfigMap s = t.section("star");
            int n = (int) s.integer("hosts", 0, 2, 100_000);
            LinkSpec l = link(s.section("link"), NO_LINK);
            s.finish();
            shapes.star(n, l);
        } else if (t.has("dumbbell")) {
            ConfigMap d = t.section("dumbbell");
            int pairs = (int) d.integer("pairs", 0, 1, 100_000);
            LinkSpec access = link(d.section("access"), NO_LINK);
            LinkSpec bottleneck = link(d.section("bottleneck"), NO_LINK);
            d.finish();
            shapes.dumbbell(pairs, access, bottleneck);
        } else if (t.has("leaf-spine")) {
            ConfigMap c = t.section("leaf-spine");
            int leaves = (int) c.integer("leaves", 0, 1, 10_000);
            int spines = (int) c.integer("spines", 0, 1, 10_000);
            int perLeaf = (int) c.integer("hosts-per-leaf", 0, 1, 10_000);
            LinkSpec hostLink = link(c.section("host-link"), NO_LINK);
            LinkSpec fabric = link(c.section("fabric-link"), NO_LINK);
            c.finish();
            shapes.leafSpine(leaves, spines, perLeaf, hostLink, fabric);
        } else if (t.has("fat-tree")) {
            ConfigMap f = t.section("fat-tree");
            int k = (int) f.integer("k", -1, 2, MAX_FAT_TREE_K);
            if (k < 0) throw new ConfigException(f.pathOf("k"), "is required: the switches' port count, even, e.g. 4");
            LinkSpec hostLink = link(f.section("host-link"), NO_LINK);
            LinkSpec fabric = link(f.section("fabric-link"), NO_LINK);
            f.finish();
            try {
                shapes.fatTree(k, hostLink, fabric);
            } catch (IllegalArgumentException e) { // the links are checked above: only k can be wrong (odd)
                throw new ConfigException(f.pathOf("k"), e.getMessage());
            }
        } else {
            explicit(t, net, sw, host);
        }
        t.finish();
    }

    private static void explicit(ConfigMap t, Network net, SwitchConfig sw, HostConfig host) {
        for (Map.Entry<String, Object> e : named(t, "switches").entrySet()) {
            String name = e.getKey();
            Object v = e.getValue();
            net.addSwitch(name, v == null ? sw : switchConfig(ConfigMap.of(t.pathOf("switches") + "." + name, v), sw));
        }
        for (Map.Entry<String, Object> e : named(t, "hosts").entrySet()) {
            String name = e.getKey();
            Object v = e.getValue();
            ConfigMap h = ConfigMap.of(t.pathOf("hosts") + "." + name, v);
            String ip = h.string("ip", null);
            List<Object> aliases = h.list("addresses");
            HostConfig hc = hostConfig(h, host);
            Host added = ip == null ? net.addHost(name, hc) : net.addHost(name, ipv4(h.pathOf("ip"), ip), hc);
            for (int i = 0; i < aliases.size(); i++) {
                String where = h.pathOf("addresses") + "[" + i + "]";
                try {
                    net.addAddress(added, ipv4(where, String.valueOf(aliases.get(i))));
                } catch (IllegalArgumentException ex) {
                    throw new ConfigException(where, ex.getMessage());
                }
            }
        }
        ConfigMap linkDefaults = t.section("link");
        LinkSpec defaults = new LinkSpec(linkDefaults.bitsPerSecond("rate", NO_LINK.rateBps(), 1, 10 * TB),
                linkDefaults.nanos("delay", NO_LINK.delayNanos(), 0, MAX_TIME), (int) linkDefaults.bytes("mtu", NO_LINK.mtu(), 576, 65_535));
        linkDefaults.finish();
        List<Object> links = t.list("links");
        for (int i = 0; i < links.size(); i++) {
            String where = t.pathOf("links") + "[" + i + "]";
            ConfigMap l = ConfigMap.of(where, links.get(i) instanceof List<?> pair ? Map.of("between", pair) : links.get(i));
            List<Object> ends = l.list("between");
            if (ends.size() != 2) throw new ConfigException(l.pathOf("between"), "names the two nodes of the link, e.g. [h0, s0]");
            Node a = node(net, l.pathOf("between"), String.valueOf(ends.get(0)));
            Node b = node(net, l.pathOf("between"), String.valueOf(ends.get(1)));
            LinkSpec spec = new LinkSpec(l.bitsPerSecond("rate", defaults.rateBps(), 1, 10 * TB), l.nanos("delay", defaults.delayNanos(), 0, MAX_TIME),
                    (int) l.bytes("mtu", defaults.mtu(), 576, 65_535));
            if (spec.rateBps() <= 0) throw new ConfigException(l.pathOf("rate"), "is required here or in topology.link");
            l.finish();
            try {
                net.connect(a, b, spec);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(where, e.getMessage());
            }
        }
    }

    /** Nodes given as a list of names or as a mapping from names to their settings (null: defaults). */
    private static Map<String, Object> named(ConfigMap t, String key) {
        Object v = t.raw(key);
        if (v == null) throw new ConfigException(t.pathOf(key), "is required with links");
        Map<String, Object> m = new LinkedHashMap<>();
        if (v instanceof List<?> l) {
            for (Object o : l) {
                if (o == null || o instanceof Map || o instanceof List) throw new ConfigException(t.pathOf(key), "lists names, not " + o);
                if (m.containsKey(String.valueOf(o))) throw new ConfigException(t.pathOf(key), "names '" + o + "' twice");
                m.put(String.valueOf(o), null);
            }
        } else {
            ConfigMap section = t.section(key);
            for (String name : section.keys()) m.put(name, section.raw(name));
        }
        return m;
    }

    private static int ipv4(String where, String text) {
        try {
            return Ipv4Address.parse(text).value();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(where, "'" + text + "' is not an IPv4 address");
        }
    }

    private static Node node(Network net, String where, String name) {
        Node n = net.node(name);
        if (n == null) throw new ConfigException(where, "no node is named '" + name + "'");
        return n;
    }

    private static Host host(Network net, String where, String name) {
        if (!(node(net, where, name) instanceof Host h)) throw new ConfigException(where, "'" + name + "' is a switch, not a host");
        return h;
    }

    /** Host names: one name, a list, or a pattern with * ("l*"), in the network's order. */
    private static List<Host> hosts(ConfigMap m, String key, Network net) {
        Object v = m.raw(key);
        if (v == null) throw new ConfigException(m.pathOf(key), "is required: a host, a list of hosts or a pattern such as h*");
        List<Object> items = v instanceof List<?> l ? new ArrayList<>(l) : List.of(v);
        List<Host> out = new ArrayList<>();
        for (Object o : items) {
            String s = String.valueOf(o);
            if (s.contains("*")) {
                Pattern pattern = Pattern.compile("\\Q" + s.replace("*", "\\E.*\\Q") + "\\E"); // once, not once per host
                List<Host> matched = net.hosts().stream().filter(h -> pattern.matcher(h.name()).matches()).toList();
                if (matched.isEmpty()) throw new ConfigException(m.pathOf(key), "pattern '" + s + "' matches no host");
                out.addAll(matched);
            } else {
                out.add(host(net, m.pathOf(key), s));
            }
        }
        return out;
    }

    /** Ports as "node:index", "node>peer" (the port of node facing peer), or a host name (its NIC). */
    private static List<Port> ports(ConfigMap m, String key, Network net) {
        List<Port> out = new ArrayList<>();
        for (Object o : m.list(key)) {
            String s = String.valueOf(o);
            String where = m.pathOf(key);
            if (s.equals("all-switch-ports")) {
                for (Switch sw : net.switches()) out.addAll(sw.ports());
            } else if (s.contains(">")) {
                String[] ab = s.split(">", 2);
                Node a = node(net, where, ab[0].strip());
                Node b = node(net, where, ab[1].strip());
                Port p = a.ports().stream().filter(x -> x.peer().node() == b).findFirst()
                        .orElseThrow(() -> new ConfigException(where, a.name() + " has no link to " + b.name()));
                out.add(p);
            } else if (s.contains(":")) {
                String[] ni = s.split(":", 2);
                Node n = node(net, where, ni[0].strip());
                int i;
                try {
                    i = Integer.parseInt(ni[1].strip());
                } catch (NumberFormatException e) {
                    throw new ConfigException(where, "'" + s + "': the port index must be a number");
                }
                if (i < 0 || i >= n.ports().size()) throw new ConfigException(where, n.name() + " has ports 0.." + (n.ports().size() - 1) + ", not " + i);
                out.add(n.port(i));
            } else if (node(net, where, s) instanceof Host h) {
                out.add(h.nic());
            } else {
                throw new ConfigException(where, "'" + s + "' is a switch; name one of its ports as " + s + ":INDEX or " + s + ">PEER");
            }
        }
        return out;
    }

    // --- traffic -------------------------------------------------------------------------------

    private void traffic(ConfigMap entry, Simulation sim, long duration) {
        List<String> kinds = new ArrayList<>(entry.keys());
        if (kinds.size() != 1) {
            throw new ConfigException(entry.path(), "must have exactly one kind of traffic: flows, incast, poisson or udp");
        }
        String kind = kinds.getFirst();
        ConfigMap m = entry.section(kind);
        Network net = sim.network();
        switch (kind) {
            case "flows" -> flows(m, sim);
            case "incast" -> incast(m, sim);
            case "poisson" -> poisson(m, sim, duration);
            case "udp" -> udp(m, sim, net);
            default -> throw new ConfigException(entry.pathOf(kind), "is not a kind of traffic; use flows, incast, poisson or udp");
        }
        m.finish();
    }

    /** Where the entry's flows go: the simulation, over the transport the entry names; each is counted as planned. */
    private FlowSink flowSink(ConfigMap m, Simulation sim) {
        String t = m.requiredString("transport");
        FlowSink sink;
        try {
            sink = sim.flowSink(t);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(m.pathOf("transport"), e.getMessage());
        }
        return (name, source, destination, bytes, startNanos, priority) -> {
            sink.add(name, source, destination, bytes, startNanos, priority);
            listener.progress(++flowsPlanned, 0, "flows planned");
        };
    }

    private void flows(ConfigMap m, Simulation sim) {
        Network net = sim.network();
        List<Host> from = hosts(m, "from", net);
        List<Host> to = hosts(m, "to", net);
        long size = m.bytes("size", -1, 1, TB);
        if (size < 0) throw new ConfigException(m.pathOf("size"), "is required, e.g. 20MB");
        long start = m.nanos("start", 0, 0, MAX_TIME);
        long gap = m.nanos("interval", 0, 0, MAX_TIME);
        int count = (int) m.integer("count", 1, 1, 1_000_000);
        int priority = (int) m.integer("priority", 0, 0, 7);
        String name = m.string("name", "flow");
        FlowSink sink = flowSink(m, sim);
        PairedFlows flows;
        try {
            flows = new PairedFlows(name, from, to, size, start, gap, count, priority);
        } catch (IllegalArgumentException e) { // lists that do not pair up, or a host paired with itself
            throw new ConfigException(m.path(), e.getMessage());
        }
        flows.generate(sink);
    }

    private void incast(ConfigMap m, Simulation sim) {
        Network net = sim.network();
        Host to = host(net, m.pathOf("to"), m.requiredString("to"));
        List<Host> senders = m.has("senders") ? hosts(m, "senders", net) : Incast.everyHostBut(to, net.hosts());
        if (senders.contains(to)) throw new ConfigException(m.pathOf("senders"), "includes the receiver " + to.name());
        long size = m.bytes("size", -1, 1, TB);
        if (size < 0) throw new ConfigException(m.pathOf("size"), "is required: what each sender sends, e.g. 64KB");
        long start = m.nanos("start", 0, 0, MAX_TIME);
        int rounds = (int) m.integer("rounds", 1, 1, 100_000);
        long interval = m.nanos("interval", 1_000_000, 1, MAX_TIME);
        int priority = (int) m.integer("priority", 0, 0, 7);
        String name = m.string("name", "incast");
        FlowSink sink = flowSink(m, sim);
        new Incast(name, to, senders, size, start, rounds, interval, priority).generate(sink);
    }

    private void poisson(ConfigMap m, Simulation sim, long duration) {
        Network net = sim.network();
        List<Host> hosts = m.has("hosts") ? hosts(m, "hosts", net) : net.hosts();
        if (hosts.size() < 2) throw new ConfigException(m.pathOf("hosts"), "needs at least two hosts");
        FlowSizes sizes;
        try {
            sizes = FlowSizes.named(m.string("sizes", "web-search"), m.baseDirectory());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(m.pathOf("sizes"), e.getMessage());
        }
        double load = m.number("load", -1, 0.001, 1);
        if (load < 0) throw new ConfigException(m.pathOf("load"), "is required: the offered load of each host's link, 0..1");
        long start = m.nanos("start", 0, 0, MAX_TIME);
        long until = start + m.nanos("duration", duration - start, 1, MAX_TIME);
        int priority = (int) m.integer("priority", 0, 0, 7);
        String name = m.string("name", "poisson");
        FlowSink sink = flowSink(m, sim);
        // the stream is named by the entry's place in the file, so other entries leave its draws alone
        new PoissonFlows(name, hosts, sizes, load, start, until, priority).generate(net.random().stream("traffic:" + m.path()), sink);
    }

    private static void udp(ConfigMap m, Simulation sim, Network net) {
        Host from = host(net, m.pathOf("from"), m.requiredString("from"));
        Host to = host(net, m.pathOf("to"), m.requiredString("to"));
        long rate = m.bitsPerSecond("rate", -1, 1, 10 * TB);
        if (rate < 0) throw new ConfigException(m.pathOf("rate"), "is required, e.g. 2Gbps");
        int payload = (int) m.bytes("payload", 1000, 0, 65_507);
        long start = m.nanos("start", 0, 0, MAX_TIME);
        long duration = m.nanos("duration", -1, 1, MAX_TIME);
        long count = m.integer("count", -1, 1, Long.MAX_VALUE);
        if ((duration < 0) == (count < 0)) throw new ConfigException(m.path(), "needs either duration or count");
        if (count < 0) count = UdpSource.datagramsIn(duration, rate, payload);
        int priority = (int) m.integer("priority", 0, 0, 7);
        int ecn = switch (m.string("ecn", "not-ect")) {
            case "not-ect" -> IpFrame.ECN_NOT_ECT;
            case "ect0" -> IpFrame.ECN_ECT0;
            case "ect1" -> IpFrame.ECN_ECT1;
            default -> throw new ConfigException(m.pathOf("ecn"), "is one of not-ect, ect0, ect1");
        };
        int sport = (int) m.integer("source-port", 49_152, 0, 65_535);
        int dport = (int) m.integer("destination-port", 9, 0, 65_535);
        sim.addBackground(new UdpSource(from, to, payload, rate, count, priority, ecn, sport, dport), start);
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
        if (new java.util.HashSet<>(ports).size() != ports.size()) throw new ConfigException(m.pathOf("ports"), "lists a port twice");
        if (!capturedFiles.add(name)) throw new ConfigException(m.pathOf("file"), "another capture writes " + name);
        return () -> sim.capture(outputDirectory.resolve(name), ports, dir, snap);
    }

}
