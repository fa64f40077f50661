package org.sonde.cli.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.inspect.DisplayFilter;
import org.sonde.capture.inspect.Inspection;
import org.sonde.capture.inspect.PacketSummary;
import org.sonde.packet.synth.ScriptedTraffic;
import org.sonde.replay.diagnose.SimulatedCaptures;

/**
 * {@code sonde pcap inspect}'s TCP fields against tshark's, frame by frame: relative sequence and
 * acknowledgement numbers ({@code tcp.seq}, {@code tcp.ack}), duplicate ACKs with their numbers,
 * zero windows, keep-alives and fast retransmissions exactly; and retransmissions as the union of
 * Wireshark's kinds (it splits them by timing into retransmission, spurious and out-of-order), on
 * the demo's scripted connection, Linux's TCP between namespaces and the simulator's incasts.
 */
@RequiresTshark
class InspectTcpAnalysisTsharkTest {
    private static final List<String> FIELDS = List.of("frame.number", "tcp.seq", "tcp.ack", "tcp.flags.ack", "tcp.analysis.retransmission",
            "tcp.analysis.fast_retransmission", "tcp.analysis.spurious_retransmission", "tcp.analysis.out_of_order",
            "tcp.analysis.duplicate_ack_num", "tcp.analysis.zero_window", "tcp.analysis.keep_alive", "tcp.analysis.keep_alive_ack");

    @TempDir
    Path dir;

    @Test
    void theScriptedConnection(Tshark tshark) {
        Path file = dir.resolve("scripted.pcapng");
        try (CaptureWriter w = CaptureWriter.pcapng(file, LinkTypes.ETHERNET, 65_535)) {
            for (ScriptedTraffic.Frame f : ScriptedTraffic.frames(7)) w.write(0, f.timeNanos(), f.bytes(), 0, f.bytes().length, f.bytes().length, null);
        }
        Map<Long, String> flags = compare(tshark, file);
        assertThat(flags.values()).contains("dup-ack", "fast-retransmission");
    }

    @Test
    void linuxBetweenNamespaces(Tshark tshark) {
        Map<Long, String> flags = compare(tshark, SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2));
        assertThat(flags.values()).contains("dup-ack", "retransmission");
    }

    @Test
    void simulatedIncasts(Tshark tshark) {
        SimulatedCaptures.Run run = SimulatedCaptures.incast(dir, 1, 16, 64_000, 100_000, Map.of());
        assertThat(compare(tshark, run.senders()).values()).contains("retransmission");
        compare(tshark, run.receiver());
    }

    /** --filter selects the frames tshark -Y selects, on captures without VXLAN (whose inner packets Wireshark filters on too). */
    @Test
    void displayFiltersSelectWhatTsharkSelects(Tshark tshark) throws Exception {
        Path linux = SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2);
        SimulatedCaptures.Run incast = SimulatedCaptures.incast(dir, 3, 8, 64_000, 100_000, Map.of());
        // ours on the left, tshark's on the right where they differ: our retransmissions are every kind of Wireshark's
        Map<String, String> filters = new java.util.LinkedHashMap<>();
        filters.put("tcp.analysis.retransmission",
                "tcp.analysis.retransmission || tcp.analysis.out_of_order || tcp.analysis.spurious_retransmission");
        for (String same : List.of("tcp.analysis.fast_retransmission", "tcp.analysis.duplicate_ack || tcp.analysis.zero_window",
                "tcp.flags.syn == 1 && tcp.flags.ack == 1", "tcp.len > 0 and not tcp.analysis.duplicate_ack", "tcp.port == 5001 && ip.src == 10.1.0.1",
                "ip.addr == 10.2.0.0/16 && tcp.len == 0", "!(tcp.srcport == 5001) && frame.len >= 100", "tcp.analysis.duplicate_ack_num >= 2",
                "tcp.seq > 1000 && tcp.seq < 20000", "ip.dst != 10.2.0.1")) filters.put(same, same);
        for (Path capture : List.of(linux, incast.senders())) {
            for (Map.Entry<String, String> e : filters.entrySet()) {
                String filter = e.getKey();
                DisplayFilter f = DisplayFilter.parse(filter);
                List<Long> mine = new ArrayList<>();
                try (CaptureReader r = CaptureReader.open(capture)) {
                    Inspection.totalsOnly().read(r, Long.MAX_VALUE, f, s -> mine.add(s.number()), offset -> { });
                }
                Process p = new ProcessBuilder(tshark.executable().toString(), "-n", "-r", capture.toString(), "-Y", e.getValue(), "-T", "fields", "-e", "frame.number")
                        .redirectErrorStream(false).start();
                List<Long> theirs = new String(p.getInputStream().readAllBytes()).lines().filter(l -> !l.isBlank()).map(Long::parseLong).toList();
                assertThat(p.waitFor()).isZero();
                assertThat(mine).as(capture.getFileName() + " -Y '" + filter + "'").isEqualTo(theirs);
            }
        }
    }

    /** Asserts agreement on every TCP frame; returns our flags by frame (the first of each frame's), for what the capture must show. */
    private static Map<Long, String> compare(Tshark tshark, Path capture) {
        Map<Long, PacketSummary.Tcp> mine = new TreeMap<>();
        Inspection inspection = Inspection.totalsOnly();
        try (CaptureReader r = CaptureReader.open(capture)) {
            inspection.read(r, Long.MAX_VALUE, s -> {
                if (s.tcp() != null && s.vxlan() == null) mine.put(s.number(), s.tcp());
            }, offset -> { });
        }
        TsharkRows rows = tshark.fields(capture, FIELDS, Map.of("tcp.relative_sequence_numbers", "TRUE", "tcp.analyze_sequence_numbers", "TRUE"));
        Map<Long, String> flags = new TreeMap<>();
        int compared = 0;
        for (int i = 0; i < rows.size(); i++) {
            long frame = Long.parseLong(rows.field(i, "frame.number"));
            PacketSummary.Tcp tcp = mine.get(frame);
            if (tcp == null || rows.field(i, "tcp.seq").isEmpty()) continue;
            compared++;
            String at = capture.getFileName() + " frame " + frame;
            assertThat(tcp.seq()).as(at + " tcp.seq").isEqualTo(Long.parseLong(rows.field(i, "tcp.seq")));
            if (rows.field(i, "tcp.flags.ack").equals("1") || rows.field(i, "tcp.flags.ack").equals("True")) {
                assertThat(tcp.ack()).as(at + " tcp.ack").isEqualTo(Long.parseLong(rows.field(i, "tcp.ack")));
            }
            List<String> theirs = new ArrayList<>();
            boolean fast = !rows.field(i, "tcp.analysis.fast_retransmission").isEmpty();
            if (fast) theirs.add("fast-retransmission");
            else if (!rows.field(i, "tcp.analysis.retransmission").isEmpty() || !rows.field(i, "tcp.analysis.spurious_retransmission").isEmpty()
                    || !rows.field(i, "tcp.analysis.out_of_order").isEmpty()) theirs.add("retransmission");
            if (!rows.field(i, "tcp.analysis.duplicate_ack_num").isEmpty()) theirs.add("dup-ack");
            if (!rows.field(i, "tcp.analysis.zero_window").isEmpty()) theirs.add("zero-window");
            if (!rows.field(i, "tcp.analysis.keep_alive").isEmpty()) theirs.add("keep-alive");
            if (!rows.field(i, "tcp.analysis.keep_alive_ack").isEmpty()) theirs.add("keep-alive-ack");
            assertThat(tcp.analysis()).as(at + " tcp.analysis").containsExactlyInAnyOrderElementsOf(theirs);
            if (tcp.dupAckNumber() != null) {
                assertThat(tcp.dupAckNumber()).as(at + " tcp.analysis.duplicate_ack_num").isEqualTo(Integer.parseInt(rows.field(i, "tcp.analysis.duplicate_ack_num")));
            }
            if (!tcp.analysis().isEmpty()) flags.put(frame, tcp.analysis().getFirst());
        }
        assertThat(compared).as(capture + ": TCP frames compared").isEqualTo(mine.size()).isPositive();
        return flags;
    }
}
