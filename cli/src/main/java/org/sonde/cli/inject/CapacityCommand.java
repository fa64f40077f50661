package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sonde.cli.DurationOption;
import org.sonde.cli.OutputOptions;
import org.sonde.inject.tcp.linux.InjectorCapacity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde inject capacity}: the zero-loss throughput of the Linux target's injector on this machine. */
@Command(name = "capacity",
        header = "Measure how many packets per second the Linux target's injector holds with no loss.",
        mixinStandardHelpOptions = true,
        description = {
                "Builds the namespace testbed of `sonde inject run --target linux` (client, middle box,",
                "server; needs root) and measures the zero-loss throughput of RFC 2544 (section 26.1) of the",
                "middle box's netfilter queue and Sonde's injector: every packet classified, given its",
                "verdict and mirrored into a pcapng trace as in a test (each trial's trace is deleted after).",
                "The packets are a bulk TCP transfer's, of --connections connections opened by their",
                "handshakes: full-sized data segments from the client and an acknowledgement for every",
                "second one from the server, sent from AF_PACKET rings in the end namespaces, and counted",
                "and dropped as they leave the middle box, so the hosts' TCP stacks cost no CPU and the rate",
                "depends on the queue and the injector alone. Half a second at --min-rate warms the code up",
                "first, uncounted. Each trial offers one rate for --trial; it is held when every packet left",
                "the middle box by the end of the trial plus --drain, the queue dropped none and the sender",
                "reached the rate. The top rate is tried first, then a binary search between the highest",
                "rate held and the lowest not held, down to --resolution. As in a test, the injector keeps",
                "the last CPU to itself and the sender runs on the others. --plain does the same without",
                "the queue, the kernel forwarding on the CPU the injector would have had: the machine's own",
                "ceiling for these packets, the reference to compare with.",
                "Progress goes to stderr. Exit code 1 when no rate tried was held."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject capacity",
                "  sonde inject capacity --max-rate 200000 --trial 5s --json capacity.json",
                "  sonde inject capacity --plain --json plain.json"
        })
public final class CapacityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--min-rate", paramLabel = "PPS", defaultValue = "10000",
            description = "Lowest rate tried, packets per second (both directions). Default: ${DEFAULT-VALUE}.")
    long minRate;

    @Option(names = "--max-rate", paramLabel = "PPS", defaultValue = "400000", description = "Highest rate tried, tried first. Default: ${DEFAULT-VALUE}.")
    long maxRate;

    @Option(names = "--resolution", paramLabel = "PPS", defaultValue = "5000",
            description = "The search stops when the highest rate held and the lowest not held are this close. Default: ${DEFAULT-VALUE}.")
    long resolution;

    @Option(names = "--trial", paramLabel = DurationOption.LABEL, converter = DurationOption.class, defaultValue = "2s",
            description = "How long each rate is offered. Default: ${DEFAULT-VALUE}.")
    long trialNanos;

    @Option(names = "--drain", paramLabel = DurationOption.LABEL, converter = DurationOption.class, defaultValue = "100ms",
            description = "After a trial, how long a packet may still arrive and count. Default: ${DEFAULT-VALUE}.")
    long drainNanos;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "4", description = "Connections the packets belong to. Default: ${DEFAULT-VALUE}.")
    int connections;

    @Option(names = "--plain", description = "No queue: measure the middle box's plain forwarding (the reference).")
    boolean plain;

    /** The result, every trial included. */
    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        InjectorCapacity.Settings settings = new InjectorCapacity.Settings(minRate, maxRate, resolution, trialNanos, drainNanos, connections, plain);
        json.checkWritable();
        PrintWriter err = spec.commandLine().getErr();
        InjectorCapacity.Result r = InjectorCapacity.measure(settings, t -> {
            err.printf(Locale.ROOT, "trial %,d/s: %s%n", t.offeredRate(), t.held() ? "held" : "not held (" + t.why() + ")");
            err.flush();
        });
        json.writeValue(r.toJson());
        PrintWriter out = json.text();
        out.print(r.summary());
        if (json.requested()) out.printf("  result %s%n", json.where());
        out.flush();
        return r.zeroLossRate() > 0 ? 0 : 1;
    }
}
