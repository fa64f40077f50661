package org.sonde.sim.rdma;

import java.util.IdentityHashMap;
import java.util.Map;
import org.sonde.sim.net.Host;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowListener;
import org.sonde.sim.traffic.FlowProgress;
import org.sonde.sim.traffic.FlowTransport;

/**
 * Carries each flow as one message on its own RC QP pair, in the flow's traffic class: a WRITE (or
 * SEND, with the receive posted in advance) from source to destination, or a READ by the destination
 * from the source. The flow is finished when its last byte is at the destination: placed by the
 * responder (WRITE, SEND) or received by the requester (READ). Each host gets one NIC on first use.
 */
public final class RoceFlowTransport implements FlowTransport {
    private final RoceConfig config;
    private final Map<Host, RdmaNic> nics = new IdentityHashMap<>();

    public RoceFlowTransport(RoceConfig config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "roce";
    }

    /** The NIC of {@code host}, created on first use. */
    public RdmaNic nic(Host host) {
        return nics.computeIfAbsent(host, h -> new RdmaNic(h, config));
    }

    /** Each NIC's counters, by host name in the network's order (NICs exist on hosts that carried a flow). */
    @Override
    public Map<String, Map<String, Long>> countersByHost() {
        Map<String, Map<String, Long>> m = new java.util.LinkedHashMap<>();
        nics.values().stream().sorted(java.util.Comparator.comparingInt(n -> n.host().id()))
                .forEach(n -> m.put(n.host().name(), n.counterValues()));
        return m;
    }

    @Override
    public FlowProgress start(Flow flow, FlowListener listener) {
        boolean read = config.verb() == Verb.READ;
        RdmaNic requester = nic(read ? flow.destination() : flow.source());
        RdmaNic responder = nic(read ? flow.source() : flow.destination());
        QueuePair[] qp = RdmaNic.connect(requester, responder);
        qp[0].setPriority(flow.priority());
        qp[1].setPriority(flow.priority());
        QueuePair sender = read ? qp[1] : qp[0];
        QueuePair receiver = read ? qp[0] : qp[1];
        Progress p = new Progress(sender, qp);
        receiver.onPlaced(n -> {
            p.delivered += n;
            if (p.delivered == flow.bytes()) listener.finished(flow, requester.simulator().now());
        });
        if (config.verb() == Verb.SEND) qp[1].postReceive(1);
        qp[0].post(WorkRequest.rc(flow.id(), config.verb(), flow.bytes(), null));
        return p;
    }

    private static final class Progress implements FlowProgress {
        private final QueuePair sender;
        private final QueuePair[] pair;
        long delivered;

        Progress(QueuePair sender, QueuePair[] pair) {
            this.sender = sender;
            this.pair = pair;
        }

        @Override
        public long deliveredBytes() {
            return delivered;
        }

        /** The DCQCN rate of the QP sending the data. */
        @Override
        public double control() {
            return sender.rateBps();
        }

        @Override
        public String controlUnit() {
            return "bps";
        }

        /** Packets sent again by either QP: data by go-back-N or timeout, READ re-requests. */
        @Override
        public long retransmissions() {
            return pair[0].retransmissions() + pair[1].retransmissions();
        }
    }
}
