package org.sonde.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sonde.search.mfs.FeatureSet;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.report.SearchReport;
import org.sonde.search.tcp.TcpDimension;
import org.sonde.search.tcp.TcpMfs;
import org.sonde.search.tcp.TcpMfsBuilder;
import org.sonde.search.tcp.TcpPoint;
import org.sonde.search.tcp.TcpSpace;

/**
 * The one Search on the TCP space, through the Subject seam, with a stand-in target whose
 * counters respond to the backlog and the rate (the real target is the Linux kernel, in
 * {@code LinuxTargetNetnsTest}): every method runs on it, Collie finds the region with its MFS and
 * never runs a search experiment inside a known MFS, and it ranks the counter that moves first.
 */
class SearchOnTcpSpaceTest {
    /** Overflows grow with the rate over what the backlog takes; a second counter is noise-free zero. */
    static final class StandIn implements Subject<TcpPoint> {
        final TcpSpace space = TcpSpace.full();
        int runs;
        final List<TcpPoint> ran = new ArrayList<>();

        @Override
        public String name() {
            return "stand-in";
        }

        @Override
        public TcpSpace space() {
            return space;
        }

        @Override
        public List<String> diagnosticCounters() {
            return List.of("server.ListenOverflows", "client.launchSkipped");
        }

        @Override
        public Outcome run(TcpPoint p) {
            runs++;
            ran.add(p);
            double overflow = Math.max(0, p.cps() - 50.0 * p.get(TcpDimension.BACKLOG) * p.get(TcpDimension.SERVER_WORKERS));
            double carried = Math.max(0, p.offeredRequestsPerSecond() - overflow * p.requests());
            Optional<Symptom> v = carried < 0.8 * p.offeredRequestsPerSecond() ? Optional.of(Symptom.THROUGHPUT) : Optional.empty();
            return new Outcome(5, new double[] {overflow, 0}, carried / p.offeredRequestsPerSecond(), v);
        }

        @Override
        public Optional<TcpMfs> minimalFeatureSet(TcpPoint p, Symptom s, Function<TcpPoint, Optional<Symptom>> experiment, int bisectSteps) {
            return new TcpMfsBuilder(space, experiment, bisectSteps).build(p, s);
        }
    }

    @Test
    void anMfsTestOfAPointAnMfsTestAlreadyRanReusesItsVerdict() {
        StandIn target = new StandIn();
        java.util.Set<TcpPoint> searched = new java.util.HashSet<>();
        SearchResult r = new Search<>(target, null, SearchOptions.defaults(Method.COLLIE, 1, 4)).observe((p, known) -> searched.add(p)).run();
        assertThat(r.mfsExperiments()).isPositive();
        assertThat(target.runs).isEqualTo(r.experiments() + r.mfsExperiments());
        // the MFS tests are the runs the search did not announce; none repeats an earlier MFS test's point
        java.util.Set<TcpPoint> probed = new java.util.HashSet<>();
        int probes = 0;
        for (TcpPoint p : target.ran) {
            if (searched.contains(p)) continue;
            probes++;
            assertThat(probed.add(p)).as("an MFS test of %s, already tested", p).isTrue();
        }
        assertThat(probes).isPositive();
    }

    @Test
    void collieFindsTheRegionWithAnMfsInTheTcpDimensionsAndSkipsIt() {
        List<String> inside = new ArrayList<>();
        SearchResult r = new Search<>(new StandIn(), null, SearchOptions.defaults(Method.COLLIE, 1, 4)).observe((p, known) -> {
            for (FeatureSet m : known) if (m.matches(p)) inside.add(p.toString());
        }).run();
        assertThat(r.anomalies()).isNotEmpty();
        assertThat(inside).isEmpty();
        assertThat(r.counterOrder()).first().isEqualTo("server.ListenOverflows");
        for (Found f : r.anomalies()) {
            assertThat(f.mfs()).isInstanceOf(TcpMfs.class);
            TcpMfs m = (TcpMfs) f.mfs();
            assertThat(m.dimensions()).contains(TcpDimension.BACKLOG);
            assertThat(m.matches(f.point())).isTrue();
            assertThat(f.mechanisms()).isEmpty();
            assertThat(f.perftest()).isNull();
        }
        String html = SearchReport.of(r, "v").render();
        assertThat(html).contains("minimal feature set").contains(r.anomalies().getFirst().mfs().describe().replace("<", "&lt;").replace(">", "&gt;")).doesNotContain(">direction<");
        String json = SearchJson.toJson(SearchJson.toMap(r)).replaceAll("\\s", "");
        assertThat(json).contains("\"mfs\":{\"space\":\"tcp\"").contains("\"point\":{\"cps\":");
    }

    @Test
    void everyMethodRunsOnTheTcpSpace() {
        for (Method m : Method.values()) {
            StandIn t = new StandIn();
            SearchResult r = new Search<>(t, null, SearchOptions.defaults(m, 0.5, 2)).run();
            assertThat(r.experiments()).as(m.cliName()).isGreaterThan(0);
            assertThat(r.experiments() + r.mfsExperiments()).as(m.cliName()).isEqualTo(t.runs);
            assertThat(r.anomalies()).as(m.cliName()).isNotEmpty();
        }
    }
}
