package org.sonde.capture;

import static java.nio.ByteOrder.BIG_ENDIAN;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.capture.Captures.readAll;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.EnvironmentException;

/** Each kind of damage gives a CaptureFormatException whose message says what and where. */
class MalformedInputTest {
    private static Bytes pcapHeader(long snapLength) {
        return new Bytes(LITTLE_ENDIAN).u32(0xA1B2C3D4L).u16(2).u16(4).u32(0).u32(0).u32(snapLength).u32(1);
    }

    private static Bytes pcapngHeader() {
        Bytes f = new Bytes(LITTLE_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(LITTLE_ENDIAN).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1));
        return f;
    }

    private static Bytes withInterface() {
        return pcapngHeader().block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(0));
    }

    @Test
    void gzipIsRecognisedAndSupportedMagicsAreListed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("trace.pcap.gz");
        Files.write(file, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0});
        assertThatThrownBy(() -> CaptureReader.open(file))
                .isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("trace.pcap.gz: byte offset 0: not a capture file: it starts with 1f 8b 08 00")
                .hasMessageContaining("a1b2c3d4").hasMessageContaining("a1b23c4d").hasMessageContaining("0a0d0d0a")
                .satisfies(e -> assertThat(((CaptureFormatException) e).hint()).contains("gzip"));
    }

    @Test
    void emptyAndTinyFilesAreTruncations() {
        assertThatThrownBy(() -> readAll(new byte[0]))
                .isExactlyInstanceOf(TruncatedCaptureException.class).hasMessageContaining("the file is empty");
        assertThatThrownBy(() -> readAll(new byte[] {(byte) 0xd4, (byte) 0xc3}))
                .isExactlyInstanceOf(TruncatedCaptureException.class).hasMessageContaining("after 2 bytes");
    }

    @Test
    void missingFileIsAnEnvironmentProblem(@TempDir Path dir) {
        assertThatThrownBy(() -> CaptureReader.open(dir.resolve("absent.pcap")))
                .isExactlyInstanceOf(EnvironmentException.class).hasMessageContaining("absent.pcap: no such file");
    }

    @Test
    void unsupportedPcapVersion() {
        byte[] file = new Bytes(LITTLE_ENDIAN).u32(0xA1B2C3D4L).u16(1).u16(0).zeros(16).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessage("test.cap: byte offset 4: pcap version 1.0 is not supported (expected 2.x)");
    }

    @Test
    void hugeCapturedLengthIsRejectedBeforeAnyAllocation() {
        byte[] file = pcapHeader(0xFFFF_FFFFL).u32(0).u32(0).u32(0xFFFF_FFF0L).u32(0xFFFF_FFF0L).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("claims 4294967280 captured bytes, above the limit of 268435456 bytes per record");
    }

    @Test
    void originalLengthBelowCapturedLength() {
        byte[] file = pcapHeader(65535).u32(0).u32(0).u32(10).u32(9).zeros(10).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("(record 1): record header claims an original length of 9 bytes, below its 10 captured bytes");
    }

    @Test
    void badByteOrderMagicInSectionHeader() {
        Bytes f = new Bytes(LITTLE_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(LITTLE_ENDIAN).u32(0x12345678).u16(1).u16(0).u64(-1));
        assertThatThrownBy(() -> readAll(f.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("byte offset 8: Section Header Block byte-order magic is 12345678");
    }

    @Test
    void blockLengthNotAMultipleOfFour() {
        byte[] file = withInterface().u32(6).u32(45).zeros(37).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("(record 1): Enhanced Packet Block total length 45 is not a multiple of 4 of at least 32");
    }

    @Test
    void trailingLengthMismatch() {
        byte[] file = withInterface().u32(0x0BAD).u32(16).u32(0).u32(20).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("block of type 0x00000bad total length at its end (20) differs from the one at its start (16)");
    }

    @Test
    void packetOnAnUndescribedInterface() {
        Bytes f = withInterface();
        f.block(6, new Bytes(LITTLE_ENDIAN).u32(3).u32(0).u32(0).u32(0).u32(0));
        assertThatThrownBy(() -> readAll(f.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("(record 1): Enhanced Packet Block refers to interface 3, but the section describes 1 interface(s)");
    }

    @Test
    void optionRunningPastTheBlock() {
        Bytes f = pcapngHeader();
        f.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(0).u16(2).u16(200).u32(0));
        assertThatThrownBy(() -> readAll(f.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("Interface Description Block: option 2 claims 200 bytes, beyond the end of the block");
    }

    @Test
    void unsupportedResolutionAndBadOptionLength() {
        Bytes tooFine = pcapngHeader();
        tooFine.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(0).option(9, new byte[] {(byte) 0xC0}).u32(0));
        assertThatThrownBy(() -> readAll(tooFine.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("if_tsresol 0xc0");
        Bytes wrongSize = pcapngHeader();
        wrongSize.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(0).option(14, new byte[4]).u32(0));
        assertThatThrownBy(() -> readAll(wrongSize.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("option if_tsoffset has 4 bytes, expected 8");
    }

    @Test
    void packetFlagsOfTheWrongLength() {
        Bytes f = withInterface();
        f.block(6, new Bytes(LITTLE_ENDIAN).u32(0).u32(0).u32(0).u32(0).u32(0).option(2, new byte[2]).u32(0));
        assertThatThrownBy(() -> readAll(f.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("Enhanced Packet Block: option epb_flags has 2 bytes, expected 4");
    }

    @Test
    void timestampBeyondTheNanosecondRange() {
        Bytes f = pcapngHeader();
        f.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(0).option(9, new byte[] {9}).u32(0));
        f.block(6, new Bytes(LITTLE_ENDIAN).u32(0).u32(0xFFFF_FFFFL).u32(0).u32(0).u32(0));
        assertThatThrownBy(() -> readAll(f.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("beyond the range of nanosecond timestamps");
    }

    @Test
    void unsupportedPcapngVersionInABigEndianSection() {
        Bytes f = new Bytes(BIG_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(BIG_ENDIAN).u32(0x1A2B3C4D).u16(2).u16(0).u64(-1));
        assertThatThrownBy(() -> readAll(f.toArray())).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("byte offset 12: pcapng version 2.0 is not supported");
    }

    @Test
    void hugeUnknownBlockInASmallFileIsATruncationNotAnAllocation() {
        byte[] file = withInterface().u32(0x0BAD).u32(0xFFFF_FFF0L).zeros(100).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(TruncatedCaptureException.class)
                .hasMessageContaining("block of type 0x00000bad: 4294967280 bytes announced, 108 present");
    }

    @Test
    void hugePacketBlockIsRejected() {
        byte[] file = withInterface().u32(6).u32(0xFFFF_FFF0L).zeros(100).toArray();
        assertThatThrownBy(() -> readAll(file)).isExactlyInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("Enhanced Packet Block of 4294967280 bytes is above the limit");
    }
}
