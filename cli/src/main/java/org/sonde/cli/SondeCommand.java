package org.sonde.cli;

import java.util.List;
import org.sonde.cli.atpg.AtpgCommand;
import org.sonde.cli.demo.DemoCommand;
import org.sonde.cli.inject.InjectCommand;
import org.sonde.cli.load.LoadCommand;
import org.sonde.cli.pcap.PcapCommand;
import org.sonde.cli.probe.ProbeCommand;
import org.sonde.cli.reach.ReachCommand;
import org.sonde.cli.replay.ReplayCommand;
import org.sonde.cli.search.SearchCommand;
import org.sonde.cli.sim.SimCommand;
import org.sonde.cli.verify.VerifyCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The root command: {@code sonde <capability> <verb>}. */
@Command(name = "sonde",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.class,
        description = {
                "Sonde tests and diagnoses networks and network stacks.",
                "",
                "Run '@|bold sonde demo|@' for a tour on built-in data, and 'sonde <command> --help' for each command."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExit codes:%n",
        footer = {
                "  0   success, nothing found wrong",
                "  1   the run completed and found problems (violations, anomalies, failures)",
                "  2   usage error: unknown option, impossible parameter",
                "  3   bad input: a malformed file, capture or configuration",
                "  4   environment: a missing tool, file or permission",
                "  70  internal error: a bug in Sonde (a stack trace is printed)"
        })
final class SondeCommand implements Runnable {
    /** The commands, in the order {@code sonde --help} lists them. */
    static final List<Class<?>> COMMANDS = List.of(
            DemoCommand.class,
            PcapCommand.class,
            AtpgCommand.class,
            ReachCommand.class,
            VerifyCommand.class,
            SimCommand.class,
            InjectCommand.class,
            LoadCommand.class,
            ReplayCommand.class,
            ProbeCommand.class,
            SearchCommand.class);

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Print stack traces for errors too (for bug reports).")
    boolean debug;

    /**
     * The commands a command line needs: only the one it names when its first word names one, since
     * building a command's model (picocli reads every option of every subcommand by reflection) is
     * most of the start-up; none for {@code --version}; all of them otherwise, for the list in the
     * help and for suggestions.
     */
    static List<Class<?>> commandsFor(String... args) {
        for (String arg : args) {
            if (arg.equals("--version") || arg.equals("-V")) return List.of();
            if (arg.startsWith("-")) continue; // a root option such as --debug
            for (Class<?> c : COMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (command.name().equals(arg) || List.of(command.aliases()).contains(arg)) return List.of(c);
            }
            break;
        }
        return COMMANDS;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
