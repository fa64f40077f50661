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
