package org.sonde.probe.localize;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.probe.topology.Topology;

/**
 * Probe results as agents upload them (§3.4's data sink takes CSV): one row per probe and window,
 *
 * <pre>
 * window,source,target,sourcePort,destinationPort,path,sent,lost,p99Millis
 * 7,h0,h15,40312,80,h0 edge0-0 agg0-1 core2 agg3-1 edge3-1 h15,100,3,41.5
 * </pre>
 *
 * where {@code path} is the traceroute of the same 5-tuple (node names from source to target, or
 * on to the source again when the way back was traced too: a round trip) and {@code p99Millis} may
 * be empty. Every error names the file, line and column. {@link #read} also takes the live agents'
 * per-probe records ({@link ProbesCsv}), which it aggregates into these rows.
 */
public final class ResultsCsv {
    public static final String HEADER = "window,source,target,sourcePort,destinationPort,path,sent,lost,p99Millis";

    private ResultsCsv() {}

    /** One row, resolved against the topology. */
    public record Row(long window, int source, int target, int sourcePort, int destinationPort, int[] path, long sent, long lost, double p99Millis) {}

    public static List<Row> read(Path file, Topology topology) {
        return readAll(file, topology).rows();
    }

    /** Rows to localise over, and the pings left out for want of a traced path (live records only). */
    record Read(List<Row> rows, long untracedPings) {}

    /** Reads per-window results ({@link #HEADER}) or the live agents' per-probe records ({@link ProbesCsv#HEADER}). */
    public static Read readAll(Path file, Topology topology) {
        String text = InputFiles.readUtf8(file, "results", "a CSV with the header " + HEADER + " or " + ProbesCsv.HEADER);
        if (text.startsWith(ProbesCsv.HEADER)) {
            ProbesCsv.Aggregated a = ProbesCsv.aggregate(ProbesCsv.parse(text, file.toString()), file.toString(), topology);
            return new Read(a.rows(), a.untracedPings());
        }
        return new Read(parse(text, file.toString(), topology), 0);
    }

    public static List<Row> parse(String text, String source, Topology topology) {
        String[] lines = text.split("\r?\n", -1);
        if (lines.length == 0 || !lines[0].strip().equals(HEADER))
            throw new BadInputException(source, "line 1", "expected the header " + HEADER + " (or the live agents' " + ProbesCsv.HEADER + ")");
        Map<Long, Integer> linkByPair = new HashMap<>();
        for (var l : topology.links()) linkByPair.putIfAbsent(((long) l.from() << 32) | l.to(), l.index());
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            String where = "line " + (i + 1);
            String[] f = lines[i].split(",", -1);
            if (f.length != 9) throw new BadInputException(source, where, "expected 9 comma-separated fields, found " + f.length);
            long window = whole(f[0], source, where, "window", 0, Long.MAX_VALUE);
            int src = agent(f[1], topology, source, where, "source");
            int dst = agent(f[2], topology, source, where, "target");
            if (src == dst) throw new BadInputException(source, where + ", target", "the target is the source");
            int sport = (int) whole(f[3], source, where, "sourcePort", 1, 65535);
            int dport = (int) whole(f[4], source, where, "destinationPort", 1, 65535);
            String[] hops = f[5].strip().split("\\s+");
            if (hops.length < 2) throw new BadInputException(source, where + ", path", "expected the traceroute's nodes separated by spaces, source first");
            int[] path = new int[hops.length - 1];
            int prev = node(hops[0], topology, source, where);
            if (prev != src) throw new BadInputException(source, where + ", path", "starts at " + hops[0] + ", not at the source " + f[1]);
            boolean reached = false;
            for (int h = 1; h < hops.length; h++) {
                int next = node(hops[h], topology, source, where);
                if (reached && next == src && h < hops.length - 1)
                    throw new BadInputException(source, where + ", path", "comes back to the source " + f[1] + " before its end");
                Integer link = linkByPair.get(((long) prev << 32) | next);
                if (link == null) throw new BadInputException(source, where + ", path", "no link from " + hops[h - 1] + " to " + hops[h] + " in the topology");
                path[h - 1] = link;
                prev = next;
                if (next == dst) {
                    if (reached) throw new BadInputException(source, where + ", path", "reaches the target " + f[2] + " twice");
                    reached = true;
                }
            }
            if (!reached) throw new BadInputException(source, where + ", path", "never reaches the target " + f[2]);
            if (prev != dst && prev != src)
                throw new BadInputException(source, where + ", path", "ends at " + hops[hops.length - 1] + ", neither at the target " + f[2] + " nor back at the source");
            long sent = whole(f[6], source, where, "sent", 0, Long.MAX_VALUE);
            long lost = whole(f[7], source, where, "lost", 0, sent);
            double p99 = optionalMillis(f[8], source, where, "p99Millis");
            rows.add(new Row(window, src, dst, sport, dport, path, sent, lost, p99));
        }
        if (rows.isEmpty()) throw new BadInputException(source, "", "no results after the header");
        return rows;
    }

    /** A non-negative time in milliseconds, or NaN for an empty field (both CSV forms have such columns). */
    static double optionalMillis(String field, String source, String where, String column) {
        if (field.isBlank()) return Double.NaN;
        double v;
        try {
            v = Double.parseDouble(field.strip());
        } catch (NumberFormatException e) {
            v = -1;
        }
        if (!(v >= 0) || Double.isInfinite(v)) throw new BadInputException(source, where + ", " + column, "expected milliseconds or nothing, got '" + field + "'");
        return v;
    }

    static long whole(String s, String source, String where, String column, long min, long max) {
        try {
            long v = Long.parseLong(s.strip());
            if (v >= min && v <= max) return v;
            throw new BadInputException(source, where + ", " + column, "expected " + min + ".." + max + ", got " + v);
        } catch (NumberFormatException e) {
            throw new BadInputException(source, where + ", " + column, "expected a whole number, got '" + s + "'");
        }
    }

    private static int agent(String name, Topology t, String source, String where, String column) {
        var a = t.agent(name.strip());
        if (a == null) throw new BadInputException(source, where + ", " + column, "unknown agent " + name);
        return a.node();
    }

    private static int node(String name, Topology t, String source, String where) {
        int n = t.nodeIndex(name);
        if (n < 0) throw new BadInputException(source, where + ", path", "unknown node " + name);
        return n;
    }
}
