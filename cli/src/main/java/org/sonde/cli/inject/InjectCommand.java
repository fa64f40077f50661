package org.sonde.cli.inject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde inject}: event-injection testing of RDMA NICs (Lumina). */
@Command(name = "inject",
        header = "Event-injection testing of RDMA NICs and Linux TCP (Lumina): inject, judge the trace.",
        mixinStandardHelpOptions = true,
        description = {
                "Event-injection testing of RDMA NICs (Lumina, SIGCOMM'23): a test names packets by QP, PSN and",
                "retransmission round (\"drop the 5th packet of the 2nd QP, then its retransmission\"); the run",
                "translates that into match-action entries from the QPs' run-time metadata, mirrors every packet",
                "with sequence number, event and timestamp before any drop, rebuilds the trace from the dumpers,",
                "checks its integrity, and analyses go-back-N, retransmission latency, CNPs and counters.",
                "Targets: the simulated testbed with NIC behaviour profiles (neutral, cx4lx-like, cx5-like,",
                "cx6dx-like, e810-like: models of the paper's published observations), or, offline, any",
                "RoCEv2 capture with a file describing its QPs.",
                "TCP tests (traffic.transport: tcp) name packets by connection, segment and retransmission,",
                "or acknowledgement, and run on --target linux: the kernel's TCP on two network namespaces",
                "with a netfilter-queue injector between them; analysed for recovery (fast retransmit, RACK,",
                "TLP, RTO and backoff), spurious retransmissions, ECN and SACK."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject run examples/inject/listing2.yaml --target sim:cx5-like --out listing2",
                "  sonde inject analyze listing2 --permissive",
                "  sonde inject analyze capture.pcapng --metadata qps.yaml --json analysis.json",
                "  sonde inject fuzz --target sim:cx4lx-like --out nn   # search for the noisy-neighbour trigger",
                "  sonde inject study --out study          # the paper's Figs. 8-11 and findings on every profile",
                "  sonde inject run examples/inject/tcp-listing2.yaml --target linux --out tcp",
                "  sonde inject study --target linux --out tcp-study   # reno, cubic, bbr after chosen losses",
                "  sonde inject fuzz --target linux --out tcp-fuzz     # search for event lists that stall TCP",
                "  sonde inject capacity                  # packets/s the Linux target's injector holds with no loss"
        },
        subcommands = {InjectRunCommand.class, InjectAnalyzeCommand.class, FuzzCommand.class, StudyCommand.class, DiffCommand.class, CapacityCommand.class})
public final class InjectCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
