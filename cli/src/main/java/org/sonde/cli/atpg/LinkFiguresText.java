package org.sonde.cli.atpg;

import java.io.PrintWriter;
import org.sonde.atpg.Performance;
import org.sonde.atpg.SuiteFiles;

/** The links' figures of a run with trains, and the classes of links with strict priority, as lines under emulate's and run's summary. */
final class LinkFiguresText {
    private LinkFiguresText() {}

    static void print(PrintWriter w, SuiteFiles.ResultsFile r) {
        if (r.train() >= 2) {
            w.printf("%d trains of %d frames; per link: latency at most, rate at least (from the trains over it)%n", r.trains().size(), r.train());
            for (Performance.LinkFigures l : r.links()) {
                w.printf("  %-16s %9.3f ms  %s  (%d tests)%n", l.link(), l.latencyMs(),
                        l.rateBps() == null ? "not limited" : String.format(java.util.Locale.ROOT, "%,.0f bit/s", l.rateBps()), l.tests().size());
            }
        }
        if (r.classes().isEmpty()) return;
        w.println("strict priority: per link and class, the worst latency of its tests over the link");
        for (Performance.ClassFigures c : r.classes()) {
            w.printf("  %-16s %-4s %-28s %s  (%d tests)%n", c.link(), c.high() ? "high" : "low", c.match(),
                    c.worstMs() == null ? "none arrived" : String.format(java.util.Locale.ROOT, "%9.3f ms", c.worstMs()), c.tests().size());
        }
    }
}
