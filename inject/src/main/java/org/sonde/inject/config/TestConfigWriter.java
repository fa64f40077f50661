package org.sonde.inject.config;

import java.util.List;
import java.util.Locale;
import org.sonde.core.Json;
import org.sonde.packet.Ipv4Address;

/**
 * Renders a {@link TestConfig} as a test file {@link TestConfigLoader} reads back to an equal config
 * (generated tests, e.g. the fuzzer's, are written so that users rerun them with
 * {@code sonde inject run}). Lumina's hardware settings ({@link TestConfig#ignoredSettings()}) carry no
 * values and are not written; the hosts' addresses are, as {@code nic.ip-list}.
 */
public final class TestConfigWriter {
    private TestConfigWriter() {}

    /**
     * The YAML text of {@code config}, preceded by {@code comment} lines (may be empty).
     *
     * @throws IllegalArgumentException if an event's packet scope cannot be written in the config's
     *                                  index convention (the loader could not have produced it)
     */
    public static String toYaml(TestConfig config, String comment) {
        StringBuilder y = new StringBuilder();
        for (String line : comment.lines().toList()) y.append("# ").append(line).append('\n');
        y.append("name: ").append(Json.quote(config.name())).append('\n');
        y.append("index-convention: ").append(keyword(config.convention())).append('\n');
        y.append("iter-tracking: ").append(keyword(config.iterTracking())).append('\n');
        host(y, "requester", config.requesterRoce(), config.requesterIps());
        host(y, "responder", config.responderRoce(), config.responderIps());
        mirror(y, config.mirror());
        traffic(y, config);
        return y.toString();
    }

    private static void host(StringBuilder y, String name, RoceParameters r, List<Integer> ips) {
        y.append(name).append(":\n");
        if (!ips.isEmpty()) y.append("  nic: {ip-list: ").append(ips.stream().map(Ipv4Address::format).toList()).append("}\n");
        y.append("  roce-parameters: {dcqcn-rp-enable: ").append(r.dcqcnRpEnable())
                .append(", dcqcn-np-enable: ").append(r.dcqcnNpEnable());
        // -1 means the NIC's own interval, which only the key's absence expresses
        if (r.minTimeBetweenCnpsMicros() >= 0) y.append(", min-time-between-cnps: ").append(r.minTimeBetweenCnpsMicros());
        y.append(", adaptive-retrans: ").append(r.adaptiveRetrans()).append(", slow-restart: ").append(r.slowRestart()).append("}\n");
    }

    private static void mirror(StringBuilder y, MirrorConfig m) {
        y.append("rewrite-udp-dst-port: ").append(m.rewriteUdpDstPort()).append('\n');
        y.append("mirror:\n  snap-length: ").append(m.snapLength()).append("\n  dumpers:\n");
        for (DumperSpec d : m.dumpers()) {
            y.append("  - {name: ").append(Json.quote(d.name())).append(", weight: ").append(d.weight())
                    .append(", packets-per-second: ").append(d.packetsPerSecond()).append(", ring-packets: ").append(d.ringPackets()).append("}\n");
        }
    }

    private static void traffic(StringBuilder y, TestConfig config) {
        Traffic t = config.traffic();
        y.append("traffic:\n");
        y.append("  rdma-verb: ").append(t.verb().name().toLowerCase(Locale.ROOT)).append('\n');
        y.append("  num-qps: ").append(t.verb() == RdmaVerb.SEND_READ
                ? Json.quote(t.sendQps() + "," + (t.numQps() - t.sendQps())) : String.valueOf(t.numQps())).append('\n');
        y.append("  num-msgs-per-qp: ").append(t.messagesPerQp()).append('\n');
        y.append("  message-size: ").append(t.messageSizeBytes()).append('\n');
        y.append("  mtu: ").append(t.mtu()).append('\n');
        y.append("  multi-gid: ").append(t.multiGid()).append('\n');
        y.append("  barrier-sync: ").append(t.barrierSync()).append('\n');
        y.append("  tx-depth: ").append(t.txDepth()).append('\n');
        y.append("  min-retransmit-timeout: ").append(t.minRetransmitTimeout()).append('\n');
        y.append("  max-retransmit-retry: ").append(t.maxRetransmitRetry()).append('\n');
        y.append("  dscp-list: ").append(t.dscpList()).append('\n');
        y.append("  initial-psn: ").append(t.initialPsn() < 0 ? "random" : String.valueOf(t.initialPsn())).append('\n');
        List<EventIntent> data = config.events().stream().filter(e -> e.kind() == PacketKind.DATA).toList();
        List<EventIntent> control = config.events().stream().filter(e -> e.kind() != PacketKind.DATA).toList();
        y.append("  data-pkt-events:").append(data.isEmpty() ? " []\n" : "\n");
        for (EventIntent e : data) y.append("  - ").append(event(e, config.convention())).append('\n');
        if (!control.isEmpty()) {
            y.append("  ctrl-pkt-events:\n");
            for (EventIntent e : control) y.append("  - ").append(event(e, config.convention())).append('\n');
        }
    }

    private static String event(EventIntent e, IndexConvention convention) {
        boolean paper = convention == IndexConvention.PAPER;
        // the loader's rule: the paper counts from the connection start, Lumina's code per message; CNPs by arrival
        var expected = paper || e.kind() == PacketKind.CNP ? EventIntent.PsnScope.CONNECTION : EventIntent.PsnScope.EACH_MESSAGE;
        if (e.scope() != expected) {
            throw new IllegalArgumentException(e.where() + ": a " + e.scope() + " packet number cannot be written in the "
                    + keyword(convention) + " index convention");
        }
        int base = paper ? 1 : 0;
        StringBuilder s = new StringBuilder("{");
        if (e.kind() != PacketKind.DATA) s.append("packet: ").append(keyword(e.kind())).append(", ");
        s.append("qpn: ").append(e.qpIndex() + base);
        s.append(", psn: ").append(e.allPackets() ? "all" : String.valueOf(e.packet() + base));
        s.append(", iter: ").append(e.iteration());
        s.append(", ").append(EventActions.yaml(e.action()));
        return s.append('}').toString();
    }

    private static String keyword(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
