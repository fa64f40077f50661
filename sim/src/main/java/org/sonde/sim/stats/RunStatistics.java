package org.sonde.sim.stats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortCounters;
import org.sonde.sim.net.Switch;
import org.sonde.sim.traffic.FlowTransport;

/**
 * What a run produced: flow completion times, per-port counters, transport counters and sampled
 * series. {@link #toJson()} is the {@code stats.json} of {@code sonde sim run}; it holds only
 * simulated quantities (no wall-clock time), so equal seeds give byte-identical files.
 */
public final class RunStatistics {
    private final String scenario;
    private final long seed;
    private final long simulatedNanos;
    private final long events;
    private final Network network;
    private final List<FlowRecord> flows;
    private final int flowsPlanned;
    private final Collection<FlowTransport> transports;
    private final Map<Port, Series> queues;
    private final Map<FlowRecord, Series[]> flowSeries;
    private final Map<String, Long> captures = new LinkedHashMap<>();
    private final List<FlowMonitor.Flow> monitored;

    public RunStatistics(String scenario, long seed, long simulatedNanos, long events, Network network, List<FlowRecord> flows,
                         int flowsPlanned, Collection<FlowTransport> transports, Map<Port, Series> queues,
                         Map<FlowRecord, Series[]> flowSeries, Map<String, CaptureTap> captures, List<FlowMonitor.Flow> monitored) {
        this.scenario = scenario;
        this.seed = seed;
        this.simulatedNanos = simulatedNanos;
        this.events = events;
        this.network = network;
        this.flows = flows.stream().filter(r -> r != null).toList();
        this.flowsPlanned = flowsPlanned;
        this.transports = List.copyOf(transports);
        this.queues = queues;
        this.flowSeries = flowSeries;
        captures.forEach((file, tap) -> this.captures.put(file, tap.frames()));
        this.monitored = List.copyOf(monitored);
    }

    /** Per 5-tuple and direction, what the hosts sent and received ({@link FlowMonitor}). */
    public List<FlowMonitor.Flow> monitored() {
        return monitored;
    }

    public String scenario() {
        return scenario;
    }

    public long simulatedNanos() {
        return simulatedNanos;
    }

    public long events() {
        return events;
    }

    public Network network() {
        return network;
    }

    public List<FlowRecord> flows() {
        return flows;
    }

    public Map<Port, Series> queues() {
        return queues;
    }

    public Map<FlowRecord, Series[]> flowSeries() {
        return flowSeries;
    }

    public Map<String, Long> captures() {
        return captures;
    }

    /** Completion times of the finished flows, in ns, ascending. */
    public long[] completionTimes() {
        return flows.stream().filter(FlowRecord::finished).mapToLong(FlowRecord::completionNanos).sorted().toArray();
    }

    /** Frames dropped at every port of the network (queues full, no PFC). */
    public long drops() {
        long drops = 0;
        for (org.sonde.sim.net.Node n : network.nodes()) for (org.sonde.sim.net.Port p : n.ports()) drops += p.counters().drops;
        return drops;
    }

    /** Retransmissions of every flow's transport. */
    public long retransmissions() {
        return flows.stream().mapToLong(r -> r.progress().retransmissions()).sum();
    }

    public long unfinished() {
        return flowsPlanned - flows.stream().filter(FlowRecord::finished).count();
    }

    /** The value below which a fraction {@code q} of the sorted values lie (nearest rank). */
    public static long percentile(long[] sorted, double q) {
        if (sorted.length == 0) return -1;
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
    }

    public ObjectNode toJson() {
        JsonNodeFactory j = JsonNodeFactory.instance;
        ObjectNode root = j.objectNode();
        root.put("scenario", scenario);
        root.put("seed", seed);
        root.put("simulatedNanos", simulatedNanos);
        root.put("events", events);

        ObjectNode fct = root.putObject("fct");
        fct.put("flows", flowsPlanned);
        fct.put("finished", flowsPlanned - unfinished());
        fct.put("unfinished", unfinished());
        summarise(fct, completionTimes());
        Map<String, List<Long>> byGroup = new LinkedHashMap<>();
        for (FlowRecord r : flows) if (r.finished()) byGroup.computeIfAbsent(group(r.flow().name()), g -> new ArrayList<>()).add(r.completionNanos());
        if (byGroup.size() > 1) {
            ObjectNode groups = fct.putObject("byGroup");
            byGroup.forEach((g, v) -> summarise(groups.putObject(g), v.stream().mapToLong(Long::longValue).sorted().toArray()));
        }

        ArrayNode fl = root.putArray("flows");
        for (FlowRecord r : flows) {
            ObjectNode o = fl.addObject();
            o.put("id", r.flow().id());
            o.put("name", r.flow().name());
            o.put("transport", r.transport());
            o.put("source", r.flow().source().name());
            o.put("destination", r.flow().destination().name());
            o.put("bytes", r.flow().bytes());
            o.put("priority", r.flow().priority());
            o.put("startNanos", r.flow().startNanos());
            if (r.finished()) {
                o.put("finishNanos", r.finishNanos());
                o.put("fctNanos", r.completionNanos());
            } else {
                o.putNull("finishNanos");
                o.putNull("fctNanos");
            }
            o.put("deliveredBytes", r.progress().deliveredBytes());
            o.put("retransmissions", r.progress().retransmissions());
        }

        ArrayNode fm = root.putArray("flowMonitor");
        for (FlowMonitor.Flow m : monitored) fm.add(monitored(m));

        ArrayNode ports = root.putArray("ports");
        for (Node n : network.nodes()) for (Port p : n.ports()) ports.add(port(p));

        ArrayNode sw = root.putArray("switches");
        for (Switch s : network.switches()) {
            ObjectNode o = sw.addObject();
            o.put("name", s.name());
            o.put("maxBufferUsedBytes", s.maxBufferUsed());
            o.put("unroutable", s.unroutable());
        }
        ArrayNode hosts = root.putArray("hosts");
        // each transport's counters of every host, asked once: asked per host, a run of n hosts took n^2 steps
        List<Map<String, Map<String, Long>>> countersByHost = transports.stream().map(FlowTransport::countersByHost).toList();
        for (Host h : network.hosts()) {
            ObjectNode o = hosts.addObject();
            o.put("name", h.name());
            o.put("undeliverable", h.undeliverable());
            int i = 0;
            for (FlowTransport t : transports) {
                Map<String, Long> counters = countersByHost.get(i++).get(h.name());
                if (counters == null) continue;
                ObjectNode c = o.putObject(t.name());
                counters.forEach(c::put);
            }
        }
        ObjectNode cap = root.putObject("captures");
        captures.forEach(cap::put);

        ObjectNode series = root.putObject("series");
        ObjectNode q = series.putObject("queueBytes");
        queues.forEach((p, s) -> q.set(p.name(), series(s)));
        ObjectNode f = series.putObject("flows");
        flowSeries.forEach((r, s) -> {
            ObjectNode o = f.putObject(r.flow().name());
            o.set("deliveredBytes", series(s[0]));
            o.set("control", series(s[1]));
            o.put("controlUnit", s[1].unit());
        });
        return root;
    }

    /** A flow's group: its name up to the first '/' ("incast/3" is in "incast"). */
    public static String group(String flowName) {
        int slash = flowName.indexOf('/');
        return slash < 0 ? flowName : flowName.substring(0, slash);
    }

    private static void summarise(ObjectNode o, long[] sorted) {
        o.put("count", sorted.length);
        if (sorted.length == 0) return;
        o.put("meanNanos", Math.round(Arrays.stream(sorted).average().orElse(0)));
        o.put("p50Nanos", percentile(sorted, 0.50));
        o.put("p95Nanos", percentile(sorted, 0.95));
        o.put("p99Nanos", percentile(sorted, 0.99));
        o.put("maxNanos", sorted[sorted.length - 1]);
    }

    private static ObjectNode monitored(FlowMonitor.Flow m) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("source", m.source());
        o.put("destination", m.destination());
        o.put("protocol", m.key().protocol());
        o.put("sourceAddress", Ipv4Address.format(m.key().sourceIp()));
        o.put("sourcePort", m.key().sourcePort());
        o.put("destinationAddress", Ipv4Address.format(m.key().destinationIp()));
        o.put("destinationPort", m.key().destinationPort());
        o.put("txPackets", m.txPackets());
        o.put("txBytes", m.txBytes());
        o.put("rxPackets", m.rxPackets());
        o.put("rxBytes", m.rxBytes());
        o.put("lostPackets", m.lostPackets());
        ObjectNode why = o.putObject("lostBy");
        m.lost().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> why.put(e.getKey().name().toLowerCase(java.util.Locale.ROOT), e.getValue()));
        o.put("inFlightAtEnd", m.inFlightAtEnd());
        if (m.rxPackets() > 0) {
            o.put("meanDelayNanos", m.meanDelayNanos());
            o.put("maxDelayNanos", m.maxDelayNanos());
        } else {
            o.putNull("meanDelayNanos");
            o.putNull("maxDelayNanos");
        }
        if (m.meanJitterNanos() >= 0) o.put("meanJitterNanos", m.meanJitterNanos());
        else o.putNull("meanJitterNanos");
        if (m.throughputBps() >= 0) o.put("throughputBps", Math.round(m.throughputBps()));
        else o.putNull("throughputBps");
        return o;
    }

    private static ObjectNode port(Port p) {
        PortCounters c = p.counters();
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("port", p.name());
        o.put("peer", p.peer() == null ? null : p.peer().name());
        o.put("txFrames", c.txFrames);
        o.put("txBytes", c.txBytes);
        o.put("rxFrames", c.rxFrames);
        o.put("rxBytes", c.rxBytes);
        o.put("drops", c.drops);
        o.put("dropBytes", c.dropBytes);
        o.put("oversize", c.oversize);
        o.put("filtered", c.filtered);
        o.put("ecnMarked", c.ecnMarked);
        o.put("maxQueueBytes", c.maxQueueBytes);
        ArrayNode sent = o.putArray("pauseFramesSent");
        ArrayNode received = o.putArray("pauseFramesReceived");
        ArrayNode paused = o.putArray("pausedNanos");
        for (int i = 0; i < Frame.PRIORITIES; i++) {
            sent.add(c.pauseFramesSent[i]);
            received.add(c.pauseFramesReceived[i]);
            paused.add(p.pausedNanos(i));
        }
        return o;
    }

    private static ObjectNode series(Series s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ArrayNode t = o.putArray("tNanos");
        for (long x : s.times()) t.add(x);
        ArrayNode v = o.putArray("values");
        for (double x : s.values()) {
            if (x == Math.rint(x) && Math.abs(x) < 1e15) v.add((long) x);
            else v.add(x);
        }
        return o;
    }
}
