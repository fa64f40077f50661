package org.sonde.inject.tcp.sim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.capture.CaptureWriter;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpInjectionPlan;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.TcpTraffic;
import org.sonde.inject.testbed.SimulatedTestbed;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.tcp.TcpSocket;
import org.sonde.sim.tcp.TcpStack;

/**
 * Runs a TCP test on the simulator's Linux-like TCP: a client (10.1.0.1) and a server (10.2.0.1),
 * as on the Linux target, each on a link of MTU 1500 to a switch whose ingress is the middle box
 * ({@link SimMiddleBox}). The traffic is the Linux target's: the client opens its connections one
 * after another, each once the previous one is established (as its blocking {@code connect()}
 * returns), then sends on all of them at once; with a response size each message waits for its
 * answer; the client then closes its side and the server closes once it has read everything.
 *
 * <p>The same test, target and seed give the same run: the simulator's randomness (initial sequence
 * numbers, ports) comes from the seed. Payload bytes are not simulated, so a connection is intact
 * when the server read exactly the bytes the client wrote.
 */
public final class SimTcpTarget {
    /** How long the middle box keeps forwarding after the traffic, as the Linux target's drain. */
    static final long DRAIN_NANOS = 200_000_000L;
    /** Simulated time after which a run stops whatever is still going (a connection that never completes). */
    static final long TIME_LIMIT_NANOS = 600_000_000_000L;
    static final String CLIENT_ADDRESS = "10.1.0.1", SERVER_ADDRESS = "10.2.0.1";
    static final int PORT = 5001;
    private static final int MTU = 1500;
    /** What the model is, in the place of a kernel release. */
    public static final String MODEL = "sonde sim tcp (Linux 6.x model)";

    private SimTcpTarget() {}

    /** Runs {@code test}, writing the trace to {@code trace} (pcapng), and returns what happened. */
    public static TcpRun run(TcpTestConfig test, TargetSpec.SimTcp target, long seed, Path trace) {
        SimTcpSettings settings = SimTcpSettings.of(test);
        Network net = new Network(seed);
        Simulator sim = net.simulator();
        Host client = net.addHost("client", Ipv4Address.parse(CLIENT_ADDRESS).value(), HostConfig.DEFAULT);
        Host server = net.addHost("server", Ipv4Address.parse(SERVER_ADDRESS).value(), HostConfig.DEFAULT);
        Switch box = net.addSwitch("mb", SwitchConfig.DEFAULT);
        net.connect(client, box, target.linkRateBps(), target.linkDelayNanos(), MTU);
        net.connect(server, box, target.linkRateBps(), target.linkDelayNanos(), MTU);
        net.computeRoutes();
        TcpStack clientStack = new TcpStack(client, settings.config()), serverStack = new TcpStack(server, settings.config());

        try (CaptureWriter mirror = CaptureWriter.pcapng(trace, TcpTrace.INTERFACES, "sonde inject: " + test.name() + " on sim-tcp")) {
            SimMiddleBox mb = new SimMiddleBox(sim, new TcpInjectionPlan(test.events()), mirror, 0, SimulatedTestbed.EPOCH_NANOS);
            box.port(0).setFilter(mb);
            box.port(1).setFilter(mb);
            client.nic().setFilter(mb.receiverCheck(true));
            server.nic().setFilter(mb.receiverCheck(false));
            Traffic traffic = new Traffic(test.traffic(), clientStack, serverStack, server, sim);
            traffic.start();
            sim.runUntil(TIME_LIMIT_NANOS);
            mb.releaseAll();
            sim.runUntil(sim.now() + 1);
            Map<String, Long> clientCounters = counters(clientStack, mb.discarded(true));
            Map<String, Long> serverCounters = counters(serverStack, mb.discarded(false));
            return new TcpRun(test, target.toString(), MODEL, new TcpTrace(mb.entries()), traffic.results(), clientCounters, serverCounters, 0,
                    new long[0], new long[0], settings.notes());
        }
    }

    /** The stack's counters, with the segments the host's checksum check discarded (which the model's stack never sees). */
    private static Map<String, Long> counters(TcpStack stack, long discarded) {
        Map<String, Long> m = new LinkedHashMap<>(stack.counters());
        m.merge("TcpInSegs", discarded, Long::sum);
        m.put("TcpInCsumErrors", discarded);
        return m;
    }

    /** The client's and the server's applications. */
    private static final class Traffic {
        final TcpTraffic traffic;
        final TcpStack clientStack;
        final Host server;
        final Simulator sim;
        final List<Connection> connections = new ArrayList<>();
        final Map<Integer, Connection> byClientPort = new LinkedHashMap<>();
        int finished;

        Traffic(TcpTraffic traffic, TcpStack clientStack, TcpStack serverStack, Host server, Simulator sim) {
            this.traffic = traffic;
            this.clientStack = clientStack;
            this.server = server;
            this.sim = sim;
            serverStack.listen(PORT, this::accepted);
        }

        void start() {
            open(1);
        }

        private void open(int n) {
            Connection c = new Connection(n);
            connections.add(c);
            c.client = clientStack.connect(server, PORT, 0, c.clientSide);
            byClientPort.put(c.client.localPort(), c);
        }

        /** Every connection is established: all send at once, as the Linux client's threads start together. */
        private void connectedAll() {
            for (Connection c : connections) {
                c.startNanos = sim.now();
                c.sendNext();
            }
        }

        private void accepted(TcpSocket s) {
            Connection c = byClientPort.get(s.remotePort());
            if (c == null) {
                s.abort();
                return;
            }
            c.server = s;
            s.setListener(c.serverSide);
            s.readAll();
        }

        List<TcpConnectionResult> results() {
            List<TcpConnectionResult> out = new ArrayList<>();
            for (int i = 0; i < traffic.connections(); i++) {
                if (i >= connections.size()) {
                    out.add(new TcpConnectionResult(i + 1, 0, 0, 0, false, 0, 0, "not opened: connection " + i + " never became established"));
                    continue;
                }
                Connection c = connections.get(i);
                long received = c.server == null ? 0 : c.server.bytesRead();
                String error = c.error != null ? c.error : c.endNanos < 0 ? "did not finish in time" : null;
                out.add(new TcpConnectionResult(c.number, c.client.localPort(), c.sent, received, received == c.sent && c.sent == traffic.bytesPerConnection(),
                        c.startNanos, c.endNanos < 0 ? sim.now() : c.endNanos, error));
            }
            return out;
        }

        /** One connection: the client's messages and the server's answers. */
        private final class Connection {
            final int number;
            TcpSocket client, server;
            int messagesSent;
            long sent, startNanos, endNanos = -1, responsesServed;
            String error;

            Connection(int number) {
                this.number = number;
            }

            void sendNext() {
                if (messagesSent == traffic.messagesPerConnection()) {
                    client.close(); // shutdown(SHUT_WR): the FIN follows the data
                    return;
                }
                messagesSent++;
                sent += traffic.messageBytes();
                client.send(traffic.messageBytes());
                if (!traffic.requestResponse()) sendNext();
            }

            final TcpSocket.Listener clientSide = new TcpSocket.Listener() {
                @Override
                public void connected(TcpSocket s) {
                    s.readAll();
                    if (number < traffic.connections()) open(number + 1);
                    else connectedAll();
                }

                @Override
                public void read(TcpSocket s, long bytes, long totalRead) {
                    if (traffic.requestResponse() && totalRead >= (long) messagesSent * traffic.responseBytes() && messagesSent > 0) sendNext();
                }

                @Override
                public void closed(TcpSocket s, boolean reset) {
                    if (reset && endNanos < 0) error = "reset";
                    done();
                }

                @Override
                public void peerClosed(TcpSocket s) {
                    done(); // the server closes once it has read everything
                }
            };

            final TcpSocket.Listener serverSide = new TcpSocket.Listener() {
                @Override
                public void read(TcpSocket s, long bytes, long totalRead) {
                    while (traffic.requestResponse() && totalRead >= (responsesServed + 1) * traffic.messageBytes()) {
                        responsesServed++;
                        s.send(traffic.responseBytes());
                    }
                }

                @Override
                public void peerClosed(TcpSocket s) {
                    s.close();
                }
            };

            private void done() {
                if (endNanos >= 0) return;
                endNanos = sim.now();
                if (++finished == traffic.connections()) sim.after(DRAIN_NANOS, sim::stop);
            }
        }
    }
}
