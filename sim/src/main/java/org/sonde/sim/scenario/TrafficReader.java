package org.sonde.sim.scenario;

import static org.sonde.sim.scenario.NodeNames.host;
import static org.sonde.sim.scenario.NodeNames.hosts;
import static org.sonde.sim.scenario.SettingsReader.MAX_TIME;
import static org.sonde.sim.scenario.SettingsReader.TB;

import java.util.ArrayList;
import java.util.List;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Network;
import org.sonde.sim.traffic.FlowSink;
import org.sonde.sim.traffic.FlowSizes;
import org.sonde.sim.traffic.Incast;
import org.sonde.sim.traffic.PairedFlows;
import org.sonde.sim.traffic.PoissonFlows;
import org.sonde.sim.traffic.UdpSource;

/**
 * Reads a scenario's {@code traffic} entries: the keys of each kind here, the flows planned by the
 * generators of {@code org.sonde.sim.traffic} and added to the simulation.
 */
final class TrafficReader {
    private final Simulation sim;
    private final long runNanos;
    private final ScenarioLoader.Listener listener;
    private long planned;

    /**
     * @param runNanos the scenario's duration: how long Poisson traffic lasts unless it says
     * @param listener told of every flow planned
     */
    TrafficReader(Simulation sim, long runNanos, ScenarioLoader.Listener listener) {
        this.sim = sim;
        this.runNanos = runNanos;
        this.listener = listener;
    }

    /** One entry of the {@code traffic} list. */
    void entry(ConfigMap entry) {
        List<String> kinds = new ArrayList<>(entry.keys());
        if (kinds.size() != 1) {
            throw new ConfigException(entry.path(), "must have exactly one kind of traffic: flows, incast, poisson or udp");
        }
        String kind = kinds.getFirst();
        ConfigMap m = entry.section(kind);
        switch (kind) {
            case "flows" -> flows(m);
            case "incast" -> incast(m);
            case "poisson" -> poisson(m);
            case "udp" -> udp(m);
            default -> throw new ConfigException(entry.pathOf(kind), "is not a kind of traffic; use flows, incast, poisson or udp");
        }
        m.finish();
    }

    /** Where the entry's flows go: the simulation, over the transport the entry names; each is counted as planned. */
    private FlowSink flowSink(ConfigMap m) {
        String t = m.requiredString("transport");
        FlowSink sink;
        try {
            sink = sim.flowSink(t);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(m.pathOf("transport"), e.getMessage());
        }
        return (name, source, destination, bytes, startNanos, priority) -> {
            sink.add(name, source, destination, bytes, startNanos, priority);
            listener.progress(++planned, 0, "flows planned");
        };
    }

    private void flows(ConfigMap m) {
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
        FlowSink sink = flowSink(m);
        PairedFlows flows;
        try {
            flows = new PairedFlows(name, from, to, size, start, gap, count, priority);
        } catch (IllegalArgumentException e) { // lists that do not pair up, or a host paired with itself
            throw new ConfigException(m.path(), e.getMessage());
        }
        flows.generate(sink);
    }

    private void incast(ConfigMap m) {
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
        FlowSink sink = flowSink(m);
        new Incast(name, to, senders, size, start, rounds, interval, priority).generate(sink);
    }

    private void poisson(ConfigMap m) {
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
        long until = start + m.nanos("duration", runNanos - start, 1, MAX_TIME);
        int priority = (int) m.integer("priority", 0, 0, 7);
        int fanIn = (int) m.integer("fan-in", 1, 1, hosts.size() - 1);
        String name = m.string("name", "poisson");
        FlowSink sink = flowSink(m);
        // the stream is named by the entry's place in the file, so other entries leave its draws alone
        new PoissonFlows(name, hosts, sizes, load, start, until, priority, fanIn)
                .generate(net.random().stream("traffic:" + m.path()), sink);
    }

    private void udp(ConfigMap m) {
        Network net = sim.network();
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
}
