package org.sonde.probe.localize;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.BadInputException;
import org.sonde.probe.topology.Topology;

/**
 * Probe records as live agents write them, one row per probe ({@link ProbeRecord}):
 *
 * <pre>
 * window,timeMillis,kind,agent,target,source,sourcePort,destination,destinationPort,protocol,outcome,rttMillis,hops
 * 0,1764200000123,trace,h0,h15,10.0.0.1,40312,10.0.0.16,80,tcp,complete,0.412,h0 edge0-0 agg0-1 core2 agg3-1 edge3-1 h15
 * 1,1764200001456,ping,h0,h15,10.0.0.1,40312,10.0.0.16,80,tcp,rst,0.087,
 * 1,1764200001461,ping,h0,h15,10.0.0.1,40312,10.0.0.16,80,tcp,lost,,
 * </pre>
 *
 * {@link #aggregate} turns them into {@link ResultsCsv}'s per-probe-and-window rows, so that
 * {@code sonde probe localize} reads either: a tuple's pings in a window are counted (answered or
 * lost) and their round trips give its p99; its path is its latest complete traceroute up to that
 * window, followed by the latest complete traceroute of the reversed tuple (the target's agent
 * tracing the way the answers come back, as §3.7 proposes for the forward/reverse mismatch), so
 * a lost answer is blamed on the links it crossed. Pings of a tuple never traced completely have
 * no path: they are counted as untraced and left out.
 */
public final class ProbesCsv {
    public static final String HEADER = "window,timeMillis,kind,agent,target,source,sourcePort,destination,destinationPort,protocol,outcome,rttMillis,hops";

    private ProbesCsv() {}

    /** One record as a CSV line (without the line break). */
    public static String line(ProbeRecord r) {
        return r.window() + "," + r.timeMillis() + "," + r.kind().name().toLowerCase(Locale.ROOT) + "," + r.agent() + "," + r.target() + ","
                + r.source() + "," + r.sourcePort() + "," + r.destination() + "," + r.destinationPort() + ",tcp," + r.outcome().word() + ","
                + (Double.isNaN(r.rttMillis()) ? "" : String.format(Locale.ROOT, "%.3f", r.rttMillis())) + "," + String.join(" ", r.hops());
    }

    /** Writes the header and the records. */
    public static void write(Writer w, List<ProbeRecord> records) throws IOException {
        w.write(HEADER);
        w.write('\n');
        for (ProbeRecord r : records) {
            w.write(line(r));
            w.write('\n');
        }
    }

    /** The records of a CSV with {@link #HEADER}; every error names the source, line and column. */
    public static List<ProbeRecord> parse(String text, String source) {
        String[] lines = text.split("\r?\n", -1);
        if (!lines[0].strip().equals(HEADER)) throw new BadInputException(source, "line 1", "expected the header " + HEADER);
        List<ProbeRecord> out = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            String where = "line " + (i + 1);
            String[] f = lines[i].split(",", -1);
            if (f.length != 13) throw new BadInputException(source, where, "expected 13 comma-separated fields, found " + f.length);
            long window = ResultsCsv.whole(f[0], source, where, "window", 0, Long.MAX_VALUE);
            long time = ResultsCsv.whole(f[1], source, where, "timeMillis", 0, Long.MAX_VALUE);
            ProbeRecord.Kind kind = switch (f[2].strip()) {
                case "ping" -> ProbeRecord.Kind.PING;
                case "trace" -> ProbeRecord.Kind.TRACE;
                default -> throw new BadInputException(source, where + ", kind", "expected ping or trace, got '" + f[2] + "'");
            };
            int sport = (int) ResultsCsv.whole(f[6], source, where, "sourcePort", 1, 65535);
            int dport = (int) ResultsCsv.whole(f[8], source, where, "destinationPort", 1, 65535);
            if (!f[9].strip().equals("tcp")) throw new BadInputException(source, where + ", protocol", "expected tcp, got '" + f[9] + "'");
            ProbeRecord.Outcome outcome = null;
            for (ProbeRecord.Outcome o : ProbeRecord.Outcome.values()) if (o.word().equals(f[10].strip())) outcome = o;
            if (outcome == null) throw new BadInputException(source, where + ", outcome", "expected one of "
                    + Arrays.stream(ProbeRecord.Outcome.values()).map(ProbeRecord.Outcome::word).toList() + ", got '" + f[10] + "'");
            double rtt = ResultsCsv.optionalMillis(f[11], source, where, "rttMillis");
            List<String> hops = f[12].isBlank() ? List.of() : List.of(f[12].strip().split("\\s+"));
            try {
                out.add(new ProbeRecord(window, time, kind, f[3].strip(), f[4].strip(), f[5].strip(), sport, f[7].strip(), dport, outcome, rtt, hops));
            } catch (IllegalArgumentException e) {
                throw new BadInputException(source, where, e.getMessage());
            }
        }
        return out;
    }

    /** Rows for localisation, and how many pings had no traced path. */
    record Aggregated(List<ResultsCsv.Row> rows, long untracedPings) {}

    /** The records as {@link ResultsCsv} rows (see the class comment); paths and agents are checked against the topology. */
    static Aggregated aggregate(List<ProbeRecord> records, String source, Topology topology) {
        record Key(String agent, String target, int sourcePort, int destinationPort) {
            Key reversed() {
                return new Key(target, agent, destinationPort, sourcePort);
            }
        }
        record Group(Key key, long window, List<Double> rtts, long[] sentLost) {}
        Map<Key, TreeMap<Long, String>> traces = new HashMap<>();
        Map<String, Group> groups = new LinkedHashMap<>();
        for (ProbeRecord r : records) {
            Key k = new Key(r.agent(), r.target(), r.sourcePort(), r.destinationPort());
            if (r.kind() == ProbeRecord.Kind.TRACE) {
                if (r.outcome() == ProbeRecord.Outcome.COMPLETE) traces.computeIfAbsent(k, x -> new TreeMap<>()).put(r.window(), String.join(" ", r.hops()));
                continue;
            }
            Group g = groups.computeIfAbsent(r.window() + "/" + k, x -> new Group(k, r.window(), new ArrayList<>(), new long[2]));
            g.sentLost()[0]++;
            if (r.outcome().answered()) {
                if (!Double.isNaN(r.rttMillis())) g.rtts().add(r.rttMillis());
            } else {
                g.sentLost()[1]++;
            }
        }
        StringBuilder csv = new StringBuilder(ResultsCsv.HEADER).append('\n');
        long untraced = 0;
        for (Group g : groups.values()) {
            String forward = latest(traces.get(g.key()), g.window());
            if (forward == null) {
                untraced += g.sentLost()[0];
                continue;
            }
            String back = latest(traces.get(g.key().reversed()), g.window());
            String path = back == null ? forward : forward + back.substring(back.indexOf(' '));
            String p99 = "";
            if (!g.rtts().isEmpty()) {
                List<Double> r = new ArrayList<>(g.rtts());
                r.sort(null);
                p99 = String.format(Locale.ROOT, "%.3f", r.get((int) Math.ceil(0.99 * r.size()) - 1));
            }
            csv.append(g.window()).append(',').append(g.key().agent()).append(',').append(g.key().target()).append(',')
                    .append(g.key().sourcePort()).append(',').append(g.key().destinationPort()).append(',').append(path).append(',')
                    .append(g.sentLost()[0]).append(',').append(g.sentLost()[1]).append(',').append(p99).append('\n');
        }
        if (groups.isEmpty()) throw new BadInputException(source, "", "no pings in the probe records");
        if (untraced == groups.values().stream().mapToLong(g -> g.sentLost()[0]).sum())
            throw new BadInputException(source, "", "no ping's 5-tuple has a complete traceroute, so no probe has a path");
        return new Aggregated(ResultsCsv.parse(csv.toString(), source + " (aggregated per probe and window)", topology), untraced);
    }

    private static String latest(TreeMap<Long, String> byWindow, long window) {
        if (byWindow == null) return null;
        Map.Entry<Long, String> e = byWindow.floorEntry(window);
        return e == null ? null : e.getValue();
    }
}
