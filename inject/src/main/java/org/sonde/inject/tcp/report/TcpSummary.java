package org.sonde.inject.tcp.report;

import static org.sonde.inject.report.AnalysisSummary.reasons;
import static org.sonde.inject.report.AnalysisSummary.verdict;

import java.util.ArrayList;
import java.util.List;
import org.sonde.core.config.Units;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.analyze.TcpAnalysis;

/** A TCP test's outcome and verdicts as a few lines for the terminal, each failure's first reasons below it. */
public final class TcpSummary {
    private TcpSummary() {}

    public static List<String> lines(TcpRun run, TcpAnalysis a) {
        List<String> o = new ArrayList<>();
        for (TcpConnectionResult c : run.connections()) {
            o.add(String.format("  conn %-3d    %s, %,d bytes in %s%s", c.connection(), c.complete() ? "delivered intact" : "NOT DELIVERED",
                    c.bytesReceivedByServer(), measured(c.durationNanos()), c.error() == null ? "" : " (" + c.error() + ")"));
        }
        TcpAnalysis.Integrity i = a.integrity();
        o.add(String.format("  integrity   %s (%,d packets)", verdict(i.pass()), run.trace().entries().size()));
        reasons(o, i.problems());
        for (TcpAnalysis.Recovery r : a.recoveries()) {
            o.add(String.format("  recovery    %s conn %d seg %d iter %d: %s after %s%s", verdict(r.pass()), r.connection(), r.segment(),
                    r.iteration(), r.kind().word(), r.latencyNanos() < 0 ? "-" : measured(r.latencyNanos()),
                    r.pass() ? split(r.split()) : " - " + r.reason()));
        }
        for (TcpAnalysis.Spurious x : a.spurious()) {
            o.add(String.format("  spurious    conn %d seg %d iter %d: %s after %s; %s", x.connection(), x.segment(), x.iteration(), x.kind().word(),
                    measured(x.afterNanos()), x.cause()));
        }
        for (TcpAnalysis.EcnResponse e : a.ecn()) {
            o.add(String.format("  ECN         %s conn %d seg %d: %s", verdict(e.pass()), e.connection(), e.segment(), e.reason()));
        }
        for (TcpAnalysis.ZeroWindow z : a.zeroWindows()) {
            o.add(String.format("  zero window %s conn %d: %s", verdict(z.pass()), z.connection(), z.reason()));
        }
        for (TcpAnalysis.AckPolicy k : a.acks()) {
            o.add(String.format("  ACKs        %s conn %d: %s", verdict(k.pass()), k.connection(), k.reason()));
        }
        TcpAnalysis.SackHonesty s = a.sack();
        o.add(String.format("  SACK        %s (%,d blocks checked)", verdict(s.pass()), s.blocksChecked()));
        reasons(o, s.problems());
        return o;
    }

    private static String split(TcpAnalysis.LatencySplit s) {
        if (s.reactionNanos() <= 0) return s.repairNanos() < 0 ? "" : " (acknowledged " + measured(s.repairNanos()) + " later)";
        return " (loss shown after " + measured(s.detectionNanos()) + ", sent again " + measured(s.reactionNanos()) + " later"
                + (s.repairNanos() < 0 ? ")" : ", acknowledged " + measured(s.repairNanos()) + " after that)");
    }

    /** A measured time to the microsecond: the clocks' nanoseconds are noise. */
    private static String measured(long nanos) {
        return Units.formatNanos(Math.round(nanos / 1e3) * 1000);
    }
}
