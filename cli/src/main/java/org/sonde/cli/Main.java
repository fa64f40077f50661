package org.sonde.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.sonde.core.ExitCode;
import org.sonde.core.SondeException;
import picocli.CommandLine;

/** Entry point of the {@code sonde} command. The only place that calls {@link System#exit}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // stdout is block-buffered: inspecting a large capture prints millions of lines
        PrintWriter out = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command line and returns its exit code; used by tests as well. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        // the version alone needs no command line: loading picocli (compiled for Java 5, so never in the
        // launcher's AOT cache) and its reflection over the root command would be most of its start-up
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            for (String line : new VersionInfo().getVersion()) out.println(line);
            return ExitCode.OK.code();
        }
        CommandLine cli = commandLine(out, err, args);
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            // An Error passes picocli's handlers; the heap is the one limit a user can raise.
            err.printf("sonde: out of memory (the heap may grow to %.1f GB). Give the JVM more with"
                    + " SONDE_JAVA_OPTS=-Xmx<size>, or make the run smaller (e.g. --terminals 10%%).%n",
                    Runtime.getRuntime().maxMemory() / 1e9);
            err.flush();
            return ExitCode.ENVIRONMENT.code();
        }
    }

    /** The whole command tree, as {@code sonde --help} shows it. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, new String[0]);
    }

    /** The command tree for {@code args}: only the part they can reach (see {@link SondeCommand#commandsFor}). */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String[] args) {
        CommandLine cli = new CommandLine(new SondeCommand());
        // before the settings below, which apply to the subcommands present when they are made
        for (Class<?> command : SondeCommand.commandsFor(args)) cli.addSubcommand(command);
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setUsageHelpAutoWidth(true);
        cli.setUsageHelpWidth(100); // when stdout is no terminal (pipes, files)
        cli.setExitCodeExceptionMapper(Main::exitCodeOf);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            report(e, commandLine.getErr(), debugRequested(parseResult));
            return exitCodeOf(e);
        });
        cli.setParameterExceptionHandler((e, line) -> {
            PrintWriter w = e.getCommandLine().getErr();
            var retired = OldForms.message(e.getCommandLine().getCommandSpec().qualifiedName(), java.util.Arrays.asList(line))
                    .or(() -> OldForms.missingValue(e));
            if (retired.isPresent()) {
                w.println("sonde: error: " + retired.get());
                w.flush();
                return ExitCode.USAGE.code();
            }
            w.println("sonde: error: " + e.getMessage());
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, w)) {
                w.println("Run '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
            }
            w.flush();
            return ExitCode.USAGE.code();
        });
        return cli;
    }

    /** --debug is inherited by every subcommand, so look for it at each level of the command line. */
    private static boolean debugRequested(CommandLine.ParseResult p) {
        for (; p != null; p = p.hasSubcommand() ? p.subcommand() : null) {
            if (p.hasMatchedOption("--debug")) return true;
        }
        return false;
    }

    static int exitCodeOf(Throwable e) {
        return e instanceof SondeException s ? s.exitCode().code() : ExitCode.INTERNAL.code();
    }

    /** User errors get their message and hint; bugs get a stack trace so they can be reported. */
    static void report(Throwable e, PrintWriter err, boolean debug) {
        if (e instanceof SondeException s) {
            err.println("sonde: error: " + s.getMessage());
            if (s.hint() != null) err.println("hint: " + s.hint());
            if (debug) e.printStackTrace(err);
            else if (s.getCause() != null) err.println("(run with --debug for details)");
        } else {
            err.println("sonde: internal error: " + e + " — this is a bug in Sonde; please report it with the trace below.");
            e.printStackTrace(err);
        }
        err.flush();
    }
}
