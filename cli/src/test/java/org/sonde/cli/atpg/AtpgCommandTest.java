package org.sonde.cli.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;

/** The atpg commands end to end on the dissertation's three-switch example written as JSON. */
class AtpgCommandTest {
    @TempDir
    Path dir;
    Path net, suite;

    @BeforeEach
    void writeNetwork() {
        net = dir.resolve("three-switch.json");
        NetworkJson.write(Examples.threeSwitch(), net);
        suite = dir.resolve("suite");
    }

    private CliRun generate(String... more) {
        String[] base = {"atpg", "generate", "--network", net.toString(), "--format", "json", "--out", suite.toString()};
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return CliRun.of(all);
    }

    @Test
    void generateEmulateLocalize() throws Exception {
        CliRun g = generate("--terminals", "edge", "--cover", "rules", "--seed", "3", "--samples", "2");
        assertThat(g.exitCode()).as(g.err()).isZero();
        assertThat(g.err()).contains("atpg generate: loading json model");
        JsonNode summary = Json.mapper().readTree(Files.readString(suite.resolve("summary.json"))).get("summary");
        assertThat(summary.get("coverage").asDouble()).isEqualTo(1.0);
        assertThat(summary.get("reachableRules").asInt()).isEqualTo(8);
        for (String field : new String[] {"totalPackets", "regularPackets", "reservedPackets", "coveredRules", "reachablePortPairs", "seconds"})
            assertThat(summary.has(field)).as(field).isTrue();
        assertThat(suite.resolve("tests.pcap")).isNotEmptyFile();

        Path healthy = dir.resolve("healthy.json");
        CliRun ok = CliRun.of("atpg", "emulate", "--suite", suite.toString(), "--json", healthy.toString());
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        CliRun none = CliRun.of("atpg", "localize", "--suite", suite.toString(), "--results", healthy.toString(), "--json", "-");
        assertThat(none.exitCode()).isZero();
        assertThat(Json.mapper().readTree(none.out()).get("suspects")).isEmpty();

        Path results = dir.resolve("results.json");
        CliRun e = CliRun.of("atpg", "emulate", "--suite", suite.toString(), "--fault", "rule:rB3:drop", "--json", results.toString());
        assertThat(e.exitCode()).as(e.err()).isEqualTo(1);
        assertThat(Json.mapper().readTree(Files.readString(results)).get("failed").asInt()).isPositive();
        CliRun l = CliRun.of("atpg", "localize", "--suite", suite.toString(), "--results", results.toString(), "--json", "-");
        assertThat(l.exitCode()).as(l.err()).isEqualTo(1);
        JsonNode suspects = Json.mapper().readTree(l.out()).get("suspects");
        assertThat(suspects.toString()).contains("\"rB3\"");
        // --json -: stdout is the JSON alone, the text summary went to stderr
        assertThat(l.err()).contains("suspects (after steps 1-4", "rB3: implicated by");
        Path html = dir.resolve("localize.html");
        CliRun text = CliRun.of("atpg", "localize", "--suite", suite.toString(), "--results", results.toString(), "--report", html.toString());
        assertThat(text.out()).contains("rB3: implicated by");
        assertThat(Files.readString(html)).contains("Suspects", "rB3", "rule:rB3:drop");
    }

    @Test
    void linkCoverAndPercentTerminals() {
        Path html = dir.resolve("suite.html");
        CliRun g = generate("--terminals", "100%", "--cover", "links", "--report", html.toString());
        assertThat(g.exitCode()).as(g.err()).isZero();
        assertThat(html).content().contains("Coverage", "Packets per ingress port", "Time per phase");
        // rC1's broadcast sends two copies to one exit: losing CA or CB shows as a missing copy.
        assertThat(g.out()).contains("links coverage 1.0000");
    }

    @Test
    void badInputNamesFileAndLine() throws Exception {
        Files.writeString(net, "{\n  \"schema\": \"sonde.network\",\n  \"version\": 1,\n  oops\n}\n");
        CliRun g = generate();
        assertThat(g.exitCode()).isEqualTo(3);
        assertThat(g.err()).contains(net.getFileName().toString()).contains("line 4");

        NetworkJson.write(Examples.threeSwitch(), net);
        assertThat(generate().exitCode()).isZero();
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"schema\": \"sonde.atpg.results\",\n \"results\": [1,\n");
        CliRun l = CliRun.of("atpg", "localize", "--suite", suite.toString(), "--results", broken.toString());
        assertThat(l.exitCode()).isEqualTo(3);
        assertThat(l.err()).contains("broken.json").contains("line ");
        CliRun f = CliRun.of("atpg", "emulate", "--suite", suite.toString(), "--fault", "rule:nope:drop", "--json", dir.resolve("r.json").toString());
        // option values are usage errors, whether their syntax or the model finds them wrong
        assertThat(f.exitCode()).isEqualTo(2);
        assertThat(f.err()).contains("--fault rule:nope: no rule nope in the network");
        assertThat(generate("--terminals", "some").exitCode()).isEqualTo(2);
        assertThat(CliRun.of("atpg", "generate", "--network", net.toString(), "--format", "cisco", "--out", suite.toString()).exitCode()).isEqualTo(2);
    }

    @Test
    void aclEntriesAreCoveredAndAChangedOneIsLocalised() throws Exception {
        NetworkJson.write(Examples.threeSwitchWithAcls(), net);
        CliRun g = generate("--terminals", "edge");
        assertThat(g.exitCode()).as(g.err()).isZero();
        JsonNode summary = Json.mapper().readTree(Files.readString(suite.resolve("summary.json"))).get("summary");
        assertThat(summary.get("coverage").asDouble()).isEqualTo(1.0);
        // 8 rules and the 6 ACL entries.
        assertThat(summary.get("reachableRules").asInt()).isEqualTo(14);
        assertThat(Files.readString(suite.resolve("suite.json"))).contains("\"acl:edge-in#1\"", "\"acl:c-in#1\"");

        Path results = dir.resolve("results.json");
        CliRun e = CliRun.of("atpg", "emulate", "--suite", suite.toString(), "--fault", "acl:edge-in#1:permit", "--json", results.toString());
        assertThat(e.exitCode()).as(e.err()).isEqualTo(1);
        CliRun l = CliRun.of("atpg", "localize", "--suite", suite.toString(), "--results", results.toString(), "--json", "-");
        assertThat(l.exitCode()).as(l.err()).isEqualTo(1);
        assertThat(Json.mapper().readTree(l.out()).get("suspects").toString()).contains("\"acl:edge-in#1\"");
        CliRun bad = CliRun.of("atpg", "emulate", "--suite", suite.toString(), "--fault", "acl:edge-in#9:deny", "--json", results.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("ACL edge-in has 3 entries");
    }

    @Test
    void theRawStanfordFormatNeedsATopology() {
        CliRun missing = CliRun.of("atpg", "generate", "--network", dir.toString(), "--format", "stanford", "--out", suite.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--format stanford needs --topology FILE", "no inter-router links", "stanford-apkeep");
        CliRun extra = generate("--topology", dir.resolve("links.txt").toString());
        assertThat(extra.exitCode()).isEqualTo(2);
        assertThat(extra.err()).contains("--topology only applies to --format stanford");
    }

    @Test
    void helpForEachCommand() {
        for (String c : new String[] {"generate", "emulate", "localize"}) {
            CliRun h = CliRun.of("atpg", c, "--help");
            assertThat(h.exitCode()).isZero();
            assertThat(h.out()).contains("Usage: sonde atpg " + c);
        }
        assertThat(CliRun.of("atpg", "emulate", "--help").out()).contains("rule:ID:port=P", "link:A-B:latency=MS", "acl:A#N:permit",
                "acl:A#N:deny", "acl:A#N:missing");
        CliRun generate = CliRun.of("atpg", "generate", "--help");
        assertThat(generate.out()).contains("--topology=FILE", "stanford (the raw", "internet2 (the raw Internet2",
                "PCT% of all", "--terminals 10% ");
        assertThat(CliRun.of("reach", "--help").out()).contains("--topology=FILE");
        assertThat(CliRun.of("--help").out()).contains("atpg");
    }
}
