package org.sonde.cli.sim;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde sim}: the deterministic network simulator. */
@Command(name = "sim",
        header = "Deterministic network simulation of hosts, switches and links, with TCP and RoCEv2.",
        mixinStandardHelpOptions = true,
        description = {
                "Deterministic network simulation: hosts and switches joined by links, with shared-buffer",
                "switches (dynamic thresholds, ECN, PFC, ECMP, strict/ETS scheduling), Linux-like TCP and",
                "RoCEv2 transports, traffic generators, pcapng captures at any port, counters and an HTML",
                "report. The same scenario and seed give byte-identical captures and statistics."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde sim run examples/sim/tcp-dumbbell.yaml --seed 1 --out dumbbell",
                "  sonde sim run examples/sim/incast.yaml --seed 7 --out incast --json summary.json"
        },
        subcommands = {SimRunCommand.class})
public final class SimCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
