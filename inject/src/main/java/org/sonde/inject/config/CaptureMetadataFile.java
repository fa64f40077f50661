package org.sonde.inject.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Psn;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.sim.rdma.Verb;

/**
 * Reads and writes {@link CaptureMetadata} files (YAML), the description of a capture's QPs that
 * {@code sonde inject analyze} needs for a capture from a real testbed, and that {@code sonde inject run}
 * leaves beside its trace:
 * <pre>
 * traffic: {num-msgs-per-qp: 10, message-size: 10240, mtu: 1024}
 * nic: {requester: cx5, responder: cx5}          # optional: cx4, cx5, cx6, e810 or spec (the default)
 * min-retransmit-timeout: 14                     # optional: the QPs' timer, for the go-back-N check
 * max-retransmit-retry: 7
 * first-qp-number: 0                             # optional: what the reports call the first QP (0 or 1)
 * qps:                                           # in the traffic generator's order
 *   - verb: write
 *     requester: {qpn: 0xfe, psn: 1001, ip: 10.0.0.1, switch-port: 132}
 *     responder: {qpn: 0xea, psn: 3002, ip: 10.0.0.2, switch-port: 133}
 * counters:                                      # optional: deltas over the run
 *   switch-ingress: {132: 60, 133: 40}           # RoCE packets the injector received per port
 *   mirror-egress: {140: 50, 141: 50}            # mirrored copies it sent per dumper port
 *   requester: {packet_seq_err: 1}               # NIC counters by their driver's names
 *   responder: {out_of_sequence: 1}
 * </pre>
 */
public final class CaptureMetadataFile {
    private static final String HINT = "see examples/inject/README.md for the capture metadata format";

    private CaptureMetadataFile() {}

    public static CaptureMetadata load(Path file) {
        return read(YamlTree.read(file, "metadata file", "give the QPs of the capture in a metadata file (" + HINT + ")"));
    }

    public static CaptureMetadata parse(String text, String source) {
        return read(YamlTree.parse(source, text));
    }

    private static CaptureMetadata read(YamlTree tree) {
        if (tree.root() == null) throw new BadInputException(tree.source(), "line 1", "the metadata file is empty", HINT, null);
        return tree.interpret(CaptureMetadataFile::read, HINT);
    }

    private static CaptureMetadata read(ConfigMap root) {
        if (!root.has("traffic")) throw new ConfigException("traffic", "is required: num-msgs-per-qp, message-size and mtu");
        ConfigMap t = root.section("traffic");
        int messages = (int) t.integer("num-msgs-per-qp", 1, 1, Integer.MAX_VALUE);
        long size = t.integer("message-size", -1, 1, Long.MAX_VALUE);
        if (size < 0) throw new ConfigException(t.pathOf("message-size"), "is required (bytes per message)");
        int mtu = (int) t.integer("mtu", 1024, 256, 4096);
        if (Integer.bitCount(mtu) != 1) throw new ConfigException(t.pathOf("mtu"), mtu + " is not 256, 512, 1024, 2048 or 4096");
        t.finish();

        ConfigMap nic = root.section("nic");
        NicModel requesterNic = nic(nic, "requester");
        NicModel responderNic = nic(nic, "responder");
        nic.finish();
        int timeout = (int) root.integer("min-retransmit-timeout", -1, 0, 31);
        int retry = (int) root.integer("max-retransmit-retry", -1, 0, 7);
        int firstQpNumber = (int) root.integer("first-qp-number", 0, 0, 1);

        List<Object> qpList = root.list("qps");
        if (qpList.isEmpty()) throw new ConfigException("qps", "is required: one entry per QP with its verb, requester and responder");
        List<QpPair> qps = new ArrayList<>();
        for (int i = 0; i < qpList.size(); i++) {
            ConfigMap q = ConfigMap.of("qps[" + i + "]", qpList.get(i));
            Verb verb = q.choice("verb", Verb.class, null);
            if (verb == null) throw new ConfigException(q.pathOf("verb"), "is required: send, write or read");
            qps.add(new QpPair(i, verb, endpoint(q, "requester"), endpoint(q, "responder")));
            q.finish();
        }
        RunCounters counters = root.has("counters") ? counters(root.section("counters")) : null;
        root.finish();
        return new CaptureMetadata(new TestMetadata(qps, messages, size, mtu, firstQpNumber), requesterNic, responderNic, timeout, retry, counters);
    }

    private static NicModel nic(ConfigMap nic, String key) {
        String name = nic.string(key, "spec");
        try {
            return NicModel.parse(name);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(nic.pathOf(key), e.getMessage());
        }
    }

    private static Endpoint endpoint(ConfigMap q, String key) {
        if (!q.has(key)) throw new ConfigException(q.pathOf(key), "is required: {qpn, psn, ip, switch-port}");
        ConfigMap e = q.section(key);
        long qpn = e.integer("qpn", -1, 0, Psn.MASK);
        long psn = e.integer("psn", -1, 0, Psn.MASK);
        if (qpn < 0) throw new ConfigException(e.pathOf("qpn"), "is required (the QP number, 24 bits)");
        if (psn < 0) throw new ConfigException(e.pathOf("psn"), "is required (the initial PSN, 24 bits)");
        String ipText = e.string("ip", null);
        if (ipText == null) throw new ConfigException(e.pathOf("ip"), "is required (the NIC's IPv4 address)");
        int ip;
        try {
            ip = Ipv4Address.parse(ipText).value();
        } catch (IllegalArgumentException x) {
            throw new ConfigException(e.pathOf("ip"), "'" + ipText + "' is not an IPv4 address");
        }
        int port = (int) e.integer("switch-port", 0, 0, 65_535);
        e.finish();
        return new Endpoint((int) qpn, (int) psn, ip, port);
    }

    private static RunCounters counters(ConfigMap c) {
        RunCounters r = new RunCounters(ports(c, "switch-ingress"), ports(c, "mirror-egress"), named(c, "requester"), named(c, "responder"));
        c.finish();
        return r;
    }

    private static Map<Integer, Long> ports(ConfigMap c, String key) {
        ConfigMap m = c.section(key);
        Map<Integer, Long> out = new TreeMap<>();
        for (String port : m.keys()) {
            int p;
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw new ConfigException(m.pathOf(port), "'" + port + "' is not a switch port number");
            }
            out.put(p, m.integer(port, 0, 0, Long.MAX_VALUE));
        }
        return out;
    }

    private static Map<String, Long> named(ConfigMap c, String key) {
        ConfigMap m = c.section(key);
        Map<String, Long> out = new LinkedHashMap<>();
        for (String name : m.keys()) out.put(name, m.integer(name, 0, Long.MIN_VALUE, Long.MAX_VALUE));
        return out;
    }

    /** Writes {@code m} in the format {@link #load} reads (the file {@code sonde inject run} leaves beside its trace). */
    public static void write(CaptureMetadata m, Path file) {
        StringBuilder y = new StringBuilder("# The QPs of trace.pcap, for sonde inject analyze (format: examples/inject/README.md)\n");
        TestMetadata t = m.metadata();
        y.append("traffic: {num-msgs-per-qp: ").append(t.messagesPerQp()).append(", message-size: ").append(t.messageSize())
                .append(", mtu: ").append(t.mtu()).append("}\n");
        y.append("nic: {requester: ").append(name(m.requesterNic())).append(", responder: ").append(name(m.responderNic())).append("}\n");
        if (m.minRetransmitTimeout() >= 0) y.append("min-retransmit-timeout: ").append(m.minRetransmitTimeout()).append('\n');
        if (m.maxRetransmitRetry() >= 0) y.append("max-retransmit-retry: ").append(m.maxRetransmitRetry()).append('\n');
        y.append("first-qp-number: ").append(t.firstQpNumber()).append('\n');
        y.append("qps:\n");
        for (QpPair q : t.qps()) {
            y.append("  - verb: ").append(q.verb().name().toLowerCase(java.util.Locale.ROOT)).append('\n');
            endpoint(y, "requester", q.requester());
            endpoint(y, "responder", q.responder());
        }
        RunCounters c = m.counters();
        if (c != null) {
            y.append("counters:\n");
            map(y, "switch-ingress", c.switchIngress());
            map(y, "mirror-egress", c.mirrorEgress());
            map(y, "requester", c.requesterNic());
            map(y, "responder", c.responderNic());
        }
        AtomicFiles.writeString(file, y.toString());
    }

    private static String name(NicModel nic) {
        return nic.name().toLowerCase(java.util.Locale.ROOT);
    }

    private static void endpoint(StringBuilder y, String key, Endpoint e) {
        y.append("    ").append(key).append(": {qpn: ").append(String.format("0x%x", e.qpn())).append(", psn: ").append(e.initialPsn())
                .append(", ip: ").append(Ipv4Address.format(e.ip())).append(", switch-port: ").append(e.switchPort()).append("}\n");
    }

    private static void map(StringBuilder y, String key, Map<?, Long> values) {
        y.append("  ").append(key).append(":");
        if (values.isEmpty()) {
            y.append(" {}\n");
            return;
        }
        y.append('\n');
        new TreeMap<>(values).forEach((k, v) -> y.append("    ").append(k).append(": ").append(v).append('\n'));
    }
}
