package org.sonde.cli.replay;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde replay}: DETER's diagnosis of TCP flows. */
@Command(name = "replay",
        header = "TCP diagnosis after DETER: why a flow was slow, what sent each retransmission.",
        mixinStandardHelpOptions = true,
        description = {
                "Diagnosis of TCP flows after DETER (NSDI'19): why a flow was slow, and per retransmission",
                "whether a timeout, a fast retransmit, RACK, a tail loss probe sent it or it was spurious."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay diagnose trace.pcapng --json diagnosis.json"},
        subcommands = {ReplayDiagnoseCommand.class})
public final class ReplayCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
