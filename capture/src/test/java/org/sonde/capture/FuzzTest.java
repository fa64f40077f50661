package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Assertions;

/**
 * Whatever the bytes, reading ends with records that are internally consistent and then either a
 * clean end or a CaptureFormatException: no other exception, no hang, no outsized allocation.
 */
class FuzzTest {
    private static final byte[][] SAMPLES = {
            Captures.samplePcap(TimestampResolution.MICROS),
            Captures.samplePcap(TimestampResolution.NANOS),
            Captures.samplePcapng()};

    private static final byte[][] MAGICS = {
            {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2, (byte) 0xa1, 2, 0, 4, 0},
            {(byte) 0xa1, (byte) 0xb2, (byte) 0x3c, (byte) 0x4d, 0, 2, 0, 4},
            {0x0a, 0x0d, 0x0d, 0x0a, 28, 0, 0, 0, 0x4d, 0x3c, 0x2b, 0x1a, 1, 0, 0, 0},
            {}};

    /** Reads everything, checking each record; returns normally at a clean end or a format error. */
    static void readSafely(byte[] file, int bufferBytes) {
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            long records = 0;
            try (CaptureReader r = Captures.reader(file, bufferBytes)) {
                while (r.next()) {
                    records++;
                    assertThat(records).isLessThanOrEqualTo(file.length / 12 + 1);
                    assertThat(r.recordNumber()).isEqualTo(records);
                    assertThat(r.capturedLength()).isBetween(0, r.originalLength());
                    assertThat(r.offset()).isNotNegative();
                    assertThat((long) r.offset() + r.capturedLength()).isLessThanOrEqualTo(r.array().length);
                    assertThat(r.fileOffset() + r.capturedLength()).isLessThan(file.length);
                }
            } catch (CaptureFormatException expected) {
                assertThat(expected.getMessage()).startsWith("test.cap: byte offset ");
                assertThat(expected.byteOffset()).isBetween(0L, (long) file.length);
            }
        });
    }

    @Provide
    Arbitrary<byte[]> prefixes() {
        return Arbitraries.of(MAGICS);
    }

    @Property
    void randomBytesBehindAnyMagic(@ForAll("prefixes") byte[] prefix, @ForAll @Size(max = 600) byte[] rest,
                                   @ForAll @IntRange(min = 16, max = 4096) int bufferBytes) {
        byte[] file = Arrays.copyOf(prefix, prefix.length + rest.length);
        System.arraycopy(rest, 0, file, prefix.length, rest.length);
        readSafely(file, bufferBytes);
    }

    @Property
    void randomMutationsOfValidFiles(@ForAll @IntRange(min = 0, max = 2) int sample, @ForAll long seed,
                                     @ForAll @IntRange(min = 1, max = 8) int mutations,
                                     @ForAll @IntRange(min = 16, max = 4096) int bufferBytes) {
        Random random = new Random(seed);
        byte[] file = SAMPLES[sample].clone();
        for (int m = 0; m < mutations; m++) {
            int at = random.nextInt(file.length);
            switch (random.nextInt(4)) {
                case 0 -> file[at] = (byte) random.nextInt(256);
                case 1 -> file[at] ^= (byte) (1 << random.nextInt(8));
                case 2 -> { // a whole 32-bit field, where lengths live
                    int aligned = Math.min(at & ~3, file.length - 4);
                    int value = random.nextBoolean() ? random.nextInt() : random.nextInt(300);
                    for (int i = 0; i < 4; i++) file[aligned + i] = (byte) (value >>> (8 * i));
                }
                default -> file = Arrays.copyOf(file, at);
            }
            if (file.length < 4) break;
        }
        readSafely(file, bufferBytes);
    }

    @Property
    void randomTruncationsOfValidFiles(@ForAll @IntRange(min = 0, max = 2) int sample, @ForAll @IntRange(min = 0, max = 2000) int cut,
                                       @ForAll @IntRange(min = 16, max = 4096) int bufferBytes) {
        byte[] file = SAMPLES[sample];
        readSafely(Arrays.copyOf(file, Math.min(cut, file.length)), bufferBytes);
    }
}
