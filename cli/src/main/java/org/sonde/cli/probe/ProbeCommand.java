package org.sonde.cli.probe;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde probe}: probe planning and link fault localisation for multipath networks (NetSonar). */
@Command(name = "probe",
        header = "Probe planning and link fault localisation for multipath networks (NetSonar).",
        mixinStandardHelpOptions = true,
        description = {
                "Probe planning and link fault localisation for multipath networks (NetSonar): how many",
                "random 5-tuples cover a pair's equal-cost paths, which agent pairs cover every link often",
                "enough to tell a faulty one apart (MSC-alpha), which link is faulty given a window of probe",
                "results, and how accurate that is in seeded simulations; live, on a testbed of network",
                "namespaces with Linux ECMP, agents probe with TCP ping and traceroute and real faults."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExample:%n",
        footer = {
                "  sonde probe cover --next-hops 16 --confidence 0.9",
                "  sonde probe plan --topology fattree:8 --alpha 2 --out plan",
                "  sonde probe localize --topology net.txt --results results.csv --json suspects.json",
                "  sonde probe simulate --topology idn --failures 1 --trials 1000 --alpha 2 --seed 1 --json sim.json",
                "  sudo sonde probe testbed up --topology fattree:4",
                "  sudo sonde probe agent --plan plan/plan.json --round 0s --results results.csv"
        },
        subcommands = {CoverCommand.class, PlanCommand.class, LocalizeCommand.class, SimulateCommand.class, TestbedCommand.class, AgentCommand.class})
public final class ProbeCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
