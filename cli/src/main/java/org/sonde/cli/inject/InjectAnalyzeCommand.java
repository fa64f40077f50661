package org.sonde.cli.inject;

import org.sonde.cli.OutputOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.ReportMeta;
import org.sonde.core.UsageException;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.AnalysisJson;
import org.sonde.inject.analyze.GbnMode;
import org.sonde.inject.config.CaptureMetadata;
import org.sonde.inject.config.CaptureMetadataFile;
import org.sonde.inject.offline.CaptureAnalysis;
import org.sonde.inject.offline.CaptureAnalysis.TraceKind;
import org.sonde.inject.report.AnalysisSummary;
import org.sonde.inject.report.InjectReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde inject analyze}: the analyzers over a run directory or any RoCEv2 capture. */
@Command(name = "analyze",
        header = "Analyse a run directory or any RoCEv2 capture.",
        mixinStandardHelpOptions = true,
        description = {
                "Analyses a trace: a directory written by `sonde inject run` (its trace.pcap and metadata.yaml),",
                "or any pcap/pcapng of RoCEv2 traffic with --metadata describing its QPs. A capture with",
                "Lumina's mirror metadata (event in the TTL, sequence number and timestamp in the MACs) is",
                "recognised; in a plain capture, taken upstream of the losses, lost packets are inferred from",
                "the senders' go-back-N restarts and completeness cannot be checked.",
                "Checks: integrity (sequence numbers, timestamps, switch counters), go-back-N for SEND/WRITE",
                "and READ (strict to the specification, or Lumina's permissive checker), retransmission",
                "latency split into NAK generation, NAK reaction and timeouts, CNP pacing per scope with the",
                "measured intervals, NIC counters against the trace. --report writes the HTML report a run has",
                "(packets over time, go-back-N, latency, CNPs, integrity) but for the run's plan and traffic.",
                "Exit code 1 when a check fails."
        },
        footerHeading = "%nMetadata file (YAML):%n",
        footer = {
                "  traffic: {num-msgs-per-qp: 10, message-size: 10240, mtu: 1024}",
                "  nic: {requester: cx5, responder: cx5}      # cx4, cx5, cx6, e810 or spec (default)",
                "  min-retransmit-timeout: 14                 # optional: the QPs' timer",
                "  qps:",
                "    - verb: write",
                "      requester: {qpn: 0xfe, psn: 1001, ip: 10.0.0.1, switch-port: 132}",
                "      responder: {qpn: 0xea, psn: 3002, ip: 10.0.0.2, switch-port: 133}",
                "  counters: {switch-ingress: {...}, mirror-egress: {...}, requester: {...}, responder: {...}}",
                "",
                "Examples:",
                "  sonde inject analyze listing2 --permissive",
                "  sonde inject analyze capture.pcapng --metadata qps.yaml --report analysis.html"
        })
final class InjectAnalyzeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR|CAPTURE", description = "A run directory, or a pcap/pcapng file.")
    Path input;

    @Option(names = "--metadata", paramLabel = "FILE", description = "The capture's QPs (default for a run directory: DIR/metadata.yaml).")
    Path metadata;

    @Option(names = "--trace", paramLabel = "KIND", defaultValue = "auto",
            description = "auto, mirrored (Lumina's mirror metadata) or plain. Default: ${DEFAULT-VALUE}.")
    String trace;

    @Option(names = "--permissive", description = "Judge go-back-N as Lumina's public checker does instead of strictly to the specification.")
    boolean permissive;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        Path capture = input;
        Path metadataFile = metadata;
        if (Files.isDirectory(input)) {
            capture = input.resolve("trace.pcap");
            if (metadataFile == null) metadataFile = input.resolve(Injection.METADATA_FILE);
            if (!Files.isRegularFile(capture)) throw new UsageException(input + " has no trace.pcap: give a directory `sonde inject run` wrote, or a capture file");
        } else if (metadataFile == null) {
            throw new UsageException("a capture needs --metadata FILE describing its QPs (see `sonde inject analyze --help`)");
        }
        TraceKind kind = switch (trace) {
            case "auto" -> TraceKind.AUTO;
            case "mirrored" -> TraceKind.MIRRORED;
            case "plain" -> TraceKind.PLAIN;
            default -> throw new UsageException("--trace " + trace + ": use auto, mirrored or plain");
        };
        json.checkWritable();
        report.checkWritable();
        CaptureMetadata m = CaptureMetadataFile.load(metadataFile);
        CaptureAnalysis.Result r = CaptureAnalysis.analyze(capture, m, kind, permissive ? GbnMode.PERMISSIVE : GbnMode.STRICT, report.requested());
        if (report.requested()) {
            InjectReport.ofCapture(capture.toString(), m.metadata(), r.analysis(), r.packets(), r.mirrored(), r.timeline(), ReportMeta.version())
                    .writeTo(report.file());
        }
        json.writeValue(AnalysisJson.toJson(r.analysis()));
        PrintWriter o = json.text();
        o.printf("%s: %,d packets, %s, %d QPs%n", capture, r.packets(), r.mirrored() ? "with mirror metadata" : "plain capture",
                m.metadata().qps().size());
        AnalysisSummary.lines(r.analysis()).forEach(o::println);
        if (json.requested()) o.printf("  analysis %s%n", json.where());
        return r.analysis().pass() ? 0 : 1;
    }
}
