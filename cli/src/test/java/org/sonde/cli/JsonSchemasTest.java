package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.core.Json;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;
import org.sonde.replay.diagnose.SimulatedCaptures;
import picocli.CommandLine;

/**
 * Every JSON output a user gets has a JSON Schema (draft 2020-12) in {@code docs/schemas}, and each
 * output, produced for real by its command on small inputs, validates against it. The schemas are
 * checked not to be vacuous (a document with a required field removed, or with an unknown one, is
 * rejected), and mechanically: every command with {@code --json} has one, none is an orphan.
 */
class JsonSchemasTest {
    static final Path SCHEMAS = JsonSchemas.DIR;

    /** Commands whose --json has two shapes: a RoCE test's (a simulated NIC) or a TCP test's (Linux or its model). */
    static final Map<String, Set<String>> SCHEMAS_OF_COMMAND = Map.of(
            "sonde inject run", Set.of("inject-analysis", "inject-tcp-analysis"),
            "sonde inject fuzz", Set.of("inject-fuzz", "inject-tcp-fuzz"),
            "sonde inject study", Set.of("inject-study", "inject-tcp-study"));

    /** The schema of each command's --json document. */
    static final Map<String, String> SCHEMA_OF_COMMAND = Map.ofEntries(
            Map.entry("sonde atpg generate", "atpg-summary"),
            Map.entry("sonde atpg emulate", "atpg-results"),
            // atpg run needs root and namespaces; it writes atpg emulate's format (ResultsFile), validated through emulate
            Map.entry("sonde atpg run", "atpg-results"),
            Map.entry("sonde atpg localize", "atpg-localize"),
            Map.entry("sonde probe cover", "probe-cover"),
            Map.entry("sonde probe plan", "probe-plan"),
            Map.entry("sonde probe simulate", "probe-simulate"),
            Map.entry("sonde probe localize", "probe-localize"),
            Map.entry("sonde reach", "reach"),
            Map.entry("sonde verify check", "verify-check"),
            Map.entry("sonde verify watch", "verify-watch"),
            Map.entry("sonde search run", "search-run"),
            Map.entry("sonde search compare", "search-compare"),
            Map.entry("sonde search check-app", "search-check-app"),
            Map.entry("sonde inject diff", "inject-diff"),
            Map.entry("sonde inject analyze", "inject-analysis"),
            Map.entry("sonde pcap synth", "pcap-synth"),
            Map.entry("sonde pcap inspect", "pcap-inspect"),
            Map.entry("sonde sim run", "sim-run"),
            Map.entry("sonde replay record", "replay-record"),
            Map.entry("sonde replay connection", "replay-connection"),
            Map.entry("sonde replay check", "replay-check"),
            Map.entry("sonde replay queues", "replay-queues"),
            Map.entry("sonde replay diagnose", "replay-diagnose"),
            // replay linux needs root, namespaces and bpftrace: validated by its netns test and, replayed again, by ReplayLinuxFromTest
            Map.entry("sonde replay linux", "replay-linux"),
            Map.entry("sonde inject capacity", "inject-capacity"),
            Map.entry("sonde load run", "load-result"),
            Map.entry("sonde load server", "load-result"),
            Map.entry("sonde load testbed status", "load-testbed-status"),
            Map.entry("sonde atpg dataplane up", "atpg-dataplane-up"),
            Map.entry("sonde demo", "demo"));

    /**
     * Schemas whose documents other tests produce, each in the run it makes anyway (root and
     * namespaces, or tens of seconds), and validate through {@link JsonSchemas#validate}: the test
     * class (under cli/src/test/java/org/sonde/cli) that does.
     */
    static final Map<String, List<String>> VALIDATED_BY = Map.ofEntries(
            Map.entry("inject-fuzz", List.of("inject/FuzzCommandTest.java")),
            Map.entry("inject-study", List.of("inject/StudyCommandTest.java")),
            Map.entry("inject-tcp-fuzz", List.of("inject/InjectTcpNetnsTest.java")),
            Map.entry("inject-tcp-study", List.of("inject/InjectTcpNetnsTest.java")),
            Map.entry("inject-capacity", List.of("inject/CapacityCommandNetnsTest.java")),
            Map.entry("load-result", List.of("LoadCommandTest.java", "DemoCommandTest.java")),
            Map.entry("load-testbed-status", List.of("JsonSchemasNetnsTest.java")),
            Map.entry("atpg-dataplane-up", List.of("JsonSchemasNetnsTest.java")),
            Map.entry("demo", List.of("DemoCommandTest.java")),
            Map.entry("pcap-inspect-report", List.of("DemoCommandTest.java")),
            Map.entry("replay-linux", List.of("replay/ReplayLinuxNetnsTest.java", "replay/ReplayLinuxFromTest.java")));

    @TempDir
    static Path dir;

    /** Each schema's documents, produced once by the commands. */
    static final Map<String, List<Path>> DOCUMENTS = new LinkedHashMap<>();

    /** Two TCP flows that finish and one that does not, in a few milliseconds of simulated time. */
    static final String SCENARIO = """
            name: tiny-dumbbell
            duration: 3ms
            sample-every: 100us
            topology:
              dumbbell:
                pairs: 3
                access: {rate: 10Gbps, delay: 2us}
                bottleneck: {rate: 10Gbps, delay: 10us}
            switch:
              buffer: 40KB
            transports:
              tcp: {congestion-control: cubic}
            traffic:
              - flows: {from: l0, to: r0, size: 200KB, start: 0ms, transport: tcp, name: short}
              - flows: {from: l1, to: r1, size: 200KB, start: 0ms, transport: tcp, name: other}
              - flows: {from: l2, to: r2, size: 100MB, start: 0ms, transport: tcp, name: long}
            captures:
              - {file: bottleneck.pcapng, ports: [left>right], direction: tx, snap-length: 96}
            monitor:
              queues: [left>right]
            """;

    private static Path json(String name) {
        return dir.resolve(name + ".json");
    }

    private static void produce(String schema, Path document, String... args) {
        produce(List.of(0, 1), schema, document, args);
    }

    private static void produce(List<Integer> exitCodes, String schema, Path document, String... args) {
        CliRun r = CliRun.of(args);
        assertThat(r.exitCode()).as("%s\n%s", String.join(" ", args), r.err()).isIn(exitCodes);
        assertThat(document).as(String.join(" ", args)).isRegularFile();
        DOCUMENTS.computeIfAbsent(schema, k -> new ArrayList<>()).add(document);
    }

    @BeforeAll
    static void produceEveryOutput() throws IOException {
        Path net = dir.resolve("net.json");
        NetworkJson.write(Examples.threeSwitch(), net);
        Path suite = dir.resolve("suite");
        produce("atpg-summary", json("generate"), "atpg", "generate", "--network", net.toString(), "--format", "json", "--out", suite.toString(),
                "--json", json("generate").toString());
        DOCUMENTS.get("atpg-summary").add(suite.resolve("summary.json"));
        DOCUMENTS.computeIfAbsent("atpg-suite", k -> new ArrayList<>()).add(suite.resolve("suite.json"));
        produce("atpg-results", json("healthy"), "atpg", "emulate", "--suite", suite.toString(), "--json", json("healthy").toString());
        produce("atpg-results", json("emulate"), "atpg", "emulate", "--suite", suite.toString(), "--fault", "rule:rB3:drop", "--json", json("emulate").toString());
        // performance tests: trains, some limited by a slowed link (a bottleneck) and some not (null)
        produce("atpg-results", json("trains"), "atpg", "emulate", "--suite", suite.toString(), "--fault", "link:AB:rate=4kbps", "--fault",
                "link:BA:rate=4kbps", "--train", "3", "--threshold", "10s", "--json", json("trains").toString());
        produce("atpg-localize", json("localize"), "atpg", "localize", "--suite", suite.toString(), "--results", json("emulate").toString(),
                "--json", json("localize").toString());
        produce("probe-cover", json("cover"), "probe", "cover", "--next-hops", "16", "--confidence", "0.99", "--json", json("cover").toString());
        produce("probe-plan", json("plan"), "probe", "plan", "--topology", "fattree:4", "--out", dir.resolve("plan").toString(), "--json", json("plan").toString());
        DOCUMENTS.get("probe-plan").add(dir.resolve("plan/plan.json"));
        produce("probe-simulate", json("simulate"), "probe", "simulate", "--topology", "fattree:4", "--trials", "5", "--json", json("simulate").toString());
        // ProbeCommandTest's results: two probes through agg0-0 lose packets
        Path results = Files.writeString(dir.resolve("results.csv"), org.sonde.cli.probe.ProbeCommandTest.RESULTS);
        produce("probe-localize", json("probe-localize"), "probe", "localize", "--topology", "fattree:4", "--results", results.toString(),
                "--json", json("probe-localize").toString());
        produce("reach", json("reach"), "reach", "--network", net.toString(), "--format", "json", "--json", json("reach").toString());
        produce("reach", json("reach-no-headers"), "reach", "--network", net.toString(), "--format", "json", "--no-pair-headers",
                "--json", json("reach-no-headers").toString());
        Path snapshot = dir.resolve("dcn");
        assertThat(CliRun.of("verify", "generate", "dcn", "--switches", "20", "--plant", "loops=1,blackholes=1", "--out", snapshot.toString()).exitCode()).isZero();
        produce("verify-check", json("verify"), "verify", "check", "--snapshot", snapshot.toString(), "--backend", "local", "--json", json("verify").toString());
        DOCUMENTS.computeIfAbsent("verify-truth", k -> new ArrayList<>()).add(Files.copy(snapshot.resolve("truth.json"), dir.resolve("truth.json")));
        Files.delete(snapshot.resolve("truth.json"));
        produce("verify-check", json("verify-no-truth"), "verify", "check", "--snapshot", snapshot.toString(), "--backend", "local", "--checks", "loops",
                "--json", json("verify-no-truth").toString());
        produce("search-run", json("search"), "search", "run", "--target", "sim:f-like", "--budget", "3h", "--seed", "2", "--json", json("search").toString());
        produce("search-run", json("search-random"), "search", "run", "--target", "sim:clean", "--budget", "1h", "--method", "random",
                "--json", json("search-random").toString());
        Path app = Files.writeString(dir.resolve("app.yaml"), "mtu: [1024, 2048, 4096]\n");
        produce("search-check-app", json("check-app"), "search", "check-app", app.toString(), "--mfs", json("search").toString(),
                "--json", json("check-app").toString());
        produce("search-compare", json("compare"), "search", "compare", "--methods", "random,collie", "--seeds", "2", "--budget", "2h",
                "--json", json("compare").toString());

        Path roce = dir.resolve("roce-run");
        produce("inject-analysis", json("inject-run"), "inject", "run", "../examples/inject/listing2.yaml", "--out", roce.toString(), "--no-report",
                "--json", json("inject-run").toString());
        DOCUMENTS.get("inject-analysis").add(roce.resolve("analysis.json"));
        DOCUMENTS.computeIfAbsent("inject-result", k -> new ArrayList<>()).add(roce.resolve("result.json"));
        produce("inject-analysis", json("inject-analyze"), "inject", "analyze", roce.toString(), "--permissive", "--json", json("inject-analyze").toString());

        // two runs of one TCP test on the simulator's model, and a third without the test's last drop: a difference
        String tcpTest = "../examples/inject/tcp-listing2.yaml";
        Path a = dir.resolve("tcp-a"), b = dir.resolve("tcp-b"), c = dir.resolve("tcp-c");
        assertThat(CliRun.of("inject", "run", tcpTest, "--target", "sim-tcp", "--out", a.toString(), "--no-report").exitCode()).isZero();
        assertThat(CliRun.of("inject", "run", tcpTest, "--target", "sim-tcp", "--seed", "2", "--out", b.toString(), "--no-report").exitCode()).isZero();
        Path noTail = Files.writeString(dir.resolve("no-tail.yaml"),
                Files.readString(Path.of(tcpTest)).replace("    - {conn: 3, seg: 10, type: drop}\n", ""));
        assertThat(CliRun.of("inject", "run", noTail.toString(), "--target", "sim-tcp", "--out", c.toString(), "--no-report").exitCode()).isZero();
        produce("inject-tcp-analysis", json("tcp-run"), "inject", "run", tcpTest, "--target", "sim-tcp", "--out", dir.resolve("tcp-run").toString(),
                "--no-report", "--json", json("tcp-run").toString());
        DOCUMENTS.get("inject-tcp-analysis").add(c.resolve("analysis.json"));
        DOCUMENTS.computeIfAbsent("inject-tcp-result", k -> new ArrayList<>()).add(c.resolve("result.json"));
        produce("inject-diff", json("diff-same"), "inject", "diff", "--runs", a.toString(), b.toString(), "--out", dir.resolve("ab").toString(),
                "--json", json("diff-same").toString());
        produce("inject-diff", json("diff"), "inject", "diff", "--runs", a.toString(), c.toString(), "--out", dir.resolve("ac").toString(),
                "--json", json("diff").toString());
        DOCUMENTS.get("inject-diff").add(dir.resolve("ac/diff.json"));
        // verify watch on VerifyCommandTest's toy: two events that settle together, then a black hole appears
        Path toy = Files.createDirectories(dir.resolve("toy")), events = dir.resolve("events.txt");
        Files.writeString(toy.resolve("rules.txt"), String.join("\n",
                "S11 192.168.0.0 24 deliver 10", "S11 192.168.1.0 24 S21,S22 10",
                "S12 192.168.0.0 24 S21,S22 10", "S12 192.168.1.0 24 deliver 10",
                "S21 192.168.0.0 24 S11 10", "S21 192.168.1.0 24 S12 10",
                "S22 192.168.0.0 24 S11 10", "S22 192.168.1.0 24 S12 10") + "\n");
        Files.writeString(events, String.join("\n",
                "1000 ctl-a del S22 192.168.0.0 24 - 10", "1010 ctl-b mod S12 192.168.0.0 24 S21 10", "3000 ctl-a del S22 192.168.1.0 24 - 10") + "\n");
        produce("verify-watch", json("watch"), "verify", "watch", "--snapshot", toy.toString(), "--events", events.toString(), "--epsilon", "50ms",
                "--json", json("watch").toString());
        Path capture = dir.resolve("roce.pcapng");
        produce("pcap-synth", json("synth"), "pcap", "synth", "--capture", capture.toString(), "--size", "100k", "--json", json("synth").toString());

        Path scenario = Files.writeString(dir.resolve("tiny.yaml"), SCENARIO);
        Path sim = dir.resolve("sim");
        produce("sim-run", json("sim"), "sim", "run", scenario.toString(), "--out", sim.toString(), "--no-report", "--json", json("sim").toString());
        DOCUMENTS.computeIfAbsent("sim-stats", k -> new ArrayList<>()).add(sim.resolve("stats.json"));
        Path pfc = dir.resolve("pfc");
        produce("sim-run", json("pfc"), "sim", "run", "../examples/sim/udp-pfc.yaml", "--out", pfc.toString(), "--no-report", "--json", json("pfc").toString());
        DOCUMENTS.get("sim-stats").add(pfc.resolve("stats.json"));

        Path rec = dir.resolve("rec");
        produce("replay-record", json("record"), "replay", "record", scenario.toString(), "--out", rec.toString(), "--capture", "--json", json("record").toString());
        DOCUMENTS.get("replay-record").add(rec.resolve("summary.json"));
        DOCUMENTS.computeIfAbsent("replay-connections", k -> new ArrayList<>()).add(rec.resolve("connections.json"));
        produce("replay-connection", json("connection"), "replay", "connection", rec.toString(), "--conn", "0", "--out", dir.resolve("conn").toString(),
                "--json", json("connection").toString());
        DOCUMENTS.computeIfAbsent("replay-state", k -> new ArrayList<>()).add(dir.resolve("conn/state.json"));
        produce("replay-check", json("check"), "replay", "check", rec.toString(), "--json", json("check").toString());
        produce("replay-queues", json("queues"), "replay", "queues", rec.toString(), "--json", json("queues").toString());
        produce("replay-queues", json("queues-untagged"), "replay", "queues", rec.toString(), "--no-tagging", "--threshold", "2us", "--json",
                json("queues-untagged").toString());
        Path linux = SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2);
        produce("pcap-inspect", json("inspect-tcp"), "pcap", "inspect", linux.toString(), "--json", json("inspect-tcp").toString());
        produce("pcap-inspect", json("inspect-roce"), "pcap", "inspect", capture.toString(), "--limit", "20", "--json", json("inspect-roce").toString());
        produce("pcap-inspect", json("inspect-totals"), "pcap", "inspect", capture.toString(), "--totals-only", "--json", json("inspect-totals").toString());
        byte[] whole = Files.readAllBytes(linux);
        Path cut = Files.write(dir.resolve("cut.pcapng"), java.util.Arrays.copyOf(whole, whole.length / 2 + 7));
        produce(List.of(3), "pcap-inspect", json("inspect-cut"), "pcap", "inspect", cut.toString(), "--json", json("inspect-cut").toString());
        produce("replay-diagnose", json("diagnose"), "replay", "diagnose", linux.toString(), "--json", json("diagnose").toString());
        produce("replay-diagnose", json("diagnose-sim"), "replay", "diagnose", rec.resolve("capture.pcapng").toString(), "--json", json("diagnose-sim").toString());
    }

    static List<String> errors(String schema, JsonNode document) {
        return JsonSchemas.errors(schema, document);
    }

    static Stream<Arguments> documents() {
        List<Arguments> all = new ArrayList<>();
        DOCUMENTS.forEach((schema, paths) -> paths.forEach(p -> all.add(Arguments.of(schema, dir.relativize(p).toString()))));
        return all.stream();
    }

    @ParameterizedTest(name = "{1} is a {0}, not without a required field or with an unknown one")
    @MethodSource("documents")
    void eachOutputValidatesAgainstItsSchemaAndTheSchemaIsNotVacuous(String schema, String document) {
        JsonSchemas.validate(schema, dir.resolve(document));
    }

    @Test
    void aFlowMonitorRowWithAFieldRenamedOrAWrongNullFails() throws IOException {
        JsonNode stats = Json.mapper().readTree(dir.resolve("sim/stats.json").toFile());
        assertThat(stats.get("flowMonitor")).isNotEmpty();
        ObjectNode renamed = stats.deepCopy();
        ObjectNode row = (ObjectNode) renamed.get("flowMonitor").get(0);
        row.set("lostPacket", row.remove("lostPackets"));
        assertThat(errors("sim-stats", renamed)).isNotEmpty();
        ObjectNode nulled = stats.deepCopy();
        ((ObjectNode) nulled.get("flowMonitor").get(0)).putNull("txPackets"); // a count is never null, a delay may be
        assertThat(errors("sim-stats", nulled)).isNotEmpty();
        ObjectNode delayNull = stats.deepCopy();
        ((ObjectNode) delayNull.get("flowMonitor").get(0)).putNull("meanDelayNanos");
        assertThat(errors("sim-stats", delayNull)).isEmpty();
    }

    /** Where {@code node} holds the number -1, as JSON pointers. */
    static List<String> minusOnes(JsonNode node, String at) {
        List<String> found = new ArrayList<>();
        if (node.isNumber() && node.asDouble() == -1) found.add(at);
        if (node.isArray()) for (int i = 0; i < node.size(); i++) found.addAll(minusOnes(node.get(i), at + "/" + i));
        if (node.isObject()) node.fields().forEachRemaining(e -> found.addAll(minusOnes(e.getValue(), at + "/" + e.getKey())));
        return found;
    }

    @ParameterizedTest(name = "{1} says \"none\" with null, not -1")
    @MethodSource("documents")
    void noOutputSaysNoneWithMinusOne(String schema, String document) throws IOException {
        assertThat(minusOnes(Json.mapper().readTree(dir.resolve(document).toFile()), "")).isEmpty();
    }

    @Test
    void theRunsCoverTheCasesTheSchemasDescribe() throws IOException {
        // the nulls of unfinished flows and the per-group summary, and a failed localisation, were really produced
        JsonNode stats = Json.mapper().readTree(dir.resolve("sim/stats.json").toFile());
        assertThat(stats.get("flows").findValues("fctNanos")).anyMatch(JsonNode::isNull).anyMatch(JsonNode::isNumber);
        assertThat(stats.get("fct").get("byGroup")).isNotNull();
        assertThat(stats.get("series").get("flows").size() + stats.get("series").get("queueBytes").size()).isPositive();
        assertThat(Json.mapper().readTree(json("emulate").toFile()).get("failed").asInt()).isPositive();
        assertThat(Json.mapper().readTree(json("localize").toFile()).get("suspects")).isNotEmpty();
        assertThat(Json.mapper().readTree(json("search").toFile()).get("anomalies").findValues("mfs")).anyMatch(JsonNode::isObject);
        assertThat(Json.mapper().readTree(json("diff").toFile()).get("differences")).isNotEmpty();
        assertThat(Json.mapper().readTree(json("compare").toFile()).findValues("mfsPrecision")).anyMatch(JsonNode::isNull).anyMatch(JsonNode::isNumber);
        assertThat(Json.mapper().readTree(json("diagnose").toFile()).findValues("spurious")).isNotEmpty();
        assertThat(Json.mapper().readTree(json("inspect-tcp").toFile()).findValues("analysis")).isNotEmpty();
        assertThat(Json.mapper().readTree(json("inspect-roce").toFile()).findValues("bth")).isNotEmpty();
        assertThat(Json.mapper().readTree(json("inspect-cut").toFile()).path("error").path("complete").isBoolean()).isTrue();
        assertThat(Json.mapper().readTree(json("check-app").toFile()).get("hits")).isNotEmpty();
        assertThat(Json.mapper().readTree(json("watch").toFile()).get("states").findValues("appeared")).anyMatch(a -> !a.isEmpty());
        assertThat(Json.mapper().readTree(json("probe-localize").toFile()).get("suspects").findValues("evidence")).anyMatch(e -> !e.isEmpty());
        assertThat(Json.mapper().readTree(json("inject-run").toFile()).get("latency").get("detail").findValues("timeout")).anyMatch(JsonNode::isNull);
        assertThat(Json.mapper().readTree(json("tcp-run").toFile()).get("tcp").get("recoveries")).isNotEmpty();
        JsonNode verify = Json.mapper().readTree(json("verify").toFile());
        assertThat(verify.get("violations").findValuesAsText("type")).contains("loop", "blackhole");
        assertThat(verify.has("truth")).isTrue();
        assertThat(Json.mapper().readTree(json("verify-no-truth").toFile()).has("truth")).isFalse();
    }

    // ---- mechanical: every --json has a schema, every schema is used, every property is described

    private static List<String> commandsWithJson() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        List<String> out = new ArrayList<>();
        List<CommandLine> todo = new ArrayList<>(List.of(Main.commandLine(sink, sink)));
        while (!todo.isEmpty()) {
            CommandLine c = todo.removeLast();
            todo.addAll(c.getSubcommands().values().stream().distinct().toList());
            if (c.getCommandSpec().findOption("--json") != null) out.add(c.getCommandSpec().qualifiedName());
        }
        return out;
    }

    private static Set<String> schemaFiles() throws IOException {
        try (Stream<Path> files = Files.list(SCHEMAS)) {
            return new TreeSet<>(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".schema.json"))
                    .map(n -> n.substring(0, n.length() - ".schema.json".length())).toList());
        }
    }

    @Test
    void everyCommandWithJsonHasASchema() throws IOException {
        List<String> withJson = commandsWithJson();
        assertThat(withJson).hasSizeGreaterThan(30);
        SoftAssertions soft = new SoftAssertions();
        for (String c : withJson) {
            int listed = (SCHEMA_OF_COMMAND.containsKey(c) ? 1 : 0) + (SCHEMAS_OF_COMMAND.containsKey(c) ? 1 : 0);
            soft.assertThat(listed).as("%s has a schema, once", c).isEqualTo(1);
        }
        soft.assertThat(withJson).as("the listed commands exist and have --json").containsAll(SCHEMA_OF_COMMAND.keySet())
                .containsAll(SCHEMAS_OF_COMMAND.keySet());
        Set<String> files = schemaFiles();
        for (String s : SCHEMA_OF_COMMAND.values()) soft.assertThat(files).as("the schema file of %s", s).contains(s);
        SCHEMAS_OF_COMMAND.values().forEach(set -> set.forEach(s -> soft.assertThat(files).as("the schema file of %s", s).contains(s)));
        soft.assertAll();
    }

    @Test
    void everySchemaFileIsUsedByATestAndListedInTheReadme() throws IOException {
        Set<String> files = schemaFiles();
        String readme = Files.readString(SCHEMAS.resolve("README.md"));
        Set<String> used = new TreeSet<>(DOCUMENTS.keySet());
        used.addAll(VALIDATED_BY.keySet());
        assertThat(files).isEqualTo(used);
        for (String f : files) assertThat(readme).as("README.md lists %s", f).contains("`" + f + ".schema.json`");
        // a schema validated elsewhere is validated there, through the one check
        VALIDATED_BY.forEach((schema, tests) -> tests.forEach(test -> assertThat(Path.of("src/test/java/org/sonde/cli", test)).as(test)
                .content().contains("JsonSchemas.validate(\"" + schema + "\"")));
    }

    @Test
    void everyPropertyIsDescribedAndEveryFixedShapeIsClosed() throws IOException {
        SoftAssertions soft = new SoftAssertions();
        for (String f : schemaFiles()) {
            JsonNode s = Json.mapper().readTree(SCHEMAS.resolve(f + ".schema.json").toFile());
            soft.assertThat(s.path("$schema").asText()).as(f).isEqualTo("https://json-schema.org/draft/2020-12/schema");
            soft.assertThat(s.path("description").asText()).as("%s says what it is for", f).isNotBlank();
            soft.assertThat(JsonSchemas.schema(f)).as("%s parses", f).isNotNull();
            checkObjects(f, "", s, soft);
        }
        soft.assertAll();
    }

    private static void checkObjects(String file, String at, JsonNode node, SoftAssertions soft) {
        if (!node.isObject()) return;
        JsonNode props = node.get("properties");
        if (props != null) {
            soft.assertThat(node.path("additionalProperties").isMissingNode()).as("%s %s: additionalProperties is said", file, at).isFalse();
            soft.assertThat(node.has("required")).as("%s %s: required is listed", file, at).isTrue();
            props.fields().forEachRemaining(e -> {
                soft.assertThat(e.getValue().path("description").asText()).as("%s %s.%s has a description", file, at, e.getKey()).isNotBlank();
                checkObjects(file, at + "." + e.getKey(), e.getValue(), soft);
            });
        }
        for (String k : List.of("items", "additionalProperties")) {
            if (node.has(k)) checkObjects(file, at + "/" + k, node.get(k), soft);
        }
    }
}
