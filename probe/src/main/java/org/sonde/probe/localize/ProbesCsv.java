package org.sonde.probe.localize;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.AtomicFiles;
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
    /** What is wrong with records that hold no ping, and with pings none of whose tuples was traced. */
    public static final String NO_PINGS = "no pings in the probe records";
    public static final String NO_PATHS = "no ping's 5-tuple has a complete traceroute, so no probe has a path";

    private ProbesCsv() {}

    /** One record as a CSV line (without the line break). */
    public static String line(ProbeRecord r) {
        return r.window() + "," + r.timeMillis() + "," + r.kind().name().toLowerCase(Locale.ROOT) + "," + r.agent() + "," + r.target() + ","
                + r.source() + "," + r.sourcePort() + "," + r.destination() + "," + r.destinationPort() + ",tcp," + r.outcome().word() + ","
                + (Double.isNaN(r.rttMillis()) ? "" : millis(r.rttMillis())) + "," + String.join(" ", r.hops());
    }

    /** A time in milliseconds as the records keep it: to the microsecond. */
    public static String millis(double ms) {
        return String.format(Locale.ROOT, "%.3f", ms);
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

    /** Writes the records to {@code file} whole ({@link AtomicFiles}). */
    public static void write(Path file, List<ProbeRecord> records) {
        AtomicFiles.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            write(w, records);
            w.flush();
        });
    }

    /** The records of a CSV with {@link #HEADER}; every error names the source, line and column. */
    public static List<ProbeRecord> parse(String text, String source) {
        String[] lines = text.split("\r?\n", -1);
        if (!lines[0].strip().equals(HEADER)) throw new BadInputException(source, "line 1", "expected the header " + HEADER);
        List<ProbeRecord> out = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            out.add(record(lines[i].split(",", -1), source, "line " + (i + 1)));
        }
        return out;
    }

    /** One record from its 13 fields (a line's, or a Parquet row's as text); errors name {@code source}, {@code where} and the column. */
    public static ProbeRecord record(String[] f, String source, String where) {
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
            return new ProbeRecord(window, time, kind, f[3].strip(), f[4].strip(), f[5].strip(), sport, f[7].strip(), dport, outcome, rtt, hops);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, where, e.getMessage());
        }
    }

    /**
     * A complete traceroute of a tuple: when it was sent and the nodes it saw, space-separated. Of a
     * tuple's traceroutes in one window the one sent last counts (equal times: the greater hops, so
     * that the choice never depends on the order records arrive in, in a file or on Spark).
     */
    public record Trace(long timeMillis, String hops) implements java.io.Serializable {
        public static Trace later(Trace a, Trace b) {
            if (a.timeMillis != b.timeMillis) return a.timeMillis > b.timeMillis ? a : b;
            return a.hops.compareTo(b.hops) >= 0 ? a : b;
        }
    }

    /** The p99 of a tuple's round trips in a window as {@link ResultsCsv} writes it, or an empty field without any; {@code sorted} ascending. */
    public static String p99(double[] sorted) {
        return sorted.length == 0 ? "" : millis(sorted[(int) Math.ceil(0.99 * sorted.length) - 1]);
    }

    /**
     * A {@link ResultsCsv} line for a tuple's pings in a window; its path is the forward traceroute,
     * then the way back as the reversed tuple's traceroute saw it ({@code back} null: not traced).
     */
    public static String resultLine(long window, String agent, String target, int sourcePort, int destinationPort, String forward, String back,
                                    long sent, long lost, String p99) {
        String path = back == null ? forward : forward + back.substring(back.indexOf(' '));
        return window + "," + agent + "," + target + "," + sourcePort + "," + destinationPort + "," + path + "," + sent + "," + lost + "," + p99;
    }

    /** The hops of the latest trace at or before {@code window}, or null. */
    public static String latest(TreeMap<Long, Trace> byWindow, long window) {
        if (byWindow == null) return null;
        Map.Entry<Long, Trace> e = byWindow.floorEntry(window);
        return e == null ? null : e.getValue().hops();
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
        Map<Key, TreeMap<Long, Trace>> traces = new HashMap<>();
        Map<String, Group> groups = new LinkedHashMap<>();
        for (ProbeRecord r : records) {
            Key k = new Key(r.agent(), r.target(), r.sourcePort(), r.destinationPort());
            if (r.kind() == ProbeRecord.Kind.TRACE) {
                if (r.outcome() == ProbeRecord.Outcome.COMPLETE)
                    traces.computeIfAbsent(k, x -> new TreeMap<>()).merge(r.window(), new Trace(r.timeMillis(), String.join(" ", r.hops())), Trace::later);
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
            double[] rtts = g.rtts().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            csv.append(resultLine(g.window(), g.key().agent(), g.key().target(), g.key().sourcePort(), g.key().destinationPort(), forward,
                    latest(traces.get(g.key().reversed()), g.window()), g.sentLost()[0], g.sentLost()[1], p99(rtts))).append('\n');
        }
        if (groups.isEmpty()) throw new BadInputException(source, "", NO_PINGS);
        if (untraced == groups.values().stream().mapToLong(g -> g.sentLost()[0]).sum()) throw new BadInputException(source, "", NO_PATHS);
        return new Aggregated(ResultsCsv.parse(csv.toString(), source + " (aggregated per probe and window)", topology), untraced);
    }
}
