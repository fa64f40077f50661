package org.sonde.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.replay.diagnose.CaptureDiagnoser;
import org.sonde.replay.diagnose.CaptureDiagnosis;
import org.sonde.replay.diagnose.FlowDiagnosis;
import org.sonde.replay.diagnose.Retransmission;
import org.sonde.replay.diagnose.RetransmissionKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde replay diagnose}: retransmission causes and loss signals of every TCP flow in a capture. */
@Command(name = "diagnose",
        header = "Diagnose every TCP flow of a capture: retransmission causes and slowdowns.",
        mixinStandardHelpOptions = true,
        description = {
                "Reads a pcap or pcapng capture (Ethernet, raw IP, Linux cooked) taken at either end of the",
                "connections or on the path, and prints per flow (one direction of a connection) its",
                "retransmissions with their cause (RTO, FAST_RETRANSMIT, RACK, TLP, SPURIOUS, UNEXPLAINED)",
                "and the evidence, and its duplicate-ACK, zero-window and out-of-order counts."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay diagnose trace.pcapng --json diagnosis.json"})
final class ReplayDiagnoseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "The capture (pcap or pcapng).")
    Path capture;

    @Mixin
    OutputOptions.Json json;

    @Option(names = "--all", description = "Print every retransmission, not only the first 10 per flow.")
    boolean all;

    @Override
    public Integer call() {
        json.checkWritable();
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(capture);
        if (json.requested()) json.write(d.toJson().toPrettyString());
        PrintWriter out = json.text();
        out.printf(Locale.ROOT, "%s: %,d frames, %,d TCP packets, %d flows%n", capture, d.totals().frames(),
                d.totals().tcpPackets(), d.flows().size());
        for (FlowDiagnosis f : d.flows()) {
            if (f.retransmissions().isEmpty() && f.duplicateAckFrames().isEmpty() && f.zeroWindowFrames().isEmpty() && f.slowdowns().isEmpty()
                    && f.outOfOrderFrames().isEmpty() && f.dataBytes() == 0) continue;
            StringBuilder kinds = new StringBuilder();
            for (Map.Entry<RetransmissionKind, Integer> e : f.kindCounts().entrySet()) {
                if (e.getValue() > 0) kinds.append(kinds.isEmpty() ? " (" : ", ").append(e.getKey()).append(' ').append(e.getValue());
            }
            if (!kinds.isEmpty()) kinds.append(')');
            out.printf(Locale.ROOT, "  %s -> %s: %,d bytes, %d retransmissions%s, %d duplicate ACKs, %d zero windows, %d out of order%n",
                    f.src(), f.dst(), f.dataBytes(), f.retransmissions().size(), kinds, f.duplicateAckFrames().size(),
                    f.zeroWindowFrames().size(), f.outOfOrderFrames().size());
            for (org.sonde.replay.diagnose.Slowdown w : f.slowdowns()) {
                out.printf(Locale.ROOT, "    slow: %s (%.3f ms) — %s%n", w.kind(), w.costNanos() / 1e6, w.evidence().text());
            }
            int shown = 0;
            for (Retransmission r : f.retransmissions()) {
                if (!all && shown++ == 10) {
                    out.printf("      ... %d more (--all)%n", f.retransmissions().size() - 10);
                    break;
                }
                out.printf(Locale.ROOT, "      frame %d seq %d len %d: %s%s — %s%n", r.frame(), r.relativeSeq(), r.length(), r.kind(),
                        r.kind() != r.trigger() ? " (sent by " + r.trigger() + ")" : "", r.spuriousEvidence() != null
                                ? r.evidence().text() + "; " + r.spuriousEvidence().text() : r.evidence().text());
            }
        }
        if (json.requested()) out.println("  diagnosis " + json.where());
        return 0;
    }
}
