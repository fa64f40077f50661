package org.sonde.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.search.engine.EngineCommand;
import org.sonde.search.engine.FakeTestbed;
import org.sonde.search.engine.PerftestCommands;
import org.sonde.search.mfs.Feature;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.mfs.Range;
import org.sonde.search.mfs.TrafficCondition;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Request;
import org.sonde.search.space.SearchSpace;
import org.sonde.search.space.Traffic;

/** Every MFS exports as perftest command lines of a point inside it, as expressible as the MFS allows. */
class MfsPerftestTest {
    private static final Endpoint MANY = new Endpoint(Memory.REMOTE_NUMA, 2048, 1 << 20);
    /** A trigger like anomaly #4: RC READ, 160 QPs, batch 128, 4 KB messages of 4 SGEs mixed with 64 KB ones, 2048 MRs on the other socket. */
    private static final Traffic T = new Traffic(QpType.RC, Opcode.READ, 160, 4096, 128, 256, 1, 1,
            List.of(new Request(4096, 4), new Request(65536, 1)), 65536, MANY, MANY);

    private static Mfs mfs(Set<Mode> modes, Map<Feature, Range> ranges, Range min, Range max) {
        TrafficCondition c = new TrafficCondition(Map.of(Feature.QP_TYPE, Set.of((long) QpType.RC.ordinal()), Feature.OPCODE, Set.of((long) Opcode.READ.ordinal())),
                ranges, min, max);
        return new Mfs(Symptom.PAUSE, modes, modes.isEmpty() ? List.of(c) : List.of(c, c), null, 10);
    }

    @Test
    void whatTheMfsDoesNotNeedIsSimplifiedAway() {
        Point trigger = new Point(Mode.BIDIRECTIONAL, List.of(T, T));
        assertThat(new SearchSpace().violations(trigger)).isEmpty();
        Mfs m = mfs(Set.of(), Map.of(Feature.QPS, new Range(128, 20000), Feature.BATCH, new Range(32, 256)), null, null);
        MfsPerftest x = MfsPerftest.of(m, List.of(trigger), PerftestCommands.Settings.placeholders());
        assertThat(m.matches(x.point())).isTrue();
        assertThat(x.point().mode()).isEqualTo(Mode.ONE_WAY);
        assertThat(x.compiled().exact()).as("gaps: %s", x.compiled().cannotExpress()).isTrue();
        assertThat(x.compiled().commands()).extracting(EngineCommand::line).allSatisfy(l -> assertThat(l).contains("ib_read_bw", "-q 160", "-l 128", "-s 65536"));
        assertThat(x.point().traffic(0).sender().memory()).isEqualTo(Memory.LOCAL_NUMA);
    }

    @Test
    void whatTheMfsNeedsStaysAndIsListed() {
        Point trigger = new Point(Mode.BIDIRECTIONAL, List.of(T, T));
        Mfs m = mfs(Set.of(Mode.BIDIRECTIONAL), Map.of(Feature.SGES, new Range(4, 16), Feature.RECEIVER_MRS, new Range(1024, 200000)),
                new Range(64, 4096), new Range(65536, 4 << 20));
        MfsPerftest x = MfsPerftest.of(m, List.of(trigger), PerftestCommands.Settings.placeholders());
        assertThat(m.matches(x.point())).isTrue();
        assertThat(x.point().mode()).isEqualTo(Mode.BIDIRECTIONAL);
        assertThat(x.compiled().commands()).hasSize(2).allSatisfy(c -> assertThat(c.argv()).contains("-b"));
        assertThat(x.compiled().cannotExpress()).extracting(PerftestCommands.Gap::feature).contains("request sizes", "SGEs", "receiver MRs")
                .doesNotContain("sender MRs", "traffics");
    }

    @Test
    void aStartOutsideTheMfsIsSkippedForTheNext() {
        Point outside = Point.oneWay(T.withQps(8)), inside = Point.oneWay(T);
        Mfs m = mfs(Set.of(), Map.of(Feature.QPS, new Range(128, 20000)), null, null);
        assertThat(MfsPerftest.of(m, java.util.Arrays.asList(null, outside, inside), PerftestCommands.Settings.placeholders()).point().traffic(0).qps()).isEqualTo(160);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MfsPerftest.of(m, List.of(outside), PerftestCommands.Settings.placeholders()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyMfsOfASimulatedSearchExportsAPointInsideIt() {
        SearchResult r = SearchTarget.parse("sim:f-like").search(SearchOptions.defaults(Method.COLLIE, 6, 4));
        List<Found> withMfs = r.anomalies().stream().filter(f -> f.mfs() != null).toList();
        assertThat(withMfs).isNotEmpty();
        for (Found f : withMfs) {
            assertThat(f.perftest()).isNotNull();
            assertThat(f.mfs().matches(f.perftest().point())).as("%s", f.mfs().describe()).isTrue();
            assertThat(new SearchSpace().violations(f.perftest().point())).isEmpty();
            assertThat(f.perftest().compiled().commands()).isNotEmpty();
        }
        // some of the paper's anomalies perftest can reproduce, some it cannot (§7: 4 of 18)
        assertThat(withMfs).anySatisfy(f -> assertThat(f.perftest().compiled().exact()).isFalse());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> as = (List<Map<String, Object>>) SearchJson.toMap(r).get("anomalies");
        assertThat(as).allSatisfy(a -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> p = (Map<String, Object>) a.get("perftest");
            assertThat(p).containsKeys("point", "exact", "commands", "cannotExpress");
            assertThat(p.get("commands").toString()).contains("-d $DEV");
        });
    }

    @Test
    void aSearchRunsOnARemoteTargetWithoutGroundTruth(@TempDir Path dir) throws Exception {
        FakeTestbed bed = FakeTestbed.create(dir);
        Path file = dir.resolve("testbed.yaml");
        Files.writeString(file, bed.yaml(""));
        SearchTarget t = SearchTarget.parse("remote:" + file);
        assertThat(t).isInstanceOf(SearchTarget.Remote.class);
        // every experiment on the fake testbed pauses: the first one is an anomaly, its MFS is built on the same testbed
        SearchResult r = t.search(SearchOptions.defaults(Method.COLLIE_PERF, 0.0002, 1));
        assertThat(r.experiments()).isPositive();
        assertThat(r.anomalies()).isNotEmpty().allSatisfy(f -> {
            assertThat(f.symptom()).isEqualTo(Symptom.PAUSE);
            assertThat(f.mechanisms()).isEmpty();
        });
        assertThat(r.firstHitHours()).isEmpty();
        Found first = r.anomalies().get(0);
        assertThat(first.perftest()).isNotNull();
        assertThat(first.perftest().compiled().commands().get(0).line()).contains("-d mlx5_0", "-x 3");
        assertThat(Files.readString(bed.state.resolve("A/commands.log"))).contains("10.0.0.2");
        String html = org.sonde.search.report.SearchReport.of(r, "v").render();
        html = html.substring(0, html.indexOf("<script"));
        assertThat(html).contains("real testbed", "Reproducing each MFS with perftest", "-d mlx5_0").doesNotContain("ground-truth mechanisms.");
    }
}
