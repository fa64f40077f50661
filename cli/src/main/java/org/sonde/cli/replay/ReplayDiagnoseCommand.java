package org.sonde.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.replay.diagnose.CaptureDiagnoser;
import org.sonde.replay.diagnose.CaptureDiagnosis;
import org.sonde.replay.diagnose.DiagnosisReport;
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
                "and the evidence, and its duplicate-ACK, zero-window and out-of-order counts. Slow flows",
                "are named with DETER's causes (delayed ACK meeting an RTO, delayed ACKs from a slow reader,",
                "tail drop, too few duplicate ACKs, window updates not counted as duplicates, a late fast",
                "retransmit, ACK drops, zero or limiting receive windows, application-limited periods).",
                "A flow's data is split into transfers (what its application wrote as one piece: a request",
                "or response on a persistent connection), each with its own retransmissions and causes;",
                "transfers are counted by size as DETER's Tables 2-3 count flows. A pcapng capture of",
                "several hosts' interfaces whose packets carry direction flags (sonde replay record",
                "--capture) is read per interface, each flow at its sender's (where its packets left)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay diagnose trace.pcapng --json diagnosis.json --report diagnosis.html"})
final class ReplayDiagnoseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "The capture (pcap or pcapng).")
    Path capture;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Option(names = "--all", description = "Print every retransmission, not only the first 10 per flow.")
    boolean all;

    @Override
    public Integer call() {
        json.checkWritable();
        report.checkWritable();
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(capture);
        if (json.requested()) json.write(d.toJson().toPrettyString());
        if (report.requested()) DiagnosisReport.write(d, capture, report.file(), ReportMeta.command(spec), ReportMeta.version());
        PrintWriter out = json.text();
        out.print(d.toText(all));
        if (json.requested()) out.println("  diagnosis " + json.where());
        if (report.requested()) out.println("  report " + report.file());
        return 0;
    }
}
