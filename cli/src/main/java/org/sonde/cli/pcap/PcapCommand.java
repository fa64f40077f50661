package org.sonde.cli.pcap;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde pcap}: capture files. */
@Command(name = "pcap",
        header = "Read, inspect and synthesize pcap/pcapng capture files.",
        mixinStandardHelpOptions = true,
        description = "Read, inspect and synthesize pcap/pcapng capture files.",
        commandListHeading = "%nCommands:%n",
        subcommands = {InspectCommand.class, SynthCommand.class})
public final class PcapCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
