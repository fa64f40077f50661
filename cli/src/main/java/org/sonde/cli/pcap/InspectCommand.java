package org.sonde.cli.pcap;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.inspect.InspectReport;
import org.sonde.capture.inspect.DisplayFilter;
import org.sonde.capture.inspect.Inspection;
import org.sonde.capture.inspect.PacketSummary;
import org.sonde.capture.inspect.ProtocolTotals;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.cli.ReportMeta;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;
import org.sonde.core.UsageException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/** {@code sonde pcap inspect}: one line (or JSON object) per packet, then totals per protocol. */
@Command(name = "inspect",
        header = "Dissect every packet of a pcap or pcapng file, with totals and checksum verdicts.",
        mixinStandardHelpOptions = true,
        description = {
                "Dissect every packet of a pcap or pcapng file (Ethernet, or raw IPv4/IPv6 as from a tun",
                "device): time, addresses, protocol; for RoCEv2 the opcode name, destination QP, PSN and",
                "AETH; for TCP the flags, the sequence and acknowledgement numbers relative to each",
                "direction's first as tshark shows them, window, length, and tshark's expert flags",
                "[retransmission], [fast-retransmission], [dup-ack #n], [zero-window], [keep-alive] and",
                "[keep-alive-ack] (Wireshark's out-of-order and spurious retransmissions are",
                "retransmissions here). Then totals per protocol and per RoCE opcode, and checksum/ICRC",
                "verdicts. JSON names the TCP fields after tshark's: seq/seqRaw/ack/ackRaw are tcp.seq,",
                "tcp.seq_raw, tcp.ack, tcp.ack_raw; window is tcp.window_size_value; len is tcp.len;",
                "analysis lists the tcp.analysis.* flags; dupAckNumber is tcp.analysis.duplicate_ack_num.",
                "Packets that cannot be decoded are shown as 'malformed' with the reason; a capture file",
                "that is itself damaged (e.g. cut off mid-record) stops the run with exit code 3."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde pcap inspect trace.pcapng",
                "  sonde pcap inspect trace.pcap --json trace.json",
                "  sonde pcap inspect trace.pcap --json - | jq .totals",
                "  sonde pcap inspect big.pcap --totals-only --report big.html",
                "  sonde pcap inspect trace.pcap -Y 'tcp.analysis.retransmission && ip.addr == 10.0.0.0/8'"
        })
final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "pcap or pcapng file ('-' reads standard input).")
    String file;

    /** The JSON is one object {"packets":[...],"totals":{...}}, and "error" when the capture is damaged. */
    @Mixin
    OutputOptions.Json json;

    @Option(names = "--totals-only", description = "Print only the totals (fast path for large files).")
    boolean totalsOnly;

    @Option(names = "--limit", paramLabel = "N",
            description = "Show at most N packets (totals still cover the whole file). Default: all.")
    long limit = Long.MAX_VALUE;

    @Option(names = {"--filter", "-Y"}, paramLabel = "FILTER", converter = FilterOption.class,
            description = "Show only the packets that pass this Wireshark display filter, e.g. 'tcp.analysis.retransmission',"
                    + " 'ip.addr == 10.0.0.0/8 && tcp.port == 443', 'infiniband.bth.opcode == 17 || not tcp' (totals still cover"
                    + " the whole file). Fields have Wireshark's names; 'sonde pcap inspect --filter help' lists them.")
    DisplayFilter filter;

    @Option(names = "--threads", paramLabel = "N",
            description = "With --totals-only, count a capture file of 256 MiB or more in N parts at once, one thread"
                    + " each; 1 reads it in one go. Default: the number of processors (${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    /** How far the reading moves between two progress updates. */
    private static final long PROGRESS_STEP_BYTES = 1 << 20;

    /** Files smaller than this are counted in one go; tests lower it. */
    long splitMinBytes = Inspection.PARALLEL_MIN_BYTES;

    /** The report (totals, charts, first packets), with its JSON beside it. */
    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        if (limit < 0) throw new UsageException("--limit must be zero or positive, got " + limit);
        if (threads < 1) throw new UsageException("--threads must be at least 1, got " + threads);
        if (filter != null && totalsOnly) throw new UsageException("--filter chooses the packets shown, and --totals-only shows none: give one of them");
        json.checkWritable();
        if (report.requested()) {
            report.checkWritable();
            AtomicFiles.checkWritable(InspectReport.jsonPath(report.file()), "--report");
        }
        // with --json - the JSON is all of stdout: the per-packet lines are left out, the totals go to stderr
        PrintWriter out = json.text();
        Inspection inspection = report.requested() ? Inspection.forReport() : Inspection.totalsOnly();
        CaptureFormatException damage = null;
        try (CaptureReader reader = open();
             Progress progress = new Progress(spec.commandLine().getErr(), "inspect " + file)) {
            Consumer<PacketSummary> lines = json.toStdout() ? s -> { } : s -> out.println(s.line());
            if (json.requested()) {
                CaptureFormatException[] found = new CaptureFormatException[1];
                json.write(w -> found[0] = inspectJson(reader, inspection, w, lines, progress));
                damage = found[0];
            } else {
                damage = read(reader, inspection, lines, progress);
            }
        }
        printTotals(inspection.totals(), out);
        if (damage != null) {
            out.println("INCOMPLETE: the capture is damaged after packet " + inspection.totals().getPackets());
            out.flush();
            throw damage;
        }
        out.flush();
        if (report.requested()) InspectReport.write(report.file(), file, inspection, ReportMeta.command(spec), ReportMeta.version());
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

    /** Reads the capture into {@code inspection}, handing each summary to {@code show} unless --totals-only. */
    private void readAll(CaptureReader reader, Inspection inspection, Consumer<PacketSummary> show, Progress progress) {
        long total = fileSize();
        // told every record's offset; Progress reads the clock on each call (about 60 ns, a quarter
        // of dissecting a packet), so it hears of every PROGRESS_STEP_BYTES of the file only
        long[] nextUpdate = {0};
        LongConsumer offset = bytes -> {
            if (bytes < nextUpdate[0]) return;
            nextUpdate[0] = bytes + PROGRESS_STEP_BYTES;
            progress.update(bytes, total, "bytes");
        };
        if (totalsOnly && !file.equals("-")) inspection.count(reader, Path.of(file), threads, splitMinBytes, offset);
        else inspection.read(reader, totalsOnly ? 0 : limit, filter, show, offset);
    }

    /** Reads the capture, showing each packet; returns the damage that stopped it early, if any. */
    private CaptureFormatException read(CaptureReader reader, Inspection inspection, Consumer<PacketSummary> show, Progress progress) {
        try {
            readAll(reader, inspection, show, progress);
            return null;
        } catch (CaptureFormatException e) {
            return e;
        }
    }

    /** The JSON document, with each packet shown as it is written; returns the damage the document reports, if any. */
    private CaptureFormatException inspectJson(CaptureReader reader, Inspection inspection, Writer out, Consumer<PacketSummary> show,
                                               Progress progress) throws IOException {
        ObjectMapper mapper = Json.mapper();
        try (JsonGenerator gen = mapper.getFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            gen.useDefaultPrettyPrinter();
            gen.writeStartObject();
            gen.writeArrayFieldStart("packets");
            CaptureFormatException damage = read(reader, inspection, s -> {
                show.accept(s);
                try {
                    mapper.writeValue(gen, s);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, progress);
            gen.writeEndArray();
            gen.writeFieldName("totals");
            mapper.writeValue(gen, inspection.totals());
            if (damage != null) {
                // the document says it is incomplete; the exit code says so too
                gen.writeObjectFieldStart("error");
                gen.writeStringField("message", damage.getMessage());
                gen.writeBooleanField("complete", false);
                gen.writeEndObject();
            }
            gen.writeEndObject();
            gen.flush();
            out.write('\n');
            return damage;
        }
    }

    private static void printTotals(ProtocolTotals t, PrintWriter out) {
        out.println();
        out.print(t.text());
    }

    /** Parses --filter where picocli reads it, so a bad filter is a usage error before the capture is opened. */
    static final class FilterOption implements CommandLine.ITypeConverter<DisplayFilter> {
        @Override
        public DisplayFilter convert(String value) {
            if (value.strip().equals("help")) {
                throw new CommandLine.TypeConversionException("fields: " + String.join(", ", DisplayFilter.fields()));
            }
            try {
                return DisplayFilter.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "': " + e.getMessage());
            }
        }
    }
}
