package org.sonde.sim.rdma;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.WellKnownPorts;
import org.sonde.core.config.Distribution;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Port;

/**
 * A host's RoCEv2 NIC: its queue pairs, the transmit scheduler, the receive pipeline, DCQCN's
 * notification point and the counters. It takes UDP port 4791 of its host, offloaded (no host
 * processing delay), and sends through the host's one port. An RC QP is bound to one of its host's
 * addresses (its GID) when connected: it sends from that address to the peer's.
 *
 * <p>QPNs and initial PSNs are drawn from the NIC's own seeded streams ({@code nic:HOST/qpn},
 * {@code nic:HOST/psn}), so they are random as on real NICs and the same for the same seed.
 */
public final class RdmaNic {
    private final Host host;
    private final RoceConfig config;
    private final Simulator sim;
    private final NicCounters counters = new NicCounters();
    private final Int2ObjectOpenHashMap<QueuePair> qps = new Int2ObjectOpenHashMap<>();
    private final List<QueuePair> qpList = new ArrayList<>();
    private final TxScheduler scheduler;
    private final RxPipeline rx;
    private final NotificationPoint np;
    private final SplittableRandom psnRandom;
    private final SplittableRandom latencyRandom;
    private int nextQpn;

    public RdmaNic(Host host, RoceConfig config) {
        this.host = host;
        this.config = config;
        this.sim = host.network().simulator();
        var random = host.network().random();
        this.psnRandom = random.stream("nic:" + host.name() + "/psn");
        this.latencyRandom = random.stream("nic:" + host.name() + "/latency");
        this.nextQpn = 0x100 + random.stream("nic:" + host.name() + "/qpn").nextInt(0x1000);
        this.scheduler = new TxScheduler(this, host.nic(), config.profile().scheduler());
        this.rx = new RxPipeline(this, host.nic(), config.profile().rxPipeline(), random.stream("nic:" + host.name() + "/rx"));
        this.np = new NotificationPoint(this, config.cnpIntervalNanos(), config.profile().cnp().scope());
        host.bind(IpProtocols.UDP, WellKnownPorts.ROCE_V2, this::receive, true);
    }

    public Host host() {
        return host;
    }

    public RoceConfig config() {
        return config;
    }

    public NicProfile profile() {
        return config.profile();
    }

    public Port port() {
        return host.nic();
    }

    Simulator simulator() {
        return sim;
    }

    NicCounters counters() {
        return counters;
    }

    TxScheduler scheduler() {
        return scheduler;
    }

    NotificationPoint notificationPoint() {
        return np;
    }

    /** The NIC's counters, named as real NICs name them, after the profile's counter quirks. */
    public Map<String, Long> counterValues() {
        return counters.asMap(port(), config.profile().counters());
    }

    public List<QueuePair> queuePairs() {
        return Collections.unmodifiableList(qpList);
    }

    QueuePair queuePair(int qpn) {
        return qps.get(qpn);
    }

    /** Bytes waiting in the receive pipeline. */
    public long receiveBufferBytes() {
        return rx.bufferedBytes();
    }

    private QueuePair create(QueuePair.Type type) {
        return create(type, psnRandom.nextInt(Psn.MODULUS));
    }

    private QueuePair create(QueuePair.Type type, int initialPsn) {
        int qpn = nextQpn++ & Psn.MASK;
        QueuePair qp = new QueuePair(this, qpn, type, initialPsn & Psn.MASK);
        qps.put(qpn, qp);
        qpList.add(qp);
        return qp;
    }

    /** A UD QP accepting datagrams with {@code queueKey}. */
    QueuePair createUdQp(int queueKey) {
        QueuePair qp = create(QueuePair.Type.UD);
        qp.queueKey = queueKey;
        qp.readyUd();
        return qp;
    }

    /** Two connected RC QPs, one on each NIC, with random initial PSNs: {@code [0]} on {@code a}, {@code [1]} on {@code b}. */
    public static QueuePair[] connect(RdmaNic a, RdmaNic b) {
        return connect(a, a.host.ip(), b, b.host.ip());
    }

    /** Connected RC QPs whose one on {@code a} starts at {@code initialPsn} (e.g. just before the wrap). */
    public static QueuePair[] connect(RdmaNic a, RdmaNic b, int initialPsn) {
        return connect(a, a.host.ip(), b, b.host.ip(), initialPsn);
    }

    /**
     * Two connected RC QPs bound to the given addresses (GIDs) of their hosts: {@code [0]} on {@code a}
     * sends from {@code addressA} to {@code addressB}, {@code [1]} on {@code b} the other way.
     */
    public static QueuePair[] connect(RdmaNic a, int addressA, RdmaNic b, int addressB) {
        return connect(a.create(QueuePair.Type.RC), addressA, b, addressB);
    }

    /** As {@link #connect(RdmaNic, int, RdmaNic, int)}, the QP on {@code a} starting at {@code initialPsn}. */
    public static QueuePair[] connect(RdmaNic a, int addressA, RdmaNic b, int addressB, int initialPsn) {
        return connect(a.create(QueuePair.Type.RC, initialPsn), addressA, b, addressB);
    }

    private static QueuePair[] connect(QueuePair qa, int addressA, RdmaNic b, int addressB) {
        RdmaNic a = qa.nic;
        a.checkAddress(addressA);
        b.checkAddress(addressB);
        QueuePair qb = b.create(QueuePair.Type.RC);
        qa.connect(addressA, addressB, qb.qpn, qb.initialPsn);
        qb.connect(addressB, addressA, qa.qpn, qa.initialPsn);
        return new QueuePair[] {qa, qb};
    }

    private void checkAddress(int ip) {
        if (!host.hasAddress(ip)) {
            throw new IllegalArgumentException(Ipv4Address.format(ip) + " is not an address of host " + host.name() + ": " + host.addresses()
                    .stream().map(Ipv4Address::format).toList());
        }
    }

    long sampleLatency(Distribution d) {
        return d.equals(Distribution.ZERO) ? 0 : d.sample(latencyRandom);
    }

    /** Hands a packet to the port: paced data from the scheduler, or unpaced ACKs, NAKs and CNPs. */
    void send(RoceFrame f) {
        counters.txRocePackets++;
        host.send(f);
    }

    private void receive(IpFrame frame) {
        if (frame instanceof RoceFrame f) rx.arrive(f);
    }

    /** Whether processing {@code f} would open an out-of-sequence episode (a NAK or READ re-request to prepare). */
    boolean opensRecovery(RoceFrame f) {
        if (f.isCnp() || f.opcode == RoceOpcode.RC_ACKNOWLEDGE) return false;
        QueuePair qp = qps.get(f.destinationQp);
        if (qp == null || qp.state != QueuePair.State.RTS) return false;
        return Opcodes.isReadResponse(f.opcode) ? qp.requester.opensReadGap(f) : qp.responder.opensNakEpisode(f);
    }

    void recoveryStarted() {
        rx.recoveryStarted();
    }

    void recoveryEnded() {
        rx.recoveryEnded();
    }

    /** Processes a packet the receive pipeline hands over; returns whether it took the slow path. */
    boolean process(RoceFrame f) {
        counters.rxRocePackets++;
        if (f.icrcError) {
            counters.rxIcrcEncapsulated++;
            return false;
        }
        QueuePair qp = qps.get(f.destinationQp);
        if (f.isCnp()) {
            if (qp != null && config.dcqcn().rpEnable() && qp.type == QueuePair.Type.RC) {
                counters.rpCnpHandled++;
                qp.rp.onCnp();
            } else {
                counters.rpCnpIgnored++;
            }
            return false;
        }
        if (qp == null || qp.state != QueuePair.State.RTS) return false;
        if (f.isData() && f.ecn == IpFrame.ECN_CE) {
            counters.npEcnMarkedRocePackets++;
            if (config.dcqcn().npEnable()) {
                if (qp.type == QueuePair.Type.UD) np.trigger(qp, f.sourceIp, f.sourceQp);
                else np.trigger(qp, f.sourceIp);
            }
        }
        if (f.opcode == RoceOpcode.RC_ACKNOWLEDGE) {
            qp.requester.onAck(f);
            return false;
        }
        if (Opcodes.isReadResponse(f.opcode)) {
            qp.requester.onReadResponse(f);
            return false;
        }
        boolean outOfSequence = qp.responder.onRequest(f);
        return outOfSequence || !f.migReq && config.profile().rxPipeline().slowPathOnMigReqClear();
    }
}
