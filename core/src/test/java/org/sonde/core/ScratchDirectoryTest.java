package org.sonde.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScratchDirectoryTest {
    @Test
    void closingDeletesTheDirectoryWithEverythingInIt() throws Exception {
        Path kept;
        try (ScratchDirectory s = ScratchDirectory.create("sonde-scratch-test")) {
            kept = s.path();
            Files.createDirectories(kept.resolve("a/b"));
            Files.writeString(kept.resolve("a/b/c.txt"), "x");
            Files.writeString(kept.resolve("d.txt"), "y");
            assertThat(kept).isDirectory();
        }
        assertThat(kept).doesNotExist();
    }

    @Test
    void deletingATreeThatIsNotThereDoesNothing() throws Exception {
        try (ScratchDirectory s = ScratchDirectory.create("sonde-scratch-test")) {
            ScratchDirectory.deleteTree(s.path().resolve("missing"));
            assertThat(s.path()).isDirectory();
        }
    }
}
