package org.sonde.search.engine;

import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.Request;
import org.sonde.search.space.Traffic;

/**
 * What a workload can carry on a NIC that has no bottleneck but its specification: per traffic,
 * the lower of the offered load (Little's law: outstanding requests over base latency plus
 * serialisation) and the line-rate and packet-rate bounds, traffics that share a host's direction
 * sharing its bounds. The monitor judges measured throughput against it; the simulated subsystem
 * starts from it.
 */
public final class OfferedLoad {
    /** At most this many READs are outstanding per QP (the responder's read-context limit). */
    public static final int MAX_OUTSTANDING_READS = 16;

    private OfferedLoad() {}

    /** Per traffic: data messages per second, wire bits per second and packets per second. */
    public record Rates(double[] messagesPerSec, double[] bitsPerSec, double[] packetsPerSec) {
        public double totalBitsPerSec() {
            double s = 0;
            for (double x : bitsPerSec) s += x;
            return s;
        }

        public double totalPacketsPerSec() {
            double s = 0;
            for (double x : packetsPerSec) s += x;
            return s;
        }
    }

    static double wireBytes(Traffic t, int headerBytes) {
        double s = 0;
        for (Request r : t.requests()) s += r.sizeBytes() + (double) packets(r.sizeBytes(), t.mtu()) * headerBytes;
        return s / t.requests().size();
    }

    public static double packetsPerMessage(Traffic t) {
        double s = 0;
        for (Request r : t.requests()) s += packets(r.sizeBytes(), t.mtu());
        return s / t.requests().size();
    }

    static int packets(int size, int mtu) {
        return Math.max(1, (size + mtu - 1) / mtu);
    }

    /** Outstanding requests of a traffic: depth per QP (READs capped), over all its QPs. */
    public static double outstanding(Traffic t) {
        int perQp = t.opcode() == Opcode.READ ? Math.min(t.sendDepth(), MAX_OUTSTANDING_READS) : t.sendDepth();
        return (double) t.qps() * perQp;
    }

    public static Rates expected(Point p, NicSpec spec) {
        int n = p.traffics().size();
        double[] msgs = new double[n], bits = new double[n], pkts = new double[n];
        for (int i = 0; i < n; i++) {
            Traffic t = p.traffic(i);
            double wire = wireBytes(t, spec.headerBytes());
            double pm = packetsPerMessage(t);
            double offered = outstanding(t) / (spec.baseLatencySeconds() + wire * 8 / spec.lineBitsPerSec());
            double cap = Math.min(spec.lineBitsPerSec() / (wire * 8), spec.packetsPerSec() / pm);
            msgs[i] = Math.min(offered, cap);
            bits[i] = msgs[i] * wire * 8;
            pkts[i] = msgs[i] * pm;
        }
        // traffics whose data leaves or enters the same host share its line and packet rate
        for (String host : new String[] {"A", "B"}) {
            for (int dir = 0; dir < 2; dir++) {
                double b = 0, k = 0;
                for (int i = 0; i < n; i++) {
                    if (dataHost(p, i, dir == 0).equals(host)) {
                        b += bits[i];
                        k += pkts[i];
                    }
                }
                double over = Math.max(b / spec.lineBitsPerSec(), k / spec.packetsPerSec());
                if (over > 1) {
                    for (int i = 0; i < n; i++) {
                        if (dataHost(p, i, dir == 0).equals(host)) {
                            msgs[i] /= over;
                            bits[i] /= over;
                            pkts[i] /= over;
                        }
                    }
                }
            }
        }
        return new Rates(msgs, bits, pkts);
    }

    /** The host data of traffic {@code i} leaves ({@code source}) or enters; READ data flows receiver to sender. */
    public static String dataHost(Point p, int i, boolean source) {
        String[] h = CollieEngineCommands.hosts(p, i);
        boolean read = p.traffic(i).opcode() == Opcode.READ;
        return source != read ? h[0] : h[1];
    }
}
