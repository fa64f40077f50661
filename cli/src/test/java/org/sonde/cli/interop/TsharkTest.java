package org.sonde.cli.interop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.EnvironmentException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Tshark} and {@link TsharkRows} against stand-in scripts, so they are tested without Wireshark. */
class TsharkTest {
    @TempDir
    Path dir;

    /** An executable shell script named tshark in {@code dir}. */
    private Path script(String body) throws IOException {
        Path p = dir.resolve("tshark");
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static Tshark tshark(Path executable, Duration timeout) {
        return new Tshark(executable, timeout);
    }

    @Test
    void findLooksThroughPathAndSkipsNonExecutables() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path notExecutable = Files.createDirectory(dir.resolve("plain"));
        Files.writeString(notExecutable.resolve("tshark"), "not a program");
        Path real = script("exit 0");

        assertThat(Tshark.find(empty + ":" + notExecutable + "::" + dir)).map(Tshark::executable).contains(real);
        assertThat(Tshark.find(empty + ":" + notExecutable)).isEmpty();
        assertThat(Tshark.find(null)).isEmpty();
    }

    @Test
    void requireExplainsHowToInstall() {
        assertThatThrownBy(() -> Tshark.require(dir.toString()))
                .isInstanceOfSatisfying(EnvironmentException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("tshark is not on PATH");
                    assertThat(e.hint()).isEqualTo("install Wireshark's tshark (Debian: apt-get install tshark)");
                });
    }

    @Test
    void versionIsTheNumberOnTheFirstLine() throws IOException {
        Path p = script("echo 'TShark (Wireshark) 4.0.17 (Git v4.0.17 packaged as 4.0.17-0+deb12u3).'; echo; echo 'Copyright'");
        assertThat(tshark(p, Duration.ofSeconds(10)).version()).isEqualTo("4.0.17");
    }

    @Test
    void fieldsRunsTheDocumentedCommandAndParsesRows() throws IOException {
        Path args = dir.resolve("args");
        // one argument per line, so the test sees exactly what tshark would get
        Path p = script("for a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + args + "'\n"
                + "printf '10.0.0.1\\0370.0.0.2\\t\\tRC Send, Only\\n'\n"
                + "printf '\\t1\\t\\n'");
        TsharkRows rows = tshark(p, Duration.ofSeconds(10)).fields(Path.of("in.pcap"), List.of("ip.src", "udp.checksum.status", "_ws.col.Info"),
                Map.of("udp.check_checksum", "TRUE", "ip.check_checksum", "TRUE"));

        assertThat(Files.readAllLines(args)).containsExactly("-n", "-r", "in.pcap",
                "-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE",
                "-T", "fields", "-E", "separator=/t", "-E", "occurrence=a", "-E", "aggregator=\u001f",
                "-e", "ip.src", "-e", "udp.checksum.status", "-e", "_ws.col.Info");
        assertThat(rows.size()).isEqualTo(2);
        assertThat(rows.occurrences(0, "ip.src")).containsExactly("10.0.0.1", "0.0.0.2");
        assertThat(rows.field(0, "ip.src")).isEqualTo("10.0.0.1,0.0.0.2");
        assertThat(rows.outermost(0, "ip.src")).isEqualTo("10.0.0.1");
        assertThat(rows.innermost(0, "ip.src")).isEqualTo("0.0.0.2");
        // a comma inside a value is not an occurrence boundary
        assertThat(rows.occurrences(0, "_ws.col.Info")).containsExactly("RC Send, Only");
        assertThat(rows.occurrences(0, "udp.checksum.status")).isEmpty();
        assertThat(rows.innermost(0, "udp.checksum.status")).isEmpty();
        assertThat(rows.innermost(1, "udp.checksum.status")).isEqualTo("1");
        assertThat(rows.describe(0)).isEqualTo("frame 1: ip.src=10.0.0.1,0.0.0.2 _ws.col.Info=RC Send, Only");
        assertThatThrownBy(() -> rows.field(0, "ip.dst")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ip.dst");
    }

    @Test
    void aFailingRunNamesTheCommandAndQuotesStandardError() throws IOException {
        Path p = script("echo 'tshark: Some fields aren'\"'\"'t valid:' >&2; echo '\tbogus.field' >&2; exit 2");
        assertThatThrownBy(() -> tshark(p, Duration.ofSeconds(10)).fields(Path.of("my capture.pcap"), List.of("bogus.field"), Map.of()))
                .isInstanceOf(EnvironmentException.class)
                .hasMessageContaining(p + " -n -r 'my capture.pcap' -T fields")
                .hasMessageContaining("-e bogus.field exited with status 2")
                .hasMessageContaining("Some fields aren't valid:")
                .hasMessageContaining("bogus.field");
    }

    @Test
    void outputWithTheWrongNumberOfColumnsIsRejected() throws IOException {
        Path p = script("printf 'a\\tb\\n'");
        assertThatThrownBy(() -> tshark(p, Duration.ofSeconds(10)).fields(Path.of("x.pcap"), List.of("ip.src"), Map.of()))
                .isInstanceOf(EnvironmentException.class)
                .hasMessageContaining("line 1 has 2 tab-separated columns, expected 1");
    }

    @Test
    void aHangingTsharkIsKilledAtTheTimeout() throws Exception {
        Path pid = dir.resolve("pid");
        // the child sleep holds the pipes open too: the kill must reach it
        Path p = script("echo $$ > '" + pid + "'; sleep 60 & echo $! >> '" + pid + "'; wait");
        long start = System.nanoTime();
        assertThatThrownBy(() -> tshark(p, Duration.ofMillis(500)).fields(Path.of("x.pcap"), List.of("ip.src"), Map.of()))
                .isInstanceOf(EnvironmentException.class)
                .hasMessageContaining(p + " -n -r x.pcap")
                .hasMessageContaining("did not finish within 500 ms and was killed");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        for (String line : Files.readAllLines(pid)) {
            ProcessHandle h = ProcessHandle.of(Long.parseLong(line.strip())).orElse(null);
            // polled: onExit() of a grandchild only notices its end after a second or two
            for (long deadline = System.nanoTime() + 10_000_000_000L; h != null && h.isAlive() && System.nanoTime() < deadline; ) {
                Thread.sleep(10);
            }
            assertThat(h == null || !h.isAlive()).as("process %s is gone", line.strip()).isTrue();
        }
    }

    @Test
    void aMissingExecutableIsAnEnvironmentError() {
        assertThatThrownBy(() -> tshark(dir.resolve("gone"), Duration.ofSeconds(1)).version())
                .isInstanceOfSatisfying(EnvironmentException.class, e -> {
                    assertThat(e.getMessage()).startsWith("cannot run " + dir.resolve("gone") + " -v");
                    assertThat(e.hint()).contains("apt-get install tshark");
                });
    }
}
