package org.sonde.dataplane.io.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.RandomNetworks;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;

class NetworkJsonTest {
    static final HeaderLayout IP = new HeaderLayout("ip", 32, List.of(new HeaderField("ip_dst", 0, 32)));

    static Network small() {
        Rule r = new Rule("r1", 1, Set.of(1), new Match(Map.of("ip_dst", Ternary.prefix(0x0a000000L, 8, 32))), List.of(new Action.Forward(List.of(2))));
        return Network.forwarding(IP, List.of(new Device("a")), List.of(new Port(1, "a", "p1"), new Port(2, "a", "p2")),
                List.of(), List.of(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(r))));
    }

    @Property(tries = 300)
    void randomNetworksSurviveTheRoundTrip(@ForAll long seed) {
        Network n = RandomNetworks.network(seed);
        String json = NetworkJson.write(n);
        assertThat(NetworkJson.read("gen.json", json)).isEqualTo(n);
        assertThat(NetworkJson.write(NetworkJson.read("gen.json", json))).isEqualTo(json);
    }

    @Test
    void writesTheDocumentedShape() {
        String json = NetworkJson.write(small());
        assertThat(json).contains("\"schema\" : \"sonde.network\"", "\"version\" : 1", "\"value\" : \"0xa000000\"",
                "\"mask\" : \"0xff000000\"", "\"type\" : \"forward\"", "\"policy\" : \"FIRST_MATCH\"");
    }

    static void rejects(String json, String... fragments) {
        assertThatThrownBy(() -> NetworkJson.read("net.json", json)).isInstanceOf(BadInputException.class)
                .message().startsWith("net.json: ").contains(fragments);
    }

    @Test
    void unknownFieldIsRejectedWithPathAndLine() {
        String json = NetworkJson.write(small()).replace("\"priority\" : 1,", "\"priority\" : 1,\n \"colour\" : \"red\",");
        int line = (int) json.substring(0, json.indexOf("colour")).lines().count();
        assertThatThrownBy(() -> NetworkJson.read("net.json", json)).hasMessageContaining("line " + line + ",").hasMessageContaining("$.tables[0].rules[0].colour")
                .hasMessageContaining("unknown member \"colour\" (expected [actions, id, inPorts, match, origin, priority, shadowedBy])");
    }

    @Test
    void malformedValuesAreRejectedWithPathAndLine() {
        String json = NetworkJson.write(small());
        String badMask = json.replace("\"0xff000000\"", "\"0xfg\"");
        int line = (int) badMask.substring(0, badMask.indexOf("\"ip_dst\" : {")).lines().count();
        rejects(badMask, "line " + line + ",", "$.tables[0].rules[0].match.ip_dst", "expected mask as a hex string");
        rejects(json.replace("\"0xa000000\"", "\"0xa000001\""), "$.tables[0].rules[0].match.ip_dst", "value has bits outside the mask");
        rejects(json.replace("\"priority\" : 1", "\"priority\" : \"1\""), "$.tables[0].rules[0].priority", "line ");
        rejects(json.replace("\"priority\" : 1", "\"priority\" : 1.5"), "$.tables[0].rules[0].priority");
        rejects(json.replace("\"type\" : \"forward\"", "\"type\" : \"teleport\""), "$.tables[0].rules[0].actions[0]", "teleport");
        rejects(json.replace("\"policy\" : \"FIRST_MATCH\"", "\"policy\" : \"SOMETIMES\""), "$.tables[0].policy", "SOMETIMES");
        rejects(json.replace("\"version\" : 1", "\"version\" : 2"), "unsupported schema version 2");
        rejects(json.replace(",\n  \"macTable\" : [ ]", ""), "macTable");
        rejects(json.replace("\"name\" : \"p1\"", "\"name\" : null"), "$.ports[0].name");
        rejects(json + " {}", "line ");
        rejects("{\"schema\": \"sonde.network\", \"schema\": \"x\"}", "Duplicate field 'schema'");
        rejects("[", "line 1");
    }

    @Test
    void filesRoundTripAndMissingFilesAreEnvironmentErrors(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path file = dir.resolve("net.json");
        NetworkJson.write(small(), file);
        assertThat(NetworkJson.read(file)).isEqualTo(small());
        assertThatThrownBy(() -> NetworkJson.read(dir.resolve("absent.json")))
                .isInstanceOf(org.sonde.core.EnvironmentException.class).hasMessageContaining("absent.json");
    }

    @Test
    void modelErrorsNameTheItem() {
        String json = NetworkJson.write(small()).replace("\"inPorts\" : [ 1 ]", "\"inPorts\" : [ 7 ]");
        rejects(json, "rule r1 of device a in-ports", "unknown port 7");
    }
}
