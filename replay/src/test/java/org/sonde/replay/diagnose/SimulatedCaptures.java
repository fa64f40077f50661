package org.sonde.replay.diagnose;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.Distribution;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.EcnMarking;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.Scheduling;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.scenario.Simulation;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpCounter;
import org.sonde.sim.tcp.TcpFlowTransport;
import org.sonde.sim.traffic.Flow;

/**
 * Real TCP captures made by the simulator: senders answering one receiver at once through a shallow-buffer switch
 * (partition-aggregate incast), so that the receiver's port overflows and the senders recover by every means they
 * have. Every sender's NIC is captured in both directions (the senders' vantage point), the receiver's in
 * another file (the receiver's); the senders' TCP counters are the ground truth the diagnosis is checked against.
 */
public final class SimulatedCaptures {
    private SimulatedCaptures() {}

    /** The captures of one run and the senders' counters summed. */
    public record Run(Path senders, Path receiver, Map<TcpCounter, Long> senderCounters, Map<TcpCounter, Long> receiverCounters) {}

    /** Linux's TCP between two namespaces, the inject module's Listing 2 run ({@code examples/inject/tcp-listing2.yaml}). */
    public static final String LINUX_LISTING2 = "/captures/linux-tcp-listing2.pcapng";

    /** Copies a capture from the test resources into {@code dir}. */
    public static Path resource(Path dir, String name) {
        Path file = dir.resolve(name.substring(name.lastIndexOf('/') + 1));
        try (java.io.InputStream in = SimulatedCaptures.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("no test resource " + name);
            java.nio.file.Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return file;
    }

    /** The DETER §2.1 run: the short flow's sender A, its capture (A's NIC, both ways), and the short flow's source port. */
    public record DeterRun(Path capture, int shortFlowPort, int senderTimeouts) {}

    /**
     * DETER §2.1 as sim's DeterScenarioTest builds it: A and B each start two 20 MB flows to R through one switch (4 MB
     * shared buffer, α = 1/8, 10 Gb/s), and 30 ms later A starts a 30 KB flow; rto_min 15 ms, Linux 4.4's initial
     * receive window, HyStart off, duplicate-threshold recovery (no RACK, no TLP). Host processing is normal(10 µs, 1 µs).
     */
    public static DeterRun deter(Path dir, long seed) {
        long ms = 1_000_000L;
        Network net = new Network(seed);
        HostConfig hosts = new HostConfig(new Distribution.Normal(10_000, 1_000), Scheduling.EQUAL);
        Host a = net.addHost("A", hosts), b = net.addHost("B", hosts), r = net.addHost("R", hosts);
        Switch sw = net.addSwitch("sw", new SwitchConfig(4_000_000, 0.125, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL));
        for (Host h : List.of(a, b, r)) net.connect(h, sw, 10_000_000_000L, 1_000);
        net.computeRoutes();
        TcpFlowTransport tcp = new TcpFlowTransport(net, TcpConfig.parse(ConfigMap.of("tcp", new HashMap<>(Map.of("recovery", 0,
                "early-retrans", 0, "rto-min", "15ms", "initial-receive-window", "14600", "hystart", "false")))));
        SplittableRandom jitter = net.random().stream("deter/start");
        long start = ms + jitter.nextLong(10_000);
        Path file = dir.resolve("deter-" + seed + ".pcapng");
        int id = 0;
        List<Flow> flows = new ArrayList<>();
        for (Host h : List.of(a, b)) {
            for (int i = 0; i < 2; i++) flows.add(new Flow(id++, "long/" + h.name() + i, h, r, 20_000_000, start + jitter.nextLong(10_000), 0));
        }
        flows.add(new Flow(id, "short", a, r, 30_000, start + 30 * ms + jitter.nextLong(10_000), 0));
        try (CaptureTap tap = new CaptureTap(file, List.of(a.nic()), CaptureTap.Direction.BOTH, 128, Simulation.DEFAULT_EPOCH_NANOS)) {
            for (Flow f : flows) net.simulator().at(f.startNanos(), () -> tcp.start(f, (flow, at) -> {}));
            net.simulator().runUntil(start + 400 * ms);
        }
        var shortFlow = tcp.stack(a).sockets().getLast();
        return new DeterRun(file, shortFlow.localPort(), shortFlow.timeouts());
    }

    /**
     * @param tcpKeys {@code tcp:} settings of the scenario format, e.g. {@code recovery: 0}
     */
    public static Run incast(Path dir, long seed, int senders, long bytes, long bufferBytes, Map<String, Object> tcpKeys) {
        Network net = new Network(seed);
        HostConfig hosts = new HostConfig(new Distribution.Uniform(2_000, 6_000), Scheduling.EQUAL);
        Host receiver = net.addHost("r", hosts);
        Switch sw = net.addSwitch("sw", new SwitchConfig(bufferBytes, 0.5, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL));
        long rate = 10_000_000_000L;
        net.connect(receiver, sw, rate, 5_000, 1500);
        List<Host> from = new ArrayList<>();
        for (int i = 0; i < senders; i++) {
            Host h = net.addHost("s" + i, hosts);
            net.connect(h, sw, rate, 5_000, 1500);
            from.add(h);
        }
        net.computeRoutes();
        TcpFlowTransport tcp = new TcpFlowTransport(net, TcpConfig.parse(ConfigMap.of("tcp", new HashMap<>(tcpKeys))));
        Path senderFile = dir.resolve("incast-senders-" + seed + ".pcapng");
        Path receiverFile = dir.resolve("incast-receiver-" + seed + ".pcapng");
        List<Port> senderPorts = from.stream().map(Host::nic).toList();
        SplittableRandom jitter = net.random().stream("replay-test/start");
        try (CaptureTap s = new CaptureTap(senderFile, senderPorts, CaptureTap.Direction.BOTH, 128, Simulation.DEFAULT_EPOCH_NANOS);
             CaptureTap r = new CaptureTap(receiverFile, List.of(receiver.nic()), CaptureTap.Direction.BOTH, 128, Simulation.DEFAULT_EPOCH_NANOS)) {
            int id = 0;
            for (Host h : from) {
                Flow f = new Flow(id++, "incast/" + h.name(), h, receiver, bytes, 1_000_000 + jitter.nextLong(2_000), 0);
                net.simulator().at(f.startNanos(), () -> tcp.start(f, (flow, at) -> {}));
            }
            net.simulator().runUntil(3_000_000_000L);
        }
        Map<TcpCounter, Long> counters = new EnumMap<>(TcpCounter.class);
        for (TcpCounter c : TcpCounter.values()) {
            long sum = 0;
            for (Host h : from) sum += tcp.stack(h).counter(c);
            counters.put(c, sum);
        }
        Map<TcpCounter, Long> atReceiver = new EnumMap<>(TcpCounter.class);
        for (TcpCounter c : TcpCounter.values()) atReceiver.put(c, tcp.stack(receiver).counter(c));
        return new Run(senderFile, receiverFile, counters, atReceiver);
    }
}
