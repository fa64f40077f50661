package org.sonde.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.search.engine.EngineCommand;
import org.sonde.search.engine.PerftestCommands;

/**
 * The JSON of a search and of a comparison. A search: {@code {"target", "method", "seed",
 * "budgetHours", "screen", "usedHours", "experiments", "mfsExperiments", "skipped", "counterOrder",
 * "anomalies": [{"symptom", "foundAtHours", "mfs", "mechanism", "mechanisms", "point", "perftest"}],
 * "firstHitHours"}}; {@code experiments} counts every experiment run (search and MFS), and
 * {@code mechanism} is the simulator's ground truth, for evaluation only; {@code perftest} is the
 * MFS as perftest command lines ({@link MfsPerftest}).
 */
public final class SearchJson {
    private SearchJson() {}

    public static Map<String, Object> toMap(SearchResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", r.target());
        m.put("method", r.method().cliName());
        m.put("seed", r.seed());
        m.put("budgetHours", r.budgetHours());
        m.put("screen", r.screen());
        m.put("usedHours", round(r.usedHours()));
        m.put("experiments", r.experiments() + r.mfsExperiments());
        m.put("searchExperiments", r.experiments());
        m.put("mfsExperiments", r.mfsExperiments());
        m.put("skipped", r.skipped());
        m.put("counterOrder", r.counterOrder());
        List<Object> as = new ArrayList<>();
        for (Found f : r.anomalies()) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("symptom", f.symptom().jsonName());
            a.put("foundAtHours", round(f.foundAtHours()));
            a.put("mfs", f.mfs() == null ? null : f.mfs().toJson());
            a.put("mfsExperiments", f.mfs() == null ? 0 : f.mfs().experiments());
            a.put("mechanism", f.mechanism());
            a.put("mechanisms", f.mechanisms());
            a.put("point", f.point().toJson());
            a.put("perftest", f.perftest() == null ? null : perftest(f.perftest()));
            as.add(a);
        }
        m.put("anomalies", as);
        Map<String, Object> hits = new LinkedHashMap<>();
        r.firstHitHours().entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach(e -> hits.put(e.getKey(), round(e.getValue())));
        m.put("firstHitHours", hits);
        return m;
    }

    /** An MFS's perftest export: the point, whether the commands are exact, the commands, and what perftest cannot express. */
    static Map<String, Object> perftest(MfsPerftest x) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", x.point().toJson());
        m.put("exact", x.compiled().exact());
        List<Object> cs = new ArrayList<>();
        for (EngineCommand c : x.compiled().commands()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("host", c.host());
            e.put("role", c.role());
            e.put("traffic", c.traffic());
            e.put("line", c.line());
            cs.add(e);
        }
        m.put("commands", cs);
        List<Object> gs = new ArrayList<>();
        for (PerftestCommands.Gap g : x.compiled().cannotExpress()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("feature", g.feature());
            e.put("value", g.value());
            e.put("reason", g.reason());
            gs.add(e);
        }
        m.put("cannotExpress", gs);
        return m;
    }

    public static Map<String, Object> toMap(Comparison c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", c.target());
        m.put("budgetHours", c.budgetHours());
        m.put("seeds", c.seeds());
        m.put("screen", c.screen());
        List<Object> ms = new ArrayList<>();
        for (Comparison.MethodSummary s : c.methods()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("method", s.method().cliName());
            x.put("mechanismsFound", s.found());
            x.put("meanFound", round(s.meanFound()));
            List<Object> rows = new ArrayList<>();
            for (Comparison.TimeToN t : s.timeToN()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("n", t.n());
                row.put("seedsReaching", t.seedsReaching());
                row.put("meanHours", Double.isNaN(t.meanHours()) ? null : round(t.meanHours()));
                row.put("sdHours", Double.isNaN(t.sdHours()) ? null : round(t.sdHours()));
                rows.add(row);
            }
            x.put("timeToN", rows);
            x.put("hitBySeeds", new TreeMap<>(s.hitBySeeds()));
            x.put("experimentsPerSeed", round(s.experimentsPerSeed()));
            x.put("mfsCount", s.mfsCount());
            x.put("mfsPrecision", Double.isNaN(s.mfsPrecision()) ? null : round(s.mfsPrecision()));
            x.put("mfsRecall", Double.isNaN(s.mfsRecall()) ? null : round(s.mfsRecall()));
            x.put("wallSeconds", round(s.wallSeconds()));
            ms.add(x);
        }
        m.put("methods", ms);
        return m;
    }

    public static String toJson(Object map) {
        try {
            return Json.mapper().writeValueAsString(map);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void write(Object map, Path file) {
        AtomicFiles.writeString(file, toJson(map) + "\n");
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
