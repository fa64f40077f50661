package org.sonde.cli.reach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;

/** sonde reach on the dissertation's three-switch example. */
class ReachCommandTest {
    @TempDir
    Path dir;
    Path net;

    @BeforeEach
    void writeNetwork() {
        net = dir.resolve("three-switch.json");
        NetworkJson.write(Examples.threeSwitch(), net);
    }

    private CliRun reach(String... more) {
        String[] base = {"reach", "--network", net.toString(), "--format", "json"};
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return CliRun.of(all);
    }

    @Test
    void pairsRulesAndJson() throws Exception {
        Path json = dir.resolve("reach.json");
        CliRun r = reach("--json", json.toString(), "--histories", "4");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode result = Json.mapper().readTree(json.toFile());
        int pairs = result.get("pairs").size();
        assertThat(r.out()).contains(pairs + " reachable (source, destination) pairs", "0 loops");
        assertThat(result.get("exercisedRules")).hasSize(8);
        assertThat(result.get("pairs").get(0).get("headers").asLong()).isPositive();
        assertThat(result.get("pairs").get(0).get("histories").size()).isBetween(1, 4);
    }

    @Test
    void theReportLeadsWithThePairsAndNamesPortsAsTheModelDoes() throws Exception {
        Path json = dir.resolve("reach.json"), html = dir.resolve("reach.html");
        CliRun r = reach("--json", json.toString(), "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        int pairs = Json.mapper().readTree(json.toFile()).get("pairs").size();
        String report = java.nio.file.Files.readString(html);
        assertThat(report).contains("Reachability", net.toString(), "No forwarding loop. " + pairs + " reachable (source, destination) port pairs",
                "A:PA", "Ports reached from each source", "sonde reach --network " + net);
        assertThat(report.indexOf("No forwarding loop")).isLessThan(report.indexOf("<svg"));
    }

    /** Two switches that send 10/8 round in a circle: the loop is printed and reported by port names and rule ids, exit code 1. */
    @Test
    void aLoopIsNamedByPortsAndRulesInTheSummaryAndTheReport() throws Exception {
        var layout = org.sonde.dataplane.model.HeaderLayout.builder("ip").field("ip_dst", 32).build();
        var ten = org.sonde.dataplane.model.Match.ANY.and("ip_dst", org.sonde.dataplane.model.Ternary.prefix(10L << 24, 8, 32));
        var n = org.sonde.dataplane.model.Network.forwarding(layout,
                List.of(new org.sonde.dataplane.model.Device("X"), new org.sonde.dataplane.model.Device("Y")),
                List.of(new org.sonde.dataplane.model.Port(1, "X", "h"), new org.sonde.dataplane.model.Port(2, "X", "out"),
                        new org.sonde.dataplane.model.Port(3, "X", "in"), new org.sonde.dataplane.model.Port(11, "Y", "in"),
                        new org.sonde.dataplane.model.Port(12, "Y", "out")),
                List.of(new org.sonde.dataplane.model.Link("xy", 2, 11, org.sonde.dataplane.model.Origin.NONE),
                        new org.sonde.dataplane.model.Link("yx", 12, 3, org.sonde.dataplane.model.Origin.NONE)),
                List.of(new org.sonde.dataplane.model.RuleTable("X", org.sonde.dataplane.model.MatchPolicy.FIRST_MATCH, List.of(
                                new org.sonde.dataplane.model.Rule("x1", 1, java.util.Set.of(1, 3), ten,
                                        List.of(new org.sonde.dataplane.model.Action.Forward(List.of(2)))))),
                        new org.sonde.dataplane.model.RuleTable("Y", org.sonde.dataplane.model.MatchPolicy.FIRST_MATCH, List.of(
                                new org.sonde.dataplane.model.Rule("y1", 1, java.util.Set.of(11), ten,
                                        List.of(new org.sonde.dataplane.model.Action.Forward(List.of(12))))))));
        Path loop = dir.resolve("loop.json"), html = dir.resolve("loop.html");
        NetworkJson.write(n, loop);
        CliRun r = CliRun.of("reach", "--network", loop.toString(), "--format", "json", "--sources", "all", "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("loop from X:h back at Y:in: x1 → xy → y1 → yx → x1 → xy, e.g. ip_dst 10.0.0.0").doesNotContain("[x1", "{ip_dst=");
        assertThat(java.nio.file.Files.readString(html)).contains("forwarding loop", "x1 → xy → y1 → yx → x1 → xy", "class=\"callout failure\"");
    }

    @Test
    void aReportThatCannotBeWrittenFailsBeforeTheWork() {
        CliRun r = reach("--report", dir.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--report " + dir + " is a directory").doesNotContain("propagating");
    }

    @Test
    void headerConstraintNarrowsWhatArrives() throws Exception {
        Path all = dir.resolve("all.json"), narrow = dir.resolve("narrow.json");
        assertThat(reach("--json", all.toString()).exitCode()).isZero();
        // 10.2/16 is routed to A's host port PA: fewer pairs remain, all carrying 10.2/16.
        assertThat(reach("--header", "ip_dst=10.2.0.0/16", "--json", narrow.toString()).exitCode()).isZero();
        JsonNode a = Json.mapper().readTree(all.toFile()), n = Json.mapper().readTree(narrow.toFile());
        assertThat(n.get("pairs").size()).isPositive().isLessThan(a.get("pairs").size());
        for (JsonNode p : n.get("pairs")) assertThat(p.get("example").get("ip_dst").asLong() >>> 16).isEqualTo((10L << 8) | 2);
    }

    @Test
    void badConstraintsAreUsageErrors() {
        CliRun unknown = reach("--header", "vlan=3");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("has no field vlan", "ip_dst");
        assertThat(reach("--header", "ip_dst=300.0.0.1").exitCode()).isEqualTo(2);
        assertThat(reach("--header", "ip_dst=10.0.0.0/40").exitCode()).isEqualTo(2);
        assertThat(reach("--sources", "most").exitCode()).isEqualTo(2);
    }
}
