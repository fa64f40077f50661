package org.sonde.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

class CommandLineTest {
    @Test
    void versionNamesTheVersionAndExitsZero() {
        CliRun run = CliRun.of("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("sonde " + VersionInfo.version()).contains("commit ").contains("java 25");
    }

    /** The version alone is printed without a command line; it must read as picocli prints it. */
    @Test
    void theVersionAloneReadsAsPicocliPrintsIt() {
        StringWriter picocli = new StringWriter();
        PrintWriter sink = new PrintWriter(new StringWriter());
        Main.commandLine(sink, sink).printVersionHelp(new PrintWriter(picocli, true));
        assertThat(picocli.toString()).startsWith("sonde ");
        for (String[] line : List.of(new String[] {"--version"}, new String[] {"-V"}, new String[] {"--debug", "--version"})) {
            CliRun run = CliRun.of(line);
            assertThat(run.exitCode()).as(String.join(" ", line)).isZero();
            assertThat(run.out()).as(String.join(" ", line)).isEqualTo(picocli.toString());
            assertThat(run.err()).as(String.join(" ", line)).isEmpty();
        }
    }

    @Test
    void everyCommandHasCompleteHelp() {
        CommandLine root = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        assertThat(all).extracting(c -> c.getCommandSpec().qualifiedName())
                .contains("sonde", "sonde demo", "sonde pcap", "sonde pcap inspect", "sonde pcap synth");
        for (CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName();
            assertThat(c.getCommandSpec().usageMessage().description()).as(name + " description").isNotEmpty();
            c.getCommandSpec().options().forEach(o ->
                    assertThat(String.join(" ", o.description())).as(name + " " + o.longestName()).isNotBlank());
            c.getCommandSpec().positionalParameters().forEach(p ->
                    assertThat(String.join(" ", p.description())).as(name + " " + p.paramLabel()).isNotBlank());
            String[] args = (name.replaceFirst("^sonde ?", "") + " --help").trim().split(" ");
            // picocli reports help text it cannot format (an unescaped %) on System.err itself.
            java.io.PrintStream stderr = System.err;
            java.io.ByteArrayOutputStream picocli = new java.io.ByteArrayOutputStream();
            CliRun run;
            try {
                System.setErr(new java.io.PrintStream(picocli, true, java.nio.charset.StandardCharsets.UTF_8));
                run = CliRun.of(args);
            } finally {
                System.setErr(stderr);
            }
            assertThat(run.exitCode()).as(name + " --help").isZero();
            assertThat(run.out()).as(name + " --help").contains("Usage: " + name);
            assertThat(picocli.toString(java.nio.charset.StandardCharsets.UTF_8)).as(name + " --help formatting").doesNotContain("picocli WARN");
        }
    }

    private static void collect(CommandLine c, List<CommandLine> into) {
        into.add(c);
        c.getSubcommands().values().forEach(s -> collect(s, into));
    }

    /** A command line builds only the command it names, and that command is the same as in the whole tree. */
    @Test
    void aCommandLineBuildsOnlyTheCommandItNamesAndTheSameOne() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        CommandLine whole = Main.commandLine(sink, sink);
        assertThat(whole.getSubcommands()).hasSize(SondeCommand.COMMANDS.size());
        assertThat(Main.commandLine(sink, sink, new String[] {"--debug", "sim", "run", "x.yaml"}).getSubcommands()).containsOnlyKeys("sim");
        assertThat(Main.commandLine(sink, sink, new String[] {"--version"}).getSubcommands()).isEmpty();
        assertThat(Main.commandLine(sink, sink, new String[] {"smi", "run"}).getSubcommands()).hasSize(SondeCommand.COMMANDS.size());
        List<CommandLine> all = new ArrayList<>();
        collect(whole, all);
        for (CommandLine c : all) {
            String[] path = c.getCommandSpec().qualifiedName().replaceFirst("^sonde ?", "").split(" ");
            if (path[0].isEmpty()) continue;
            CommandLine lazy = Main.commandLine(sink, sink, path);
            assertThat(lazy.getSubcommands()).containsOnlyKeys(path[0]);
            for (String word : path) lazy = lazy.getSubcommands().get(word);
            assertThat(lazy.getUsageMessage()).as(String.join(" ", path)).isEqualTo(c.getUsageMessage());
        }
    }

    @Test
    void unknownOptionIsAUsageErrorWithASuggestion() {
        CliRun run = CliRun.of("pcap", "inspect", "--jsn", "x.pcap");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Unknown option: '--jsn'").contains("--json");
    }

    @Test
    void unknownCommandIsAUsageError() {
        CliRun run = CliRun.of("pcapp");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("pcapp").contains("pcap");
    }

    @Test
    void impossibleParameterIsAUsageError() {
        CliRun run = CliRun.of("pcap", "synth", "--capture", "x.pcap", "--mtu", "1500");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--mtu must be one of 256, 512, 1024, 2048, 4096");
        CliRun size = CliRun.of("pcap", "synth", "--capture", "x.pcap", "--size", "lots");
        assertThat(size.exitCode()).isEqualTo(2);
        assertThat(size.err()).contains("'lots' is not a positive size");
    }

    @Test
    void byteSizesUseBinaryMultiples() {
        assertThat(ByteSize.parse("64K")).isEqualTo(65536);
        assertThat(ByteSize.parse("1g")).isEqualTo(1L << 30);
        assertThat(ByteSize.parse("200MB")).isEqualTo(200L << 20);
        assertThat(ByteSize.parse("12345")).isEqualTo(12345);
    }
}
