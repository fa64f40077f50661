package org.sonde.cli.pcap;

import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.cli.ByteSize;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.core.AtomicFiles;
import org.sonde.core.UsageException;
import org.sonde.packet.synth.SyntheticRoceTraffic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code sonde pcap synth}: a seeded RoCEv2 capture of a chosen size. */
@Command(name = "synth",
        header = "Write a seeded capture of RoCEv2 RC traffic between two hosts.",
        mixinStandardHelpOptions = true,
        description = {
                "Write a seeded capture of RoCEv2 RC traffic between two hosts, as seen at the responder's port:",
                "messages segmented at the MTU, RETH/AETH, coalesced ACKs, READ responses, losses answered by",
                "NAK + go-back-N, ECN marks answered by CNPs, some QPs starting just below the 24-bit PSN wrap.",
                "The same options and seed give a byte-identical file. Useful for tools, tests and benchmarks."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde pcap synth --capture roce.pcapng --size 10M",
                "  sonde pcap synth --capture big.pcap --size 1G --verb read --mtu 4096 --loss 0.001"
        })
final class SynthCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    // not --out, which is a directory in every command: this writes one capture file
    @Option(names = "--capture", required = true, paramLabel = "FILE",
            description = "Capture to write; .pcapng gives pcapng, anything else pcap with nanosecond timestamps.")
    Path out;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "10M", converter = ByteSize.class,
            description = "Stop after the first message that brings the frames to this many bytes (K, M, G suffixes; default ${DEFAULT-VALUE}).")
    long targetBytes;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--qps", paramLabel = "N", defaultValue = "8", description = "Queue pairs, served round robin (default ${DEFAULT-VALUE}).")
    int queuePairs;

    @Option(names = "--verb", paramLabel = "write|send|read", defaultValue = "write",
            description = "write, send or read (default ${DEFAULT-VALUE}).")
    SyntheticRoceTraffic.Verb verb;

    @Option(names = "--message-size", defaultValue = "65536", paramLabel = "BYTES",
            description = "Bytes per message (default ${DEFAULT-VALUE}).")
    int messageBytes;

    @Option(names = "--mtu", paramLabel = "256|512|1024|2048|4096", defaultValue = "1024",
            description = "RoCE path MTU: 256, 512, 1024, 2048 or 4096 (default ${DEFAULT-VALUE}).")
    int mtu;

    @Option(names = "--loss", paramLabel = "PROBABILITY", defaultValue = "0.0001",
            description = "Probability that a data packet is lost before the capture point (default ${DEFAULT-VALUE}).")
    double loss;

    @Option(names = "--ecn", paramLabel = "PROBABILITY", defaultValue = "0.001",
            description = "Probability that a data packet arrives CE-marked (default ${DEFAULT-VALUE}).")
    double ecn;

    @Option(names = "--link-gbps", paramLabel = "GBPS", defaultValue = "100", description = "Link rate for timestamps (default ${DEFAULT-VALUE}).")
    double linkGbps;

    /** What was written: {"file","format","packets","bytes","seed"}. */
    @Mixin
    OutputOptions.Json json;

    /** What was written: the machine-readable result. */
    record Written(String file, String format, long packets, long bytes, long seed) {}

    @Override
    public Integer call() throws java.io.IOException {
        validate();
        var traffic = new SyntheticRoceTraffic(new SyntheticRoceTraffic.Settings(seed, queuePairs, verb, messageBytes,
                mtu, loss, ecn, linkGbps));
        boolean pcapng = out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pcapng");
        int snapLength = 65535;
        try (Progress progress = new Progress(spec.commandLine().getErr(), "synth " + out);
             CaptureWriter writer = pcapng
                     ? CaptureWriter.pcapng(out, LinkTypes.ETHERNET, snapLength)
                     : CaptureWriter.pcap(out, LinkTypes.ETHERNET, snapLength, TimestampResolution.NANOS)) {
            try {
                traffic.run(targetBytes, (timeNanos, frame) -> {
                    writer.write(timeNanos, frame, 0, frame.length);
                    progress.update(traffic.bytes(), targetBytes, "bytes");
                });
            } catch (RuntimeException e) {
                writer.abort();
                throw e;
            }
        }
        Written written = new Written(out.toString(), pcapng ? "pcapng" : "pcap-ns", traffic.packets(), traffic.bytes(), seed);
        json.text().printf("wrote %s: %,d packets, %,d bytes of frames%n", out, traffic.packets(), traffic.bytes());
        json.writeValue(written);
        return 0;
    }

    private void validate() {
        AtomicFiles.checkWritable(out, "--capture");
        json.checkWritable();
        if (queuePairs < 1 || queuePairs > 1 << 16) throw new UsageException("--qps must be 1..65536, got " + queuePairs);
        if (mtu != 256 && mtu != 512 && mtu != 1024 && mtu != 2048 && mtu != 4096) {
            throw new UsageException("--mtu must be one of 256, 512, 1024, 2048, 4096 (the IB path MTUs), got " + mtu);
        }
        if (messageBytes < 1 || messageBytes > 1 << 30) {
            throw new UsageException("--message-size must be 1 byte .. 1 GiB, got " + messageBytes);
        }
        if (!(loss >= 0 && loss < 1)) throw new UsageException("--loss must be in [0, 1), got " + loss);
        if (!(ecn >= 0 && ecn <= 1)) throw new UsageException("--ecn must be in [0, 1], got " + ecn);
        if (!(linkGbps > 0)) throw new UsageException("--link-gbps must be positive, got " + linkGbps);
    }

}
