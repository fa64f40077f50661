package org.sonde.probe.localize;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sonde.core.BadInputException;
import org.sonde.core.Json;
import org.sonde.probe.topology.Topology;

/**
 * {@code sonde probe localize}'s entry point: reads a results CSV, judges each probe of the window
 * (lossy above a threshold, or a latency spike: its p99 more than {@code spikeMillis} above the mean
 * of its own previous three windows, §3.5.1), sets bad agents aside and ranks the links with every
 * method, NetSonar's first.
 */
public final class Diagnosis {
    /**
     * @param window         the window to localise, or -1 for the last one in the file
     * @param lossThreshold  a probe losing more than this share is bad
     * @param spikeMillis    a p99 rise above the baseline that makes a probe bad (the dissertation's 50 ms)
     * @param filter         the bad-agent filter, or null
     * @param method         the method whose suspects are listed with evidence
     * @param top            suspects listed
     */
    public record Options(long window, double lossThreshold, double spikeMillis, BadAgents filter, Method method, int top) {
        public static Options defaults() {
            return new Options(-1, 0.01, 50, BadAgents.DEFAULT, Method.SHERLOCK, 5);
        }
    }

    /** The verdicts and rankings of one window; {@code observations} are the probes localised over (bad agents' set aside). */
    public record Result(long window, int probes, int badProbes, Set<String> badAgents, Method method, List<Suspect> suspects,
                         Map<Method, List<String>> rankings, long untracedPings, List<Observation> observations, Topology topology) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("window", window);
            m.put("probes", probes);
            m.put("badProbes", badProbes);
            m.put("badAgents", badAgents);
            m.put("untracedPings", untracedPings);
            m.put("method", method.word());
            List<Object> s = new ArrayList<>();
            for (Suspect x : suspects) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("link", topology.link(x.link()).id());
                e.put("score", Math.round(x.score() * 1e4) / 1e4);
                e.put("probes", x.probes());
                e.put("badProbes", x.badProbes());
                List<Object> ev = new ArrayList<>();
                for (Suspect.PathEvidence p : x.worst()) {
                    Map<String, Object> pm = new LinkedHashMap<>();
                    pm.put("source", topology.node(p.source()).name());
                    pm.put("target", topology.node(p.target()).name());
                    pm.put("sourcePort", p.sourcePort());
                    pm.put("destinationPort", p.destinationPort());
                    List<String> path = new ArrayList<>();
                    if (p.path().length > 0) path.add(topology.node(topology.link(p.path()[0]).from()).name());
                    for (int l : p.path()) path.add(topology.node(topology.link(l).to()).name());
                    pm.put("path", path);
                    pm.put("sent", p.sent());
                    pm.put("lost", p.lost());
                    pm.put("bad", p.bad());
                    ev.add(pm);
                }
                e.put("evidence", ev);
                s.add(e);
            }
            m.put("suspects", s);
            Map<String, Object> r = new LinkedHashMap<>();
            rankings.forEach((k, v) -> r.put(k.word(), v));
            m.put("rankings", r);
            return m;
        }

        public String json() {
            return Json.text(toMap());
        }
    }

    private static final Comparator<Observation> CANONICAL = Comparator.comparingInt(Observation::source).thenComparingInt(Observation::target)
            .thenComparingInt(Observation::sourcePort).thenComparingInt(Observation::destinationPort)
            .thenComparing(Observation::path, Arrays::compare).thenComparingLong(Observation::sent).thenComparingLong(Observation::lost)
            .thenComparing(Observation::bad);

    private Diagnosis() {}

    /** Localises over a results file: per-window rows or the live agents' per-probe records ({@link ResultsCsv#readAll}). */
    public static Result localize(Topology topology, Path results, Options o) {
        ResultsCsv.Read read = ResultsCsv.readAll(results, topology);
        return localize(topology, read.rows(), results.toString(), o, read.untracedPings());
    }

    /** Localises over live agents' per-probe records read elsewhere (e.g. from Parquet); {@code source} names them in errors. */
    public static Result localizeRecords(Topology topology, List<ProbeRecord> records, String source, Options o) {
        ProbesCsv.Aggregated a = ProbesCsv.aggregate(records, source, topology);
        return localize(topology, a.rows(), source, o, a.untracedPings());
    }

    public static Result localize(Topology topology, List<ResultsCsv.Row> rows, String source, Options o) {
        return localize(topology, rows, source, o, 0);
    }

    /**
     * Localises over rows read elsewhere (e.g. aggregated on Spark), {@code untraced} pings having
     * been left out for want of a path. Only the rows of the window and, per tuple, its three latest
     * earlier rows with a p99 are read; their order does not matter.
     */
    public static Result localize(Topology topology, List<ResultsCsv.Row> rows, String source, Options o, long untraced) {
        long window = o.window();
        if (window < 0) for (ResultsCsv.Row r : rows) window = Math.max(window, r.window());
        // each tuple's p99 per earlier window, for its baseline
        Map<String, TreeMap<Long, Double>> history = new HashMap<>();
        for (ResultsCsv.Row r : rows)
            if (r.window() < window && !Double.isNaN(r.p99Millis())) history.computeIfAbsent(key(r), k -> new TreeMap<>()).put(r.window(), r.p99Millis());
        List<Observation> obs = new ArrayList<>();
        for (ResultsCsv.Row r : rows) {
            if (r.window() != window) continue;
            boolean bad = r.sent() > 0 && (double) r.lost() / r.sent() > o.lossThreshold();
            TreeMap<Long, Double> h = history.get(key(r));
            if (!bad && !Double.isNaN(r.p99Millis()) && h != null && !h.isEmpty()) {
                double sum = 0;
                int n = 0;
                for (double v : h.descendingMap().values()) {
                    sum += v;
                    if (++n == 3) break;
                }
                bad = r.p99Millis() - sum / n > o.spikeMillis();
            }
            obs.add(new Observation(r.source(), r.target(), r.sourcePort(), r.destinationPort(), r.path(), r.sent(), r.lost(), bad));
        }
        if (obs.isEmpty()) throw new BadInputException(source, "", "no results in window " + window);
        // one order whatever the input's (a file's lines, Spark's partitions): the rankings sum scores in it
        obs.sort(CANONICAL);
        int bad = (int) obs.stream().filter(Observation::bad).count();
        Set<String> badAgents = new java.util.TreeSet<>();
        if (o.filter() != null) {
            BadAgents.Filtered f = o.filter().filter(obs);
            f.badAgents().forEach(a -> badAgents.add(topology.node(a).name()));
            obs = f.kept();
        }
        Localizer loc = new Localizer(topology.links().size(), obs, window);
        Map<Method, List<String>> rankings = new LinkedHashMap<>();
        for (Method m : Method.values()) {
            int[] r = loc.rank(m);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < Math.min(o.top(), r.length); i++) ids.add(topology.link(r[i]).id());
            rankings.put(m, ids);
        }
        return new Result(window, obs.size(), bad, badAgents, o.method(), loc.suspects(o.method(), o.top()), rankings, untraced, obs, topology);
    }

    private static String key(ResultsCsv.Row r) {
        return r.source() + "/" + r.target() + "/" + r.sourcePort() + "/" + r.destinationPort();
    }
}
