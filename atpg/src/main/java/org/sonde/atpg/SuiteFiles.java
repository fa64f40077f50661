package org.sonde.atpg;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.VlanMembership;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.VlanTag;

/**
 * A suite directory: {@code suite.json} (the network source, regular and reserved packets),
 * {@code summary.json} (counts and phase times) and {@code tests.pcap} (the regular packets as
 * frames); and the results file of an emulation.
 */
public final class SuiteFiles {
    private SuiteFiles() {}

    public static final String SUITE = "suite.json", SUMMARY = "summary.json", PCAP = "tests.pcap";
    public static final String SCHEMA = "sonde.atpg.suite", RESULTS_SCHEMA = "sonde.atpg.results";

    /** What {@code suite.json} holds. */
    public record SuiteFile(String schema, int version, ModelSource network, Suite suite) {}

    /**
     * What a results file holds: the faults injected and one result per test; with trains of two
     * frames or more ({@code train}), the trains measured and each link's figures from them.
     */
    public record ResultsFile(String schema, int version, List<String> faults, double latencyThresholdMs,
                              long failed, List<Emulator.Result> results, int train, List<Performance.Train> trains,
                              List<Performance.LinkFigures> links, List<Performance.ClassFigures> classes) {
        public ResultsFile {
            // files written before trains were sent, or before strict priority, have none
            train = train == 0 ? 1 : train;
            trains = trains == null ? List.of() : List.copyOf(trains);
            links = links == null ? List.of() : List.copyOf(links);
            classes = classes == null ? List.of() : List.copyOf(classes);
        }

        /** One round's results (emulated or live), with its trains, their link figures and the prioritised links' classes. */
        public static ResultsFile of(List<String> faults, double thresholdMs, List<Emulator.Result> results, int train,
                                     List<Performance.Train> trains, List<Performance.LinkFigures> links, List<Performance.ClassFigures> classes) {
            long failed = results.stream().filter(r -> !r.pass()).count();
            return new ResultsFile(RESULTS_SCHEMA, 1, faults, thresholdMs, failed, results, train, trains, links, classes);
        }
    }

    /**
     * What {@code summary.json} holds: the suite's summary, then the seconds per phase (in this
     * order every time: {@code Map.of}'s order changes from one JVM to the next).
     */
    public static Map<String, Object> summaryDocument(Suite.Summary summary, Map<String, Double> phaseSeconds) {
        Map<String, Object> doc = new java.util.LinkedHashMap<>();
        doc.put("summary", summary);
        doc.put("phaseSeconds", phaseSeconds);
        return doc;
    }

    /**
     * Writes the three files into {@code dir} (created if needed); {@code network} is the suite's
     * network (its ports' VLAN membership decides which frames are tagged), {@code phases} are
     * seconds per phase.
     */
    public static void write(Path dir, ModelSource source, Network network, Suite suite, Map<String, Double> phases) {
        try {
            Files.createDirectories(dir);
            writeJson(dir.resolve(SUITE), new SuiteFile(SCHEMA, 1, source, suite));
            writeJson(dir.resolve(SUMMARY), summaryDocument(suite.summary(), phases));
            writePcap(dir.resolve(PCAP), network, suite.tests());
        } catch (IOException e) {
            throw new EnvironmentException("cannot write the suite to " + dir + ": " + InputFiles.describe(e), "check that the directory is writable", e);
        }
    }

    public static SuiteFile readSuite(Path dir) {
        Path f = Files.isDirectory(dir) ? dir.resolve(SUITE) : dir;
        SuiteFile s = Json.read(f, SuiteFile.class, "suite", "give the directory 'sonde atpg generate --out' wrote");
        if (!SCHEMA.equals(s.schema()) || s.suite() == null) throw new BadInputException(f.toString(), "schema", "expected a " + SCHEMA + " file");
        return s;
    }

    public static void writeResults(Path file, ResultsFile results) {
        try {
            writeJson(file, results);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + file + ": " + InputFiles.describe(e), "check that the directory is writable", e);
        }
    }

    public static ResultsFile readResults(Path file) {
        ResultsFile r = Json.read(file, ResultsFile.class, "results file", "give the file 'sonde atpg emulate --out' wrote");
        if (!RESULTS_SCHEMA.equals(r.schema()) || r.results() == null)
            throw new BadInputException(file.toString(), "schema", "expected a " + RESULTS_SCHEMA + " file");
        return r;
    }

    private static void writeJson(Path file, Object value) throws IOException {
        // Streamed: a suite of Internet2 runs to hundreds of megabytes.
        AtomicFiles.write(file, out -> {
            Json.mapper().writerWithDefaultPrettyPrinter().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, value);
            out.write('\n');
        });
    }

    /**
     * The regular packets as Ethernet/IPv4/TCP-or-UDP frames, 1 ms apart from time 0. Fields the
     * layout does not carry get defaults: MACs 02:00:00:00:00:01 to 02:00:00:00:00:02, ip_src
     * 192.0.2.1, ip_dst 198.51.100.1, protocol UDP (TCP when ip_proto is 6), ports 49152 to 9,
     * TTL 64; a vlan field in 1..4094 adds an 802.1Q tag, except at an access port or in a
     * trunk's native VLAN, where frames enter untagged and the port gives them their VLAN. The
     * payload is the test id (ASCII), so a receiver can tell tests apart.
     */
    static void writePcap(Path file, Network network, List<TestPacket> tests) throws IOException {
        try (CaptureWriter w = CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65_535, TimestampResolution.MICROS)) {
            long t = 0;
            for (TestPacket p : tests) {
                byte[] frame = frame(p, network).encode();
                w.write(t, frame, 0, frame.length);
                t += 1_000_000;
            }
        }
    }

    /** The frame of one test packet, as {@code tests.pcap} holds it (live agents build reserved packets' frames with it). */
    public static Packet frame(TestPacket p, Network network) {
        Map<String, Long> h = p.header();
        PacketBuilder b = Packet.builder().add(EthernetHeader.of(new MacAddress(0x0200_0000_0002L), new MacAddress(0x0200_0000_0001L)));
        long vlan = h.getOrDefault("vlan", 0L);
        boolean untagged = switch (network.vlanMembership(p.ingress()).map(VlanMembership::mode).orElse(null)) {
            case SwitchportMode.Access _ -> true;
            case SwitchportMode.Trunk t -> t.nativeVlanId() == vlan;
            case null -> false;
        };
        if (vlan >= 1 && vlan <= 4094 && !untagged) b.add(VlanTag.of((int) vlan));
        int src = (int) (long) h.getOrDefault("ip_src", 0xC000_0201L), dst = (int) (long) h.getOrDefault("ip_dst", 0xC633_6401L);
        b.add(Ipv4Header.builder(new Ipv4Address(src), new Ipv4Address(dst)).ttl(64).build());
        int sport = (int) (long) h.getOrDefault("tp_src", 49_152L), dport = (int) (long) h.getOrDefault("tp_dst", 9L);
        if (h.getOrDefault("ip_proto", 17L) == 6) b.add(TcpHeader.builder(sport, dport).build());
        else b.add(UdpHeader.of(sport, dport));
        return b.payload(p.id().getBytes(java.nio.charset.StandardCharsets.US_ASCII)).build();
    }
}
