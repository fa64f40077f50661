package org.sonde.verify.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;

/** How many violations of each type, as the reports, the JSON and the terminal lines show them. */
public final class ViolationCounts {
    private ViolationCounts() {}

    /** The count of each type present, in the types' order. */
    public static Map<ViolationType, Integer> of(List<Violation> violations) {
        Map<ViolationType, Integer> counts = new EnumMap<>(ViolationType.class);
        for (Violation v : violations) counts.merge(v.type(), 1, Integer::sum);
        return counts;
    }

    /** "2 loop, 1 blackhole", or "none". */
    public static String text(List<Violation> violations) {
        Map<ViolationType, Integer> counts = of(violations);
        if (counts.isEmpty()) return "none";
        StringBuilder sb = new StringBuilder();
        counts.forEach((t, n) -> sb.append(sb.isEmpty() ? "" : ", ").append(n).append(' ').append(t.word()));
        return sb.toString();
    }
}
