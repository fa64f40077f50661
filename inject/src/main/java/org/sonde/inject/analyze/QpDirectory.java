package org.sonde.inject.analyze;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.List;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Ipv4Address;

/**
 * Finds which QP under test a packet belongs to, and in which direction it travels, from its
 * (BTH destination QP, destination IP) in O(1). A <em>route</em> packs both: {@code qp << 1} plus
 * {@link #TO_DATA_SENDER} for packets addressed to the data sender (ACKs, NAKs, CNPs, read
 * requests) or 0 for packets addressed to the data receiver (data, read responses).
 */
final class QpDirectory {
    /** The route of a packet addressed to no QP under test. */
    public static final int UNKNOWN = -1;
    public static final int TO_DATA_SENDER = 1;

    private final TestMetadata metadata;
    private final Long2IntOpenHashMap routes = new Long2IntOpenHashMap();
    private final Int2IntOpenHashMap portByIp = new Int2IntOpenHashMap();

    public QpDirectory(TestMetadata metadata) {
        this.metadata = metadata;
        routes.defaultReturnValue(UNKNOWN);
        portByIp.defaultReturnValue(UNKNOWN);
        for (QpPair qp : metadata.qps()) {
            register(qp.dataReceiver(), qp.index() << 1);
            register(qp.dataSender(), (qp.index() << 1) | TO_DATA_SENDER);
        }
    }

    private void register(Endpoint e, int route) {
        int previous = routes.put(key(e.ip(), e.qpn()), route);
        if (previous != UNKNOWN) {
            throw new IllegalArgumentException("two QPs under test share QPN " + e.qpn() + " at IP " + Ipv4Address.format(e.ip()));
        }
        portByIp.put(e.ip(), e.switchPort());
    }

    private static long key(int ip, int qpn) {
        return (Integer.toUnsignedLong(ip) << 24) | qpn;
    }

    public int route(TracePacket p) {
        return routes.get(key(p.dstIp(), p.destQp()));
    }

    public static int qpOf(int route) {
        return route >> 1;
    }

    public static boolean toDataSender(int route) {
        return (route & TO_DATA_SENDER) != 0;
    }

    public TestMetadata metadata() {
        return metadata;
    }

    public List<QpPair> qps() {
        return metadata.qps();
    }

    public QpPair qp(int index) {
        return metadata.qps().get(index);
    }

    /** The switch port of the NIC that owns {@code ip}, or {@link #UNKNOWN}. */
    public int switchPortOf(int ip) {
        return portByIp.get(ip);
    }
}
