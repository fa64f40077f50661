package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sonde.atpg.Cover;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.SuiteFiles;
import org.sonde.dataplane.io.ModelSource;

/** What the live tests do again and again: a suite written as {@code atpg generate} writes it, and a live round judged against emulation. */
final class LiveChecks {
    private LiveChecks() {}

    /** A rule cover from {@code terminals} of {@code source}'s model, written to {@code suiteDir} and read back, as a live run reads it. */
    static SuiteFiles.SuiteFile suite(Path suiteDir, ModelSource source, ModelSource.Loaded loaded, List<Integer> terminals) {
        SuiteFiles.write(suiteDir, source, loaded.model().network(), Selector.select(loaded.model(), SelectOptions.of(terminals, Cover.RULES)),
                Map.of());
        return SuiteFiles.readSuite(suiteDir);
    }

    /**
     * Some test fails, and live and emulation agree on every test but where a link fault explains it: the model
     * has a packet sent into a link that is down leave there (a port without a link is an exit), Linux loses it,
     * so an expected-drop test fails only in emulation.
     */
    static void failsWhatEmulationFails(String fault, LiveRun.Outcome o, Map<String, Emulator.Result> predicted) {
        assertThat(o.results()).anySatisfy(r -> assertThat(r.pass()).isFalse());
        for (Emulator.Result r : o.results()) {
            Emulator.Result e = predicted.get(r.id());
            if (r.pass() == e.pass()) continue;
            assertThat(fault).as(r.id() + ": live " + r.reason() + ", emulated " + e.reason()).startsWith("link:");
            assertThat(r.pass()).isTrue();
        }
    }

    /**
     * A slowed link: every test passes or fails as in emulation, at the same exits, and each copy took at least
     * (nearly) the time the model gives it: the queue was real.
     */
    static void slowedAsEmulated(LiveRun.Outcome o, Map<String, Emulator.Result> predicted) {
        for (Emulator.Result r : o.results()) {
            Emulator.Result e = predicted.get(r.id());
            assertThat(r.pass()).as(r.id() + ": live " + r.reason() + " " + r.observed() + ", emulated " + e.reason() + " " + e.observed())
                    .isEqualTo(e.pass());
            assertThat(r.observed().keySet()).isEqualTo(e.observed().keySet());
            e.observed().forEach((exit, ms) -> assertThat(r.observed().get(exit)).as(r.id() + " at " + exit).isGreaterThan(0.9 * ms));
        }
    }
}
