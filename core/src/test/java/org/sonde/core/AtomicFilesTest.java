package org.sonde.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesTheWholeContent() throws IOException {
        Path target = dir.resolve("out/report.json");
        AtomicFiles.writeString(target, "{\"ok\":true}");
        assertThat(Files.readString(target)).isEqualTo("{\"ok\":true}");
        assertThat(leftovers()).containsExactly("out");
    }

    @Test
    void aFailingBodyLeavesTheOldFileAndNoPartialFile() throws IOException {
        Path target = dir.resolve("report.html");
        Files.writeString(target, "old");
        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write("new but unfinished".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        })).isInstanceOf(EnvironmentException.class)
                .hasMessageContaining("report.html").hasMessageContaining("disk full");
        assertThat(Files.readString(target)).isEqualTo("old");
        assertThat(leftovers()).containsExactly("report.html");
    }

    @Test
    void closingWithoutCommitDiscards() throws IOException {
        Path target = dir.resolve("trace.pcap");
        try (AtomicFile file = AtomicFile.create(target)) {
            file.channel().write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertThat(leftovers()).hasSize(1).allMatch(n -> n.startsWith(".trace.pcap.") && n.endsWith(".partial"));
        }
        assertThat(target).doesNotExist();
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void outputIsReadableByOthersLikeAnyNewFile() throws IOException {
        Path target = dir.resolve("shared.html");
        AtomicFiles.writeString(target, "x");
        // Files.createTempFile would have made it owner-only; reports are meant to be shared
        assertThat(Files.getPosixFilePermissions(target)).contains(PosixFilePermission.OWNER_READ)
                .containsAnyOf(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
    }

    private java.util.List<String> leftovers() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
