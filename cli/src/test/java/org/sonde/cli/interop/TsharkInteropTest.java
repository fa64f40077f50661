package org.sonde.cli.interop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.PacketDirection;
import org.sonde.capture.TimestampResolution;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wireshark's tshark reads what the capture writers write: timestamps to the nanosecond, both
 * lengths, packet comments and directions.
 */
@RequiresTshark
class TsharkInteropTest {
    private static final List<String> FIELDS = List.of("frame.time_epoch", "frame.len", "frame.cap_len", "frame.comment");
    private static final long T0 = 1_700_000_000_123_456_789L;

    /** One packet as written: timestamp, captured bytes offered, original length, comment. */
    private record Packet(long timestampNanos, int length, int originalLength, String comment) {}

    private static final List<Packet> PACKETS = List.of(
            new Packet(T0, 60, 60, null),
            new Packet(T0 + 1_000_000_001L, 200, 1514, "hello tshark"),
            new Packet(T0 + 2_999_999_999L, 1514, 1514, null),
            new Packet(1, 14, 14, "ünï, with a comma"));

    @Test
    void pcapMicroseconds(Tshark tshark, @TempDir Path dir) {
        Path file = dir.resolve("us.pcap");
        writeAll(CaptureWriter.pcap(file, LinkTypes.ETHERNET, 1000, TimestampResolution.MICROS), false);
        assertTsharkReads(tshark, file, 1000, 1000, false);
    }

    @Test
    void pcapNanoseconds(Tshark tshark, @TempDir Path dir) {
        Path file = dir.resolve("ns.pcap");
        writeAll(CaptureWriter.pcap(file, LinkTypes.ETHERNET, 1000, TimestampResolution.NANOS), false);
        assertTsharkReads(tshark, file, 1000, 1, false);
    }

    @Test
    void pcapngWithComments(Tshark tshark, @TempDir Path dir) {
        Path file = dir.resolve("c.pcapng");
        writeAll(CaptureWriter.pcapng(file, List.of(new CaptureInterface("eth0", LinkTypes.ETHERNET, 1000)), "section"), true);
        assertTsharkReads(tshark, file, 1000, 1, true);
    }

    @Test
    void pcapngDirections(Tshark tshark, @TempDir Path dir) {
        Path file = dir.resolve("d.pcapng");
        try (CaptureWriter w = CaptureWriter.pcapng(file, List.of(new CaptureInterface("h1", LinkTypes.ETHERNET, 1000),
                new CaptureInterface("h2", LinkTypes.ETHERNET, 1000)), null)) {
            for (int i = 0; i < PacketDirection.values().length; i++) {
                w.write(i % 2, T0 + i, bytes(i, 60), 0, 60, 60, PacketDirection.values()[i], i == 1 ? "with a comment" : null);
            }
        }
        TsharkRows rows = tshark.fields(file, List.of("frame.interface_name", "frame.packet_flags_direction", "frame.comment"), Map.of());
        assertThat(rows.size()).isEqualTo(3);
        assertThat(rows.field(0, "frame.interface_name")).isEqualTo("h1");
        assertThat(rows.field(1, "frame.interface_name")).isEqualTo("h2");
        assertThat(rows.occurrences(0, "frame.packet_flags_direction")).isEmpty();
        assertThat(Integer.decode(rows.field(1, "frame.packet_flags_direction"))).as("inbound").isEqualTo(1);
        assertThat(Integer.decode(rows.field(2, "frame.packet_flags_direction"))).as("outbound").isEqualTo(2);
        assertThat(rows.occurrences(1, "frame.comment")).containsExactly("with a comment");
    }

    /** Bytes that depend on the packet's index, so that a mixed-up record would be noticed. */
    private static byte[] bytes(int index, int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) data[i] = (byte) (index * 31 + i);
        return data;
    }

    private static void writeAll(CaptureWriter writer, boolean comments) {
        try (writer) {
            for (int i = 0; i < PACKETS.size(); i++) {
                Packet p = PACKETS.get(i);
                writer.write(0, p.timestampNanos, bytes(i, p.length), 0, p.length, p.originalLength, comments ? p.comment : null);
            }
        }
    }

    private static void assertTsharkReads(Tshark tshark, Path file, int snapLength, long nanosPerUnit, boolean comments) {
        TsharkRows rows = tshark.fields(file, FIELDS, Map.of());
        assertThat(rows.size()).isEqualTo(PACKETS.size());
        for (int i = 0; i < PACKETS.size(); i++) {
            Packet p = PACKETS.get(i);
            long nanos = new BigDecimal(rows.field(i, "frame.time_epoch")).movePointRight(9).longValueExact();
            assertThat(nanos).as("timestamp of packet %d", i).isEqualTo(p.timestampNanos - p.timestampNanos % nanosPerUnit);
            assertThat(Integer.parseInt(rows.field(i, "frame.len"))).as("frame.len of packet %d", i).isEqualTo(p.originalLength);
            assertThat(Integer.parseInt(rows.field(i, "frame.cap_len"))).as("frame.cap_len of packet %d", i)
                    .isEqualTo(Math.min(p.length, snapLength));
            assertThat(rows.occurrences(i, "frame.comment")).as("frame.comment of packet %d", i)
                    .isEqualTo(comments && p.comment != null ? List.of(p.comment) : List.of());
        }
    }
}
