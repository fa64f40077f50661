package org.sonde.inject.tcp.linux;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.netio.Testbed;

/**
 * A host's network counters as {@code nstat} names them ({@code TcpOutSegs}, {@code TcpExtTCPLossProbes}):
 * the {@code Tcp:} and {@code TcpExt:} rows of its namespace's {@code /proc/net/snmp} and
 * {@code /proc/net/netstat}, where each table is a line of names followed by a line of values.
 */
final class HostCounters {
    private HostCounters() {}

    static Map<String, Long> read(Testbed testbed, String node) {
        Map<String, Long> out = new LinkedHashMap<>();
        parse(testbed.exec(node, "cat", "/proc/net/snmp", "/proc/net/netstat"), out);
        return out;
    }

    /** The counters of the {@code Tcp} and {@code TcpExt} tables in the text of those files. */
    static void parse(String text, Map<String, Long> out) {
        String[] lines = text.split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            String names = lines[i], values = lines[i + 1];
            int colon = names.indexOf(':');
            if (colon < 0 || !values.startsWith(names.substring(0, colon + 1))) continue;
            String table = names.substring(0, colon);
            if (!table.equals("Tcp") && !table.equals("TcpExt")) continue;
            String[] n = names.substring(colon + 1).trim().split("\\s+"), v = values.substring(colon + 1).trim().split("\\s+");
            for (int k = 0; k < Math.min(n.length, v.length); k++) {
                try {
                    out.put(table + n[k], Long.parseLong(v[k]));
                } catch (NumberFormatException e) {
                    // a counter that is not a number is none of ours
                }
            }
            i++;
        }
    }

    /** after − before, for every counter in after. */
    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new LinkedHashMap<>();
        after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
        return d;
    }
}
