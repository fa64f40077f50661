package org.sonde.replay.connection;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.replay.recording.ScenarioRecording;

/** The packets of a {@code --capture} file as they left their senders, grouped by connection (the unordered address-port pair), in file order. */
final class Captured {
    record Packet(long timeNanos, byte[] ip) {}

    private Captured() {
    }

    static Map<String, List<Packet>> byConnection(Path capture) {
        Map<String, List<Packet>> m = new HashMap<>();
        ScenarioRecording.departures(capture, r -> {
            byte[] ip = Arrays.copyOfRange(r.array(), r.offset() + 14, r.offset() + r.capturedLength());
            m.computeIfAbsent(key(ip), k -> new ArrayList<>()).add(new Packet(r.timestampNanos(), ip));
        });
        return m;
    }

    /** {@code a.b.c.d:p-e.f.g.h:q} with the smaller endpoint first. */
    static String key(byte[] ip) {
        String s = endpoint(ip, 12, 20);
        String d = endpoint(ip, 16, 22);
        return s.compareTo(d) < 0 ? s + "-" + d : d + "-" + s;
    }

    /** The sender's address and port. */
    static String source(byte[] ip) {
        return endpoint(ip, 12, 20);
    }

    static String key(String a, String b) {
        return a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a;
    }

    private static String endpoint(byte[] ip, int addr, int port) {
        return (ip[addr] & 255) + "." + (ip[addr + 1] & 255) + "." + (ip[addr + 2] & 255) + "." + (ip[addr + 3] & 255) + ":"
                + ((ip[port] & 255) << 8 | (ip[port + 1] & 255));
    }
}
