package org.sonde.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void aCommittedRunAppearsWholeAndMarked() throws IOException {
        Path target = dir.resolve("run");
        try (OutputDirectory out = OutputDirectory.create(target, "--out")) {
            Files.writeString(out.path().resolve("stats.json"), "{}");
            assertThat(target).doesNotExist(); // nothing is visible before the commit
            out.commit();
        }
        assertThat(names(target)).containsExactlyInAnyOrder("stats.json", OutputDirectory.MARKER);
        assertThat(names(dir)).containsExactly("run");
    }

    @Test
    void aFailedRunLeavesNoDirectoryAndTheEarlierRunUntouched() throws IOException {
        Path fresh = dir.resolve("fresh");
        try (OutputDirectory out = OutputDirectory.create(fresh, "--out")) {
            Files.writeString(out.path().resolve("half.json"), "{");
        }
        assertThat(fresh).doesNotExist();

        Path earlier = dir.resolve("earlier");
        try (OutputDirectory out = OutputDirectory.create(earlier, "--out")) {
            Files.writeString(out.path().resolve("stats.json"), "old");
            out.commit();
        }
        try (OutputDirectory out = OutputDirectory.create(earlier, "--out")) {
            Files.writeString(out.path().resolve("trace.pcap"), "partial");
        }
        assertThat(names(earlier)).containsExactlyInAnyOrder("stats.json", OutputDirectory.MARKER);
        assertThat(Files.readString(earlier.resolve("stats.json"))).isEqualTo("old");
        assertThat(names(dir)).containsExactlyInAnyOrder("earlier"); // no staging directory left
    }

    @Test
    void aNewRunReplacesAnEarlierRunWhole() throws IOException {
        Path target = dir.resolve("run");
        try (OutputDirectory out = OutputDirectory.create(target, "--out")) {
            Files.writeString(out.path().resolve("stats.json"), "old");
            Files.writeString(out.path().resolve("capture.pcapng"), "old");
            out.commit();
        }
        try (OutputDirectory out = OutputDirectory.create(target, "--out")) {
            Files.writeString(out.path().resolve("stats.json"), "new");
            out.commit();
        }
        // the earlier run's capture does not stay beside the new statistics
        assertThat(names(target)).containsExactlyInAnyOrder("stats.json", OutputDirectory.MARKER);
        assertThat(Files.readString(target.resolve("stats.json"))).isEqualTo("new");
        assertThat(names(dir)).containsExactly("run");
    }

    @Test
    void anEmptyDirectoryIsTakenAFileOrForeignDirectoryRefused() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        try (OutputDirectory out = OutputDirectory.create(empty, "--out")) {
            out.commit();
        }
        assertThat(names(empty)).containsExactly(OutputDirectory.MARKER);

        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> OutputDirectory.create(file, "--out")).isInstanceOf(UsageException.class)
                .hasMessage("--out " + file + " is a file, not a directory");

        Path foreign = Files.createDirectory(dir.resolve("home"));
        Files.writeString(foreign.resolve("thesis.tex"), "precious");
        assertThatThrownBy(() -> OutputDirectory.create(foreign, "--out")).isInstanceOf(UsageException.class)
                .hasMessage("--out " + foreign + " holds files that Sonde did not write");
        assertThat(Files.readString(foreign.resolve("thesis.tex"))).isEqualTo("precious");
    }

    @Test
    void anUnwritablePlaceIsAnEnvironmentErrorBeforeAnyWork() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> OutputDirectory.create(file.resolve("sub"), "--out")).isInstanceOf(EnvironmentException.class)
                .hasMessageStartingWith("cannot create --out " + file.resolve("sub") + ": ");
    }

    private static java.util.List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
