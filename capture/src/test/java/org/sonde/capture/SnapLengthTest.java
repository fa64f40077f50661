package org.sonde.capture;

import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.capture.Captures.packet;
import static org.sonde.capture.Captures.readAll;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.capture.Captures.Rec;

class SnapLengthTest {
    @Test
    void pcapWriterCutsToTheSnapLengthAndKeepsTheOriginalLength() {
        byte[] file = Captures.pcap(TimestampResolution.NANOS, 64, w -> {
            w.write(1, packet(1, 100), 0, 100);
            w.write(0, 2, packet(2, 64), 0, 64, 1500, null);
            w.write(3, packet(3, 10), 0, 10);
        });
        List<Rec> records = readAll(file);
        assertThat(records).extracting(Rec::capturedLength).containsExactly(64, 64, 10);
        assertThat(records).extracting(Rec::originalLength).containsExactly(100, 1500, 10);
        assertThat(records.get(0).data()).isEqualTo(Arrays.copyOf(packet(1, 100), 64));
    }

    @Test
    void pcapngWriterCutsPerInterface() {
        byte[] file = Captures.pcapng(List.of(new CaptureInterface("a", 1, 20), new CaptureInterface("b", 1, 50)), null, w -> {
            w.write(0, 1, packet(1, 40), 0, 40, 40, null);
            w.write(1, 1, packet(2, 40), 0, 40, 40, null);
        });
        assertThat(readAll(file)).extracting(Rec::capturedLength).containsExactly(20, 40);
        assertThat(readAll(file)).extracting(Rec::originalLength).containsExactly(40, 40);
    }

    @Test
    void pcapRecordAboveTheSnapLengthIsAFormatError() {
        byte[] file = new Bytes(LITTLE_ENDIAN)
                .u32(0xA1B2C3D4L).u16(2).u16(4).u32(0).u32(0).u32(65535).u32(1)
                .u32(1).u32(0).u32(70000).u32(70000).zeros(70000)
                .toArray();
        assertThatThrownBy(() -> readAll(file))
                .isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessage("test.cap: byte offset 24 (record 1): record header claims 70000 captured bytes, above the snap length 65535")
                .satisfies(e -> {
                    CaptureFormatException c = (CaptureFormatException) e;
                    assertThat(c.byteOffset()).isEqualTo(24);
                    assertThat(c.recordNumber()).isEqualTo(1);
                    assertThat(c.fileName()).isEqualTo("test.cap");
                });
    }

    @Test
    void pcapngRecordAboveItsInterfaceSnapLengthIsAFormatError() {
        Bytes f = new Bytes(LITTLE_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(LITTLE_ENDIAN).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1));
        f.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(8));
        f.block(6, new Bytes(LITTLE_ENDIAN).u32(0).u32(0).u32(0).u32(12).u32(12).zeros(12));
        assertThatThrownBy(() -> readAll(f.toArray()))
                .isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageEndingWith("(record 1): Enhanced Packet Block claims 12 captured bytes, above the snap length 8 of interface 0");
    }

    @Test
    void snapLengthZeroInAPcapHeaderMeansNoLimit() {
        byte[] file = new Bytes(LITTLE_ENDIAN)
                .u32(0xA1B2C3D4L).u16(2).u16(4).u32(0).u32(0).u32(0).u32(1)
                .u32(1).u32(0).u32(3000).u32(3000).zeros(3000)
                .toArray();
        assertThat(readAll(file)).extracting(Rec::capturedLength).containsExactly(3000);
    }
}
