package org.sonde.inject.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.sonde.core.config.Units;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.CnpResult;
import org.sonde.inject.analyze.CounterResult;
import org.sonde.inject.analyze.GbnResult;
import org.sonde.inject.analyze.LatencyResult;
import org.sonde.inject.model.IntegrityResult;

/** The verdicts of an {@link Analysis} as a few lines for the terminal, with the first reasons of each failure. */
public final class AnalysisSummary {
    private static final int REASONS_SHOWN = 5;

    private AnalysisSummary() {}

    /** One line per check (integrity and counters when checked), each failure's first reasons indented below it. */
    public static List<String> lines(Analysis a) {
        List<String> o = new ArrayList<>();
        IntegrityResult i = a.integrity();
        if (i != null) {
            o.add(String.format("  integrity   %s (%,d packets)", verdict(i.pass()), i.tracePackets()));
            reasons(o, i.reasons());
        }
        GbnResult g = a.gbn();
        long naks = g.qps().stream().mapToLong(q -> q.nakRetransmissions()).sum();
        long timeouts = g.qps().stream().mapToLong(q -> q.timeoutRetransmissions()).sum();
        o.add(String.format("  go-back-N   %s (%s; %d NAK and %d timeout retransmissions)", verdict(g.pass()),
                g.mode().name().toLowerCase(Locale.ROOT), naks, timeouts));
        reasons(o, g.reasons().stream().map(r -> r.text(a.firstQpNumber())).toList());
        LatencyResult l = a.latency();
        o.add(String.format("  latency     %d losses: NAK generation %s, NAK reaction %s, timeouts %s", l.losses().size(),
                span(l.nakGeneration()), span(l.nakReaction()), span(l.timeouts())));
        CnpResult c = a.cnp();
        o.add(String.format("  CNPs        %s (%d CNPs for %d ECN-marked packets)", verdict(c.pass()), c.cnps(), c.ecnMarkedDataPackets()));
        reasons(o, c.reasons().stream().map(r -> r.text(a.firstQpNumber())).toList());
        CounterResult k = a.counters();
        if (k != null) {
            o.add(String.format("  counters    %s (%d checks)", verdict(k.pass()), k.checks().size()));
            reasons(o, k.reasons());
        }
        return o;
    }

    /** "pass" or "FAIL", as every summary line says it. */
    public static String verdict(boolean pass) {
        return pass ? "pass" : "FAIL";
    }

    /** The first few reasons, indented below their verdict line, and how many more the JSON holds. */
    public static void reasons(List<String> o, List<String> reasons) {
        reasons.stream().limit(REASONS_SHOWN).forEach(r -> o.add("      - " + r));
        if (reasons.size() > REASONS_SHOWN) o.add(String.format("      (%d more in analysis.json)", reasons.size() - REASONS_SHOWN));
    }

    /** "none", one value, or "min..max" of the measured values. */
    private static String span(long[] values) {
        long[] v = Arrays.stream(values).filter(x -> x >= 0).sorted().toArray();
        if (v.length == 0) return "none";
        if (v[0] == v[v.length - 1]) return Units.formatNanos(v[0]);
        return Units.formatNanos(v[0]) + ".." + Units.formatNanos(v[v.length - 1]);
    }
}
