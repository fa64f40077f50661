package org.sonde.load.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's TCP counters from {@code /proc/net/snmp} and {@code /proc/net/netstat}: what
 * dperf counts in its own stack (retransmissions, resets, failed handshakes) the kernel counts
 * here. They are system-wide (the network namespace's), so other traffic adds to them.
 */
final class KernelCounters {
    /** dperf-style name, file, section and field. */
    private record Source(String name, String file, String section, String field) {}

    private static final List<Source> SOURCES = List.of(
            new Source("synRt", "/proc/net/netstat", "TcpExt", "TCPSynRetrans"),
            new Source("retrans", "/proc/net/snmp", "Tcp", "RetransSegs"),
            new Source("rstTx", "/proc/net/snmp", "Tcp", "OutRsts"),
            new Source("rstRx", "/proc/net/snmp", "Tcp", "EstabResets"),
            new Source("synFail", "/proc/net/snmp", "Tcp", "AttemptFails"),
            new Source("listenDrop", "/proc/net/netstat", "TcpExt", "ListenDrops"));

    private KernelCounters() {}

    /** The counters' current values by dperf-style name; empty when /proc is not readable. */
    public static Map<String, Long> read() {
        Map<String, Long> out = new LinkedHashMap<>();
        Map<String, Map<String, Long>> files = new LinkedHashMap<>();
        for (Source s : SOURCES) {
            Map<String, Long> table = files.computeIfAbsent(s.file(), KernelCounters::parse);
            Long v = table.get(s.section() + ":" + s.field());
            if (v != null) out.put(s.name(), v);
        }
        return out;
    }

    /** The names in display order. */
    public static List<String> names() {
        return SOURCES.stream().map(Source::name).toList();
    }

    /** /proc/net/snmp and netstat: pairs of lines, "Section: names..." then "Section: values...". */
    static Map<String, Long> parse(String file) {
        Map<String, Long> out = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            return out;
        }
        for (int i = 0; i + 1 < lines.size(); i += 2) {
            String[] names = lines.get(i).split("\\s+");
            String[] values = lines.get(i + 1).split("\\s+");
            if (names.length != values.length || names.length == 0) continue;
            String section = names[0].replace(":", "");
            for (int j = 1; j < names.length; j++) {
                try {
                    out.put(section + ":" + names[j], Long.parseLong(values[j]));
                } catch (NumberFormatException e) {
                    // a field that is not a counter (none today): skip it
                }
            }
        }
        return out;
    }
}
