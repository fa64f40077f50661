package org.sonde.cli.atpg;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde atpg}: automatic test packet generation, emulation and fault localisation. */
@Command(name = "atpg",
        header = "Automatic test packet generation (ATPG): generate, emulate and localize test suites.",
        mixinStandardHelpOptions = true,
        description = {
                "Automatic test packet generation (ATPG): select a small suite of test packets that",
                "exercises every rule, ACL entry (or link) of a data-plane model, run it against the",
                "model with injected faults, and localise the faulty rules and entries from the results."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExample:%n",
        footer = {
                "  sonde atpg generate --network net.json --format json --out suite",
                "  sonde atpg emulate --suite suite --fault rule:rA1:drop --json results.json",
                "  sonde atpg localize --suite suite --results results.json"
        },
        subcommands = {GenerateCommand.class, EmulateCommand.class, LocalizeCommand.class, DataplaneCommand.class, RunCommand.class})
public final class AtpgCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
