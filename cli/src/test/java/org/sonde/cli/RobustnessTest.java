package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;

/**
 * Every command against a corpus of malformed inputs: truncated, random and wrongly encoded files,
 * wrong types, out-of-range values, YAML bombs, unreadable inputs and unwritable outputs. A user's
 * mistake must end in exit 2 (usage), 3 (bad input) or 4 (environment), never 70; in one error
 * line that names the file and the place in it; with no stack trace; and with no output that
 * looks complete (no result file, no result directory, no summary on stdout).
 *
 * <p>New parsers and commands join the corpus: {@link #cases()}.
 */
class RobustnessTest {
    @TempDir
    static Path dir;
    static Path net, suite, results, scenario, injectTest, capture, metadata, conf, snapshot, fuzzTarget, tcpScenario, recording;

    /** A Java exception or error class, a stack frame, or a parser's internals: never shown without --debug. */
    private static final Pattern INTERNALS = Pattern.compile(
            "\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\tat [a-z]|\\bat \\[Source|Source: |StreamReadConstraints|org\\.(yaml|apache|sonde)\\.|java\\.[a-z]+\\.");

    /**
     * @param partialStdout null: stdout must stay empty; otherwise a command that streams its
     *                      results (packets, events) may have printed some, and must have said this
     */
    record Case(String name, int code, List<String> args, List<String> mentions, List<Path> mustNotExist, String partialStdout) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void fixtures() throws IOException {
        net = dir.resolve("three-switch.json");
        NetworkJson.write(Examples.threeSwitch(), net);
        suite = dir.resolve("suite");
        run("atpg", "generate", "--network", net.toString(), "--format", "json", "--out", suite.toString());
        results = dir.resolve("results.json");
        CliRun e = CliRun.of("atpg", "emulate", "--suite", suite.toString(), "--fault", "rule:rC1:drop", "--json", results.toString());
        assertThat(e.exitCode()).as(e.err()).isEqualTo(1);
        scenario = Files.copy(Path.of("../examples/sim/udp-pfc.yaml"), dir.resolve("scenario.yaml"));
        injectTest = Files.copy(Path.of("../examples/inject/listing2.yaml"), dir.resolve("listing2.yaml"));
        fuzzTarget = Files.copy(Path.of("../examples/inject/fuzz/noisy-neighbour.yaml"), dir.resolve("target.yaml"));
        Path run = dir.resolve("inject-run");
        run("inject", "run", injectTest.toString(), "--out", run.toString(), "--no-report");
        capture = run.resolve("trace.pcap");
        metadata = run.resolve("metadata.yaml");
        conf = Files.writeString(dir.resolve("client.conf"), "mode client\nprotocol http\nserver 127.0.0.1 1\nlisten 9 1\ncc 1\n"
                + "keepalive 0us\nduration 1s\nwait 1\nslow_start 0\n");
        snapshot = dir.resolve("dcn");
        run("verify", "generate", "dcn", "--switches", "20", "--out", snapshot.toString());
        tcpScenario = Files.writeString(dir.resolve("tcp.yaml"), "name: tcp\nduration: 50ms\ntopology: {star: {hosts: 3, link: {rate: 10Gbps, delay: 2us}}}\n"
                + "transports: {tcp: {}}\ntraffic:\n  - incast: {to: h0, size: 20KB, start: 0ms, rounds: 2, interval: 1ms, transport: tcp}\n");
        recording = dir.resolve("recording");
        run("replay", "record", tcpScenario.toString(), "--out", recording.toString());
    }

    private static void run(String... args) {
        CliRun r = CliRun.of(args);
        assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isZero();
    }

    // ---- bad files, each made fresh under a name that says what it is

    private static Path file(String name, byte[] content) {
        try {
            Path p = dir.resolve("bad").resolve(name);
            Files.createDirectories(p.getParent());
            return Files.write(p, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path text(String name, String content) {
        return file(name, content.getBytes(StandardCharsets.UTF_8));
    }

    private static Path latin1(String name, String content) {
        return file(name, content.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static Path utf16(String name, Path valid) {
        try {
            return file(name, Files.readString(valid).getBytes(StandardCharsets.UTF_16));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path truncated(String name, Path valid, double keep) {
        try {
            byte[] b = Files.readAllBytes(valid);
            return file(name, Arrays.copyOf(b, (int) (b.length * keep)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code valid} cut just after the first {@code marker}: inside a structure, not between two. */
    private static Path cutAfter(String name, Path valid, String marker) {
        try {
            String t = Files.readString(valid);
            int at = t.indexOf(marker);
            assertThat(at).as(marker + " in " + valid).isNotNegative();
            return text(name, t.substring(0, at + marker.length()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path random(String name, long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return file(name, b);
    }

    private static Path yamlBomb(String name) {
        StringBuilder y = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i <= 9; i++) {
            y.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 10; j++) y.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            y.append("]\n");
        }
        return text(name, y.toString());
    }

    private static Path deep(String name, String open, String close) {
        return text(name, open.repeat(5000) + close.repeat(5000));
    }

    private static Path emptyDirectory(String name) {
        try {
            return Files.createDirectories(dir.resolve("bad").resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path missing(String name) {
        return dir.resolve("bad").resolve("missing-" + name);
    }

    private static int outputs;

    /** A fresh output path: no case sees another's output. */
    private static Path out(String name) {
        return dir.resolve("out").resolve(++outputs + "-" + name);
    }

    /** A place no file can be created: under a regular file. */
    private static Path unwritable(String name) {
        return file("a-regular-file", new byte[] {1}).resolve(name);
    }

    private static Case c(String name, int code, List<String> mentions, List<Path> mustNotExist, Object... args) {
        List<String> a = new ArrayList<>();
        for (Object o : args) a.add(o.toString());
        return new Case(name, code, a, mentions, mustNotExist, null);
    }

    /** A case of a command that streams results to stdout until the damage: it must say the output is incomplete. */
    private static Case streaming(Case c, String marker) {
        return new Case(c.name(), c.code(), c.args(), c.mentions(), c.mustNotExist(), marker);
    }

    private static final int USAGE = 2, BAD = 3, ENV = 4;

    static Stream<Case> cases() {
        List<Case> all = new ArrayList<>();
        all.addAll(pcap());
        all.addAll(atpg());
        all.addAll(reachAndVerify());
        all.addAll(sim());
        all.addAll(inject());
        all.addAll(load());
        all.addAll(replay());
        all.add(c("demo: capture size not a size", USAGE, List.of("--roce-size"), List.of(), "demo", "--out", out("demo"), "--roce-size", "lots"));
        all.add(c("demo: unwritable out", ENV, List.of("demo"), List.of(), "demo", "--out", unwritable("demo")));
        return all.stream();
    }

    static List<Case> replay() {
        Path o = out("rec");
        Path c = out("conn");
        Path sdr = recording.resolve("recording.sdr");
        return List.of(
                c("replay record: missing scenario", ENV, List.of("missing-scenario.yaml", "does not exist"), List.of(o), "replay", "record", missing("scenario.yaml"), "--out", o),
                c("replay record: random bytes", BAD, List.of("random-rec.yaml"), List.of(o), "replay", "record", random("random-rec.yaml", 5, 2048), "--out", o),
                c("replay record: truncated", BAD, List.of("cut-rec.yaml"), List.of(o), "replay", "record", truncated("cut-rec.yaml", tcpScenario, 0.6), "--out", o),
                c("replay record: no tcp transport", BAD, List.of("scenario.yaml", "tcp"), List.of(o), "replay", "record", scenario, "--out", o),
                c("replay record: negative threshold", USAGE, List.of("--threshold"), List.of(o), "replay", "record", tcpScenario, "--out", o, "--threshold", "-1"),
                c("replay record: out is a file", USAGE, List.of("--out"), List.of(), "replay", "record", tcpScenario, "--out", tcpScenario),
                c("replay record: unwritable out", ENV, List.of("rec"), List.of(), "replay", "record", tcpScenario, "--out", unwritable("rec")),
                c("replay connection: missing recording", ENV, List.of("missing-rec.sdr", "does not exist"), List.of(c), "replay", "connection", missing("rec.sdr"), "--conn", "0", "--out", c),
                c("replay connection: random bytes", BAD, List.of("random.sdr", "not a Sonde recording"), List.of(c), "replay", "connection", random("random.sdr", 9, 4096), "--conn", "0", "--out", c),
                c("replay connection: truncated", BAD, List.of("cut.sdr", "ends early"), List.of(c), "replay", "connection", truncated("cut.sdr", sdr, 0.7), "--conn", "0", "--out", c),
                c("replay connection: no such connection", USAGE, List.of("--conn 7", "0..3"), List.of(c), "replay", "connection", recording, "--conn", "7", "--out", c),
                c("replay connection: id not a number", USAGE, List.of("--conn"), List.of(c), "replay", "connection", recording, "--conn", "first", "--out", c),
                c("replay connection: out is a file", USAGE, List.of("--out"), List.of(), "replay", "connection", recording, "--conn", "0", "--out", sdr),
                c("replay check: recorded without --capture", USAGE, List.of("capture.pcapng", "--capture"), List.of(), "replay", "check", recording),
                c("replay check: missing directory", ENV, List.of("missing-rec-dir", "does not exist"), List.of(), "replay", "check", missing("rec-dir")),
                c("replay connection: unwritable json", ENV, List.of("r.json"), List.of(c), "replay", "connection", recording, "--conn", "0", "--out", c, "--json", unwritable("r.json")));
    }

    static List<Case> pcap() {
        Path o = out("synth.pcap");
        return List.of(
                c("pcap inspect: filter without a value", USAGE, List.of("--filter", "column 12", "expected a value"), List.of(),
                        "pcap", "inspect", missing("capture.pcap"), "--filter", "tcp.port =="),
                c("pcap inspect: filter of an unknown field", USAGE, List.of("--filter", "unknown field 'tcp.prot'"), List.of(),
                        "pcap", "inspect", missing("capture.pcap"), "-Y", "tcp.prot == 3"),
                c("pcap inspect: filter with totals only", USAGE, List.of("--filter", "--totals-only"), List.of(),
                        "pcap", "inspect", missing("capture.pcap"), "-Y", "tcp", "--totals-only"),
                c("pcap inspect: missing file", ENV, List.of("missing-capture.pcap", "does not exist"), List.of(), "pcap", "inspect", missing("capture.pcap")),
                c("pcap inspect: a directory", BAD, List.of("bad"), List.of(), "pcap", "inspect", dir.resolve("bad")),
                c("pcap inspect: empty file", BAD, List.of("empty.pcap"), List.of(), "pcap", "inspect", file("empty.pcap", new byte[0])),
                c("pcap inspect: random bytes", BAD, List.of("random.pcap", "byte offset 0"), List.of(), "pcap", "inspect", random("random.pcap", 1, 4096)),
                streaming(c("pcap inspect: truncated", BAD, List.of("cut.pcap", "byte offset"), List.of(), "pcap", "inspect", truncated("cut.pcap", capture, 0.5)),
                        "INCOMPLETE: the capture is damaged"),
                c("pcap inspect: report to an unwritable place", ENV, List.of("report.html"), List.of(),
                        "pcap", "inspect", capture, "--report", unwritable("report.html")),
                c("pcap synth: unwritable output", ENV, List.of("x.pcap"), List.of(), "pcap", "synth", "--capture", unwritable("x.pcap")),
                c("pcap synth: loss above 1", USAGE, List.of("--loss"), List.of(o), "pcap", "synth", "--capture", o, "--loss", "1.5"),
                c("pcap synth: negative qps", USAGE, List.of("--qps"), List.of(o), "pcap", "synth", "--capture", o, "--qps", "-3"),
                c("pcap synth: size zero", USAGE, List.of("--size"), List.of(o), "pcap", "synth", "--capture", o, "--size", "0"),
                c("pcap synth: message size zero", USAGE, List.of("--message-size"), List.of(o), "pcap", "synth", "--capture", o, "--message-size", "0"),
                c("pcap inspect: negative limit", USAGE, List.of("--limit"), List.of(), "pcap", "inspect", capture, "--limit", "-1"),
                c("pcap synth: not a number", USAGE, List.of("--ecn", "many"), List.of(o), "pcap", "synth", "--capture", o, "--ecn", "many"));
    }

    static List<Case> atpg() {
        Path g = out("gen");
        Path r = out("results.json");
        Path h = out("localize.html");
        return List.of(
                c("atpg generate: unknown format", USAGE, List.of("--format", "cisco", "json"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "cisco", "--out", g),
                c("atpg generate: terminals above 100%", USAGE, List.of("--terminals", "150%"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--terminals", "150%", "--out", g),
                c("atpg generate: terminals not a share", USAGE, List.of("--terminals", "some"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--terminals", "some", "--out", g),
                c("atpg generate: unwritable out", ENV, List.of("gen"), List.of(),
                        "atpg", "generate", "--network", net, "--format", "json", "--out", unwritable("gen")),
                c("atpg generate: out is a file", USAGE, List.of("--out", "is a file"), List.of(),
                        "atpg", "generate", "--network", net, "--format", "json", "--out", results),
                c("atpg generate: missing network", ENV, List.of("missing-net.json"), List.of(g),
                        "atpg", "generate", "--network", missing("net.json"), "--format", "json", "--out", g),
                c("atpg generate: network not UTF-8", BAD, List.of("latin1-net.json", "byte offset"), List.of(g),
                        "atpg", "generate", "--network", latin1("latin1-net.json", "{\"devices\": [\"caf\u00e9\"]}"), "--format", "json", "--out", g),
                c("atpg generate: network JSON cut off", BAD, List.of("cut-net.json", "line"), List.of(g),
                        "atpg", "generate", "--network", truncated("cut-net.json", net, 0.5), "--format", "json", "--out", g),
                c("atpg generate: network JSON nested deeply", BAD, List.of("deep-net.json", "line 1"), List.of(g),
                        "atpg", "generate", "--network", deep("deep-net.json", "[", "]"), "--format", "json", "--out", g),
                c("atpg generate: network JSON of wrong types", BAD, List.of("types-net.json"), List.of(g),
                        "atpg", "generate", "--network", text("types-net.json", "{\"devices\": 5, \"ports\": \"many\"}"), "--format", "json", "--out", g),
                c("atpg generate: stanford without topology", USAGE, List.of("--topology"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "stanford", "--out", g),
                c("atpg generate: a weight that is not a number", USAGE, List.of("--critical"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--critical", "rA1=heavy", "--out", g),
                c("atpg generate: only an element the model lacks", USAGE, List.of("--only", "rZ9"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--only", "rZ9", "--out", g),
                c("atpg generate: a weight for an element the model lacks", USAGE, List.of("--critical", "rQ1"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--critical", "rQ1=5", "--out", g),
                c("atpg generate: nothing to cover", BAD, List.of("nothing to cover"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--only", "rA1", "--terminals", "edge", "--cover", "links", "--out", g),
                c("atpg generate: zero samples", USAGE, List.of("--samples"), List.of(g),
                        "atpg", "generate", "--network", net, "--format", "json", "--samples", "0", "--out", g),
                c("atpg emulate: suite cut off", BAD, List.of("suite.json", "line"), List.of(r),
                        "atpg", "emulate", "--suite", truncatedSuite(), "--json", r),
                c("atpg localize: results with an empty test", BAD, List.of("empty-test-results.json"), List.of(),
                        "atpg", "localize", "--suite", suite, "--results", text("empty-test-results.json",
                                "{\"schema\": \"sonde.atpg.results\", \"version\": 1, \"faults\": [], \"results\": [{}]}")),
                c("atpg emulate: unknown fault", USAGE, List.of("--fault"), List.of(r), "atpg", "emulate", "--suite", suite, "--fault", "rule:nope:explode", "--json", r),
                c("atpg emulate: negative threshold", USAGE, List.of("--threshold"), List.of(r), "atpg", "emulate", "--suite", suite, "--threshold", "-1", "--json", r),
                c("atpg emulate: missing suite", ENV, List.of("missing-suite"), List.of(r), "atpg", "emulate", "--suite", missing("suite"), "--json", r),
                c("atpg emulate: unwritable results", ENV, List.of("r.json"), List.of(), "atpg", "emulate", "--suite", suite, "--json", unwritable("r.json")),
                c("atpg localize: results not UTF-8", BAD, List.of("utf16-results.json", "byte offset"), List.of(),
                        "atpg", "localize", "--suite", suite, "--results", utf16("utf16-results.json", results)),
                c("atpg localize: results cut off", BAD, List.of("cut-results.json", "line"), List.of(),
                        "atpg", "localize", "--suite", suite, "--results", truncated("cut-results.json", results, 0.6)),
                c("atpg localize: random results", BAD, List.of("random-results.json"), List.of(),
                        "atpg", "localize", "--suite", suite, "--results", random("random-results.json", 2, 512)),
                c("atpg localize: results of another schema", BAD, List.of("other-results.json"), List.of(),
                        "atpg", "localize", "--suite", suite, "--results", text("other-results.json", "{\"schema\": \"something.else\", \"version\": 1}")),
                c("atpg localize: unwritable report", ENV, List.of("l.html"), List.of(h),
                        "atpg", "localize", "--suite", suite, "--results", results, "--report", unwritable("l.html")),
                c("atpg run: unknown fault", USAGE, List.of("--fault"), List.of(r), "atpg", "run", "--suite", suite, "--dataplane", "x", "--fault", "link:AB:explode", "--json", r),
                c("atpg run: negative threshold", USAGE, List.of("--threshold"), List.of(r),
                        "atpg", "run", "--suite", suite, "--dataplane", "x", "--threshold", "-5", "--json", r),
                c("atpg run: zero rounds", USAGE, List.of("--rounds"), List.of(r), "atpg", "run", "--suite", suite, "--dataplane", "x", "--rounds", "0", "--json", r),
                c("atpg run: missing suite", ENV, List.of("missing-live-suite"), List.of(r),
                        "atpg", "run", "--suite", missing("live-suite"), "--dataplane", "x", "--json", r),
                c("atpg run: suite cut off", BAD, List.of("suite.json", "line"), List.of(r), "atpg", "run", "--suite", truncatedSuite(), "--dataplane", "x", "--json", r),
                c("atpg run: a data plane name with capitals", USAGE, List.of("--name", "Lab_1"), List.of(r),
                        "atpg", "run", "--suite", suite, "--dataplane", "Lab_1", "--json", r),
                c("atpg dataplane up: a name too long", USAGE, List.of("--name", "lower-case"), List.of(),
                        "atpg", "dataplane", "up", "--network", net, "--format", "json", "--name", "averyveryverylongname"),
                c("atpg dataplane up: unknown format", USAGE, List.of("--format", "cisco"), List.of(),
                        "atpg", "dataplane", "up", "--network", net, "--format", "cisco", "--name", "x"),
                c("atpg dataplane up: missing network", ENV, List.of("missing-dp-net.json"), List.of(),
                        "atpg", "dataplane", "up", "--network", missing("dp-net.json"), "--format", "json", "--name", "x"),
                c("atpg dataplane up: unwritable json", ENV, List.of("dp.json"), List.of(),
                        "atpg", "dataplane", "up", "--network", net, "--format", "json", "--name", "x", "--json", unwritable("dp.json")),
                c("atpg dataplane down: a name with a dash", USAGE, List.of("--name"), List.of(), "atpg", "dataplane", "down", "--name", "a-b"));
    }

    /** A copy of the suite whose suite.json is cut in half. */
    private static Path truncatedSuite() {
        Path copy = dir.resolve("bad").resolve("cut-suite");
        try {
            Files.createDirectories(copy);
            for (String f : List.of("suite.json", "summary.json", "tests.pcap")) Files.copy(suite.resolve(f), copy.resolve(f),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            byte[] b = Files.readAllBytes(copy.resolve("suite.json"));
            Files.write(copy.resolve("suite.json"), Arrays.copyOf(b, b.length / 2));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Case> reachAndVerify() {
        Path j = out("reach.json");
        Path v = out("verify.json");
        Path gen = out("dcn");
        Path empty = dir.resolve("bad").resolve("empty-snapshot");
        text("empty-snapshot/rules.txt", "");
        Path garbled = dir.resolve("bad").resolve("garbled-snapshot");
        text("garbled-snapshot/rules.txt", "# switch ip mask_len next_hops priority\ntor-1 10.0.0.0 33 deliver 100\n");
        Path falseTruth = dir.resolve("bad").resolve("false-truth-snapshot");
        text("false-truth-snapshot/rules.txt", "tor-1 10.0.0.0 24 deliver 100\n");
        text("false-truth-snapshot/truth.json", "{\"violations\":[{\"type\":\"loop\",\"subnet\":\"10.0.0.0/33\",\"switches\":[\"tor-1\"]}]}");
        return List.of(
                c("reach: unknown format", USAGE, List.of("--format", "cisco"), List.of(j), "reach", "--network", net, "--format", "cisco", "--json", j),
                c("reach: sources not a share", USAGE, List.of("--sources", "half"), List.of(j), "reach", "--network", net, "--format", "json", "--sources", "half", "--json", j),
                c("reach: header of an unknown field", USAGE, List.of("--header", "colour"), List.of(j), "reach", "--network", net, "--format", "json", "--header", "colour=3", "--json", j),
                c("reach: negative histories", USAGE, List.of("--histories"), List.of(j), "reach", "--network", net, "--format", "json", "--histories", "-1", "--json", j),
                c("reach: topology without stanford", USAGE, List.of("--topology"), List.of(j), "reach", "--network", net, "--format", "json", "--topology", net, "--json", j),
                c("reach: unwritable json", ENV, List.of("r.json"), List.of(), "reach", "--network", net, "--format", "json", "--json", unwritable("r.json")),
                c("verify check: empty snapshot", BAD, List.of("rules.txt", "no rules"), List.of(v),
                        "verify", "check", "--snapshot", empty, "--backend", "local", "--json", v),
                c("verify check: prefix length 33", BAD, List.of("rules.txt", "line 2"), List.of(v),
                        "verify", "check", "--snapshot", garbled, "--backend", "local", "--json", v),
                c("verify check: malformed truth.json", BAD, List.of("truth.json", "violations[0].subnet"), List.of(v),
                        "verify", "check", "--snapshot", falseTruth, "--backend", "local", "--json", v),
                c("verify check: missing snapshot", ENV, List.of("missing-snapshot"), List.of(v),
                        "verify", "check", "--snapshot", missing("snapshot"), "--backend", "local", "--json", v),
                c("verify check: unknown check", USAGE, List.of("--checks", "cycles"), List.of(v),
                        "verify", "check", "--snapshot", snapshot, "--checks", "cycles", "--backend", "local", "--json", v),
                c("verify check: unwritable json", ENV, List.of("v.json"), List.of(),
                        "verify", "check", "--snapshot", snapshot, "--backend", "local", "--json", unwritable("v.json")),
                c("verify check: bogus spark master", USAGE, List.of("--master", "bogus://x"), List.of(v),
                        "verify", "check", "--snapshot", snapshot, "--backend", "spark", "--master", "bogus://x", "--json", v),
                streaming(c("verify watch: events not UTF-8", BAD, List.of("latin1-events.txt", "line 1"), List.of(v),
                        "verify", "watch", "--snapshot", snapshot, "--events", latin1("latin1-events.txt", "caf\u00e9\n"), "--json", v), "initial: "),
                streaming(c("verify watch: random events", BAD, List.of("garbage-events.txt", "line 1"), List.of(v),
                        "verify", "watch", "--snapshot", snapshot, "--events", text("garbage-events.txt", "this is not an event\n"), "--json", v), "initial: "),
                c("verify watch: negative epsilon", USAGE, List.of("--epsilon"), List.of(v),
                        "verify", "watch", "--snapshot", snapshot, "--events", text("no-events.txt", ""), "--epsilon", "-5ms", "--json", v),
                c("verify check: zero threads", USAGE, List.of("--threads"), List.of(v),
                        "verify", "check", "--snapshot", snapshot, "--backend", "local", "--threads", "0", "--json", v),
                c("verify check: master without spark", USAGE, List.of("--master"), List.of(v),
                        "verify", "check", "--snapshot", snapshot, "--backend", "local", "--master", "local[2]", "--json", v),
                c("verify generate: more faults than the network holds", USAGE, List.of("loops"), List.of(gen),
                        "verify", "generate", "dcn", "--switches", "20", "--plant", "loops=100000", "--out", gen),
                c("verify generate: zero switches", USAGE, List.of("--switches"), List.of(gen), "verify", "generate", "dcn", "--switches", "0", "--out", gen),
                c("verify generate: bad plant", USAGE, List.of("--plant"), List.of(gen), "verify", "generate", "dcn", "--plant", "loops=many", "--out", gen),
                c("verify generate: unknown kind", USAGE, List.of("wan"), List.of(gen), "verify", "generate", "wan", "--out", gen),
                c("verify convert: missing network", ENV, List.of("missing-net"), List.of(gen),
                        "verify", "convert", "--network", missing("net"), "--format", "hassel", "--out", gen));
    }

    static List<Case> sim() {
        Path o = out("sim");
        Path j = out("sim.json");
        String valid;
        try {
            valid = Files.readString(scenario);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of(
                c("sim run: missing scenario", ENV, List.of("missing-scenario.yaml", "does not exist"), List.of(o), "sim", "run", missing("scenario.yaml"), "--out", o),
                c("sim run: scenario not UTF-8", BAD, List.of("latin1.yaml", "byte offset"), List.of(o), "sim", "run", latin1("latin1.yaml", "name: caf\u00e9\n"), "--out", o),
                c("sim run: scenario in UTF-16", BAD, List.of("utf16.yaml", "byte offset 0"), List.of(o), "sim", "run", utf16("utf16.yaml", scenario), "--out", o),
                c("sim run: random bytes", BAD, List.of("random.yaml"), List.of(o), "sim", "run", random("random.yaml", 3, 2048), "--out", o),
                c("sim run: truncated", BAD, List.of("cut.yaml"), List.of(o), "sim", "run", truncated("cut.yaml", scenario, 0.4), "--out", o),
                c("sim run: YAML bomb", BAD, List.of("bomb.yaml", "more than"), List.of(o), "sim", "run", yamlBomb("bomb.yaml"), "--out", o),
                c("sim run: deep nesting", BAD, List.of("deep.yaml", "nested too deeply"), List.of(o), "sim", "run", deep("deep.yaml", "[", "]"), "--out", o),
                c("sim run: wrong type", BAD, List.of("types.yaml", "line ", "duration"), List.of(o), "sim", "run",
                        text("types.yaml", valid.replaceFirst("(?m)^duration: .*$", "duration: [1, 2]")), "--out", o),
                c("sim run: out of range", BAD, List.of("range.yaml", "duration"), List.of(o), "sim", "run",
                        text("range.yaml", valid.replaceFirst("(?m)^duration: .*$", "duration: 100h")), "--out", o),
                c("sim run: missing NIC profile", ENV, List.of("no-such-profile.yaml"), List.of(o), "sim", "run",
                        text("profile-missing.yaml", roce("no-such-profile.yaml")), "--out", o),
                c("sim run: NIC profile not UTF-8", BAD, List.of("latin1-profile.yaml", "byte offset"), List.of(o), "sim", "run",
                        text("profile-latin1.yaml", roce(latin1("latin1-profile.yaml", "description: caf\u00e9\n").getFileName().toString())), "--out", o),
                c("sim run: NIC profile not YAML", BAD, List.of("broken-profile.yaml", "line"), List.of(o), "sim", "run",
                        text("profile-broken.yaml", roce(text("broken-profile.yaml", "cnp: [1, 2\n").getFileName().toString())), "--out", o),
                c("sim run: unknown bundled NIC profile", BAD, List.of("profile-bogus.yaml", "cx9-like", "neutral"), List.of(o), "sim", "run",
                        text("profile-bogus.yaml", roce("cx9-like")), "--out", o),
                c("sim run: a number too large", BAD, List.of("huge.yaml", "hosts"), List.of(o), "sim", "run",
                        text("huge.yaml", valid.replaceFirst("hosts: 6", "hosts: 99999999999999999999999")), "--out", o),
                c("sim run: flows to nowhere", BAD, List.of("nowhere.yaml", "traffic"), List.of(o), "sim", "run",
                        text("nowhere.yaml", "duration: 1ms\ntopology: {star: {hosts: 2, link: {rate: 10Gbps}}}\ntransports: {tcp: {}}\n"
                                + "traffic: [{flows: {from: h0, to: h7, size: 1KB, transport: tcp}}]\n"), "--out", o),
                c("sim run: out is a file", USAGE, List.of("--out"), List.of(), "sim", "run", scenario, "--out", scenario),
                c("sim run: unwritable out", ENV, List.of("sim"), List.of(), "sim", "run", scenario, "--out", unwritable("sim")),
                c("sim run: unwritable json", ENV, List.of("s.json"), List.of(o), "sim", "run", scenario, "--out", o, "--json", unwritable("s.json")),
                c("sim run: json given twice", USAGE, List.of("--json"), List.of(o, j), "sim", "run", scenario, "--out", o, "--json", j, "--json", j));
    }

    /** A small RoCE scenario whose transport uses {@code profile}. */
    private static String roce(String profile) {
        return "duration: 1ms\ntopology: {star: {hosts: 2, link: {rate: 10Gbps}}}\ntransports:\n  roce: {profile: " + profile + "}\n"
                + "traffic: [{flows: {from: h0, to: h1, size: 10KB, transport: roce}}]\n";
    }

    static List<Case> inject() {
        Path o = out("inject");
        Path j = out("inject.json");
        return List.of(
                c("inject run: unknown profile", USAGE, List.of("sim:bogus", "neutral", "cx4lx-like", "e810-like"), List.of(o),
                        "inject", "run", injectTest, "--target", "sim:bogus", "--out", o),
                c("inject run: unknown target", USAGE, List.of("hw:1"), List.of(o), "inject", "run", injectTest, "--target", "hw:1", "--out", o),
                c("inject fuzz: unknown profile", USAGE, List.of("sim:bogus", "neutral"), List.of(o), "inject", "fuzz", "--target", "sim:bogus", "--out", o),
                c("inject run: missing test", ENV, List.of("missing-test.yaml"), List.of(o), "inject", "run", missing("test.yaml"), "--out", o),
                c("inject run: test not UTF-8", BAD, List.of("latin1-test.yaml", "byte offset"), List.of(o), "inject", "run", latin1("latin1-test.yaml", "name: caf\u00e9\n"), "--out", o),
                c("inject run: truncated test", BAD, List.of("cut-test.yaml"), List.of(o), "inject", "run", truncated("cut-test.yaml", injectTest, 0.3), "--out", o),
                c("inject run: YAML bomb", BAD, List.of("bomb-test.yaml"), List.of(o), "inject", "run", yamlBomb("bomb-test.yaml"), "--out", o),
                c("inject run: random test", BAD, List.of("random-test.yaml"), List.of(o), "inject", "run", random("random-test.yaml", 4, 1024), "--out", o),
                c("inject run: wrong types", BAD, List.of("types-test.yaml", "line 3", "num-qps", "many"), List.of(o),
                        "inject", "run", text("types-test.yaml", "traffic:\n  rdma-verb: write\n  num-qps: many\n"), "--out", o),
                c("inject run: unwritable json", ENV, List.of("i.json"), List.of(o), "inject", "run", injectTest, "--out", o, "--json", unwritable("i.json")),
                c("inject analyze: missing capture", ENV, List.of("missing-trace.pcap"), List.of(j), "inject", "analyze", missing("trace.pcap"), "--metadata", metadata, "--json", j),
                c("inject analyze: truncated capture", BAD, List.of("cut-trace.pcap", "byte offset"), List.of(j),
                        "inject", "analyze", truncated("cut-trace.pcap", capture, 0.5), "--metadata", metadata, "--json", j),
                c("inject analyze: random metadata", BAD, List.of("random-metadata.yaml"), List.of(j),
                        "inject", "analyze", capture, "--metadata", random("random-metadata.yaml", 5, 700), "--json", j),
                c("inject analyze: metadata cut off", BAD, List.of("cut-metadata.yaml"), List.of(j),
                        "inject", "analyze", capture, "--metadata", cutAfter("cut-metadata.yaml", metadata, "psn: "), "--json", j),
                c("inject analyze: a directory without a trace", USAGE, List.of("empty-run", "trace.pcap"), List.of(j),
                        "inject", "analyze", emptyDirectory("empty-run"), "--json", j),
                c("inject analyze: capture without metadata", USAGE, List.of("--metadata"), List.of(j), "inject", "analyze", capture, "--json", j),
                c("inject analyze: unknown trace kind", USAGE, List.of("--trace", "fancy"), List.of(j), "inject", "analyze", capture, "--metadata", metadata, "--trace", "fancy", "--json", j),
                c("inject fuzz: objective file not YAML", BAD, List.of("broken-target.yaml", "line"), List.of(o),
                        "inject", "fuzz", "--objective", text("broken-target.yaml", "pool-size: [1,\n"), "--out", o),
                c("inject fuzz: objective of wrong types", BAD, List.of("types-target.yaml", "pool-size"), List.of(o),
                        "inject", "fuzz", "--objective", text("types-target.yaml", "pool-size: lots\n"), "--out", o),
                c("inject fuzz: zero runs", USAGE, List.of("--runs"), List.of(o), "inject", "fuzz", "--runs", "0", "--out", o),
                c("inject fuzz: time without unit", USAGE, List.of("--time"), List.of(o), "inject", "fuzz", "--time", "5", "--out", o),
                c("inject study: unknown profile", USAGE, List.of("--profiles", "cx9-like"), List.of(o), "inject", "study", "--profiles", "cx9-like", "--out", o));
    }

    static List<Case> load() {
        Path j = out("load.json");
        return List.of(
                c("load run: missing configuration", ENV, List.of("missing-client.conf"), List.of(j), "load", "run", missing("client.conf"), "--json", j),
                c("load run: configuration not UTF-8", BAD, List.of("latin1.conf"), List.of(j), "load", "run", latin1("latin1.conf", "mode caf\u00e9\n"), "--json", j),
                c("load run: random configuration", BAD, List.of("random.conf"), List.of(j), "load", "run", random("random.conf", 6, 600), "--json", j),
                c("load run: unknown keyword", BAD, List.of("unknown.conf", "line 1"), List.of(j), "load", "run", text("unknown.conf", "colour blue\n"), "--json", j),
                c("load run: cps not a number", BAD, List.of("cps.conf", "cps"), List.of(j), "load", "run",
                        text("cps.conf", "mode client\nprotocol http\nserver 127.0.0.1 1\nlisten 9 1\ncps many\nduration 1s\n"), "--json", j),
                c("load run: a number too large", BAD, List.of("huge.conf", "cps"), List.of(j), "load", "run",
                        text("huge.conf", "mode client\nprotocol http\nserver 127.0.0.1 1\nlisten 9 1\ncps 99999999999999999999999\nduration 1s\n"), "--json", j),
                c("load run: unwritable json", ENV, List.of("l.json"), List.of(), "load", "run", conf, "--json", unwritable("l.json")),
                c("load server: bad listen address", USAGE, List.of("--listen"), List.of(j), "load", "server", "--listen", "nowhere", "--duration", "1s", "--json", j),
                c("load server: bad duration", USAGE, List.of("--duration"), List.of(j), "load", "server", "--listen", "127.0.0.1:9", "--duration", "soon", "--json", j),
                c("load server: bad cpu list", USAGE, List.of("--cpu"), List.of(j), "load", "server", "--listen", "127.0.0.1:9", "--cpu", "x-y", "--duration", "1s", "--json", j),
                // checked before any namespace is made (and before root is asked for)
                c("load testbed up: no servers", USAGE, List.of("--servers 0"), List.of(), "load", "testbed", "up", "--name", "sonde-lbr", "--servers", "0"),
                c("load testbed up: unknown balance", USAGE, List.of("--balance", "round-robin"), List.of(), "load", "testbed", "up", "--name", "sonde-lbr",
                        "--balance", "hash"),
                c("load testbed up: not nftables", USAGE, List.of("--lb", "only nftables"), List.of(), "load", "testbed", "up", "--name", "sonde-lbr", "--lb", "ipvs"),
                c("load testbed up: bad name", USAGE, List.of("--name"), List.of(), "load", "testbed", "up", "--name", "Sonde LB"),
                c("load testbed status: not up", ENV, List.of("sonde-lbr-none", "is up"), List.of(j), "load", "testbed", "status", "--name",
                        "sonde-lbr-none", "--json", j),
                c("load testbed status: unwritable json", ENV, List.of("s.json"), List.of(), "load", "testbed", "status", "--json", unwritable("s.json")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aUsersMistakeEndsInOneClearErrorAndNoOutputThatLooksComplete(Case c) {
        CliRun r = CliRun.of(c.args().toArray(String[]::new));
        String what = String.join(" ", c.args()) + "\nstdout:\n" + r.out() + "\nstderr:\n" + r.err();
        assertThat(r.exitCode()).as(what).isEqualTo(c.code());
        List<String> errors = r.err().lines().filter(l -> l.startsWith("sonde: ")).toList();
        assertThat(errors).as(what).hasSize(1);
        String error = errors.getFirst();
        assertThat(error).as(what).startsWith("sonde: error: ");
        for (String m : c.mentions()) assertThat(error).as(what).contains(m);
        assertThat(r.err()).as(what).doesNotContainPattern(INTERNALS);
        assertThat(error).as(what).doesNotContain(": ?").doesNotContain("null");
        if (c.partialStdout() == null) assertThat(r.out()).as("no result on stdout\n" + what).isEmpty();
        else if (!r.out().isEmpty()) assertThat(r.out()).as(what).contains(c.partialStdout());
        for (Path p : c.mustNotExist()) assertThat(p).as(what).doesNotExist();
        assertThat(leftovers()).as("no partial files\n" + what).isEmpty();
    }

    /** Hidden staging files or directories of outputs. */
    private static List<Path> leftovers() {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".partial")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
