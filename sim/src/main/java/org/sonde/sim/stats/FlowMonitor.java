package org.sonde.sim.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.FrameFate;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortTap;

/**
 * Per 5-tuple, what the hosts sent and received, as ns-3's FlowMonitor counts it: packets and bytes
 * sent and received, the one-way delay and jitter of each received packet, and the packets lost, by
 * where and why they were dropped. A packet is followed from the start of its transmission by the
 * sending host's NIC (which tags it, as ns-3 tags its packets) to its delivery to the destination
 * host (after any filter there); one not delivered and not dropped by the end of the run was still
 * in flight then. Each direction of a connection is a flow of its own, as in ns-3.
 *
 * <pre>{@code
 * FlowMonitor monitor = FlowMonitor.attach(network);
 * ... run the simulation ...
 * List<FlowMonitor.Flow> flows = monitor.flows();
 * }</pre>
 */
public final class FlowMonitor {
    /** A flow's identity: its IP protocol, addresses and ports. */
    public record Key(int protocol, int sourceIp, int sourcePort, int destinationIp, int destinationPort) {}

    /**
     * One flow's counts.
     *
     * @param source            the sending host
     * @param destination       the receiving host (null when no host has its destination address)
     * @param delaySumNanos     the sum of the received packets' one-way delays
     * @param jitterSumNanos    the sum of the differences between consecutive received packets' delays
     * @param lost              dropped packets by reason
     * @param inFlightAtEnd     sent, neither delivered nor dropped when the run ended
     * @param firstTxNanos      when its first packet started out (-1: none)
     * @param lastRxNanos       when its last packet was delivered (-1: none)
     */
    public record Flow(Key key, String source, String destination, long txPackets, long txBytes, long rxPackets, long rxBytes,
            long delaySumNanos, long jitterSumNanos, long maxDelayNanos, Map<FrameFate.Drop, Long> lost, long inFlightAtEnd,
            long firstTxNanos, long lastRxNanos) {
        public Flow {
            lost = Map.copyOf(lost);
        }

        public long lostPackets() {
            return lost.values().stream().mapToLong(Long::longValue).sum();
        }

        /** Mean one-way delay of the received packets (-1: none received). */
        public long meanDelayNanos() {
            return rxPackets == 0 ? -1 : delaySumNanos / rxPackets;
        }

        /** Mean jitter, ns-3's (-1: fewer than two received). */
        public long meanJitterNanos() {
            return rxPackets < 2 ? -1 : jitterSumNanos / (rxPackets - 1);
        }

        /** Received bits per second from the first packet's departure to the last one's delivery (-1: nothing received). */
        public double throughputBps() {
            return rxPackets == 0 || lastRxNanos <= firstTxNanos ? -1 : rxBytes * 8e9 / (lastRxNanos - firstTxNanos);
        }
    }

    private static final class Counts {
        final Key key;
        final String source;
        final String destination;
        long txPackets, txBytes, rxPackets, rxBytes, delaySum, jitterSum, maxDelay, firstTx = -1, lastRx = -1;
        long lastDelay = -1;
        final EnumMap<FrameFate.Drop, Long> lost = new EnumMap<>(FrameFate.Drop.class);

        Counts(Key key, String source, String destination) {
            this.key = key;
            this.source = source;
            this.destination = destination;
        }
    }

    private final Network network;
    private final Map<Key, Counts> flows = new LinkedHashMap<>();

    private FlowMonitor(Network network) {
        this.network = network;
    }

    /** Follows every IP packet the network's hosts send, from now on. */
    public static FlowMonitor attach(Network network) {
        FlowMonitor m = new FlowMonitor(network);
        FrameFate fate = new FrameFate() {
            @Override
            public void delivered(long nowNanos, Frame frame, Port port) {
                if (port.node() instanceof Host) m.delivered(nowNanos, frame);
            }

            @Override
            public void dropped(long nowNanos, Frame frame, Port port, Drop reason) {
                m.dropped(frame, reason);
            }
        };
        for (Node n : network.nodes()) {
            for (Port p : n.ports()) {
                p.addFateListener(fate);
                if (n instanceof Host h) p.addTap(m.sentBy(h));
            }
        }
        return m;
    }

    private PortTap sentBy(Host host) {
        return new PortTap() {
            private Counts last; // a host mostly sends one flow after another: most packets skip the lookup

            @Override
            public boolean transmitted() {
                return true;
            }

            @Override
            public boolean received() {
                return false;
            }

            @Override
            public void record(long nowNanos, Frame frame, Port port) {
                if (!(frame instanceof IpFrame f)) return;
                Counts c = last;
                if (c == null || c.key.protocol() != f.protocol || c.key.sourceIp() != f.sourceIp || c.key.sourcePort() != f.sourcePort
                        || c.key.destinationIp() != f.destinationIp || c.key.destinationPort() != f.destinationPort) {
                    c = flowOf(f, host);
                    last = c;
                }
                c.txPackets++;
                c.txBytes += f.bytes;
                if (c.firstTx < 0) c.firstTx = nowNanos;
                f.monitorFlow = c;
                f.monitorSentNanos = nowNanos;
            }
        };
    }

    private Counts flowOf(IpFrame f, Host host) {
        return flows.computeIfAbsent(new Key(f.protocol, f.sourceIp, f.sourcePort, f.destinationIp, f.destinationPort), k -> {
            Host to = network.host(k.destinationIp());
            return new Counts(k, host.name(), to == null ? null : to.name());
        });
    }

    private void delivered(long now, Frame f) {
        // untagged: not a host's packet (a copy a filter made, a switch's own frame) or counted already
        if (!(f.monitorFlow instanceof Counts c)) return;
        f.monitorFlow = null;
        long delay = now - f.monitorSentNanos;
        c.rxPackets++;
        c.rxBytes += f.bytes;
        c.delaySum += delay;
        if (delay > c.maxDelay) c.maxDelay = delay;
        if (c.lastDelay >= 0) c.jitterSum += Math.abs(delay - c.lastDelay);
        c.lastDelay = delay;
        c.lastRx = now;
    }

    private void dropped(Frame f, FrameFate.Drop reason) {
        if (!(f.monitorFlow instanceof Counts c)) return;
        f.monitorFlow = null;
        c.lost.merge(reason, 1L, Long::sum);
    }

    /** Every flow seen so far, by source host, then destination, then ports; what is still on its way counts as in flight. */
    public List<Flow> flows() {
        List<Flow> out = new ArrayList<>();
        for (Counts c : flows.values()) {
            long lost = c.lost.values().stream().mapToLong(Long::longValue).sum();
            out.add(new Flow(c.key, c.source, c.destination, c.txPackets, c.txBytes, c.rxPackets, c.rxBytes, c.delaySum, c.jitterSum, c.maxDelay,
                    c.lost, c.txPackets - c.rxPackets - lost, c.firstTx, c.lastRx));
        }
        out.sort(Comparator.comparing(Flow::source).thenComparing(f -> String.valueOf(f.destination()))
                .thenComparingInt(f -> f.key().sourcePort()).thenComparingInt(f -> f.key().destinationPort()));
        return out;
    }
}
