package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.util.Arrays;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.CnpResult;
import org.sonde.inject.analyze.CounterResult;
import org.sonde.inject.analyze.GbnResult;
import org.sonde.inject.analyze.LatencyResult;
import org.sonde.inject.analyze.Reason;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.core.config.Units;

/** The verdicts of an {@link Analysis} as a few lines for the terminal, with the first reasons of each failure. */
final class AnalysisSummary {
    private static final int REASONS_SHOWN = 5;

    private AnalysisSummary() {}

    static void print(PrintWriter o, Analysis a) {
        IntegrityResult i = a.integrity();
        if (i != null) {
            o.printf("  integrity   %s (%,d packets)%n", verdict(i.pass()), i.tracePackets());
            reasons(o, i.reasons());
        }
        GbnResult g = a.gbn();
        long naks = g.qps().stream().mapToLong(q -> q.nakRetransmissions()).sum();
        long timeouts = g.qps().stream().mapToLong(q -> q.timeoutRetransmissions()).sum();
        o.printf("  go-back-N   %s (%s; %d NAK and %d timeout retransmissions)%n", verdict(g.pass()),
                g.mode().name().toLowerCase(java.util.Locale.ROOT), naks, timeouts);
        reasons(o, g.reasons().stream().map(Reason::toString).toList());
        LatencyResult l = a.latency();
        o.printf("  latency     %d losses: NAK generation %s, NAK reaction %s, timeouts %s%n", l.losses().size(),
                span(l.nakGeneration()), span(l.nakReaction()), span(l.timeouts()));
        CnpResult c = a.cnp();
        o.printf("  CNPs        %s (%d CNPs for %d ECN-marked packets)%n", verdict(c.pass()), c.cnps(), c.ecnMarkedDataPackets());
        reasons(o, c.reasons().stream().map(Reason::toString).toList());
        CounterResult k = a.counters();
        if (k != null) {
            o.printf("  counters    %s (%d checks)%n", verdict(k.pass()), k.checks().size());
            reasons(o, k.reasons());
        }
    }

    private static String verdict(boolean pass) {
        return pass ? "pass" : "FAIL";
    }

    private static void reasons(PrintWriter o, java.util.List<String> reasons) {
        reasons.stream().limit(REASONS_SHOWN).forEach(r -> o.println("      - " + r));
        if (reasons.size() > REASONS_SHOWN) o.printf("      (%d more in the JSON)%n", reasons.size() - REASONS_SHOWN);
    }

    /** "none", one value, or "min..max" of the measured values. */
    private static String span(long[] values) {
        long[] v = Arrays.stream(values).filter(x -> x >= 0).sorted().toArray();
        if (v.length == 0) return "none";
        if (v[0] == v[v.length - 1]) return Units.formatNanos(v[0]);
        return Units.formatNanos(v[0]) + ".." + Units.formatNanos(v[v.length - 1]);
    }
}
