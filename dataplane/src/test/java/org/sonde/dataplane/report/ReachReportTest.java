package org.sonde.dataplane.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.reach.ReachOptions;
import org.sonde.dataplane.reach.ReachResult;
import org.sonde.dataplane.reach.Reachability;

/** The reachability report: the verdict leads with loops and pairs, ports and headers read as people write them, long lists are cut. */
class ReachReportTest {
    static JsonNode data(String html) throws Exception {
        return Json.mapper().readTree(org.sonde.report.HtmlReport.embeddedJson(html));
    }

    @Test
    void theThreeSwitchExampleHasNoLoopAndCountsItsPairsPerSource() throws Exception {
        Network n = Examples.threeSwitch();
        ReachOptions options = ReachOptions.from(List.of(Examples.PA, Examples.PB, Examples.PC));
        ReachResult r = Reachability.compute(n, options);
        String html = ReachReport.of(n, "three-switch.json", options, r, "sonde reach --network three-switch.json", "1.2.3 (abc)").render();
        long destinations = r.pairs().stream().map(ReachResult.PairReach::destination).distinct().count();
        assertThat(html).contains("Reachability", "three-switch.json", "sonde reach --network three-switch.json", "1.2.3 (abc)",
                String.format("No forwarding loop. %d reachable (source, destination) port pairs from 3 source ports, reaching %d distinct ports.",
                        r.pairs().size(), destinations),
                "injected at the source (any header)", "Ports reached from each source", "Reachable pairs",
                String.format("%d of %d", r.exercisedRules().size(), n.ruleCount()));
        assertThat(html).as("no ACLs, no ACL entries").doesNotContain("ACL entries exercised");
        assertThat(html).as("the verdict comes before every chart and table").containsSubsequence("No forwarding loop", "<svg", "<table");
        assertThat(html).doesNotContain("Loops</h2>");
        // ports by device:port, headers by field with dotted addresses: no Java collection syntax
        ReachResult.PairReach first = r.pairs().getFirst();
        assertThat(html).contains(n.portName(first.source()), n.portName(first.destination()), n.layout().text(first.example()));
        assertThat(n.layout().text(first.example())).matches("ip_dst \\d+\\.\\d+\\.\\d+\\.\\d+, tp_dst \\d+");
        assertThat(html).doesNotContain("{ip_dst=", "ip_dst=", "[r", "Network{");

        JsonNode json = data(html);
        assertThat(json.get("pairs").asInt()).isEqualTo(r.pairs().size());
        assertThat(json.get("loops").asInt()).isZero();
        Map<Integer, Integer> perSource = new HashMap<>();
        r.pairs().forEach(p -> perSource.merge(p.source(), 1, Integer::sum));
        assertThat(json.get("perSource")).hasSize(3);
        for (JsonNode s : json.get("perSource")) {
            assertThat(s.get("destinations").asInt()).as(s.get("port").asText()).isEqualTo(perSource.getOrDefault(s.get("source").asInt(), 0));
            assertThat(s.get("port").asText()).isEqualTo(n.portName(s.get("source").asInt()));
        }
    }

    /** ACL entries are exercised like rules but counted apart: their count is never read as more rules than the model has. */
    @Test
    void aclEntriesAreCountedApartFromRules() throws Exception {
        Network n = Examples.threeSwitchWithAcls();
        ReachOptions options = ReachOptions.from(List.of(Examples.PA, Examples.PB, Examples.PC));
        ReachResult r = Reachability.compute(n, options);
        long acl = r.exercisedRules().stream().filter(id -> id.startsWith("acl:")).count();
        assertThat(acl).isPositive();
        assertThat(r.aclEntriesExercised()).isEqualTo(acl);
        String html = ReachReport.of(n, "m", options, r, "c", "v").render();
        int entries = n.acls().stream().mapToInt(a -> a.entries().size() + 1).sum();
        assertThat(html).contains(String.format("%d of %d</dd>", r.exercisedRules().size() - acl, n.ruleCount()),
                String.format("%d of %d (implicit denies included)", acl, entries));
        JsonNode json = data(html);
        assertThat(json.get("rulesExercised").asLong()).isLessThanOrEqualTo(n.ruleCount());
    }

    @Test
    void aConstraintIsNamedAsTheHeadersInjected() {
        Network n = Examples.threeSwitch();
        ReachOptions options = ReachOptions.from(List.of(Examples.PC)).withInitial(Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | (2L << 16), 16, 32))
                .and("tp_dst", Ternary.exact(80, 16)));
        String html = ReachReport.of(n, "m", options, Reachability.compute(n, options), "c", "v").render();
        assertThat(html).contains("injected at the source (ip_dst 10.2.0.0/16, tp_dst 80)");
    }

    /** Two switches that send 10/8 round in a circle, X.out → Y.in → Y.out → X.in. */
    @Test
    void aLoopLeadsTheVerdictWithItsPath() throws Exception {
        HeaderLayout layout = HeaderLayout.builder("ip").field("ip_dst", 32).build();
        Match ten = Match.ANY.and("ip_dst", Ternary.prefix(10L << 24, 8, 32));
        Network n = Network.forwarding(layout, List.of(new Device("X"), new Device("Y")),
                List.of(new Port(1, "X", "h"), new Port(2, "X", "out"), new Port(3, "X", "in"), new Port(11, "Y", "in"), new Port(12, "Y", "out")),
                List.of(new Link("xy", 2, 11, Origin.NONE), new Link("yx", 12, 3, Origin.NONE)),
                List.of(new RuleTable("X", MatchPolicy.FIRST_MATCH, List.of(new Rule("x1", 1, Set.of(1, 3), ten, List.of(new Action.Forward(List.of(2)))))),
                        new RuleTable("Y", MatchPolicy.FIRST_MATCH, List.of(new Rule("y1", 1, Set.of(11), ten, List.of(new Action.Forward(List.of(12))))))));
        ReachOptions options = ReachOptions.from(List.of(1));
        ReachResult r = Reachability.compute(n, options);
        assertThat(r.loops()).hasSize(1);
        String html = ReachReport.of(n, "loop.json", options, r, "c", "v").render();
        assertThat(html).contains("1 forwarding loop: headers from X:h come back to Y:in.", "Loops</h2>",
                "x1 → xy → y1 → yx → x1 → xy", "ip_dst 10.0.0.0");
        assertThat(html).containsSubsequence("class=\"callout failure\"", "1 forwarding loop", "<svg");
        assertThat(data(html).get("loops").asInt()).isEqualTo(1);
    }

    /** A fat-tree's 54 hosts: too many sources for a bar each, too many pairs for the page. */
    @Test
    void manySourcesAreADistributionAndLongListsAreCut() throws Exception {
        Network n = Examples.fatTree(6);
        List<Integer> hosts = n.ports().stream().filter(p -> n.linksFrom(p.id()).isEmpty()).map(Port::id).toList();
        ReachOptions options = ReachOptions.from(hosts).withPairHeaders(false);
        ReachResult r = Reachability.compute(n, options);
        assertThat(hosts).hasSizeGreaterThan(ReachReport.BARS);
        assertThat(r.pairs()).hasSizeGreaterThan(ReachReport.PAIR_ROWS);
        String html = ReachReport.of(n, "fat-tree", options, r, "c", "v").render();
        assertThat(html).contains("Ports reached per source, over the " + hosts.size() + " sources",
                String.format("The first %d of %,d pairs; all of them are in the --json output.", ReachReport.PAIR_ROWS, r.pairs().size()),
                String.format("%,d more rows not shown.", r.pairs().size() - ReachReport.PAIR_ROWS), "not counted", " more</td>")
                .doesNotContain("Ports reached from each source");
    }

    @Test
    void headerCountsAreInFullUpToAMillionThenPowersOfTwo() {
        assertThat(ReachReport.headers(BigInteger.valueOf(65_536))).isEqualTo(65_536L);
        assertThat(ReachReport.headers(BigInteger.ONE.shiftLeft(48))).isEqualTo("2^48.0");
        assertThat(ReachReport.headers(BigInteger.ONE.shiftLeft(100).multiply(BigInteger.valueOf(3)))).isEqualTo("2^101.6");
        assertThat(ReachReport.headers(null)).isEqualTo("not counted");
    }
}
