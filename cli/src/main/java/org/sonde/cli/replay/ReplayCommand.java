package org.sonde.cli.replay;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde replay}: DETER's recording, per-connection replay and diagnosis of TCP flows. */
@Command(name = "replay",
        header = "TCP record, replay and diagnosis after DETER: why a flow was slow, exactly.",
        mixinStandardHelpOptions = true,
        description = {
                "DETER (NSDI'19) for TCP: record every connection of a simulated run in a few bytes, replay",
                "any one alone to its exact packets and TCP state, replay the run's switch queues from the",
                "connections' packets, and diagnose flows of any capture: why a flow was slow, and whether",
                "a timeout, a fast retransmit, RACK or a tail loss probe sent each retransmission or it",
                "was spurious."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay record examples/sim/incast.yaml --seed 1 --out rec --capture",
                "  sonde replay connection rec --conn 3 --out conn3",
                "  sonde replay queues rec --json queues.json --report queues.html",
                "  sonde replay diagnose trace.pcapng --json diagnosis.json",
                "  sonde replay linux --connections 100 --loss 0.02 --out run"},
        subcommands = {ReplayRecordCommand.class, ReplayConnectionCommand.class, ReplayCheckCommand.class, ReplayQueuesCommand.class,
                ReplayDiagnoseCommand.class, ReplayLinuxCommand.class})
public final class ReplayCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
