package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.capture.Captures.packet;
import static org.sonde.capture.Captures.readAll;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sonde.capture.Captures.Rec;

class RoundTripTest {
    private static final long T0 = 1_700_000_000_123_456_789L;
    private static final int[] LENGTHS = {0, 1, 3, 60, 1514, 9000};

    @ParameterizedTest
    @EnumSource(TimestampResolution.class)
    void pcapKeepsTimestampsLengthsAndData(TimestampResolution resolution, @TempDir Path dir) {
        Path file = dir.resolve("t.pcap");
        try (CaptureWriter w = CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, resolution)) {
            assertThat(w.format()).isEqualTo(resolution == TimestampResolution.NANOS ? CaptureFormat.PCAP_NANOS : CaptureFormat.PCAP_MICROS);
            for (int i = 0; i < LENGTHS.length; i++) w.write(T0 + i * 999_999_999L, packet(i, LENGTHS[i]), 0, LENGTHS[i]);
        }
        try (CaptureReader r = CaptureReader.open(file)) {
            assertThat(r.format()).isEqualTo(resolution == TimestampResolution.NANOS ? CaptureFormat.PCAP_NANOS : CaptureFormat.PCAP_MICROS);
            long offset = PcapReader.FILE_HEADER_BYTES;
            for (int i = 0; i < LENGTHS.length; i++) {
                assertThat(r.next()).isTrue();
                long expectedNanos = T0 + i * 999_999_999L;
                if (resolution == TimestampResolution.MICROS) expectedNanos -= expectedNanos % 1000;
                assertThat(r.timestampNanos()).isEqualTo(expectedNanos);
                assertThat(r.capturedLength()).isEqualTo(LENGTHS[i]);
                assertThat(r.originalLength()).isEqualTo(LENGTHS[i]);
                assertThat(r.linkType()).isEqualTo(LinkTypes.ETHERNET);
                assertThat(r.interfaceId()).isZero();
                assertThat(r.comment()).isNull();
                assertThat(r.recordNumber()).isEqualTo(i + 1);
                assertThat(r.fileOffset()).isEqualTo(offset);
                assertThat(Captures.current(r).data()).isEqualTo(packet(i, LENGTHS[i]));
                offset += 16 + LENGTHS[i];
            }
            assertThat(r.next()).isFalse();
            assertThat(r.next()).isFalse();
        }
    }

    @Test
    void pcapngKeepsInterfacesResolutionsCommentsAndDirections(@TempDir Path dir) {
        Path file = dir.resolve("t.pcapng");
        List<CaptureInterface> interfaces = List.of(
                new CaptureInterface("eth0", LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS, "uplink port"),
                new CaptureInterface("tun0", LinkTypes.RAW, 1500, TimestampResolution.MICROS, null),
                new CaptureInterface(null, LinkTypes.LINUX_SLL, 262144));
        try (CaptureWriter w = CaptureWriter.pcapng(file, interfaces, "lab run 7 — ünïcode")) {
            for (int i = 0; i < 9; i++) {
                int length = LENGTHS[i % LENGTHS.length];
                w.write(i % 3, T0 + i * 1_234_567L, packet(i, length), 0, length, length + 4, PacketDirection.values()[i / 3],
                        i % 2 == 0 ? "comment " + i : null);
            }
        }
        try (CaptureReader r = CaptureReader.open(file)) {
            assertThat(r.format()).isEqualTo(CaptureFormat.PCAPNG);
            assertThat(r.sectionComment()).isEqualTo("lab run 7 — ünïcode");
            for (int i = 0; i < 9; i++) {
                assertThat(r.next()).isTrue();
                int id = i % 3;
                int length = Math.min(LENGTHS[i % LENGTHS.length], interfaces.get(id).snapLength());
                long expectedNanos = T0 + i * 1_234_567L;
                if (id == 1) expectedNanos -= expectedNanos % 1000;
                assertThat(r.interfaceId()).isEqualTo(id);
                assertThat(r.linkType()).isEqualTo(interfaces.get(id).linkType());
                assertThat(r.interfaceName()).isEqualTo(interfaces.get(id).name());
                assertThat(r.interfaceComment()).isEqualTo(interfaces.get(id).comment());
                assertThat(r.timestampNanos()).isEqualTo(expectedNanos);
                assertThat(r.capturedLength()).isEqualTo(length);
                assertThat(r.originalLength()).isEqualTo(LENGTHS[i % LENGTHS.length] + 4);
                assertThat(r.comment()).isEqualTo(i % 2 == 0 ? "comment " + i : null);
                assertThat(r.direction()).isEqualTo(PacketDirection.values()[i / 3]);
                assertThat(r.recordNumber()).isEqualTo(i + 1);
                assertThat(Captures.current(r).data()).isEqualTo(java.util.Arrays.copyOf(packet(i, LENGTHS[i % LENGTHS.length]), length));
            }
            assertThat(r.next()).isFalse();
        }
    }

    @Test
    void pcapngSingleInterfaceFactoryUsesNanoseconds(@TempDir Path dir) {
        Path file = dir.resolve("one.pcapng");
        try (CaptureWriter w = CaptureWriter.pcapng(file, LinkTypes.RAW, 65535)) {
            w.write(T0, packet(1, 40), 0, 40);
        }
        List<Rec> records = readAll(CaptureReader.open(file));
        assertThat(records).singleElement().satisfies(rec -> {
            assertThat(rec.timestampNanos()).isEqualTo(T0);
            assertThat(rec.linkType()).isEqualTo(LinkTypes.RAW);
            assertThat(rec.data()).isEqualTo(packet(1, 40));
        });
    }

    @Test
    void streamsAndFilesGiveTheSameRecords(@TempDir Path dir) throws Exception {
        byte[] viaStream = Captures.samplePcapng();
        Path file = dir.resolve("s.pcapng");
        java.nio.file.Files.write(file, viaStream);
        assertThat(readAll(CaptureReader.open(file))).isEqualTo(readAll(viaStream)).hasSize(6);
    }

    @Test
    void writesFromAnOffsetInsideTheCallersArray() {
        byte[] frame = packet(5, 100);
        byte[] file = Captures.pcap(TimestampResolution.NANOS, 65535, w -> w.write(T0, frame, 10, 50));
        assertThat(readAll(file)).singleElement()
                .satisfies(rec -> assertThat(rec.data()).isEqualTo(java.util.Arrays.copyOfRange(frame, 10, 60)));
    }

    @Test
    void timestampAtTheEpochAndLatestPcapSecondSurvive() {
        long latest = 0xFFFF_FFFFL * 1_000_000_000L + 999_999_999L;
        byte[] file = Captures.pcap(TimestampResolution.NANOS, 65535, w -> {
            w.write(0, new byte[1], 0, 1);
            w.write(latest, new byte[1], 0, 1);
        });
        assertThat(readAll(file)).extracting(Rec::timestampNanos).containsExactly(0L, latest);
    }
}
