package org.sonde.cli;

import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.core.Json;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The one output convention (issue 21), checked on the whole command tree rather than command by
 * command: {@code --json FILE|-} and {@code --report FILE} are the shared mixins wherever they appear,
 * {@code --out} is always a directory, every duration carries its unit, placeholders say what they
 * take, the examples in the help, README and docs parse, and every retired spelling fails with exit 2
 * and the new one.
 */
class OutputConventionTest {
    @TempDir
    Path dir;

    /** For the inputs of {@link #jsonDashCommands()}, made before the first of its cases. */
    @TempDir
    static Path shared;

    private static CommandLine tree() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        return Main.commandLine(sink, sink);
    }

    private static List<CommandLine> all(CommandLine c) {
        List<CommandLine> out = new ArrayList<>(List.of(c));
        c.getSubcommands().values().stream().distinct().forEach(s -> out.addAll(all(s)));
        return out;
    }

    private static final List<CommandLine> COMMANDS = all(tree());

    private static Stream<CommandLine> leaves() {
        return COMMANDS.stream().filter(c -> c.getSubcommands().isEmpty());
    }

    private static String name(CommandLine c) {
        return c.getCommandSpec().qualifiedName();
    }

    private static boolean hasMixin(CommandSpec spec, Class<?> type) {
        return spec.mixins().values().stream().anyMatch(m -> type.isInstance(m.userObject()));
    }

    /** Commands without --json, and why: nothing is computed, or the result is a file another command reads. */
    private static final Map<String, String> NO_JSON = Map.ofEntries(
            Map.entry("sonde atpg dataplane down", "deletes namespaces"),
            Map.entry("sonde probe testbed up", "builds namespaces"),
            Map.entry("sonde probe testbed down", "deletes namespaces"),
            Map.entry("sonde load testbed up", "builds namespaces"),
            Map.entry("sonde load testbed down", "deletes namespaces"),
            Map.entry("sonde load keywords", "prints dperf's keyword reference"),
            Map.entry("sonde verify generate", "writes a snapshot directory, its truth.json included"),
            Map.entry("sonde verify convert", "writes a snapshot directory"),
            Map.entry("sonde probe agent", "its result is the CSV of probe records that probe localize reads (--results FILE)"));

    @Test
    void theTreeIsWhole() {
        assertThat(COMMANDS).hasSizeGreaterThan(40);
        assertThat(COMMANDS).extracting(OutputConventionTest::name).contains("sonde pcap inspect", "sonde verify watch", "sonde load run");
    }

    @Test
    void jsonAndReportAreTheSharedMixinsWhereverTheyAppear() {
        SoftAssertions soft = new SoftAssertions();
        for (CommandLine c : COMMANDS) {
            CommandSpec spec = c.getCommandSpec();
            OptionSpec json = spec.findOption("--json");
            if (json != null) {
                soft.assertThat(hasMixin(spec, OutputOptions.Json.class)).as("%s --json comes from OutputOptions.Json", name(c)).isTrue();
                soft.assertThat(json.paramLabel()).as("%s --json", name(c)).isEqualTo("FILE|-");
                soft.assertThat(json.arity().min()).as("%s --json takes its value: a bare --json is the old flag", name(c)).isEqualTo(1);
            }
            OptionSpec report = spec.findOption("--report");
            if (report != null) {
                soft.assertThat(hasMixin(spec, OutputOptions.Report.class)).as("%s --report comes from OutputOptions.Report", name(c)).isTrue();
                soft.assertThat(report.paramLabel()).as("%s --report", name(c)).isEqualTo("FILE");
            }
        }
        soft.assertAll();
    }

    @Test
    void everyCommandThatComputesAResultOffersJson() {
        SoftAssertions soft = new SoftAssertions();
        List<String> leaves = leaves().map(OutputConventionTest::name).toList();
        assertThat(leaves).containsAll(NO_JSON.keySet()); // the exceptions name real commands
        leaves().forEach(c -> soft.assertThat(c.getCommandSpec().findOption("--json") != null)
                .as("%s offers --json%s", name(c), NO_JSON.containsKey(name(c)) ? " (listed as not: " + NO_JSON.get(name(c)) + ")" : "")
                .isEqualTo(!NO_JSON.containsKey(name(c))));
        soft.assertAll();
    }

    @Test
    void aCommandWhoseDirectoryHoldsAReportTakesReportFileToo() {
        SoftAssertions soft = new SoftAssertions();
        leaves().filter(c -> String.join(" ", c.getCommandSpec().usageMessage().description()).contains("report.html"))
                .forEach(c -> soft.assertThat(c.getCommandSpec().findOption("--report")).as("%s --report", name(c)).isNotNull());
        soft.assertAll();
    }

    @Test
    void outIsAlwaysADirectory() {
        SoftAssertions soft = new SoftAssertions();
        int seen = 0;
        for (CommandLine c : COMMANDS) {
            OptionSpec out = c.getCommandSpec().findOption("--out");
            if (out == null) continue;
            seen++;
            soft.assertThat(out.paramLabel()).as("%s --out", name(c)).isEqualTo("DIR");
            soft.assertThat(out.type()).as("%s --out", name(c)).isEqualTo(Path.class);
        }
        soft.assertAll();
        assertThat(seen).isGreaterThan(10);
    }

    private static final Set<String> UNITLESS_LABELS = Set.of("MS", "US", "NS", "SECONDS", "SECS", "S", "H", "HOURS", "MINUTES", "TIME", "INTERVAL");
    private static final Pattern UNITLESS_NAME = Pattern.compile("-(ms|us|ns|millis|seconds|secs|hours|minutes)$");
    private static final Pattern UNITLESS_DESCRIPTION = Pattern.compile("(?i)\\bin (ms|milliseconds|microseconds|nanoseconds|ns|seconds|hours|minutes)\\b");

    private static boolean durationConverter(OptionSpec o) {
        return Arrays.stream(o.converters()).anyMatch(k -> k instanceof DurationOption || k.getClass().getSimpleName().equals("DperfDurationOption"));
    }

    @Test
    void everyDurationIsWrittenWithItsUnit() {
        SoftAssertions soft = new SoftAssertions();
        int durations = 0;
        for (CommandLine c : COMMANDS) {
            for (OptionSpec o : c.getCommandSpec().options()) {
                String what = name(c) + " " + o.longestName();
                soft.assertThat(UNITLESS_NAME.matcher(o.longestName()).find()).as("%s: a unit in the option's name", what).isFalse();
                soft.assertThat(UNITLESS_LABELS).as("%s: a number of some unit (%s)", what, o.paramLabel()).doesNotContain(o.paramLabel());
                soft.assertThat(UNITLESS_DESCRIPTION.matcher(String.join(" ", o.description())).find())
                        .as("%s: \"in <unit>\" in its description", what).isFalse();
                boolean labelled = o.paramLabel().equals(DurationOption.LABEL), converted = durationConverter(o);
                soft.assertThat(converted).as("%s: a DURATION is parsed with its unit", what).isEqualTo(labelled);
                if (converted) durations++;
                if (converted && o.defaultValue() != null && o.converters()[0] instanceof DurationOption d) {
                    soft.assertThat(d.convert(o.defaultValue())).as("%s: its default %s parses", what, o.defaultValue()).isNotNull();
                }
            }
        }
        soft.assertAll();
        assertThat(durations).isGreaterThanOrEqualTo(15);
    }

    @Test
    void placeholdersSayWhatTheyTake() {
        SoftAssertions soft = new SoftAssertions();
        for (CommandLine c : COMMANDS) {
            List<ArgSpec> args = new ArrayList<>(c.getCommandSpec().options());
            args.addAll(c.getCommandSpec().positionalParameters());
            for (ArgSpec a : args) {
                if (a.typeInfo().isBoolean() || a.arity().max() == 0) continue;
                String what = name(c) + " " + (a instanceof OptionSpec o ? o.longestName() : a.paramLabel());
                soft.assertThat(a.paramLabel()).as("%s: picocli's default placeholder", what).doesNotStartWith("<");
                if (a.type().isEnum()) {
                    Set<String> listed = Arrays.stream(a.paramLabel().split("\\|")).map(s -> s.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
                    for (Object constant : a.type().getEnumConstants()) {
                        soft.assertThat(listed).as("%s lists its values", what).contains(constant.toString().toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        soft.assertAll();
    }

    // ---- examples: every command line shown to a user parses under the current options

    /** The sonde command lines in {@code text}: continuation lines joined, comments, pipes and redirections cut. */
    static List<List<String>> commandLines(String text, Pattern start) {
        List<List<String>> out = new ArrayList<>();
        String joined = text.replace("\\\n", " ");
        for (String line : joined.split("\n")) {
            var m = start.matcher(line);
            if (!m.find()) continue;
            String rest = line.substring(m.end());
            for (String cut : List.of(" # ", " | ", " && ", " > ", " >", " 2>", "`", " &")) {
                int i = rest.indexOf(cut);
                if (i >= 0) rest = rest.substring(0, i);
            }
            out.add(tokens(rest.strip()));
        }
        return out;
    }

    /** Shell words: blanks split, single or double quotes hold a word together. */
    private static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (char ch : s.toCharArray()) {
            if (quote != 0) {
                if (ch == quote) quote = 0;
                else w.append(ch);
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                any = true;
            } else if (Character.isWhitespace(ch)) {
                if (any || !w.isEmpty()) out.add(w.toString());
                w.setLength(0);
                any = false;
            } else {
                w.append(ch);
            }
        }
        if (any || !w.isEmpty()) out.add(w.toString());
        return out;
    }

    /** One tree for every example: picocli resets every option before each parse, and building the tree takes a while. */
    private static final CommandLine PARSER = tree();

    private static String parseError(List<String> args) {
        try {
            PARSER.parseArgs(args.toArray(String[]::new));
            return null;
        } catch (CommandLine.ParameterException e) {
            return e.getMessage();
        }
    }

    @Test
    void everyExampleInTheHelpParses() {
        Pattern start = Pattern.compile("^\\s+(sudo )?sonde ");
        SoftAssertions soft = new SoftAssertions();
        int examples = 0;
        for (CommandLine c : COMMANDS) {
            var usage = c.getCommandSpec().usageMessage();
            // help lines are format strings: %% is one %
            String text = (String.join("\n", usage.footer()) + "\n" + String.join("\n", usage.description())).replace("%%", "%");
            for (List<String> args : commandLines(text, start)) {
                examples++;
                soft.assertThat(parseError(args)).as("%s: the example 'sonde %s'", name(c), String.join(" ", args)).isNull();
            }
        }
        soft.assertAll();
        assertThat(examples).isGreaterThan(60);
    }

    @Test
    void everyExampleInTheReadmeAndDocsParses() throws IOException {
        Pattern start = Pattern.compile("^\\s*(\\$ )?(\\w+=\\S+ )*(sudo )?(ip netns exec \\S+ )?\\./sonde ");
        List<Path> files = new ArrayList<>(List.of(Path.of("../README.md")));
        try (Stream<Path> docs = Files.list(Path.of("../docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
        }
        SoftAssertions soft = new SoftAssertions();
        int examples = 0;
        for (Path f : files) {
            for (List<String> args : commandLines(Files.readString(f), start)) {
                if (args.isEmpty() || args.getFirst().startsWith("<")) continue;
                examples++;
                soft.assertThat(parseError(args)).as("%s: './sonde %s'", f, String.join(" ", args)).isNull();
            }
        }
        soft.assertAll();
        assertThat(examples).isGreaterThan(40);
    }

    // ---- the retired spellings

    /** For each retired option: a command line with it, and the new spelling the error must give. */
    private static final Map<String, List<String>> OLD_FORM_LINES = new LinkedHashMap<>();
    static {
        OLD_FORM_LINES.put("sonde verify watch --epsilon-ms", List.of("--epsilon=100ms", "verify", "watch", "--snapshot", "s", "--events", "e", "--epsilon-ms", "100"));
        OLD_FORM_LINES.put("sonde inject diff --tolerance-ms", List.of("--tolerance=5ms", "inject", "diff", "--runs", "a", "b", "--out", "o", "--tolerance-ms=5"));
        OLD_FORM_LINES.put("sonde search run --budget-hours", List.of("--budget=3h", "search", "run", "--budget-hours", "3"));
        OLD_FORM_LINES.put("sonde search compare --budget-hours", List.of("--budget=2h", "search", "compare", "--seeds", "2", "--budget-hours", "2"));
        OLD_FORM_LINES.put("sonde atpg emulate --out", List.of("--json=results.json", "atpg", "emulate", "--suite", "s", "--out", "results.json"));
        OLD_FORM_LINES.put("sonde atpg run --out", List.of("--json=live.json", "atpg", "run", "--suite", "s", "--dataplane", "x", "--out", "live.json"));
        OLD_FORM_LINES.put("sonde probe agent --out", List.of("--results=probes.csv", "probe", "agent", "--plan", "p.json", "--out", "probes.csv"));
        OLD_FORM_LINES.put("sonde pcap synth --out", List.of("--capture=roce.pcap", "pcap", "synth", "--out", "roce.pcap", "--size", "1M"));
    }

    @Test
    void everyRetiredOptionIsRefusedWithItsNewSpelling() {
        assertThat(OLD_FORM_LINES.keySet()).containsExactlyInAnyOrderElementsOf(
                OldForms.ALL.stream().map(f -> f.command() + " " + f.option()).toList());
        Map<String, CommandLine> byName = COMMANDS.stream().collect(Collectors.toMap(OutputConventionTest::name, c -> c));
        SoftAssertions soft = new SoftAssertions();
        for (OldForms.OldForm f : OldForms.ALL) {
            CommandSpec spec = byName.get(f.command()).getCommandSpec();
            soft.assertThat(spec.findOption(f.option())).as("%s no longer has %s", f.command(), f.option()).isNull();
            soft.assertThat(spec.findOption(f.instead())).as("%s has %s", f.command(), f.instead()).isNotNull();
            List<String> line = OLD_FORM_LINES.get(f.command() + " " + f.option());
            CliRun run = CliRun.of(line.subList(1, line.size()).toArray(String[]::new));
            soft.assertThat(run.exitCode()).as("%s", line).isEqualTo(2);
            soft.assertThat(run.err()).as("%s", line).contains(f.option() + " is gone", line.getFirst());
            soft.assertThat(run.out()).as("%s", line).isEmpty();
        }
        soft.assertAll();
    }

    private static void refused(String expected, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as("%s\n%s", String.join(" ", args), run.err()).isEqualTo(2);
        assertThat(run.err()).as(String.join(" ", args)).contains(expected);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aDurationWithoutItsUnitIsRefusedWithWhatItMeant() {
        refused("100ms (what 100 meant)", "atpg", "emulate", "--suite", "s", "--threshold", "100");
        refused("10s (what 10 meant)", "atpg", "run", "--suite", "s", "--dataplane", "x", "--every", "10");
        refused("5000ns (what 5000 meant)", "replay", "record", "x.yaml", "--out", "o", "--threshold", "5000");
        refused("3000ms (what 3000 meant)", "probe", "plan", "--topology", "fattree:4", "--round", "3000");
        refused("50ms (what 50 meant)", "probe", "localize", "--topology", "fattree:4", "--results", "r.csv", "--spike", "50");
        refused("100ms (what 100 meant)", "verify", "watch", "--snapshot", "s", "--events", "e", "--epsilon", "100");
        refused("e.g. 5m", "inject", "fuzz", "--time=PT5M", "--out", "o");
        refused("e.g. 2ms or 2s", "inject", "capacity", "--trial", "2");
        refused("e.g. 100s", "load", "server", "--listen", "127.0.0.1:1", "--duration", "100");
    }

    @Test
    void jsonIsAFileOrDashNeverAFlag() throws IOException {
        refused("write --json -", "pcap", "inspect", "trace.pcap", "--json");
        refused("write --json -", "inject", "study", "--out", "o", "--json");
        // the old flag before an input would take the input for the place to write: an existing non-JSON file is not replaced
        Path capture = Files.write(dir.resolve("trace.pcap"), new byte[] {1, 2, 3});
        refused("is not a .json file", "pcap", "synth", "--capture", dir.resolve("x.pcap").toString(), "--json", capture.toString());
        assertThat(Files.readAllBytes(capture)).containsExactly(1, 2, 3);
    }

    @Test
    void jsonDashIsAllOfStdoutAndTheSameDocumentAsTheFile() throws IOException {
        CliRun dash = CliRun.of("probe", "cover", "--next-hops", "16", "--confidence", "0.99", "--json", "-");
        assertThat(dash.exitCode()).as(dash.err()).isZero();
        JsonNode fromStdout = Json.mapper().readTree(dash.out());
        assertThat(dash.err()).contains("tuples cover 16 next hops");
        Path file = dir.resolve("cover.json");
        CliRun toFile = CliRun.of("probe", "cover", "--next-hops", "16", "--confidence", "0.99", "--json", file.toString());
        assertThat(toFile.exitCode()).isZero();
        assertThat(toFile.out()).contains("tuples cover 16 next hops");
        assertThat(Json.mapper().readTree(Files.readString(file))).isEqualTo(fromStdout);
        assertThat(fromStdout.get("nextHops").asInt()).isEqualTo(16);
    }

    /** Quick command lines, each ending in --json -, with a word of the text summary that must go to stderr instead. */
    static Stream<Arguments> jsonDashCommands() throws IOException {
        Path d = shared;
        Path net = d.resolve("net.json");
        NetworkJson.write(Examples.threeSwitch(), net);
        Path suite = d.resolve("suite");
        assertThat(CliRun.of("atpg", "generate", "--network", net.toString(), "--format", "json", "--out", suite.toString()).exitCode()).isZero();
        Path snapshot = d.resolve("dcn");
        assertThat(CliRun.of("verify", "generate", "dcn", "--switches", "20", "--plant", "loops=1", "--out", snapshot.toString()).exitCode()).isZero();
        return Stream.of(
                Arguments.of("regular and", List.of("atpg", "generate", "--network", net.toString(), "--format", "json", "--out", d.resolve("s2").toString())),
                Arguments.of("failed", List.of("atpg", "emulate", "--suite", suite.toString(), "--fault", "rule:rB3:drop")),
                Arguments.of("reachable", List.of("reach", "--network", net.toString(), "--format", "json")),
                Arguments.of("violations", List.of("verify", "check", "--snapshot", snapshot.toString(), "--backend", "local")),
                Arguments.of("anomalies", List.of("search", "run", "--target", "sim:clean", "--budget", "1h", "--method", "random")),
                Arguments.of("accuracy", List.of("probe", "simulate", "--topology", "fattree:4", "--trials", "5")),
                Arguments.of("plan:", List.of("probe", "plan", "--topology", "fattree:4")));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("jsonDashCommands")
    void withJsonDashStdoutIsOneJsonDocument(String summaryWord, List<String> command) throws IOException {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--json", "-"));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
        var parser = Json.mapper().createParser(run.out());
        assertThat(Json.mapper().readTree(parser).isObject()).as(run.out()).isTrue();
        assertThat(parser.nextToken()).as("nothing after the document").isNull();
        assertThat(run.err()).contains(summaryWord);
    }

    @Test
    void noReportAndReportFileContradict() {
        refused("contradict", "sim", "run", "../examples/sim/udp-pfc.yaml", "--out", dir.resolve("o").toString(), "--no-report",
                "--report", dir.resolve("r.html").toString());
    }
}
