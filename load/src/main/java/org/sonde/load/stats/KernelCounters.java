package org.sonde.load.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.BadInputException;
import org.sonde.netio.ProcNetCounters;

/**
 * The kernel's TCP counters from {@code snmp} and {@code netstat} (read through netio's
 * {@link ProcNetCounters}): what dperf counts in its own stack (retransmissions, resets, failed
 * handshakes) the kernel counts here. They are the network namespace's, so other traffic adds to
 * them; {@code /proc/thread-self/net} is the namespace of the thread that reads (a test run inside
 * a namespace through {@code NetNamespace.call}), where {@code /proc/net} would be the process's.
 */
final class KernelCounters {
    /** dperf-style name, file, section and field. */
    private record Source(String name, String file, String section, String field) {}

    private static final String SNMP = "/proc/thread-self/net/snmp";
    private static final String NETSTAT = "/proc/thread-self/net/netstat";
    private static final List<Source> SOURCES = List.of(
            new Source("synRt", NETSTAT, "TcpExt", "TCPSynRetrans"),
            new Source("retrans", SNMP, "Tcp", "RetransSegs"),
            new Source("rstTx", SNMP, "Tcp", "OutRsts"),
            new Source("rstRx", SNMP, "Tcp", "EstabResets"),
            new Source("synFail", SNMP, "Tcp", "AttemptFails"),
            new Source("listenDrop", NETSTAT, "TcpExt", "ListenDrops"));

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

    /** One of the files as {@code Section:Field} to value; empty when it cannot be read or is not in the kernel's format. */
    static Map<String, Long> parse(String file) {
        try {
            return ProcNetCounters.parse(Files.readString(Path.of(file)), file);
        } catch (IOException | BadInputException e) {
            return new LinkedHashMap<>();
        }
    }
}
