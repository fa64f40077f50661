package org.sonde.cli.search;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde search}: anomaly search in RDMA subsystems (Collie). */
@Command(name = "search",
        header = "Search for RDMA performance anomalies and their minimal triggers (Collie).",
        mixinStandardHelpOptions = true,
        description = {
                "Collie (Kong et al., NSDI 2022): drives a workload engine through a search space of RDMA",
                "workloads (host topology, memory regions, transport, message pattern) with simulated annealing",
                "on performance or diagnostic counters, flags PFC pause above 0.1%% or throughput 20%% below the",
                "NIC's bounds, and reduces each anomaly to its minimal feature set (MFS), which later search skips.",
                "Target: a simulated RDMA subsystem whose profiles (f-like, 200 Gb/s, anomalies #1-#13; h-like,",
                "100 Gb/s, #14-#18; clean) model the paper's published anomalies; each experiment costs 20-60 s",
                "of simulated time. A real testbed of two hosts is remote:FILE.yaml: perftest (or collie_engine) runs",
                "on them through an ssh command template and ethtool -S and hw_counters give the counters.",
                "Every MFS is also exported as perftest command lines, with what perftest cannot express."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde search run --target sim:f-like --budget 10h --seed 1 --json run.json",
                "  sonde search run --target remote:testbed.yaml --budget 8h --json run.json",
                "  sonde search compare --target sim:f-like --seeds 10 --json compare.json",
                "  sonde search check-app app.yaml --mfs run.json"
        },
        subcommands = {SearchRunCommand.class, SearchCompareCommand.class, CheckAppCommand.class})
public final class SearchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
