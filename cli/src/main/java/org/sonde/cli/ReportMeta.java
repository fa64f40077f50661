package org.sonde.cli;

import picocli.CommandLine.Model.CommandSpec;

/**
 * What a report records about the run that wrote it. The reports live in their modules, which do
 * not know the command line or the build: the command hands these in.
 */
public final class ReportMeta {
    private ReportMeta() {}

    /** The command line as typed: {@code sonde} and the original arguments. */
    public static String command(CommandSpec spec) {
        return "sonde " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }

    /** Sonde's version and git commit, as one value: {@code 0.1.0-SNAPSHOT (abc123)}. */
    public static String version() {
        return VersionInfo.version() + " (" + VersionInfo.commit() + ")";
    }
}
