package org.sonde.replay.recording;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPOutputStream;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.PacketDirection;
import org.sonde.capture.TimestampResolution;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Simulation;
import org.sonde.sim.scenario.TransportFactory;
import org.sonde.sim.scenario.Transports;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpFlowTransport;
import org.sonde.sim.tcp.TcpObserver;
import org.sonde.sim.tcp.TcpSegment;

/**
 * {@code sonde replay record}: runs a scenario with every TCP connection recorded, writes the recording
 * ({@value #RECORDING}) and its sizes against the header trace of the same run ({@value #SUMMARY}), and, asked to,
 * the capture of the run ({@value #CAPTURE}) with the list of connections ({@value #CONNECTIONS}). The capture is what
 * tcpdump on every host would hold: one interface per host, named after it, with each segment as it left its
 * sender's TCP (outbound, pcapng {@code epb_flags}) and, unless the network dropped it, as it reached its receiver's
 * (inbound); {@link #departures} reads the outbound copies. A copy of the scenario ({@value #SCENARIO}) goes with it:
 * the run is deterministic, so the recording and its scenario give the run again (files the scenario names, such as a
 * flow-size table, are not copied).
 *
 * <p>The header trace is what a packet capture of the run with only headers would hold: a nanosecond pcap of every
 * segment cut after its TCP header (options included); its size is given gzip- and zstd-compressed (level 3, the
 * default), computed as the run goes.
 */
public final class ScenarioRecording {
    public static final String RECORDING = "recording.sdr";
    public static final String SUMMARY = "summary.json";
    public static final String CAPTURE = "capture.pcapng";
    public static final String CONNECTIONS = "connections.json";
    /** The scenario as recorded, for what needs the run again (the queue replay's ground truth). */
    public static final String SCENARIO = "scenario.yaml";
    /** DETER's default sampling threshold. */
    public static final long DEFAULT_THRESHOLD_NANOS = 5_000;
    /** No capture.pcapng: the recording alone. */
    public static final int NO_CAPTURE = 0;
    /** capture.pcapng with every frame whole (tcpdump's default snap length). */
    public static final int WHOLE_FRAMES = CaptureInterface.DEFAULT_SNAP_LENGTH;
    /** The shortest snap length that keeps every header replay check and diagnosis read (Ethernet, IPv4, TCP with 40 B of options). */
    public static final int MIN_SNAP_LENGTH = IpFrame.ETHERNET_HEADER + IpFrame.IPV4_HEADER + 60;

    /** What a recording run produced. */
    public record Summary(String scenario, long seed, long simulatedNanos, int connections, int replayable, long packets,
                          long recordingBytes, long recordingZstdBytes, long headerTraceBytes, long headerTraceGzipBytes,
                          long headerTraceZstdBytes, long thresholdNanos, long samples, Breakdown breakdown) {
        /** The recording's size in percent of the gzip-compressed header trace. */
        public double percentOfGzip() {
            return headerTraceGzipBytes == 0 ? 0 : 100.0 * recordingBytes / headerTraceGzipBytes;
        }

        public double percentOfZstd() {
            return headerTraceZstdBytes == 0 ? 0 : 100.0 * recordingBytes / headerTraceZstdBytes;
        }
    }

    /** Where the recording's bytes go: the four streams of every endpoint, and the rest (header, addresses, draws, lengths). */
    record Breakdown(long calls, long handlers, long arrivals, long samples, long other) {
        static Breakdown of(Recording rec, long total) {
            long c = 0, h = 0, a = 0, s = 0;
            for (ConnectionLog l : rec.connections()) {
                for (EndpointLog e : List.of(l.client(), l.server())) {
                    c += e.calls().length;
                    h += e.handlers().length;
                    a += e.arrivals().length;
                    s += e.samples().length;
                }
            }
            return new Breakdown(c, h, a, s, total - c - h - a - s);
        }
    }

    private ScenarioRecording() {
    }

    /** Counts the bytes written through it. */
    private static final class Counting extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }

    /** The header trace, compressed two ways as it is written. */
    private static final class HeaderTrace implements AutoCloseable {
        final Counting gzipBytes = new Counting();
        final Counting zstdBytes = new Counting();
        final CaptureWriter gzip;
        final CaptureWriter zstd;
        long raw;

        HeaderTrace() throws IOException {
            gzip = CaptureWriter.pcap(new GZIPOutputStream(gzipBytes, 1 << 16), "header trace (gzip)", LinkTypes.ETHERNET, 256, TimestampResolution.NANOS);
            zstd = CaptureWriter.pcap(new ZstdOutputStream(zstdBytes), "header trace (zstd)", LinkTypes.ETHERNET, 256, TimestampResolution.NANOS);
            raw = 24;
        }

        void add(long time, byte[] frame) {
            int tcp = IpFrame.ETHERNET_HEADER + IpFrame.IPV4_HEADER;
            int headers = Math.min(frame.length, tcp + ((frame[tcp + 12] & 0xFF) >>> 4) * 4);
            gzip.write(0, time, frame, 0, headers, frame.length, null);
            zstd.write(0, time, frame, 0, headers, frame.length, null);
            raw += 16 + headers;
        }

        @Override
        public void close() {
            gzip.close();
            zstd.close();
        }
    }

    /**
     * Runs {@code scenario} with {@code seed}, recording every TCP connection with send-time threshold
     * {@code thresholdNanos}, into the new directory {@code out}, with capture.pcapng and connections.json unless
     * {@code captureSnapLength} is {@link #NO_CAPTURE}: frames longer than it are cut in the capture (their
     * original length kept), as {@code tcpdump -s} does, so a long run's capture can hold headers only.
     *
     * @throws BadInputException if the scenario is not valid (file, line and key named)
     * @throws UsageException    if {@code out} is not a directory Sonde may write, or the snap length is impossible
     */
    public static Summary record(Path scenario, long seed, long thresholdNanos, int captureSnapLength, Path out, Simulation.Progress progress) {
        if (thresholdNanos < 0) throw new UsageException("--threshold must not be negative");
        if (captureSnapLength != NO_CAPTURE && (captureSnapLength < MIN_SNAP_LENGTH || captureSnapLength > WHOLE_FRAMES)) {
            throw new UsageException("--snaplen " + captureSnapLength + " is outside " + MIN_SNAP_LENGTH + ".." + WHOLE_FRAMES
                    + " bytes", "give at least " + MIN_SNAP_LENGTH + " bytes, enough for the Ethernet, IPv4 and longest TCP header");
        }
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            Summary s = recordInto(scenario, seed, thresholdNanos, captureSnapLength, dir.path(), progress);
            dir.commit();
            return s;
        }
    }

    private static Summary recordInto(Path scenario, long seed, long th, int snapLength, Path dir, Simulation.Progress progress) {
        TcpConfig[] config = {null};
        HeaderTrace trace;
        try {
            trace = new HeaderTrace();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Simulation[] simulation = {null};
        HostCapture[] cap = {null};
        long[] packets = {0};
        Recorder recorder = new Recorder(th, new Recorder.PacketListener() {
            @Override
            public void sent(int connection, int side, long index, long timeNanos, TcpSegment seg) {
                byte[] frame = seg.encode();
                long at = simulation[0].epochNanos() + timeNanos;
                trace.add(at, frame);
                if (cap[0] != null) cap[0].write(seg.sourceIp, at, frame, PacketDirection.OUTBOUND);
                packets[0]++;
            }

            @Override
            public void arrived(int connection, int side, long index, long timeNanos, TcpSegment seg) {
                if (cap[0] != null) cap[0].write(seg.destinationIp, simulation[0].epochNanos() + timeNanos, seg.encode(), PacketDirection.INBOUND);
            }
        });
        Map<String, TransportFactory> factories = recordedTransports(recorder, config);
        boolean done = false;
        try {
            ScenarioLoader.Loaded loaded = new ScenarioLoader(scenario, factories, dir).load(seed);
            simulation[0] = loaded.simulation();
            if (snapLength != NO_CAPTURE) cap[0] = new HostCapture(dir.resolve(CAPTURE), loaded.simulation().network().hosts(), snapLength);
            if (config[0] == null) {
                throw new BadInputException(scenario.toString(), "transports", "the scenario configures no tcp transport, so there is nothing to record",
                        "add transports: {tcp: {}} and traffic with transport: tcp", null);
            }
            Files.copy(scenario, dir.resolve(SCENARIO));
            var stats = loaded.simulation().run(loaded.durationNanos(), progress);
            trace.close();
            Recording rec = recorder.finish(loaded.simulation().name(), seed, loaded.simulation().epochNanos(), stats.simulatedNanos(), config[0]);
            byte[] bytes = RecordingFile.encode(rec);
            Files.write(dir.resolve(RECORDING), bytes);
            long samples = 0;
            int replayable = 0;
            for (ConnectionLog c : rec.connections()) {
                if (c.problem() == null) replayable++;
                samples += c.client().decodeSamples().size() + c.server().decodeSamples().size();
            }
            Summary s = new Summary(rec.scenario(), seed, stats.simulatedNanos(), rec.connections().size(), replayable, packets[0], bytes.length,
                    Zstd.compress(bytes).length, trace.raw, trace.gzipBytes.bytes, trace.zstdBytes.bytes, th, samples,
                    Breakdown.of(rec, bytes.length));
            Files.writeString(dir.resolve(SUMMARY), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(summaryJson(s)) + "\n");
            if (cap[0] != null) {
                cap[0].writer.close();
                Files.writeString(dir.resolve(CONNECTIONS), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(connectionsJson(rec)) + "\n");
            }
            done = true;
            return s;
        } catch (IOException e) {
            throw new EnvironmentException("cannot write into " + dir + ": " + InputFiles.describe(e), "choose a directory in a writable place", e);
        } finally {
            if (!done) {
                if (cap[0] != null) cap[0].writer.abort();
                try {
                    trace.close();
                } catch (RuntimeException ignored) {
                    // the run failed already; its error is the one to report
                }
            }
        }
    }

    /** The run's capture: an interface per host, found by the host's address. */
    private static final class HostCapture {
        final CaptureWriter writer;
        final Map<Integer, Integer> interfaceOf = new HashMap<>();

        HostCapture(Path file, List<Host> hosts, int snapLength) {
            List<CaptureInterface> interfaces = new ArrayList<>();
            for (Host h : hosts) {
                interfaceOf.put(h.ip(), interfaces.size());
                interfaces.add(new CaptureInterface(h.name(), LinkTypes.ETHERNET, snapLength, TimestampResolution.NANOS,
                        "host " + h.name() + ", " + new Ipv4Address(h.ip())));
            }
            writer = CaptureWriter.pcapng(file, interfaces, "Sonde replay record: every TCP segment at its sender's interface as it left "
                    + "and at its receiver's as it arrived, as tcpdump on every host would capture them");
        }

        void write(int hostIp, long at, byte[] frame, PacketDirection direction) {
            writer.write(interfaceOf.get(hostIp), at, frame, 0, frame.length, frame.length, direction, null);
        }
    }

    /**
     * Calls {@code sink} with every packet of a recording's {@value #CAPTURE} as it left its sender (the outbound copies),
     * in the order they were sent.
     */
    public static void departures(Path capture, Consumer<CaptureReader> sink) {
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                if (r.direction() == PacketDirection.OUTBOUND) sink.accept(r);
            }
        }
    }

    /** The connections with the bytes the client's application sent. */
    static ArrayNode connectionsJson(Recording rec) {
        ArrayNode a = Json.mapper().createArrayNode();
        for (ConnectionLog c : rec.connections()) {
            long bytes = 0;
            for (RecordedCall call : c.client().decodeCalls(rec.patterns(), c.startNanos())) {
                if (call.pattern().call() == TcpObserver.Call.SEND) bytes += call.pattern().a();
            }
            ObjectNode o = a.addObject();
            o.put("id", c.id());
            o.put("src", c.src());
            o.put("dst", c.dst());
            o.put("bytes", bytes);
            if (c.problem() != null) o.put("problem", c.problem());
        }
        return a;
    }

    static ObjectNode summaryJson(Summary s) {
        ObjectNode o = Json.mapper().valueToTree(s);
        o.put("percentOfGzipHeaderTrace", Math.round(s.percentOfGzip() * 100) / 100.0);
        o.put("percentOfZstdHeaderTrace", Math.round(s.percentOfZstd() * 100) / 100.0);
        return o;
    }

    /** Reads {@code dir}'s recording (or the recording file itself). */
    public static Recording read(Path dirOrFile) {
        Path f = Files.isDirectory(dirOrFile) ? dirOrFile.resolve(RECORDING) : dirOrFile;
        byte[] bytes = InputFiles.readBytes(f, "recording", "give a directory written by sonde replay record");
        try {
            return RecordingFile.decode(bytes);
        } catch (RecordingFormatException e) {
            throw new BadInputException(f.toString(), null, e.getMessage(), "give a directory written by sonde replay record", null);
        }
    }

    /**
     * The scenario format's transports with every TCP connection observed by {@code recorder}; the TCP configuration the
     * scenario gives goes into {@code config[0]} (it stays null for a scenario without TCP).
     */
    public static Map<String, TransportFactory> recordedTransports(Recorder recorder, TcpConfig[] config) {
        Map<String, TransportFactory> factories = new LinkedHashMap<>(Transports.builtIn());
        factories.put("tcp", (network, section) -> {
            TcpFlowTransport t = TcpFlowTransport.of(network, section);
            t.observe(recorder);
            config[0] = t.config();
            return t;
        });
        return factories;
    }
}
