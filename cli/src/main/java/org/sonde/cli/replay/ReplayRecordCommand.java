package org.sonde.cli.replay;

import org.sonde.cli.DurationOption;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.core.Json;
import org.sonde.core.UsageException;
import org.sonde.replay.recording.ScenarioRecording;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde replay record}: a scenario run with every TCP connection recorded. */
@Command(name = "record",
        header = "Run a scenario recording every TCP connection in a few bytes, for replay.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs a simulator scenario (the format of sonde sim run) and records, per TCP connection,",
                "what replaying it alone needs (DETER, NSDI'19, Table 1): the application's calls as",
                "patterns, the segments that arrived (drops as gaps, reordering, CE marks) with their",
                "delays, the handler order with timer firings, the random draws, and send times sampled",
                "by the rate-based sampler (Alg. 1) within the threshold. Writes DIR/recording.sdr,",
                "DIR/summary.json (sizes against the gzip/zstd-compressed header trace of the same run)",
                "and DIR/scenario.yaml (a copy of the scenario, for sonde replay queues);",
                "with --capture also DIR/capture.pcapng (what tcpdump on every host would hold: an",
                "interface per host, each segment outbound at its sender's and, unless dropped, inbound",
                "at its receiver's, marked by pcapng's direction flags; replay diagnose reads each flow",
                "at its sender's interface) and",
                "DIR/connections.json ([{id, src, dst, bytes}], bytes the client's application sent);",
                "--snaplen cuts the captured frames as tcpdump -s does (original lengths kept): a long",
                "run's capture of headers only is a few percent of one of whole frames, and replay check",
                "and replay diagnose read it alike."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay record examples/sim/incast.yaml --seed 1 --out rec --capture",
                "  sonde replay record big.yaml --out big --capture --snaplen 128",
                "  sonde replay connection rec --conn 3 --out conn3"})
final class ReplayRecordCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO.yaml", description = "The scenario file.")
    Path scenario;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The run's seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    @Option(names = "--capture", description = "Also write capture.pcapng and connections.json.")
    boolean capture;

    @Option(names = "--snaplen", paramLabel = "BYTES",
            description = "With --capture: cut captured frames after BYTES (at least 94: Ethernet, IPv4, TCP headers; default whole).")
    Integer snapLength;

    @Option(names = "--threshold", paramLabel = DurationOption.LABEL, defaultValue = "5us", converter = DurationOption.WasNanos.class,
            description = "Send-time sampling error bound (default ${DEFAULT-VALUE}, DETER's).")
    long threshold;

    /** The summary (summary.json's figures, and the percentages). */
    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        json.checkWritable();
        if (snapLength != null && !capture) throw new UsageException("--snaplen cuts the capture's frames, and there is no capture", "add --capture");
        int captureSnapLength = !capture ? ScenarioRecording.NO_CAPTURE : snapLength == null ? ScenarioRecording.WHOLE_FRAMES : snapLength;
        PrintWriter err = spec.commandLine().getErr();
        ScenarioRecording.Summary s;
        Progress[] progress = {null};
        s = ScenarioRecording.record(scenario, seed, threshold, captureSnapLength, out, (now, end, events) -> {
            if (progress[0] == null) progress[0] = new Progress(err, "replay record");
            progress[0].update(now / 1000, end / 1000, "us simulated");
        });
        if (progress[0] != null) progress[0].close();
        if (json.requested()) {
            ObjectNode o = Json.mapper().valueToTree(s);
            o.put("percentOfGzipHeaderTrace", s.percentOfGzip());
            o.put("percentOfZstdHeaderTrace", s.percentOfZstd());
            o.put("out", out.toString());
            json.writeValue(o);
        }
        PrintWriter o = json.text();
        o.printf(Locale.ROOT, "%s (seed %d): %,d connections (%,d replayable), %,d packets, %.3f ms simulated%n", s.scenario(), seed,
                s.connections(), s.replayable(), s.packets(), s.simulatedNanos() / 1e6);
        o.printf(Locale.ROOT, "  recording %,d bytes (zstd %,d): %.1f %% of the gzip header trace (%,d), %.1f %% of zstd (%,d)%n",
                s.recordingBytes(), s.recordingZstdBytes(), s.percentOfGzip(), s.headerTraceGzipBytes(), s.percentOfZstd(), s.headerTraceZstdBytes());
        o.printf(Locale.ROOT, "  %,d send-time samples for %,d packets (threshold %,d ns)%n", s.samples(), s.packets(), s.thresholdNanos());
        o.printf("  wrote %s%s%s%n", out.resolve(ScenarioRecording.RECORDING), capture ? ", " + out.resolve(ScenarioRecording.CAPTURE) + ", "
                + out.resolve(ScenarioRecording.CONNECTIONS) : "", json.requested() ? "; summary " + json.where() : "");
        return 0;
    }
}
