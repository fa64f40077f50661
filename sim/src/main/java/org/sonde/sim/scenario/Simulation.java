package org.sonde.sim.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Port;
import org.sonde.sim.stats.FlowRecord;
import org.sonde.sim.stats.FlowMonitor;
import org.sonde.sim.stats.RunStatistics;
import org.sonde.sim.stats.Series;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowSink;
import org.sonde.sim.traffic.FlowTransport;
import org.sonde.sim.traffic.UdpSource;

/**
 * One simulation run, built in Java or from a scenario file: a network, the transports on it, the
 * flows and background traffic to start, the captures to write and the queues and flows to sample.
 * {@link #run} advances the clock to the end (or until every flow is done) and gathers statistics.
 */
public final class Simulation {
    /** Told about the run's progress every 1 % of simulated time, and every {@value #PROGRESS_EVENTS} events within it. */
    public interface Progress {
        void update(long simulatedNanos, long endNanos, long events);
    }

    /** Events between progress reports within one 1 % step (a large scenario starts all its flows in one instant). */
    public static final long PROGRESS_EVENTS = 1 << 14;

    /** 2026-01-01T00:00:00Z: what simulated time 0 is in captures unless a scenario says otherwise. */
    public static final long DEFAULT_EPOCH_NANOS = 1_767_225_600_000_000_000L;

    private final String name;
    private final long seed;
    private final Network network;
    private final Simulator sim;
    private final Map<String, FlowTransport> transports = new LinkedHashMap<>();
    private final List<Flow> flows = new ArrayList<>();
    private final List<FlowRecord> records = new ArrayList<>();
    private final List<UdpSource> background = new ArrayList<>();
    private final Map<String, CaptureTap> captures = new LinkedHashMap<>();
    private final Map<Port, Series> queueSeries = new LinkedHashMap<>();
    private final Map<FlowRecord, Series[]> flowSeries = new LinkedHashMap<>();
    private long epochNanos = DEFAULT_EPOCH_NANOS;
    private long sampleNanos = 10_000;
    private boolean sampleFlows = true;
    private boolean stopWhenFlowsFinish = true;
    private int finished;
    private boolean ran;

    public Simulation(String name, long seed) {
        this.name = name;
        this.seed = seed;
        this.network = new Network(seed);
        this.sim = network.simulator();
    }

    public String name() {
        return name;
    }

    public long seed() {
        return seed;
    }

    public Network network() {
        return network;
    }

    /** The wall-clock instant (ns since the Unix epoch) of simulated time 0, as captures write it. */
    public long epochNanos() {
        return epochNanos;
    }

    public void epochNanos(long epoch) {
        this.epochNanos = epoch;
    }

    public void sampleEvery(long nanos) {
        if (nanos <= 0) throw new IllegalArgumentException("the sampling interval must be positive");
        this.sampleNanos = nanos;
    }

    public void sampleFlows(boolean on) {
        this.sampleFlows = on;
    }

    /** Whether the run ends as soon as every flow has finished (default) or always runs to its end time. */
    public void stopWhenFlowsFinish(boolean on) {
        this.stopWhenFlowsFinish = on;
    }

    public void addTransport(FlowTransport transport) {
        if (transports.putIfAbsent(transport.name(), transport) != null) {
            throw new IllegalArgumentException("transport " + transport.name() + " is configured twice");
        }
    }

    public FlowTransport transport(String transportName) {
        FlowTransport t = transports.get(transportName);
        if (t == null) {
            throw new IllegalArgumentException("transport '" + transportName + "' is not configured"
                    + (transports.isEmpty() ? "" : "; configured: " + String.join(", ", transports.keySet())));
        }
        return t;
    }

    /** Adds a flow; flows are numbered in the order they are added. */
    public Flow addFlow(String flowName, Host source, Host destination, long bytes, long startNanos, int priority, String transportName) {
        return addFlow(flowName, source, destination, bytes, startNanos, priority, transport(transportName));
    }

    /**
     * Where a traffic generator ({@code org.sonde.sim.traffic}) puts its flows: each is added over
     * {@code transportName}, as by {@link #addFlow}.
     *
     * @throws IllegalArgumentException if the transport is not configured
     */
    public FlowSink flowSink(String transportName) {
        FlowTransport t = transport(transportName);
        return (flowName, source, destination, bytes, startNanos, priority) ->
                addFlow(flowName, source, destination, bytes, startNanos, priority, t);
    }

    private Flow addFlow(String flowName, Host source, Host destination, long bytes, long startNanos, int priority, FlowTransport t) {
        Flow f = new Flow(flows.size(), flowName, source, destination, bytes, startNanos, priority);
        flows.add(f);
        records.add(null);
        sim.at(startNanos, () -> {
            FlowRecord r = new FlowRecord(f, t.name(), t.start(f, this::finished));
            records.set(f.id(), r);
            if (sampleFlows) {
                flowSeries.put(r, new Series[] {new Series(f.name() + " delivered", "bytes"), new Series(f.name() + " control", r.progress().controlUnit())});
            }
        });
        return f;
    }

    private void finished(Flow flow, long at) {
        records.get(flow.id()).finish(at);
        if (++finished == flows.size() && stopWhenFlowsFinish) sim.stop();
    }

    public void addBackground(UdpSource source, long startNanos) {
        background.add(source);
        source.startAt(startNanos);
    }

    /** Records the frames of {@code ports} into {@code file} (pcapng). */
    public void capture(Path file, List<Port> ports, CaptureTap.Direction direction, int snapLength) {
        String key = file.getFileName().toString();
        if (captures.containsKey(key)) throw new IllegalArgumentException("two captures write " + key);
        captures.put(key, new CaptureTap(file, ports, direction, snapLength, epochNanos));
    }

    /** Samples the queue length of {@code port} every sampling interval. */
    public void monitorQueue(Port port) {
        queueSeries.putIfAbsent(port, new Series(port.name(), "bytes"));
    }

    public List<Flow> flows() {
        return List.copyOf(flows);
    }

    /** Runs until {@code endNanos} or, when set, until every flow has finished. Closes the captures. */
    public RunStatistics run(long endNanos, Progress progress) {
        if (ran) throw new IllegalStateException("a simulation runs once");
        ran = true;
        network.computeRoutes();
        FlowMonitor monitor = FlowMonitor.attach(network);
        boolean complete = false;
        try {
            if (!queueSeries.isEmpty() || sampleFlows) sim.at(0, this::sample);
            long step = Math.max(1, endNanos / 100);
            long stepEnd = 0;
            boolean stopped = false;
            while (!stopped && stepEnd < endNanos) {
                stepEnd = Math.min(endNanos, stepEnd + step);
                while (!sim.runUntil(stepEnd, PROGRESS_EVENTS)) {
                    if (progress != null) progress.update(sim.now(), endNanos, sim.executedEvents());
                }
                stopped = sim.now() < stepEnd || (stopWhenFlowsFinish && !flows.isEmpty() && finished == flows.size());
                if (progress != null) progress.update(sim.now(), endNanos, sim.executedEvents());
            }
            complete = true;
        } finally {
            for (CaptureTap c : captures.values()) {
                if (complete) c.close();
                else c.abort();
            }
        }
        return new RunStatistics(name, seed, sim.now(), sim.executedEvents(), network, records, flows.size(), transports.values(),
                queueSeries, flowSeries, captures, monitor.flows());
    }

    private void sample() {
        long now = sim.now();
        for (Map.Entry<Port, Series> e : queueSeries.entrySet()) e.getValue().add(now, e.getKey().queuedBytes());
        for (Map.Entry<FlowRecord, Series[]> e : flowSeries.entrySet()) {
            FlowRecord r = e.getKey();
            if (r.finished() && r.finishNanos() < now - sampleNanos) continue;
            e.getValue()[0].add(now, r.progress().deliveredBytes());
            e.getValue()[1].add(now, r.progress().control());
        }
        sim.after(sampleNanos, this::sample);
    }
}
