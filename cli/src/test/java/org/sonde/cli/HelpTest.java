package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.api.SoftAssertions;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Every command's help, as a user reads it: within 100 columns, no line of ours wrapped, a whole summary in its parent's list. */
class HelpTest {
    private static List<CommandLine> all(CommandLine c) {
        List<CommandLine> out = new ArrayList<>(List.of(c));
        c.getSubcommands().values().stream().distinct().forEach(s -> out.addAll(all(s)));
        return out;
    }

    private static final CommandLine ROOT = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));

    @Test
    void everyHelpFitsOneHundredColumnsAndKeepsOurLinesWhole() {
        List<CommandLine> commands = all(ROOT);
        assertThat(commands).hasSizeGreaterThan(20);
        SoftAssertions soft = new SoftAssertions();
        for (CommandLine c : commands) {
            String name = c.getCommandSpec().qualifiedName();
            String help = c.getUsageMessage(c.getColorScheme());
            for (String line : help.lines().toList()) {
                soft.assertThat(line.length()).as("%s --help, line: %s", name, line).isLessThanOrEqualTo(100);
            }
            CommandSpec spec = c.getCommandSpec();
            List<String> ours = new ArrayList<>(List.of(spec.usageMessage().description()));
            ours.addAll(List.of(spec.usageMessage().footer()));
            for (String line : ours) {
                String text = CommandLine.Help.Ansi.OFF.string(String.format(line.replace("%n", ""))).stripTrailing();
                if (text.isBlank()) continue;
                soft.assertThat(help).as("%s --help keeps this line whole: %s", name, text).contains(text);
            }
        }
        soft.assertAll();
    }

    @Test
    void everySubcommandHasAOneLineSummaryThatEndsItsSentence() {
        SoftAssertions soft = new SoftAssertions();
        for (CommandLine c : all(ROOT)) {
            if (c == ROOT) continue;
            String name = c.getCommandSpec().qualifiedName();
            String[] header = c.getCommandSpec().usageMessage().header();
            soft.assertThat(header).as("%s has a header: the one line its parent lists", name).hasSize(1);
            if (header.length != 1) continue;
            soft.assertThat(header[0]).as("%s's summary", name).endsWith(".");
            // the parent's list shows it whole: command name, two spaces or more, the summary, within 100 columns
            String parentHelp = c.getParent().getUsageMessage(c.getParent().getColorScheme());
            String entry = parentHelp.lines().filter(l -> l.stripLeading().startsWith(c.getCommandName() + " ")).findFirst().orElseThrow();
            soft.assertThat(entry.strip()).as("%s in its parent's list", name).endsWith(header[0]);
        }
        soft.assertAll();
    }
}
