package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.atpg.Cover;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.TestPacket;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.testkit.Netns;

/** What the live tests do again and again: a suite written as {@code atpg generate} writes it, and a live round judged against emulation. */
final class LiveChecks {
    /**
     * The latency above which a test fails, where latency is not what a test checks: a healthy path between these
     * namespaces answers in well under a millisecond, but on a machine whose two CPUs are saturated the kernel's
     * softirq work waits behind other processes, and a copy has been seen to take 110 ms there. The faults these tests
     * plant (drops, wrong exits, extra copies) are told by what arrives; only the slow-link tests judge latency.
     */
    static final double LATENCY_MS = 1_000;

    private LiveChecks() {}

    /** A rule cover from {@code terminals} of {@code source}'s model, written to {@code suiteDir} and read back, as a live run reads it. */
    static SuiteFiles.SuiteFile suite(Path suiteDir, ModelSource source, ModelSource.Loaded loaded, List<Integer> terminals) {
        SuiteFiles.write(suiteDir, source, loaded.model().network(), Selector.select(loaded.model(), SelectOptions.of(terminals, Cover.RULES)),
                Map.of());
        return SuiteFiles.readSuite(suiteDir);
    }

    /** A snapshot's data plane up with a suite from a seeded quarter of its edge terminals, and its healthy round. */
    record Up(SuiteFiles.SuiteFile file, LiveDataPlane.Built built, LiveDataPlane plane, LiveRun.Outcome healthy, List<TestPacket> run) {}

    /**
     * {@link Up}: the suite written to {@code suiteDir}, the data plane {@code name} built and attached, a healthy round
     * run, and the tests it judged (the others Linux cannot run: martian addresses, loops in the model).
     */
    static Up upOnEdge(Path suiteDir, ModelSource source, String name) {
        ModelSource.Loaded loaded = source.load();
        SuiteFiles.SuiteFile file = suite(suiteDir, source, loaded, ModelSource.sample(ModelSource.edge(loaded), 25, 1));
        LiveDataPlane.Built built = Netns.testbed(LiveAtpgNetnsTest.NEEDS, () -> LiveDataPlane.up(source, name));
        LiveDataPlane plane = LiveDataPlane.attach(loaded.model().network(), name);
        LiveRun.Outcome healthy = LiveRun.run(suiteDir, name, List.of(), LATENCY_MS);
        Set<String> judged = new HashSet<>(healthy.results().stream().map(Emulator.Result::id).toList());
        return new Up(file, built, plane, healthy, new ArrayList<>(file.suite().tests().stream().filter(t -> judged.contains(t.id())).toList()));
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
