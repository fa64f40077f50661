package org.sonde.inject.tcp.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;

/** A comparison as a few lines for the terminal: the counts per category, then each difference. */
public final class TcpDiffSummary {
    /** Differences listed one by one; the rest are counted (all are in diff.json). */
    static final int LISTED = 40;

    private TcpDiffSummary() {}

    public static List<String> lines(TcpDiffRun.Outcome o) {
        TcpDiff.Result r = o.result();
        List<String> out = new ArrayList<>();
        if (o.model() != null) {
            out.add(String.format("  model links %.0f Gb/s, %.1f us each (a quarter of the kernel's median handshake round trip)",
                    o.model().linkRateBps() / 1e9, o.model().linkDelayNanos() / 1e3));
        }
        o.notes().forEach(n -> out.add("  note        " + n));
        for (TcpDiff.Alignment a : r.alignments()) {
            long left = a.client().stream().filter(x -> x.left() != null).count() + a.server().stream().filter(x -> x.left() != null).count();
            long right = a.client().stream().filter(x -> x.right() != null).count() + a.server().stream().filter(x -> x.right() != null).count();
            out.add(String.format("  conn %-3d    %d packets on %s, %d on %s, %d aligned", a.connection(), left, r.leftLabel(), right, r.rightLabel(),
                    a.matched()));
        }
        if (r.same()) {
            out.add("  SAME        no difference (times within " + TcpAnalyzer.ms(r.tolerance().absoluteNanos()) + " or "
                    + Math.round(r.tolerance().relative() * 100) + "%)");
            return out;
        }
        StringBuilder counts = new StringBuilder();
        for (Map.Entry<TcpDiff.Category, Long> e : r.counts().entrySet()) {
            if (e.getValue() > 0) counts.append(counts.isEmpty() ? "" : ", ").append(e.getValue()).append(' ').append(e.getKey().word());
        }
        out.add("  DIFFERENT   " + r.differences().size() + " differences: " + counts);
        for (TcpDiff.Difference d : r.differences().subList(0, Math.min(LISTED, r.differences().size()))) {
            out.add(String.format("  %-13s %s%s", d.category().word(), d.connection() > 0 ? "conn " + d.connection() + " " : "", d.where()));
            out.add(String.format("      %-8s %s", r.leftLabel() + ":", d.left()));
            out.add(String.format("      %-8s %s", r.rightLabel() + ":", d.right()));
        }
        if (r.differences().size() > LISTED) out.add("  ... " + (r.differences().size() - LISTED) + " more in diff.json");
        return out;
    }
}
