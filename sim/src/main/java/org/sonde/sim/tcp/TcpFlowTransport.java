package org.sonde.sim.tcp;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.HashMap;
import java.util.Map;
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
 * {@link TcpConfig#readRateBps()}, and the flow is finished when it has read the last byte. Each host
 * gets one {@link TcpStack}, shared with any other application model through {@link #stack(Host)}.
 */
public final class TcpFlowTransport implements FlowTransport {
    /** The port receiving applications listen on (iperf's). */
    public static final int PORT = 5001;

    private final Network network;
    private final TcpConfig config;
    private final Map<Host, TcpStack> stacks = new HashMap<>();
    private TcpObserver observer = TcpObserver.NONE;
    /** Flows whose connection the destination has not accepted yet, by source address and port. */
    private final Long2ObjectOpenHashMap<Transfer> connecting = new Long2ObjectOpenHashMap<>();

    public TcpFlowTransport(Network network, TcpConfig config) {
        this.network = network;
        this.config = config;
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

    private void accepted(TcpSocket s) {
        Transfer t = connecting.remove(key(s.remoteIp(), s.remotePort()));
        if (t == null) {
            s.abort(); // a connection no flow asked for
            return;
        }
        t.receiver = s;
        s.setListener(t.receiverSide);
        if (config.readRateBps() > 0) s.readAtRate(config.readRateBps(), config.readSizeBytes());
        else s.readAll();
    }

    /** One flow's connection, seen from both ends. */
    private final class Transfer implements FlowProgress {
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
        public double control() {
            return sender.cwndBytes();
        }

        @Override
        public String controlUnit() {
            return "bytes";
        }

        @Override
        public long retransmissions() {
            return sender.totalRetransmissions();
        }
    }
}
