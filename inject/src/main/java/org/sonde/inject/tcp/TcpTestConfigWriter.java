package org.sonde.inject.tcp;

import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.Json;
import org.sonde.inject.config.EventActions;

/** A TCP test as the YAML {@link TcpTestConfigLoader} reads back to an equal test (events aside from where they were written). */
public final class TcpTestConfigWriter {
    private TcpTestConfigWriter() {}

    /** The test's YAML, after {@code comment} as {@code #} lines (none when empty). */
    public static String toYaml(TcpTestConfig t, String comment) {
        StringBuilder s = new StringBuilder();
        if (!comment.isEmpty()) comment.lines().forEach(l -> s.append("# ").append(l).append('\n'));
        s.append("name: ").append(Json.quote(t.name())).append('\n');
        TcpTraffic x = t.traffic();
        s.append("traffic:\n  transport: tcp\n");
        s.append("  num-connections: ").append(x.connections()).append('\n');
        s.append("  num-msgs-per-connection: ").append(x.messagesPerConnection()).append('\n');
        s.append("  message-size: ").append(x.messageBytes()).append('\n');
        s.append("  response-size: ").append(x.responseBytes()).append('\n');
        s.append("  congestion-control: ").append(x.congestionControl()).append('\n');
        if (x.receiver().bufferBytes() > 0) s.append("  receive-buffer: ").append(x.receiver().bufferBytes()).append('\n');
        if (x.receiver().pauses()) {
            s.append("  read-pause: {after: ").append(x.receiver().pauseAfterBytes()).append(", for: ").append(x.receiver().pauseNanos()).append("ns}\n");
        }
        events(s, t, TcpEvent.Kind.SEGMENT, "data-pkt-events", "seg");
        events(s, t, TcpEvent.Kind.ACK, "ctrl-pkt-events", "ack");
        if (!t.sysctls().isEmpty()) {
            s.append("linux:\n");
            for (Map.Entry<String, String> e : new TreeMap<>(t.sysctls()).entrySet()) s.append("  ").append(e.getKey()).append(": ").append(Json.quote(e.getValue())).append('\n');
        }
        return s.toString();
    }

    private static void events(StringBuilder s, TcpTestConfig t, TcpEvent.Kind kind, String key, String index) {
        var events = t.events().stream().filter(e -> e.kind() == kind).toList();
        if (events.isEmpty()) return;
        s.append("  ").append(key).append(":\n");
        for (TcpEvent e : events) {
            s.append("    - {conn: ").append(e.connection()).append(", ").append(index).append(": ").append(e.index());
            if (kind == TcpEvent.Kind.SEGMENT) s.append(", iter: ").append(e.iteration());
            s.append(", ").append(EventActions.yaml(e.action())).append("}\n");
        }
    }
}
