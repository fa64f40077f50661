package org.sonde.cli.pcap;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureSplitter;
import org.sonde.capture.LinkTypes;
import org.sonde.cli.Progress;
import org.sonde.cli.ReportMeta;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;
import org.sonde.core.UsageException;
import org.sonde.packet.DecodeException;
import org.sonde.packet.PacketView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code sonde pcap inspect}: one line (or JSON object) per packet, then totals per protocol. */
@Command(name = "inspect",
        mixinStandardHelpOptions = true,
        description = {
                "Dissect every packet of a pcap or pcapng file: time, addresses, protocol; for RoCEv2 the",
                "opcode name, destination QP, PSN and AETH; for TCP the flags, seq, ack and window.",
                "Then totals per protocol and per RoCE opcode, and checksum/ICRC verdicts.",
                "Packets that cannot be decoded are shown as 'malformed' with the reason; a capture file",
                "that is itself damaged (e.g. cut off mid-record) stops the run with exit code 3."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde pcap inspect trace.pcapng",
                "  sonde pcap inspect trace.pcap --json > trace.json",
                "  sonde pcap inspect big.pcap --totals-only --report big.html"
        })
public final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "pcap or pcapng file ('-' reads standard input).")
    String file;

    @Option(names = "--json", description = "Print one JSON object {\"packets\":[...],\"totals\":{...}}.")
    boolean json;

    @Option(names = "--totals-only", description = "Print only the totals (fast path for large files).")
    boolean totalsOnly;

    @Option(names = "--limit", paramLabel = "N",
            description = "Show at most N packets (totals still cover the whole file). Default: all.")
    long limit = Long.MAX_VALUE;

    @Option(names = "--threads", paramLabel = "N",
            description = "With --totals-only, count a capture file of 256 MiB or more in N parts at once, one thread"
                    + " each; 1 reads it in one go. Default: the number of processors (${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    /** Smaller files are counted in one go: threads would gain little and cost their start-up. Tests lower it. */
    long splitMinBytes = 256L << 20;

    @Option(names = "--report", paramLabel = "HTML",
            description = "Also write an HTML report (totals, charts, first packets) to this file, and its JSON beside it.")
    Path report;

    @Override
    public Integer call() {
        if (limit < 0) throw new UsageException("--limit must be zero or positive, got " + limit);
        if (threads < 1) throw new UsageException("--threads must be at least 1, got " + threads);
        if (report != null) {
            AtomicFiles.checkWritable(report, "--report");
            AtomicFiles.checkWritable(InspectReport.jsonPath(report), "--report");
        }
        PrintWriter out = spec.commandLine().getOut();
        Inspection inspection = report != null
                ? new Inspection(InspectReport.KEPT_PACKETS, InspectReport.KEPT_SIZES) : new Inspection(0, 0);
        try (CaptureReader reader = open();
             Progress progress = new Progress(spec.commandLine().getErr(), "inspect " + file)) {
            if (json) inspectJson(reader, inspection, out, progress);
            else inspectText(reader, inspection, out, progress);
        }
        out.flush();
        if (report != null) InspectReport.write(report, file, inspection, ReportMeta.command(spec), ReportMeta.version());
        return 0;
    }

    private CaptureReader open() {
        if (file.equals("-")) return CaptureReader.open(System.in, "<stdin>");
        Path path = Path.of(file);
        if (Files.isDirectory(path)) throw new BadInputException(file, null, "is a directory, not a capture file", null, null);
        if (!Files.exists(path)) throw new EnvironmentException("capture file " + file + " does not exist", "check the path; '-' reads standard input");
        return CaptureReader.open(path);
    }

    private long fileSize() {
        try {
            return file.equals("-") ? 0 : Files.size(Path.of(file));
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Dissects and counts every record, handing each summary to {@code show} unless --totals-only;
     * a damaged capture ends in a CaptureFormatException after counting what precedes the damage.
     */
    private void readAll(CaptureReader reader, Inspection inspection, Consumer<PacketSummary> show, Progress progress) {
        long total = fileSize();
        long[] cuts = cuts(total);
        if (cuts.length > 0) {
            ParallelCount.count(reader, Path.of(file), cuts, inspection, progress, total);
            return;
        }
        while (reader.next()) {
            PacketSummary s = inspection.add(reader, !totalsOnly && inspection.totals.getPackets() < limit);
            if (s != null) show.accept(s);
            progress.update(reader.fileOffset(), total, "bytes");
        }
    }

    /** Where to cut the file to count it on several threads; none unless --totals-only on a large regular file. */
    private long[] cuts(long size) {
        if (!totalsOnly || threads == 1 || file.equals("-") || size < splitMinBytes) return new long[0];
        return CaptureSplitter.propose(Path.of(file), threads);
    }

    private void inspectText(CaptureReader reader, Inspection inspection, PrintWriter out, Progress progress) {
        try {
            readAll(reader, inspection, s -> out.println(s.line()), progress);
        } catch (CaptureFormatException e) {
            printTotals(inspection.totals, out);
            out.println("INCOMPLETE: the capture is damaged after packet " + inspection.totals.getPackets());
            out.flush();
            throw e;
        }
        printTotals(inspection.totals, out);
    }

    private void inspectJson(CaptureReader reader, Inspection inspection, PrintWriter out, Progress progress) {
        ObjectMapper mapper = Json.mapper();
        try (JsonGenerator gen = mapper.getFactory().createGenerator(out)) {
            gen.useDefaultPrettyPrinter();
            gen.writeStartObject();
            gen.writeArrayFieldStart("packets");
            CaptureFormatException damage = null;
            try {
                readAll(reader, inspection, s -> {
                    try {
                        mapper.writeValue(gen, s);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, progress);
            } catch (CaptureFormatException e) {
                damage = e;
            }
            gen.writeEndArray();
            gen.writeFieldName("totals");
            mapper.writeValue(gen, inspection.totals);
            if (damage != null) {
                // the document says it is incomplete; the exit code says so too
                gen.writeObjectFieldStart("error");
                gen.writeStringField("message", damage.getMessage());
                gen.writeBooleanField("complete", false);
                gen.writeEndObject();
            }
            gen.writeEndObject();
            gen.flush();
            out.println();
            if (damage != null) throw damage;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void printTotals(ProtocolTotals t, PrintWriter out) {
        out.println();
        out.printf("%,d packets, %,d bytes, %.9f s%n", t.getPackets(), t.getBytes(), t.getDurationSeconds());
        out.printf("%-32s %12s %16s%n", "protocol", "packets", "bytes");
        t.getProtocols().forEach((k, c) -> out.printf("%-32s %,12d %,16d%n", k, c.packets, c.bytes));
        if (!t.getRoceOpcodes().isEmpty()) {
            out.printf("%-32s %12s %16s%n", "RoCE opcode", "packets", "bytes");
            t.getRoceOpcodes().forEach((k, c) -> out.printf("%-32s %,12d %,16d%n", k, c.packets, c.bytes));
        }
        out.printf("bad IPv4 header checksums: %d, bad TCP/UDP/ICMP checksums: %d, bad RoCE ICRCs: %d%n",
                t.getBadIpv4Checksums(), t.getBadL4Checksums(), t.getBadIcrcs());
    }
}
