package org.sonde.verify.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.core.Json;
import org.sonde.verify.check.Check;
import org.sonde.verify.gen.Truth;
import org.sonde.verify.run.VerificationResult;

/** The JSON of a check: what {@code sonde verify check --json} writes and its report embeds. */
public final class CheckJson {
    private CheckJson() {}

    /**
     * The result of checking {@code snapshot} as a JSON object: the snapshot, backend (and Spark
     * master, when not null), checks, sizes, counts per type, the violations, and the seconds in
     * total and per phase ({@code readSeconds}: reading the snapshot before the backend started).
     */
    public static Map<String, Object> of(String snapshot, String master, VerificationResult r, double readSeconds, double seconds) {
        return of(snapshot, master, r, readSeconds, seconds, null);
    }

    /** As {@link #of(String, String, VerificationResult, double, double)}, with the comparison with the snapshot's truth.json when not null. */
    public static Map<String, Object> of(String snapshot, String master, VerificationResult r, double readSeconds, double seconds, Truth.Score truth) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("snapshot", snapshot);
        m.put("backend", r.backend());
        if (master != null) m.put("master", master);
        m.put("checks", r.checks().stream().sorted().map(Check::word).toList());
        m.put("switches", r.switches());
        m.put("rules", r.rules());
        m.put("subnets", r.subnets());
        m.put("pairs", r.pairs());
        Map<String, Integer> counts = new LinkedHashMap<>();
        ViolationCounts.of(r.violations()).forEach((t, n) -> counts.put(t.word(), n));
        m.put("counts", counts);
        if (truth != null) m.put("truth", truth.json());
        m.put("violations", r.violations());
        m.put("seconds", seconds);
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("read", readSeconds);
        phases.put("setup", r.times().setupSeconds());
        phases.put("map", r.times().mapSeconds());
        phases.put("shuffle", r.times().shuffleSeconds());
        phases.put("reduce", r.times().reduceSeconds());
        m.put("phases", phases);
        return m;
    }

    /** {@code value} as one line of JSON text, newline included. */
    public static String text(Object value) {
        return Json.text(value);
    }
}
