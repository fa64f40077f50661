package org.sonde.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.core.Json;
import org.sonde.core.UsageException;
import org.sonde.replay.linux.LinuxAgreement;
import org.sonde.replay.linux.LinuxReplay;
import org.sonde.replay.linux.LinuxReplayOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde replay linux}: real connections recorded with eBPF, replayed in the model, compared with their capture. */
@Command(name = "linux",
        header = "Record real Linux connections with eBPF, replay them in the model, compare.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs request/response TCP connections between two network namespaces joined by a veth",
                "pair (kernel cubic, offloads off), with each direction's non-SYN segments dropped at",
                "random by nftables rules; records them without a kernel patch (bpftrace on tracepoints:",
                "state changes, writes and reads with their system calls' times, retransmissions,",
                "congestion states, nftables' drops via skb:kfree_skb) and captures them (AF_PACKET on",
                "the server's interface). Each connection is then replayed alone in the simulator's",
                "Linux-like TCP, configured from the namespaces' sysctls, with the recorded calls, drops,",
                "one-way delay and initial sequence numbers, and its TCP headers (seq, ack, flags,",
                "payload length; the window apart) compared with the capture per direction: identity,",
                "send-time error, and each direction's first divergence with its cause.",
                "Needs root and bpftrace (apt-get install bpftrace); mounts tracefs if it is not mounted.",
                "Writes DIR/recording.json, DIR/capture.pcapng and DIR/agreement.json.",
                "With --from DIR instead of --out, replays an earlier run's recording again and compares it",
                "with its capture (this build's model, no root needed): the same summary and --json, the",
                "run's options from DIR/agreement.json (so --connections, --parallel, --loss and --seed",
                "do not go with it), nothing written into DIR."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay linux --connections 100 --loss 0.02 --out run",
                "  sonde replay linux --connections 20 --loss 0 --out clean --json clean.json",
                "  sonde replay linux --from clean --json again.json"})
final class ReplayLinuxCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "100", description = "Connections to run (default ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4", description = "Connections at a time (default ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--loss", paramLabel = "SHARE", defaultValue = "0.02",
            description = "Share of each direction's non-SYN segments dropped, 0 to <1 (default ${DEFAULT-VALUE}).")
    double loss;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the request and response sizes (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (created; files in it are replaced).")
    Path out;

    @Option(names = "--from", paramLabel = "DIR",
            description = "An earlier run's --out directory: replay its recording again and compare (no run).")
    Path from;

    /** agreement.json's content. */
    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        if ((out == null) == (from == null)) throw new UsageException("give either --out DIR (a new run) or --from DIR (an earlier run's output)");
        if (from != null) return again();
        if (connections < 1) throw new UsageException("--connections " + connections + ": give at least 1");
        if (parallel < 1) throw new UsageException("--parallel " + parallel + ": give at least 1");
        if (!(loss >= 0 && loss < 1)) throw new UsageException("--loss " + loss + ": give a share from 0 to below 1", "e.g. --loss 0.02 drops 2 %");
        json.checkWritable();
        PrintWriter err = spec.commandLine().getErr();
        LinuxAgreement a;
        try (Progress progress = new Progress(err, "replay linux")) {
            a = LinuxReplay.run(new LinuxReplayOptions(connections, parallel, loss, seed), out, n -> progress.update(n, connections, "connections"));
        }
        if (json.requested()) json.write(Json.text(a));
        PrintWriter o = json.text();
        for (String line : LinuxReplay.summary(a)) o.println(line);
        o.printf("  wrote %s, %s, %s%s%n", out.resolve(LinuxReplay.RECORDING), out.resolve(LinuxReplay.CAPTURE), out.resolve(LinuxReplay.AGREEMENT),
                json.requested() ? "; agreement " + json.where() : "");
        return 0;
    }

    /** --from: the earlier run replayed again, nothing run or written but the summary and --json. */
    private int again() {
        for (String option : List.of("--connections", "--parallel", "--loss", "--seed"))
            if (spec.commandLine().getParseResult().hasMatchedOption(option))
                throw new UsageException(option + " does not go with --from: the run's options are those in " + from.resolve(LinuxReplay.AGREEMENT),
                        "drop " + option + ", or make a new run with --out DIR");
        json.checkWritable();
        LinuxAgreement a = LinuxReplay.compareAgain(from);
        if (json.requested()) json.write(Json.text(a));
        PrintWriter o = json.text();
        for (String line : LinuxReplay.summary(a)) o.println(line);
        o.printf("  replayed %s again against %s%s%n", from.resolve(LinuxReplay.RECORDING), from.resolve(LinuxReplay.CAPTURE),
                json.requested() ? "; agreement " + json.where() : "");
        return 0;
    }
}
