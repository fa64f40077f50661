package org.sonde.inject.tcp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.sonde.core.BadInputException;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.inject.config.EventActions;
import org.sonde.inject.config.HeaderField;

/**
 * Reads a TCP injection test: Lumina's YAML shape with {@code traffic.transport: tcp}.
 * <pre>
 * name: drop-then-drop-the-retransmission
 * traffic:
 *   transport: tcp
 *   num-connections: 2
 *   num-msgs-per-connection: 1
 *   message-size: 64KB            # bytes, or with a unit
 *   response-size: 0              # 0: bulk; else each message is a request answered with this many bytes
 *   congestion-control: cubic     # reno, cubic, bbr, ...: the hosts' tcp_congestion_control
 *   receive-buffer: 16KB          # the server's SO_RCVBUF; default: the kernel's
 *   read-pause: {after: 64KB, for: 1s}   # the server stops reading each connection once, so its window closes
 *   data-pkt-events:              # the client's data segments, 1-based per connection
 *     - {conn: 2, seg: 5, type: drop}
 *     - {conn: 2, seg: 5, iter: 2, type: drop}   # and its first retransmission
 *     - {conn: 1, seg: 3, type: ecn}
 *   ctrl-pkt-events:              # the server's acknowledgements without data
 *     - {conn: 1, ack: 2, type: drop}
 * linux:                          # net.ipv4 sysctls of both hosts
 *   tcp_ecn: 1
 * </pre>
 * Every key is checked; an error names the file, the line and the key path.
 */
public final class TcpTestConfigLoader {
    private static final String HINT = "see examples/inject/README.md for the TCP test format";
    /** The net.ipv4 settings a test may give: TCP's own, by their sysctl names. */
    static final Set<String> SYSCTLS = new TreeSet<>(List.of("tcp_sack", "tcp_dsack", "tcp_ecn", "tcp_ecn_fallback", "tcp_recovery",
            "tcp_early_retrans", "tcp_timestamps", "tcp_frto", "tcp_window_scaling", "tcp_reordering", "tcp_max_reordering",
            "tcp_thin_linear_timeouts", "tcp_retries2", "tcp_syn_retries", "tcp_no_metrics_save", "tcp_slow_start_after_idle",
            "tcp_autocorking", "tcp_min_rtt_wlen", "tcp_notsent_lowat", "tcp_rmem", "tcp_wmem", "tcp_comp_sack_delay_ns",
            "tcp_comp_sack_nr", "tcp_pacing_ss_ratio", "tcp_pacing_ca_ratio", "tcp_min_tso_segs", "tcp_tso_win_divisor", "tcp_adv_win_scale"));
    static final int MAX_CONNECTIONS = 256;

    private TcpTestConfigLoader() {}

    /** Whether the YAML document is a TCP test ({@code traffic.transport: tcp}). */
    public static boolean isTcp(YamlTree tree) {
        return tree.root() instanceof Map<?, ?> root && root.get("traffic") instanceof Map<?, ?> traffic
                && "tcp".equals(String.valueOf(traffic.get("transport")).strip());
    }

    public static TcpTestConfig load(Path file) {
        YamlTree tree = YamlTree.read(file, "test file", "give the path of a test, e.g. examples/inject/tcp-listing2.yaml");
        return read(tree, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }

    public static TcpTestConfig parse(String text, String source, String defaultName) {
        return read(YamlTree.parse(source, text), defaultName);
    }

    /** A test from a document already read (e.g. after {@link #isTcp} chose this loader). */
    public static TcpTestConfig read(YamlTree tree, String defaultName) {
        if (tree.root() == null) throw new BadInputException(tree.source(), "line 1", "the test is empty", HINT, null);
        return tree.interpret(root -> read(root, defaultName), HINT);
    }

    private static TcpTestConfig read(ConfigMap root, String defaultName) {
        String name = root.string("name", defaultName);
        root.string("description", "");
        if (!root.has("traffic")) throw new ConfigException("traffic", "is required (the connections, their messages and the events)");
        ConfigMap t = root.section("traffic");
        String transport = t.string("transport", "");
        if (!transport.equals("tcp")) throw new ConfigException(t.pathOf("transport"), "must be tcp for a TCP test, got '" + transport + "'");
        int connections = (int) t.integer("num-connections", 1, 1, MAX_CONNECTIONS);
        int messages = (int) t.integer("num-msgs-per-connection", 1, 1, 1_000_000);
        if (!t.has("message-size")) throw new ConfigException(t.pathOf("message-size"), "is required: bytes per message, e.g. 64KB");
        long size = t.bytes("message-size", 0, 1, 1L << 32);
        long response = t.bytes("response-size", 0, 0, 1L << 32);
        if ((double) messages * size > 64e9) throw new ConfigException(t.pathOf("num-msgs-per-connection"), "more than 64 GB per connection");
        String cc = t.string("congestion-control", "cubic").strip();
        if (!cc.matches("[a-z0-9_]+")) throw new ConfigException(t.pathOf("congestion-control"), "'" + cc + "' is not a congestion control name");
        long buffer = t.bytes("receive-buffer", 0, 0, 1L << 30);
        TcpTraffic.Receiver receiver = new TcpTraffic.Receiver(buffer, 0, 0);
        if (t.has("read-pause")) {
            ConfigMap pause = t.section("read-pause");
            if (!pause.has("for")) throw new ConfigException(pause.pathOf("for"), "is required: how long the server stops reading, e.g. 1s");
            receiver = new TcpTraffic.Receiver(buffer, pause.bytes("after", 0, 0, messages * size), pause.nanos("for", 0, 1, 60_000_000_000L));
            pause.finish();
        }
        TcpTraffic traffic = new TcpTraffic(connections, messages, size, response, cc, receiver);

        List<TcpEvent> events = new ArrayList<>();
        List<Object> data = t.list("data-pkt-events");
        for (int i = 0; i < data.size(); i++) {
            events.add(event(ConfigMap.of(t.pathOf("data-pkt-events") + "[" + i + "]", data.get(i)), traffic, TcpEvent.Kind.SEGMENT));
        }
        List<Object> control = t.list("ctrl-pkt-events");
        for (int i = 0; i < control.size(); i++) {
            events.add(event(ConfigMap.of(t.pathOf("ctrl-pkt-events") + "[" + i + "]", control.get(i)), traffic, TcpEvent.Kind.ACK));
        }
        t.finish();

        Map<String, String> sysctls = new LinkedHashMap<>();
        ConfigMap linux = root.section("linux");
        for (String key : linux.keys()) {
            if (!SYSCTLS.contains(key)) {
                throw new ConfigException(linux.pathOf(key), "is not a TCP setting a test may give; these are: " + String.join(", ", SYSCTLS));
            }
            if (linux.raw(key) instanceof Boolean) {
                throw new ConfigException(linux.pathOf(key), "is a YAML true or false (on, off, yes and no read as those), not the sysctl's number",
                        "give the number, e.g. " + key + ": 1");
            }
            String value = linux.string(key, "").strip();
            if (!value.matches("-?[0-9]+( [0-9]+)*")) {
                throw new ConfigException(linux.pathOf(key), "'" + value + "' is not a number (or numbers separated by spaces)");
            }
            sysctls.put(key, value);
        }
        linux.finish();
        root.finish();
        return new TcpTestConfig(name, traffic, events, sysctls, List.of());
    }

    private static TcpEvent event(ConfigMap e, TcpTraffic traffic, TcpEvent.Kind kind) {
        if (!e.has("conn")) throw new ConfigException(e.pathOf("conn"), "is required: the 1-based number of the connection");
        int conn = (int) e.integer("conn", 1, 1, traffic.connections());
        String indexKey = kind == TcpEvent.Kind.SEGMENT ? "seg" : "ack";
        if (!e.has(indexKey)) {
            throw new ConfigException(e.pathOf(indexKey), "is required: the 1-based number of the "
                    + (kind == TcpEvent.Kind.SEGMENT ? "client's data segment" : "server's acknowledgement") + " on the connection");
        }
        int index = (int) e.integer(indexKey, 1, 1, 100_000_000);
        int iteration = (int) e.integer("iter", 1, 1, 255);
        if (kind == TcpEvent.Kind.ACK && iteration != 1) {
            throw new ConfigException(e.pathOf("iter"), "acknowledgements are not retransmitted: leave iter at 1");
        }
        var action = EventActions.parse(e, HeaderField.TCP);
        e.finish();
        return new TcpEvent(conn, kind, index, iteration, action, e.path());
    }
}
