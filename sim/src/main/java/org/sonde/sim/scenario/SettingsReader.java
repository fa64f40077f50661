package org.sonde.sim.scenario;

import java.util.List;
import java.util.Map;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.sim.net.EcnMarking;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.LoadBalancing;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.PauseFrame;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Scheduling;
import org.sonde.sim.net.SwitchConfig;

/** Reads a scenario's settings into the simulator's records: switches, hosts, links and their scheduling. */
final class SettingsReader {
    /** The longest time a scenario may give: an hour of simulated time. */
    static final long MAX_TIME = 3_600_000_000_000L;
    static final long TB = 1_000_000_000_000L;
    /** The base of links that must give their rate. */
    static final LinkSpec NO_LINK = new LinkSpec(-1, 1_000, Network.DEFAULT_MTU);

    private SettingsReader() {
    }

    /** The {@code switch} section (or a switch's own settings) over {@code base}. */
    static SwitchConfig switchConfig(ConfigMap m, SwitchConfig base) {
        long buffer = m.bytes("buffer", base.bufferBytes(), 1, TB);
        double alpha = m.number("alpha", base.alpha(), 1.0 / 1024, 1024);
        EcnMarking ecn = base.ecn();
        if (m.has("ecn")) {
            ConfigMap e = m.section("ecn");
            int mask = priorities(e, "priorities", 0xFF);
            if (e.has("threshold")) {
                ecn = EcnMarking.threshold(mask, e.bytes("threshold", 0, 0, TB));
            } else {
                long kmin = e.bytes("kmin", -1, 0, TB);
                long kmax = e.bytes("kmax", -1, 0, TB);
                if (kmin < 0 || kmax < 0) throw new ConfigException(e.path(), "needs either threshold (DCTCP's K) or kmin, kmax and pmax (RED)");
                if (kmax < kmin) throw new ConfigException(e.pathOf("kmax"), "must not be below kmin");
                ecn = new EcnMarking(mask, kmin, kmax, e.number("pmax", 1.0, 0, 1));
            }
            e.finish();
        }
        PfcThresholds pfc = base.pfc();
        if (m.has("pfc")) {
            ConfigMap p = m.section("pfc");
            int mask = priorities(p, "priorities", -1);
            if (mask < 0) throw new ConfigException(p.pathOf("priorities"), "is required: the lossless priorities, e.g. [3]");
            long xoff = p.bytes("xoff", -1, 1, TB);
            if (xoff < 0) throw new ConfigException(p.pathOf("xoff"), "is required: bytes per ingress port and priority that trigger PAUSE");
            long xon = p.bytes("xon", xoff / 2, 0, TB);
            if (xon > xoff) throw new ConfigException(p.pathOf("xon"), "must not exceed xoff (" + xoff + ")");
            pfc = new PfcThresholds(mask, xoff, xon, (int) p.integer("quanta", PauseFrame.MAX_QUANTA, 1, PauseFrame.MAX_QUANTA));
            p.finish();
        }
        Scheduling scheduling = m.has("scheduling") ? scheduling(m.section("scheduling")) : base.scheduling();
        LoadBalancing balancing = m.choice("load-balancing", LoadBalancing.class, base.loadBalancing());
        m.finish();
        return new SwitchConfig(buffer, alpha, ecn, pfc, scheduling, balancing);
    }

    /** The {@code host} section (or a host's own settings) over {@code base}. */
    static HostConfig hostConfig(ConfigMap m, HostConfig base) {
        HostConfig c = new HostConfig(m.distribution("processing", base.processing()),
                m.has("scheduling") ? scheduling(m.section("scheduling")) : base.scheduling());
        m.finish();
        return c;
    }

    private static Scheduling scheduling(ConfigMap m) {
        int strict = priorities(m, "strict", 0);
        int[] weights = {1, 1, 1, 1, 1, 1, 1, 1};
        List<Object> w = m.list("weights");
        if (!w.isEmpty()) {
            if (w.size() != Frame.PRIORITIES) throw new ConfigException(m.pathOf("weights"), "needs 8 weights (priorities 0..7), got " + w.size());
            for (int i = 0; i < 8; i++) {
                weights[i] = (int) ConfigMap.of(m.pathOf("weights"), Map.of("[" + i + "]", w.get(i))).integer("[" + i + "]", 1, 0, 1_000_000);
            }
        }
        m.finish();
        try {
            return new Scheduling(strict, weights);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(m.path(), e.getMessage());
        }
    }

    /** A list of priorities 0..7 as a bit mask, or {@code fallback} when absent. */
    private static int priorities(ConfigMap m, String key, int fallback) {
        if (!m.has(key)) return fallback;
        int mask = 0;
        for (Object o : m.list(key)) {
            int p;
            try {
                p = Integer.parseInt(String.valueOf(o));
            } catch (NumberFormatException e) {
                throw new ConfigException(m.pathOf(key), "'" + o + "' is not a priority 0..7");
            }
            if (p < 0 || p > 7) throw new ConfigException(m.pathOf(key), p + " is not a priority 0..7");
            mask |= 1 << p;
        }
        return mask;
    }

    /** A link section that must give a rate, over {@code base}. */
    static LinkSpec link(ConfigMap m, LinkSpec base) {
        LinkSpec l = linkSettings(m, base);
        if (l.rateBps() <= 0) throw new ConfigException(m.pathOf("rate"), "is required, e.g. 10Gbps");
        m.finish();
        return l;
    }

    /** Rate, delay and MTU over {@code base}, unchecked: a link's defaults may leave the rate to each link. */
    static LinkSpec linkSettings(ConfigMap m, LinkSpec base) {
        return new LinkSpec(m.bitsPerSecond("rate", base.rateBps(), 1, 10 * TB), m.nanos("delay", base.delayNanos(), 0, MAX_TIME),
                (int) m.bytes("mtu", base.mtu(), 576, 65_535));
    }
}
