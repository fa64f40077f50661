package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;
import org.sonde.netio.NetNamespace;
import org.sonde.atpg.Cover;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.SuiteFiles;
import org.sonde.testkit.Netns;

/**
 * ATPG live on a k=4 fat-tree (needs root): 20 switches as namespaces with longest-prefix routes,
 * the 16 hosts' ports as terminals; healthy, then real faults judged against emulation and localised.
 */
@Tag("netns")
class LiveFatTreeNetnsTest {
    static final String NAME = "ft" + ProcessHandle.current().pid();

    @TempDir
    static Path dir;
    static Path suiteDir;
    static SuiteFiles.SuiteFile file;
    static LiveDataPlane.Built built;

    @BeforeAll
    static void up() {
        Path network = dir.resolve("fat-tree.json");
        NetworkJson.write(Examples.fatTree(4), network);
        ModelSource source = new ModelSource("json", network.toString());
        ModelSource.Loaded loaded = source.load();
        suiteDir = dir.resolve("suite");
        file = LiveChecks.suite(suiteDir, source, loaded, ModelSource.edge(loaded));
        built = Netns.testbed(LiveAtpgNetnsTest.NEEDS, () -> LiveDataPlane.up(source, NAME));
    }

    @AfterAll
    static void down() {
        if (built == null) return;
        assertThat(LiveDataPlane.down(NAME)).hasSize(21);
        assertThat(NetNamespace.list()).noneMatch(n -> n.startsWith("sonde-atpg-" + NAME));
    }

    static List<Emulator.Result> live(String... faults) {
        LiveRun.Outcome o = LiveRun.run(suiteDir, NAME, java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), LiveChecks.LATENCY_MS);
        assertThat(o.notRun()).isEmpty();
        return o.results();
    }

    @Test
    void healthyFatTreePassesEveryTest() {
        assertThat(built.routes()).isEqualTo(104);
        assertThat(built.policyRules()).isZero();
        assertThat(live()).hasSize(file.suite().tests().size() + file.suite().reserved().size())
                .allSatisfy(r -> assertThat(r.pass()).as(r.id() + " " + r.reason()).isTrue());
    }

    @Test
    void aSuiteOfAnotherModelIsRefused() {
        // the example network's nodes t, d0..d2 exist in the fat-tree's data plane, but not its interfaces
        Path network = dir.resolve("example-network.json");
        NetworkJson.write(Examples.threeSwitchWithAcls(), network);
        ModelSource source = new ModelSource("json", network.toString());
        ModelSource.Loaded loaded = source.load();
        Path other = dir.resolve("example-suite");
        SuiteFiles.write(other, source, loaded.model().network(), Selector.select(loaded.model(), SelectOptions.of(loaded.terminals(), Cover.RULES)), Map.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LiveRun.run(other, NAME, List.of(), LiveChecks.LATENCY_MS))
                .isInstanceOf(org.sonde.core.EnvironmentException.class).hasMessageContaining("not built from this model").hasMessageContaining("has no interface");
    }

    /** A rule dropping at an aggregation switch, a route sent the wrong way, a one-way link loss and a link down; e1-0's uplink to a1-0 is 2002-10000. */
    @ParameterizedTest
    @CsvSource({
            "rule:a0-1/p3:drop, a0-1/p3",
            "rule:e1-0/h1:port=2003, e1-0/h1",
            "link:a1-0>c0:down, a1-0>c0",
            "link:2002-10000:down, e1-0>a1-0|a1-0>e1-0",
    })
    void faultsFailWhatEmulationFailsAndAreLocalised(String fault, String faulty) {
        List<Emulator.Result> results = live(fault);
        Map<String, Emulator.Result> predicted = new HashMap<>();
        for (Emulator.Result r : Emulator.run(file.network().load().model(), file.suite(), List.of(Fault.parse("test", fault)), LiveChecks.LATENCY_MS))
            predicted.put(r.id(), r);
        assertThat(results).anySatisfy(r -> assertThat(r.pass()).isFalse());
        assertThat(results).allSatisfy(r -> assertThat(r.pass()).as(r.id() + ": live " + r.reason() + ", emulated " + predicted.get(r.id()).reason())
                .isEqualTo(predicted.get(r.id()).pass()));
        var l = Localizer.localize(Localizer.observations(file.suite(), results), file.network().load().model(), file.suite());
        assertThat(l.suspects()).containsAnyOf(faulty.split("\\|"));
    }
}
