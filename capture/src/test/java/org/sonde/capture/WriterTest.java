package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.EnvironmentException;
import org.sonde.core.UsageException;

class WriterTest {
    private static final byte[] FRAME = Captures.packet(1, 64);

    private static List<Path> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }

    @Test
    void fileAppearsOnlyOnCloseAndNoTemporaryFileRemains(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.pcapng");
        CaptureWriter w = CaptureWriter.pcapng(target, LinkTypes.ETHERNET, 65535);
        for (int i = 0; i < 50_000; i++) w.write(i, FRAME, 0, FRAME.length); // more than the write buffer
        assertThat(target).doesNotExist();
        assertThat(listing(dir)).singleElement().satisfies(p -> assertThat(p.getFileName().toString()).startsWith(".out.pcapng.").endsWith(".partial"));
        w.close();
        assertThat(listing(dir)).containsExactly(target);
        assertThat(Captures.readAll(CaptureReader.open(target))).hasSize(50_000);
    }

    @Test
    void abortLeavesAnExistingTargetUntouched(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("keep.pcap");
        Files.writeString(target, "previous content");
        try (CaptureWriter w = CaptureWriter.pcap(target, LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS)) {
            for (int i = 0; i < 50_000; i++) w.write(i, FRAME, 0, FRAME.length);
            w.abort();
        }
        assertThat(listing(dir)).containsExactly(target);
        assertThat(Files.readString(target)).isEqualTo("previous content");
    }

    @Test
    void closeReplacesAnExistingTarget(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("replace.pcap");
        Files.writeString(target, "previous content");
        try (CaptureWriter w = CaptureWriter.pcap(target, LinkTypes.ETHERNET, 65535, TimestampResolution.MICROS)) {
            w.write(5_000, FRAME, 0, FRAME.length);
        }
        assertThat(Captures.readAll(CaptureReader.open(target))).singleElement()
                .satisfies(rec -> assertThat(rec.timestampNanos()).isEqualTo(5_000));
    }

    @Test
    void badArgumentsAreUsageErrorsAndLeaveTheWriterUsable() {
        byte[] file = Captures.pcap(TimestampResolution.NANOS, 65535, w -> {
            assertThatThrownBy(() -> w.write(0, 1, FRAME, 0, 10, 10, "note"))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("pcap cannot store packet comments");
            assertThatThrownBy(() -> w.write(0, 1, FRAME, 0, 10, 10, PacketDirection.INBOUND, null))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("pcap cannot store a packet's direction");
            assertThatThrownBy(() -> w.write(1, 1, FRAME, 0, 10, 10, null))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("single interface");
            assertThatThrownBy(() -> w.write(-1, FRAME, 0, 10))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("before 1970");
            assertThatThrownBy(() -> w.write(1L << 62, FRAME, 0, 10))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("after 2106");
            assertThatThrownBy(() -> w.write(0, 1, FRAME, 0, 10, 9, null))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("original length 9 is below the 10 captured bytes");
            assertThatThrownBy(() -> w.write(1, FRAME, 60, 10)).isInstanceOf(IndexOutOfBoundsException.class);
            w.write(7, FRAME, 0, 10);
        });
        assertThat(Captures.readAll(file)).extracting(Captures.Rec::timestampNanos).containsExactly(7L);
    }

    @Test
    void pcapngRejectsUnknownInterfacesAndOversizedComments() {
        byte[] file = Captures.pcapng(List.of(new CaptureInterface("a", 1)), null, w -> {
            assertThatThrownBy(() -> w.write(1, 1, FRAME, 0, 10, 10, null))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("interface 1 does not exist");
            assertThatThrownBy(() -> w.write(0, 1, FRAME, 0, 10, 10, "x".repeat(70_000)))
                    .isExactlyInstanceOf(UsageException.class).hasMessageContaining("at most 65535");
            w.write(0, 1, FRAME, 0, 10, 10, "x".repeat(65_535));
        });
        assertThat(Captures.readAll(file)).singleElement().satisfies(rec -> assertThat(rec.comment()).hasSize(65_535));
    }

    @Test
    void invalidSettingsFailBeforeAnyFileIsCreated(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> CaptureWriter.pcap(dir.resolve("a.pcap"), 1, 0, TimestampResolution.NANOS))
                .isExactlyInstanceOf(UsageException.class).hasMessageContaining("snap length 0");
        assertThatThrownBy(() -> CaptureWriter.pcapng(dir.resolve("b.pcapng"), 70_000, 100))
                .isExactlyInstanceOf(UsageException.class).hasMessageContaining("link type 70000");
        assertThatThrownBy(() -> CaptureWriter.pcapng(dir.resolve("c.pcapng"), List.of()))
                .isExactlyInstanceOf(UsageException.class).hasMessageContaining("at least one interface");
        assertThat(listing(dir)).isEmpty();
    }

    @Test
    void failingOutputIsAnEnvironmentErrorAndCloseDoesNotCommit() {
        boolean[] closed = {false};
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void close() {
                closed[0] = true;
            }
        };
        CaptureWriter w = CaptureWriter.pcap(broken, "stdout", 1, 65535, TimestampResolution.NANOS);
        byte[] big = new byte[2 << 20];
        assertThatCode(() -> w.write(1, big, 0, 60_000)).doesNotThrowAnyException(); // buffered: nothing reaches the stream yet
        assertThatThrownBy(() -> {
            for (int i = 0; i < 40; i++) w.write(1, big, 0, 60_000);
        }).isExactlyInstanceOf(EnvironmentException.class).hasMessageContaining("cannot write stdout").hasMessageContaining("disk full");
        w.close();
        assertThat(closed[0]).isTrue();
    }
}
