package org.sonde.capture;

import static java.nio.ByteOrder.BIG_ENDIAN;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.capture.Captures.readAll;

import java.io.ByteArrayInputStream;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.capture.Captures.Rec;

/** Hand-made files, built field by field independently of the writers, with their expected reading. */
class KnownAnswerTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void bigEndianMicrosecondPcap() {
        byte[] file = new Bytes(BIG_ENDIAN)
                .u32(0xA1B2C3D4L).u16(2).u16(4).u32(0).u32(0).u32(65535).u32(1)
                .u32(1_600_000_000L).u32(250_000).u32(4).u32(60).put(HEX.parseHex("deadbeef"))
                .u32(1_600_000_001L).u32(999_999).u32(0).u32(0)
                .toArray();
        assertThat(file[0]).isEqualTo((byte) 0xA1);
        try (CaptureReader r = CaptureReader.open(new ByteArrayInputStream(file), "be.pcap")) {
            assertThat(r.format()).isEqualTo(CaptureFormat.PCAP_MICROS);
            assertThat(readAll(r)).containsExactly(
                    new Rec(1, 24, 1_600_000_000_250_000_000L, 4, 60, 0, 1, null, HEX.parseHex("deadbeef")),
                    new Rec(2, 44, 1_600_000_001_999_999_000L, 0, 0, 0, 1, null, new byte[0]));
        }
    }

    @Test
    void bigEndianNanosecondPcapWithFcsBitsInTheLinkType() {
        byte[] file = new Bytes(BIG_ENDIAN)
                .u32(0xA1B23C4DL).u16(2).u16(4).u32(0).u32(0).u32(0).u32(0x1400_0000L | 101)
                .u32(7).u32(123_456_789).u32(1).u32(1).u8(0x45)
                .toArray();
        try (CaptureReader r = CaptureReader.open(new ByteArrayInputStream(file), "be-ns.pcap")) {
            assertThat(r.format()).isEqualTo(CaptureFormat.PCAP_NANOS);
            assertThat(readAll(r)).containsExactly(new Rec(1, 24, 7_123_456_789L, 1, 1, 0, LinkTypes.RAW, null, new byte[] {0x45}));
        }
    }

    /**
     * Section 1 (little-endian): an interface with 2^-20 s units and a 1000 s offset, unknown blocks and
     * options, an EPB with a comment, an SPB. Section 2 (big-endian): an interface with the default
     * microsecond unit, an obsolete Packet Block and an EPB.
     */
    @Test
    void pcapngWithBinaryResolutionOffsetUnknownsAndTwoSections() {
        Bytes f = new Bytes(LITTLE_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(LITTLE_ENDIAN).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1)
                .option(1, "first section").option(0x0BAD, "unknown shb option").u32(0));
        f.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(0)
                .option(2, "en0")
                .option(9, new byte[] {(byte) 0x94})
                .option(14, new Bytes(LITTLE_ENDIAN).u64(1000).toArray())
                .option(1, "idb comment\0")
                .option(0x1234, "xyz")
                .u32(0));
        f.block(4, new Bytes(LITTLE_ENDIAN).u16(1).u16(8).put(HEX.parseHex("0a000001")).put("host".getBytes()).u32(0));
        f.block(0x40000BAD, new Bytes(LITTLE_ENDIAN).u32(32473).zeros(20));
        long units = (1_600_000_000L << 20) | (1 << 19) | 1; // x.5 s plus 1/2^20 s = 953.67 ns
        int epbOffset = f.size();
        f.block(6, new Bytes(LITTLE_ENDIAN).u32(0).u32(units >>> 32).u32(units & 0xFFFF_FFFFL).u32(5).u32(64)
                .put(HEX.parseHex("0102030405")).zeros(3)
                .option(2, new Bytes(LITTLE_ENDIAN).u32(1).toArray())
                .option(1, "hello")
                .option(0x7777, new byte[0])
                .u32(0));
        int spbOffset = f.size();
        f.block(3, new Bytes(LITTLE_ENDIAN).u32(7).put(HEX.parseHex("aabbccddeeff11")).zeros(1));
        f.order(BIG_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(BIG_ENDIAN).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1));
        f.block(1, new Bytes(BIG_ENDIAN).u16(101).u16(0).u32(1500));
        long micros = 1_600_000_000_000_001L;
        int pbOffset = f.size();
        f.block(2, new Bytes(BIG_ENDIAN).u16(0).u16(0).u32(micros >>> 32).u32(micros & 0xFFFF_FFFFL).u32(2).u32(2)
                .put(HEX.parseHex("6000")).zeros(2));
        f.block(5, new Bytes(BIG_ENDIAN).u32(0).u32(0).u32(0));
        int epb2Offset = f.size();
        f.block(6, new Bytes(BIG_ENDIAN).u32(0).u32(0).u32(3).u32(1).u32(1).put(HEX.parseHex("60")).zeros(3)
                .option(2, new Bytes(BIG_ENDIAN).u32(0xFF00_0002L).toArray()).u32(0)); // outbound; the upper bits are not the direction
        byte[] file = f.toArray();

        try (CaptureReader r = CaptureReader.open(new ByteArrayInputStream(file), "kat.pcapng")) {
            assertThat(r.format()).isEqualTo(CaptureFormat.PCAPNG);
            assertThat(r.sectionComment()).isEqualTo("first section");
            assertThat(r.next()).isTrue();
            assertThat(Captures.current(r)).isEqualTo(new Rec(1, epbOffset, (1_600_000_000L + 1000) * 1_000_000_000L + 500_000_953L,
                    5, 64, 0, LinkTypes.ETHERNET, "hello", HEX.parseHex("0102030405")));
            assertThat(r.direction()).isEqualTo(PacketDirection.INBOUND);
            assertThat(r.interfaceName()).isEqualTo("en0");
            assertThat(r.interfaceComment()).isEqualTo("idb comment");
            assertThat(r.next()).isTrue();
            assertThat(Captures.current(r)).isEqualTo(new Rec(2, spbOffset, 0, 7, 7, 0, LinkTypes.ETHERNET, null,
                    HEX.parseHex("aabbccddeeff11")));
            assertThat(r.direction()).isEqualTo(PacketDirection.UNKNOWN);
            assertThat(r.next()).isTrue();
            assertThat(r.sectionComment()).isNull();
            assertThat(r.interfaceName()).isNull();
            assertThat(Captures.current(r)).isEqualTo(new Rec(3, pbOffset, micros * 1000, 2, 2, 0, LinkTypes.RAW, null,
                    HEX.parseHex("6000")));
            assertThat(r.next()).isTrue();
            assertThat(Captures.current(r)).isEqualTo(new Rec(4, epb2Offset, 3_000L, 1, 1, 0, LinkTypes.RAW, null,
                    HEX.parseHex("60")));
            assertThat(r.direction()).isEqualTo(PacketDirection.OUTBOUND);
            assertThat(r.next()).isFalse();
        }
    }

    @Test
    void simplePacketBlockIsCutToTheSnapLength() {
        Bytes f = new Bytes(LITTLE_ENDIAN);
        f.block(0x0A0D0D0A, new Bytes(LITTLE_ENDIAN).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1));
        f.block(1, new Bytes(LITTLE_ENDIAN).u16(1).u16(0).u32(4));
        f.block(3, new Bytes(LITTLE_ENDIAN).u32(1514).put(HEX.parseHex("01020304")));
        List<Rec> records = readAll(f.toArray());
        assertThat(records).singleElement().satisfies(rec -> {
            assertThat(rec.capturedLength()).isEqualTo(4);
            assertThat(rec.originalLength()).isEqualTo(1514);
            assertThat(rec.data()).isEqualTo(HEX.parseHex("01020304"));
        });
    }

    @Test
    void pcapWriterProducesTheDocumentedBytes() {
        byte[] file = Captures.pcap(TimestampResolution.MICROS, 96,
                w -> w.write(1_600_000_000_250_000_999L, HEX.parseHex("deadbeef"), 0, 4));
        assertThat(HEX.formatHex(file)).isEqualTo(
                "d4c3b2a1" + "0200" + "0400" + "00000000" + "00000000" + "60000000" + "01000000"
                        + "00105e5f" + "90d00300" + "04000000" + "04000000" + "deadbeef");
    }

    @Test
    void pcapngWriterProducesTheDocumentedBytes() {
        byte[] file = Captures.pcapng(List.of(new CaptureInterface("a", 1, 96)), null,
                w -> w.write(0, 0x1_0000_0002L, HEX.parseHex("aabbcc"), 0, 3, 70, "c"));
        assertThat(HEX.formatHex(file)).isEqualTo(
                // SHB: BOM, version 1.0, unknown section length, shb_userappl "Sonde", end of options
                "0a0d0d0a" + "2c000000" + "4d3c2b1a" + "0100" + "0000" + "ffffffffffffffff"
                        + "0400" + "0500" + "536f6e6465000000" + "00000000" + "2c000000"
                        // IDB: Ethernet, snap length 96, if_name "a", if_tsresol 9
                        + "01000000" + "28000000" + "0100" + "0000" + "60000000"
                        + "0200" + "0100" + "61000000" + "0900" + "0100" + "09000000" + "00000000" + "28000000"
                        // EPB: interface 0, timestamp high/low, 3 of 70 bytes, data, opt_comment "c"
                        + "06000000" + "30000000" + "00000000" + "01000000" + "02000000" + "03000000" + "46000000"
                        + "aabbcc00" + "0100" + "0100" + "63000000" + "00000000" + "30000000");
    }

    @Test
    void aDirectionIsWrittenAsEpbFlags() {
        byte[] file = Captures.pcapng(List.of(new CaptureInterface("a", 1, 96)), null,
                w -> w.write(0, 0x1_0000_0002L, HEX.parseHex("aabbcc"), 0, 3, 70, PacketDirection.OUTBOUND, null));
        String hex = HEX.formatHex(file);
        assertThat(hex.substring(hex.length() - 96)).isEqualTo(
                // EPB: interface 0, timestamp high/low, 3 of 70 bytes, data, epb_flags 2 (outbound), end of options
                "06000000" + "30000000" + "00000000" + "01000000" + "02000000" + "03000000" + "46000000"
                        + "aabbcc00" + "0200" + "0400" + "02000000" + "00000000" + "30000000");
    }
}
