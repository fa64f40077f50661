package org.sonde.search.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;

/**
 * A testbed of two hosts with RDMA NICs, as the user describes it in a small YAML file (read with
 * core's config, so errors name file, line and key):
 *
 * <pre>{@code
 * hosts:
 *   a: {name: rdma-a, address: 192.168.10.1, interface: ens1f0}   # name: what the template's {host} becomes
 *   b: {name: rdma-b, address: 192.168.10.2, interface: ens1f0}   # address: where perftest clients connect
 * engine: perftest            # or collie-engine (Collie's collie_engine, which expresses the whole space)
 * device: mlx5_0
 * gid-index: 3
 * ib-port: 1
 * template: ssh -o BatchMode=yes {host} {command}
 * duration: 10s               # perftest -D; counter deltas are per second of it
 * timeout: 120s               # per experiment, set-up included
 * server-start: 2s            # servers listen before clients connect
 * throughput: counters        # or perftest: bits and packets from perftest's table instead of the NIC
 * spec: {line-rate: 100Gbps, packet-rate: 150e6, header-bytes: 82, base-latency: 5us}
 * counters:
 *   pause: [rx_prio3_pause_duration, tx_prio3_pause_duration]   # ethtool -S, microseconds
 *   tx-bytes: tx_vport_rdma_unicast_bytes
 *   rx-bytes: rx_vport_rdma_unicast_bytes
 *   tx-packets: tx_vport_rdma_unicast_packets
 *   rx-packets: rx_vport_rdma_unicast_packets
 *   ethtool: [rx_discards_phy, rx_out_of_buffer, outbound_pci_buffer_overflow]   # diagnostic
 *   hw: [out_of_buffer, packet_seq_err]                                          # diagnostic, hw_counters
 * }</pre>
 *
 * The counter defaults are mlx5's names (kernel {@code mlx5/counters.rst}); a NIC that reports others
 * names its own.
 */
public record RemoteTarget(String name, Host a, Host b, Engine engine, String device, Integer gidIndex, int ibPort, List<String> template,
                           int durationSeconds, long timeoutMillis, long serverStartMillis, boolean throughputFromCounters, NicSpec spec,
                           List<String> pauseCounters, List<String> byteAndPacketCounters, List<String> ethtoolDiagnostics, List<String> hwDiagnostics,
                           String hwCountersDir) {
    private static final String HINT = "see the RemoteTarget format in the search module's engine package (sonde search run --help names it)";

    /** One host: the name the template runs commands on, the address perftest clients connect to, the NIC's network interface. */
    public record Host(String name, String address, String iface) {}

    /** Which program realises a point: perftest (one message shape per run) or Collie's workload engine. */
    public enum Engine { PERFTEST, COLLIE_ENGINE }

    public RemoteTarget {
        template = List.copyOf(template);
        pauseCounters = List.copyOf(pauseCounters);
        byteAndPacketCounters = List.copyOf(byteAndPacketCounters);
        ethtoolDiagnostics = List.copyOf(ethtoolDiagnostics);
        hwDiagnostics = List.copyOf(hwDiagnostics);
    }

    public static RemoteTarget load(Path file) {
        YamlTree tree = YamlTree.read(file, "remote target", HINT);
        return tree.interpret(c -> parse(c, "remote:" + file), HINT);
    }

    static RemoteTarget parse(String source, String text) {
        return YamlTree.parse(source, text).interpret(c -> parse(c, "remote:" + source), HINT);
    }

    private static RemoteTarget parse(ConfigMap c, String name) {
        ConfigMap hosts = c.section("hosts");
        Host a = host(hosts, "a"), b = host(hosts, "b");
        hosts.finish();
        String engineName = c.string("engine", "perftest");
        Engine engine = switch (engineName) {
            case "perftest" -> Engine.PERFTEST;
            case "collie-engine" -> Engine.COLLIE_ENGINE;
            default -> throw new ConfigException(c.pathOf("engine"), "'" + engineName + "' is not perftest or collie-engine");
        };
        String device = c.requiredString("device");
        Integer gid = c.has("gid-index") ? (int) c.integer("gid-index", 0, 0, 64) : null;
        int ibPort = (int) c.integer("ib-port", 1, 1, 3);
        String t = c.string("template", "ssh -o BatchMode=yes {host} {command}");
        List<String> template = List.of(t.strip().split("\\s+"));
        if (template.isEmpty() || template.get(0).isEmpty() || !t.contains("{command}")) {
            throw new ConfigException(c.pathOf("template"), "must be a command line with {command} (and usually {host}), e.g. ssh -o BatchMode=yes {host} {command}");
        }
        int duration = (int) (c.nanos("duration", 10_000_000_000L, 1_000_000_000L, 3_600_000_000_000L) / 1_000_000_000L);
        long timeout = c.nanos("timeout", 120_000_000_000L, 1_000_000L, 86_400_000_000_000L) / 1_000_000;
        long serverStart = c.nanos("server-start", 2_000_000_000L, 0, 600_000_000_000L) / 1_000_000;
        String tp = c.string("throughput", "counters");
        if (!tp.equals("counters") && !tp.equals("perftest")) throw new ConfigException(c.pathOf("throughput"), "'" + tp + "' is not counters or perftest");
        if (engine == Engine.COLLIE_ENGINE && tp.equals("perftest")) {
            throw new ConfigException(c.pathOf("throughput"), "perftest's result table is there only with engine: perftest; use counters");
        }
        ConfigMap s = c.section("spec");
        NicSpec spec;
        try {
            spec = new NicSpec(s.bitsPerSecond("line-rate", 0, 1, Long.MAX_VALUE), s.number("packet-rate", 0, 1, 1e12),
                    (int) s.integer("header-bytes", 82, 0, 4096), s.nanos("base-latency", 5_000, 1, 1_000_000_000) / 1e9);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(c.pathOf("spec"), "needs line-rate and packet-rate (the NIC's specification the monitor judges throughput against)");
        }
        s.finish();
        ConfigMap k = c.section("counters");
        List<String> pause = names(k, "pause", List.of("rx_prio3_pause_duration", "tx_prio3_pause_duration"));
        if (pause.isEmpty()) throw new ConfigException(k.pathOf("pause"), "needs at least one pause duration counter (microseconds)");
        List<String> flow = List.of(k.string("tx-bytes", "tx_vport_rdma_unicast_bytes"), k.string("rx-bytes", "rx_vport_rdma_unicast_bytes"),
                k.string("tx-packets", "tx_vport_rdma_unicast_packets"), k.string("rx-packets", "rx_vport_rdma_unicast_packets"));
        List<String> eth = names(k, "ethtool", List.of("rx_discards_phy", "rx_out_of_buffer", "outbound_pci_buffer_overflow"));
        List<String> hw = names(k, "hw", List.of("out_of_buffer", "packet_seq_err"));
        String hwDir = k.string("hw-dir", "/sys/class/infiniband/" + device + "/ports/" + ibPort + "/hw_counters");
        k.finish();
        c.finish();
        return new RemoteTarget(name, a, b, engine, device, gid, ibPort, template, duration, timeout, serverStart, tp.equals("counters"), spec, pause,
                flow, eth, hw, hwDir);
    }

    private static Host host(ConfigMap hosts, String key) {
        if (!hosts.has(key)) throw new ConfigException(hosts.pathOf(key), "is required: hosts a and b, each with name, address and interface");
        ConfigMap h = hosts.section(key);
        Host out = new Host(h.requiredString("name"), h.requiredString("address"), h.requiredString("interface"));
        h.finish();
        return out;
    }

    private static List<String> names(ConfigMap k, String key, List<String> fallback) {
        if (!k.has(key)) return fallback;
        List<String> out = new ArrayList<>();
        for (Object o : k.list(key)) {
            String s = String.valueOf(o).strip();
            if (s.isEmpty() || !s.matches("[A-Za-z0-9_.\\-\\[\\]]+")) throw new ConfigException(k.pathOf(key), "'" + o + "' is not a counter name");
            out.add(s);
        }
        return out;
    }

    /** The perftest settings of this testbed: its device, GID index, duration and the hosts' addresses. */
    PerftestCommands.Settings perftest() {
        return new PerftestCommands.Settings(device, gidIndex == null ? null : String.valueOf(gidIndex), durationSeconds, a.address(), b.address(), 18515);
    }

    Host host(String letter) {
        return letter.equals("A") ? a : b;
    }

    String engineName() {
        return engine.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
