package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.capture.Captures.Rec;

/**
 * Cuts small valid files at every byte: the reader returns every complete record and then either
 * ends cleanly (the cut is at a record or block boundary) or throws TruncatedCaptureException at
 * the start of the cut structure.
 */
class TruncationTest {
    /** A file header, record or block: where it lies and whether it holds a packet. */
    record Part(int start, int end, boolean packet) {}

    static Stream<Arguments> files() {
        return Stream.of(
                Arguments.of("pcap-us", Captures.samplePcap(TimestampResolution.MICROS)),
                Arguments.of("pcap-ns", Captures.samplePcap(TimestampResolution.NANOS)),
                Arguments.of("pcapng", Captures.samplePcapng()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyCutEndsCleanlyOrReportsTheCutRecord(String kind, byte[] file) {
        List<Part> parts = kind.equals("pcapng") ? blocks(file) : pcapRecords(file);
        List<Rec> all = Captures.readAll(file);
        assertThat(all).hasSize(6);
        for (int cut = 0; cut <= file.length; cut++) {
            byte[] prefix = Arrays.copyOf(file, cut);
            int completePackets = 0;
            Part inside = null;
            for (Part p : parts) {
                if (p.end <= cut && p.packet) completePackets++;
                if (p.start < cut && cut < p.end) inside = p;
            }
            if (cut == 0) inside = parts.getFirst();
            for (int bufferBytes : new int[] {16, 37, 1 << 20}) {
                List<Rec> read = new ArrayList<>();
                TruncatedCaptureException thrown = null;
                try (CaptureReader r = Captures.reader(prefix, bufferBytes)) {
                    while (r.next()) read.add(Captures.current(r));
                } catch (TruncatedCaptureException e) {
                    thrown = e;
                }
                String where = kind + " cut at " + cut + " with a " + bufferBytes + "-byte buffer";
                assertThat(read).as(where).isEqualTo(all.subList(0, completePackets));
                if (inside == null) {
                    assertThat(thrown).as(where).isNull();
                } else {
                    assertThat(thrown).as(where).isNotNull();
                    assertThat(thrown.byteOffset()).as(where).isEqualTo(inside.start);
                    // a block's type is known once its first 4 bytes are there
                    boolean knownPacket = inside.packet && (kind.startsWith("pcap-") || cut - inside.start >= 4);
                    assertThat(thrown.recordNumber()).as(where).isEqualTo(knownPacket ? completePackets + 1 : 0);
                    assertThat(thrown.getMessage()).as(where).contains("probably cut off while being written");
                }
            }
        }
    }

    private static List<Part> pcapRecords(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<Part> parts = new ArrayList<>(List.of(new Part(0, 24, false)));
        for (int p = 24; p < file.length; ) {
            int end = p + 16 + b.getInt(p + 8);
            parts.add(new Part(p, end, true));
            p = end;
        }
        return parts;
    }

    private static List<Part> blocks(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<Part> parts = new ArrayList<>();
        for (int p = 0; p < file.length; ) {
            int type = b.getInt(p);
            int end = p + b.getInt(p + 4);
            parts.add(new Part(p, end, type == 6 || type == 3 || type == 2));
            p = end;
        }
        return parts;
    }
}
