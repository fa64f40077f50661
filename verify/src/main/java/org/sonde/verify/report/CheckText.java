package org.sonde.verify.report;

import java.util.ArrayList;
import java.util.List;
import org.sonde.verify.check.Violation;
import org.sonde.verify.gen.Truth;
import org.sonde.verify.run.PhaseTimes;
import org.sonde.verify.run.VerificationResult;

/** The lines {@code sonde verify check} prints: the verdict, one row per violation, and the truth's score. */
public final class CheckText {
    private CheckText() {}

    /**
     * The summary of checking {@code snapshot}, then the first {@code show} violations as
     * {@code type subnet at WHERE: WHY}, where the rest are ({@code rest}, e.g. the JSON file), and
     * the comparison with truth.json when {@code truth} is not null.
     */
    public static List<String> lines(String snapshot, VerificationResult r, double readSeconds, double seconds, int show, String rest, Truth.Score truth) {
        List<String> lines = new ArrayList<>();
        PhaseTimes t = r.times();
        lines.add(String.format("%s: %d violations (%s) in %,d subnets; %,d switches, %,d rules; %.1f s (read %.1f, setup %.1f, map %.1f, shuffle %.1f, reduce %.1f)",
                snapshot, r.violations().size(), ViolationCounts.text(r.violations()), r.subnets(), r.switches(), r.rules(), seconds, readSeconds,
                t.setupSeconds(), t.mapSeconds(), t.shuffleSeconds(), t.reduceSeconds()));
        for (Violation v : r.violations().subList(0, Math.min(Math.max(0, show), r.violations().size())))
            lines.add("  " + v.type().word() + " " + v.subnet() + " at " + v.where() + ": " + v.why());
        if (r.violations().size() > show) lines.add("  ... " + (r.violations().size() - show) + " more " + rest);
        if (truth != null) {
            lines.add(truth.text());
            truth.missed().forEach(p -> lines.add("  missed " + p.type().word() + " " + p.subnet() + " at " + String.join(" ", p.switches()) + ": " + p.fault()));
        }
        return lines;
    }
}
