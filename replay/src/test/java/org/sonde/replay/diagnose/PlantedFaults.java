package org.sonde.replay.diagnose;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.config.ConfigMap;
import org.sonde.packet.TcpHeader;
import org.sonde.core.config.Distribution;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.EcnMarking;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.FrameFilter;
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
import org.sonde.sim.tcp.TcpSegment;
import org.sonde.sim.tcp.TcpSocket;
import org.sonde.sim.tcp.TcpStack;

/**
 * One TCP connection in the simulator, sender s to receiver r through a switch (10 Gb/s, 5 µs links), with a fault
 * planted on the data's way (as it reaches r) or on the ACKs' way (as they reach the switch): the run a diagnosis class
 * is checked on. The capture is s's NIC, both ways, so it holds every data segment sent and only the ACKs that got
 * through, as a capture at a sender does.
 */
final class PlantedFaults {
    private PlantedFaults() {}

    /** What the sender's application does: write these messages, each {@code gapNanos} after the one before. */
    record Messages(long bytes, int count, long gapNanos) {
        static Messages one(long bytes) {
            return new Messages(bytes, 1, 0);
        }
    }

    /**
     * Runs the connection for {@code runNanos} and returns the capture.
     *
     * @param tcpKeys    {@code tcp:} settings of the scenario format
     * @param onData     filter at r's NIC (data segments), or null
     * @param onAcks     filter at the switch's port from r (ACKs); it is given the network to read the time; or null
     */
    static Path run(Path dir, String name, Map<String, Object> tcpKeys, Messages messages, FrameFilter onData,
                    java.util.function.Function<Network, FrameFilter> onAcks, long runNanos) {
        Network net = new Network(1);
        HostConfig hosts = new HostConfig(new Distribution.Constant(2_000), Scheduling.EQUAL);
        Host s = net.addHost("s", hosts), r = net.addHost("r", hosts);
        Switch sw = net.addSwitch("sw", new SwitchConfig(4_000_000, 1, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL));
        net.connect(s, sw, 10_000_000_000L, 5_000, 1500);
        net.connect(r, sw, 10_000_000_000L, 5_000, 1500);
        net.computeRoutes();
        TcpConfig config = TcpConfig.parse(ConfigMap.of("tcp", new HashMap<>(tcpKeys)));
        TcpStack sender = new TcpStack(s, config), receiver = new TcpStack(r, config);
        if (onData != null) r.nic().setFilter(onData);
        if (onAcks != null) r.nic().peer().setFilter(onAcks.apply(net));
        receiver.listen(5001, sock -> {
            if (config.readRateBps() > 0) sock.readAtRate(config.readRateBps(), config.readSizeBytes());
            else sock.readAll();
        });
        Path file = dir.resolve(name + ".pcapng");
        try (CaptureTap tap = new CaptureTap(file, List.of(s.nic()), CaptureTap.Direction.BOTH, 128, Simulation.DEFAULT_EPOCH_NANOS)) {
            net.simulator().at(1_000_000, () -> {
                TcpSocket c = sender.connect(r, 5001, 0, new TcpSocket.Listener() {
                    @Override
                    public void connected(TcpSocket sock) {
                        for (int i = 0; i < messages.count(); i++) {
                            long at = net.simulator().now() + i * messages.gapNanos();
                            net.simulator().at(at, () -> sock.send(messages.bytes()));
                        }
                    }
                });
                if (c == null) throw new IllegalStateException("no connection");
            });
            net.simulator().runUntil(runNanos);
        }
        return file;
    }

    /** Drops the data segments numbered {@code n...} (1 = the first segment carrying data), first transmissions only. */
    static FrameFilter dropData(int... n) {
        return new FrameFilter() {
            int seen;

            @Override
            public boolean accept(Frame frame, Port port) {
                if (!(frame instanceof TcpSegment t) || t.payloadBytes == 0 || t.retransmission) return true;
                seen++;
                for (int k : n) if (k == seen) return false;
                return true;
            }
        };
    }

    /** Drops data segment {@code n} (1 = the first carrying data) and the first retransmission of it. */
    static FrameFilter dropDataAndItsRetransmission(int n) {
        return new FrameFilter() {
            int seen, seq = -1;
            boolean resentDropped;

            @Override
            public boolean accept(Frame frame, Port port) {
                if (!(frame instanceof TcpSegment t) || t.payloadBytes == 0) return true;
                if (t.retransmission) {
                    if (t.seq != seq || resentDropped) return true;
                    resentDropped = true;
                    return false;
                }
                if (++seen != n) return true;
                seq = t.seq;
                return false;
            }
        };
    }

    /** Holds data segment {@code n} back until {@code after} later data segments have passed: reordering. */
    static FrameFilter reorderData(int n, int after) {
        return new FrameFilter() {
            int seen, since;
            Frame held;

            @Override
            public boolean accept(Frame frame, Port port) {
                if (!(frame instanceof TcpSegment t) || t.payloadBytes == 0 || t.retransmission) return true;
                seen++;
                if (seen == n) {
                    held = frame;
                    return false;
                }
                if (held != null && ++since == after) {
                    port.deliver(frame);
                    Frame late = held;
                    held = null;
                    port.deliver(late);
                    return false;
                }
                return true;
            }
        };
    }

    /** Holds every data segment back for {@code nanos} before it reaches r, in order: a standing queue on the path. */
    static FrameFilter delayData(long nanos) {
        return (frame, port) -> {
            if (!(frame instanceof TcpSegment t) || t.payloadBytes == 0) return true;
            var sim = port.node().network().simulator();
            sim.at(sim.now() + nanos, () -> port.deliver(frame));
            return false;
        };
    }

    /** Drops every pure ACK from the {@code from}-th on (1 = the first after the handshake's) until {@code untilNanos}. */
    static java.util.function.Function<Network, FrameFilter> dropAcks(int from, long untilNanos) {
        return net -> new FrameFilter() {
            int seen;

            @Override
            public boolean accept(Frame frame, Port port) {
                if (!(frame instanceof TcpSegment t) || t.payloadBytes != 0 || t.has(TcpHeader.FLAG_SYN)) return true;
                seen++;
                return seen < from || net.simulator().now() >= untilNanos;
            }
        };
    }
}
