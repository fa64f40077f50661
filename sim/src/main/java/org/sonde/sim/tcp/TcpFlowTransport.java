package org.sonde.sim.tcp;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.config.ConfigMap;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.Network;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowListener;
import org.sonde.sim.traffic.FlowProgress;
import org.sonde.sim.traffic.FlowTransport;

/**
 * Flows over TCP: each flow is a new connection from an ephemeral port of its source to a listener on
 * its destination ({@link #PORT}). The sending application writes the flow's bytes and closes (its FIN
 * follows the data); the receiving application reads as fast as data arrives or at the configured
 * {@link TcpConfig#readRateBps()}, and the flow is finished when it has read the last byte. With
 * {@link Connections#PERSISTENT}, flows from one host to another (at one priority) share one
 * connection, opened by the first and never closed (a new one replaces it if it dies), as an RPC client's persistent connection to a server
 * (DETER §5.2): a flow's bytes are written when it starts, behind whatever earlier flows still have in
 * the socket, and it is finished when the receiver has read up to its last byte. Each host
 * gets one {@link TcpStack}, shared with any other application model through {@link #stack(Host)}.
 */
public final class TcpFlowTransport implements FlowTransport {
    /** The port receiving applications listen on (iperf's). */
    public static final int PORT = 5001;

    /** How flows map to connections. */
    public enum Connections {
        /** A connection per flow, closed when the flow has been written. */
        PER_FLOW,
        /** One connection per source, destination and priority, carrying its flows one after another. */
        PERSISTENT
    }

    private final Network network;
    private final TcpConfig config;
    private final Connections connections;
    /** Persistent connections by source, destination and priority. */
    private final Map<List<Integer>, Persistent> persistent = new HashMap<>();
    private final Map<Host, TcpStack> stacks = new HashMap<>();
    private TcpObserver observer = TcpObserver.NONE;
    /** Flows whose connection the destination has not accepted yet, by source address and port. */
    private final Long2ObjectOpenHashMap<Transfer> connecting = new Long2ObjectOpenHashMap<>();
    /** Persistent connections whose destination has not accepted yet, by source address and port. */
    private final Long2ObjectOpenHashMap<Persistent> connectingPersistent = new Long2ObjectOpenHashMap<>();

    public TcpFlowTransport(Network network, TcpConfig config) {
        this(network, config, Connections.PER_FLOW);
    }

    public TcpFlowTransport(Network network, TcpConfig config, Connections connections) {
        this.network = network;
        this.config = config;
        this.connections = connections;
    }

    /** The transport a scenario's {@code tcp:} section describes: {@code connections: per-flow|persistent}, and {@link TcpConfig#parse}'s keys. */
    public static TcpFlowTransport of(Network network, ConfigMap section) {
        Connections c = section.choice("connections", Connections.class, Connections.PER_FLOW);
        return new TcpFlowTransport(network, TcpConfig.parse(section), c);
    }

    @Override
    public String name() {
        return "tcp";
    }

    public TcpConfig config() {
        return config;
    }

    /** Tells {@code o} about every connection of every host's stack, present and future. */
    public void observe(TcpObserver o) {
        observer = o == null ? TcpObserver.NONE : o;
        for (TcpStack s : stacks.values()) s.observe(observer);
    }

    /** The host's stack (created, listening on {@link #PORT}, on first use). */
    public TcpStack stack(Host host) {
        TcpStack s = stacks.get(host);
        if (s == null) {
            if (host.network() != network) throw new IllegalArgumentException("host " + host.name() + " belongs to another network");
            s = new TcpStack(host, config);
            s.observe(observer);
            s.listen(PORT, this::accepted);
            stacks.put(host, s);
        }
        return s;
    }

    /** Each stack's nstat counters, by host name in the network's order (stacks exist on hosts that carried a flow). */
    @Override
    public Map<String, Map<String, Long>> countersByHost() {
        Map<String, Map<String, Long>> m = new java.util.LinkedHashMap<>();
        for (Host h : network.hosts()) {
            TcpStack s = stacks.get(h);
            if (s != null) m.put(h.name(), s.counters());
        }
        return m;
    }

    @Override
    public FlowProgress start(Flow flow, FlowListener listener) {
        if (connections == Connections.PERSISTENT) return startPersistent(flow, listener);
        TcpStack src = stack(flow.source());
        stack(flow.destination());
        Transfer t = new Transfer(flow, listener);
        t.sender = src.connect(flow.destination(), PORT, flow.priority(), t.senderSide);
        connecting.put(key(flow.source().ip(), t.sender.localPort()), t);
        return t;
    }

    private static long key(int ip, int port) {
        return (long) port << 32 | (ip & 0xFFFF_FFFFL);
    }

    private FlowProgress startPersistent(Flow flow, FlowListener listener) {
        List<Integer> k = List.of(flow.source().ip(), flow.destination().ip(), flow.priority());
        Persistent c = persistent.get(k);
        // a connection that died (its handshake or its data given up) is replaced; its unfinished flows stay so
        if (c == null || c.sender.state() == TcpSocket.State.CLOSED) {
            TcpStack src = stack(flow.source());
            stack(flow.destination());
            c = new Persistent();
            c.sender = src.connect(flow.destination(), PORT, flow.priority(), c.senderSide);
            connectingPersistent.put(key(flow.source().ip(), c.sender.localPort()), c);
            persistent.put(k, c);
        }
        return c.add(flow, listener);
    }

    private void accepted(TcpSocket s) {
        long k = key(s.remoteIp(), s.remotePort());
        Transfer t = connecting.remove(k);
        Persistent p = t == null ? connectingPersistent.remove(k) : null;
        if (t == null && p == null) {
            s.abort(); // a connection no flow asked for
            return;
        }
        if (t != null) {
            t.receiver = s;
            s.setListener(t.receiverSide);
        } else {
            p.receiver = s;
            s.setListener(p.receiverSide);
        }
        if (config.readRateBps() > 0) s.readAtRate(config.readRateBps(), config.readSizeBytes());
        else s.readAll();
    }

    /** A persistent connection and the flows written to it, each ending at a byte offset of the stream. */
    private final class Persistent {
        TcpSocket sender;
        TcpSocket receiver;
        boolean connected;
        /** Bytes of every flow started so far: the stream offset where the next flow begins. */
        long written;
        final ArrayDeque<Carried> unfinished = new ArrayDeque<>();

        /** One flow on the connection: its bytes are the stream's {@code from .. from + bytes}. */
        final class Carried implements SenderProgress {
            final Flow flow;
            final FlowListener listener;
            final long from;

            Carried(Flow flow, FlowListener listener, long from) {
                this.flow = flow;
                this.listener = listener;
                this.from = from;
            }

            @Override
            public long deliveredBytes() {
                long read = receiver == null ? 0 : receiver.bytesRead();
                return Math.clamp(read - from, 0, flow.bytes());
            }

            /** The connection's congestion window: the flows on it share it, and its retransmissions. */
            @Override
            public TcpSocket sender() {
                return sender;
            }
        }

        Carried add(Flow flow, FlowListener listener) {
            Carried c = new Carried(flow, listener, written);
            written += flow.bytes();
            unfinished.add(c);
            if (connected) sender.send(flow.bytes());
            return c;
        }

        final TcpSocket.Listener senderSide = new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                connected = true;
                if (written > 0) s.send(written); // the flows that started while the handshake went on
            }
        };

        final TcpSocket.Listener receiverSide = new TcpSocket.Listener() {
            @Override
            public void read(TcpSocket s, long bytes, long totalRead) {
                while (!unfinished.isEmpty() && totalRead >= unfinished.peek().from + unfinished.peek().flow.bytes()) {
                    Carried c = unfinished.poll();
                    c.listener.finished(c.flow, network.simulator().now());
                }
            }
        };
    }

    /** One flow's connection, seen from both ends. */
    private final class Transfer implements SenderProgress {
        final Flow flow;
        final FlowListener listener;
        TcpSocket sender;
        TcpSocket receiver;
        boolean finished;

        final TcpSocket.Listener senderSide = new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(flow.bytes());
                s.close();
            }
        };

        final TcpSocket.Listener receiverSide = new TcpSocket.Listener() {
            @Override
            public void read(TcpSocket s, long bytes, long totalRead) {
                if (!finished && totalRead >= flow.bytes()) {
                    finished = true;
                    listener.finished(flow, network.simulator().now());
                }
            }

            @Override
            public void peerClosed(TcpSocket s) {
                s.close();
            }
        };

        Transfer(Flow flow, FlowListener listener) {
            this.flow = flow;
            this.listener = listener;
        }

        @Override
        public long deliveredBytes() {
            return receiver == null ? 0 : receiver.bytesRead();
        }

        @Override
        public TcpSocket sender() {
            return sender;
        }
    }

    /** A flow's progress as its sending socket shows it: the congestion window and the retransmissions. */
    private interface SenderProgress extends FlowProgress {
        TcpSocket sender();

        @Override
        default double control() {
            return sender().cwndBytes();
        }

        @Override
        default String controlUnit() {
            return "bytes";
        }

        @Override
        default long retransmissions() {
            return sender().totalRetransmissions();
        }
    }
}
