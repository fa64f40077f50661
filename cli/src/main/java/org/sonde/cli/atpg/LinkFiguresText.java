package org.sonde.cli.atpg;

import java.io.PrintWriter;
import org.sonde.atpg.Performance;
import org.sonde.atpg.SuiteFiles;

/** The links' figures of a run with trains, as lines under emulate's and run's summary. */
final class LinkFiguresText {
    private LinkFiguresText() {}

    static void print(PrintWriter w, SuiteFiles.ResultsFile r) {
        if (r.train() < 2) return;
        w.printf("%d trains of %d frames; per link: latency at most, rate at least (from the trains over it)%n", r.trains().size(), r.train());
        for (Performance.LinkFigures l : r.links()) {
            w.printf("  %-16s %9.3f ms  %s  (%d tests)%n", l.link(), l.latencyMs(),
                    l.rateBps() == null ? "not limited" : String.format(java.util.Locale.ROOT, "%,.0f bit/s", l.rateBps()), l.tests().size());
        }
    }
}
