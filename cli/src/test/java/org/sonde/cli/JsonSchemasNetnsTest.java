package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.testkit.Netns;

/**
 * The {@code --json} of the commands that build namespaces and have no test of their own that
 * runs them (root): each is run on its smallest input, validated against its schema as
 * {@link JsonSchemasTest} does the others, and taken down.
 */
@Tag("netns")
class JsonSchemasNetnsTest {
    @TempDir
    Path dir;

    /** Runs the command line; a machine that cannot make namespaces fails the test saying so, unless SONDE_SKIP_NETNS=1. */
    private static CliRun sonde(String needs, String... args) {
        CliRun r = CliRun.of(args);
        if (r.exitCode() == 4 && Netns.saysPrerequisiteMissing(r.err())) throw Netns.unavailable(needs, r.err().strip(), null);
        return r;
    }

    /** The three-switch example with two rules Linux cannot carry in table A: one rewrites a header, one matches a mask that is no prefix. */
    static Network withUnexpressedRules() {
        Network net = Examples.threeSwitch();
        RuleTable a = net.table("A").orElseThrow();
        List<Rule> rules = new ArrayList<>(List.of(
                new Rule("rw", 9, Set.of(Examples.PA), Match.ANY.and("ip_dst", Ternary.prefix(10L << 24 | 9L << 16, 16, 32)),
                        List.of(new Action.SetField("tp_dst", 8080, 0xffff), new Action.Forward(List.of(Examples.AB)))),
                new Rule("odd", 8, Set.of(Examples.PA), Match.ANY.and("ip_dst", new Ternary(0x0a000001L, 0xff0000ffL)),
                        List.of(new Action.Forward(List.of(Examples.AB))))));
        rules.addAll(a.rules());
        List<RuleTable> tables = new ArrayList<>(net.tables());
        tables.set(tables.indexOf(a), new RuleTable("A", a.policy(), rules));
        return new Network(net.layout(), net.devices(), net.ports(), net.links(), tables, net.acls(), net.aclBindings(), List.of(), List.of());
    }

    @Test
    void atpgDataplaneUpOfTheThreeSwitchExample() throws Exception {
        Path net = dir.resolve("net.json"), json = dir.resolve("dataplane.json");
        NetworkJson.write(withUnexpressedRules(), net);
        try {
            CliRun up = sonde("root, iproute2 and nftables", "atpg", "dataplane", "up", "--network", net.toString(), "--format", "json",
                    "--name", "schemas", "--json", json.toString());
            assertThat(up.exitCode()).as(up.err() + up.out()).isZero();
            JsonSchemas.validate("atpg-dataplane-up", json);
            JsonNode built = Json.mapper().readTree(json.toFile()).get("dataplane");
            assertThat(built.get("devices").asInt()).isEqualTo(3);
            assertThat(built.get("namespaces")).hasSize(built.get("devices").asInt() + 1); // a namespace per device, and the terminals'
            assertThat(built.get("unexpressed").findValuesAsText("element")).containsExactly("rule:rw", "rule:odd");
        } finally {
            CliRun.of("atpg", "dataplane", "down", "--name", "schemas");
        }
    }

    @Test
    void loadTestbedStatusWithAndWithoutASessionLimit() throws Exception {
        try {
            CliRun up = sonde("root, iproute2 and nftables", "load", "testbed", "up", "--name", "sonde-sch", "--servers", "2", "--session-limit", "100");
            assertThat(up.exitCode()).as(up.err() + up.out()).isZero();
            Path limited = dir.resolve("limited.json");
            CliRun status = CliRun.of("load", "testbed", "status", "--name", "sonde-sch", "--json", limited.toString());
            assertThat(status.exitCode()).as(status.err()).isZero();
            JsonSchemas.validate("load-testbed-status", limited);
            assertThat(Json.mapper().readTree(limited.toFile()).get("sessionLimit").get("limit").asLong()).isEqualTo(100);

            CliRun again = CliRun.of("load", "testbed", "up", "--name", "sonde-sch", "--servers", "1");
            assertThat(again.exitCode()).as(again.err() + again.out()).isZero();
            Path open = dir.resolve("open.json");
            assertThat(CliRun.of("load", "testbed", "status", "--name", "sonde-sch", "--json", open.toString()).exitCode()).isZero();
            JsonSchemas.validate("load-testbed-status", open);
            JsonNode s = Json.mapper().readTree(open.toFile());
            assertThat(s.get("sessionLimit").isNull()).as("no session limit: null").isTrue();
            assertThat(s.get("backends")).hasSize(1);
        } finally {
            CliRun.of("load", "testbed", "down", "--name", "sonde-sch");
        }
    }
}
