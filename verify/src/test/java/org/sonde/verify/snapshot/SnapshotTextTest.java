package org.sonde.verify.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.verify.check.Check;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.InetGenerator;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerifyProgress;

class SnapshotTextTest {
    @TempDir
    Path dir;

    @Test
    void aWrittenSnapshotReadsBackWithTheSameRulesAndResults() {
        Snapshot s = new DcnGenerator(3, 150).generate(new FaultPlan(1, 1, 1)).snapshot();
        SnapshotText.write(s, dir);
        Snapshot back = SnapshotText.read(dir);
        assertThat(back.ruleCount()).isEqualTo(s.ruleCount());
        assertThat(back.switchNames()).isEqualTo(s.switchNames());
        assertThat(back.subnets()).isEqualTo(s.subnets());
        assertThat(back.waypointNames()).isEqualTo(s.waypointNames());
        for (int r = 0; r < s.ruleCount(); r++) {
            assertThat(back.rulePrefix(r)).isEqualTo(s.rulePrefix(r));
            assertThat(back.nextHopsText(back.ruleNextHops(r))).isEqualTo(s.nextHopsText(s.ruleNextHops(r)));
        }
        EnumSet<Check> all = EnumSet.allOf(Check.class);
        assertThat(new LocalBackend(1).verify(back, all, VerifyProgress.NONE).violations())
                .isEqualTo(new LocalBackend(1).verify(s, all, VerifyProgress.NONE).violations());
    }

    @Test
    void inetRoundTripsToo() {
        Snapshot s = new InetGenerator(4, 10, 300).generate(FaultPlan.NONE).snapshot();
        SnapshotText.write(s, dir);
        assertThat(SnapshotText.read(dir).toString()).isEqualTo(s.toString());
    }

    private BadInputException readError(String rules) throws IOException {
        Files.writeString(dir.resolve("rules.txt"), rules);
        try {
            SnapshotText.read(dir);
        } catch (BadInputException e) {
            return e;
        }
        throw new AssertionError("read without error: " + rules);
    }

    @Test
    void malformedLinesAreNamedWithFileLineAndWhatWasExpected() throws IOException {
        String good = "# switch ip mask_len next_hops priority\ns1 10.0.0.0 24 deliver 10\n";
        assertThat(readError(good + "s2 10.0.0.0 24 s1\n").getMessage())
                .contains("rules.txt").contains("line 3").contains("expected 5 fields");
        assertThat(readError(good + "s2 10.0.300.0 24 s1 1\n").getMessage()).contains("line 3").contains("expected an IPv4 address");
        assertThat(readError(good + "s2 10.0.0.0 33 s1 1\n").getMessage()).contains("expected a mask length 0..32");
        assertThat(readError(good + "s2 10.0.0.1 24 s1 1\n").getMessage()).contains("no address bits after the first 24");
        assertThat(readError(good + "s2 10.0.0.0 24 s1,,s3 1\n").getMessage()).contains("expected next hops");
        assertThat(readError(good + "s2 10.0.0.0 24 s1 high\n").getMessage()).contains("expected an integer priority");
        assertThat(readError(good + "drop 10.0.0.0 24 s1 1\n").getMessage()).contains("expected a switch name");
        Files.writeString(dir.resolve("subnets.txt"), "10.0.0.0/24\n\n10.1.0.0/33\n");
        assertThat(readError(good).getMessage()).contains("subnets.txt").contains("line 3").contains("expected a subnet");
        Files.delete(dir.resolve("subnets.txt"));
        Files.writeString(dir.resolve("waypoints.txt"), "10.9.0.0/24 s1\n");
        assertThat(readError(good).getMessage()).contains("waypoint for 10.9.0.0/24, which is not a subnet");
    }

    @Test
    void anEmptySnapshotIsBadInputNotZeroViolations() throws IOException {
        assertThat(readError("# only a comment\n\n").getMessage()).endsWith("rules.txt: no rules: the snapshot is empty, so there is nothing to check");
        assertThat(readError("s1 10.0.0.0 24 s2 10\n").getMessage()).contains("subnets.txt").contains("no subnets to verify");
    }

    @Test
    void aMissingRulesFileIsNamed() {
        assertThatThrownBy(() -> SnapshotText.read(dir)).isInstanceOf(BadInputException.class).hasMessageContaining("rules.txt");
    }

    /** Any line either reads as a rule or fails with the file and line named; nothing else escapes. */
    @Property(tries = 500)
    void arbitraryLinesFailOnlyWithBadInput(@ForAll("lines") List<String> lines) throws IOException {
        Path d = Files.createTempDirectory("fuzz");
        Files.writeString(d.resolve("rules.txt"), String.join("\n", lines) + "\n");
        try {
            Snapshot s = SnapshotText.read(d);
            assertThat(s.ruleCount()).isLessThanOrEqualTo(lines.size());
        } catch (BadInputException e) {
            if (e.problem().startsWith("no rules")) {
                // the whole file's verdict: nothing in it but blank and comment lines
                assertThat(lines).allSatisfy(l -> assertThat(l.isBlank() || l.strip().startsWith("#")).as(l).isTrue());
                assertThat(e.source()).endsWith("rules.txt");
            } else if (e.problem().startsWith("no subnets")) {
                // rules, but none that delivers: no subnet to verify
                assertThat(e.source()).endsWith("subnets.txt");
            } else {
                assertThat(e.getMessage()).contains("rules.txt").containsPattern("line \\d+");
            }
        } finally {
            try (var files = Files.list(d)) {
                for (Path f : files.toList()) Files.delete(f);
            }
            Files.delete(d);
        }
    }

    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> word = Arbitraries.oneOf(
                Arbitraries.of("s1", "s2", "deliver", "drop", "s1,s2", "10.0.0.0", "0.0.0.0", "255.255.255.255", "24", "0", "32", "33",
                        "-1", "1.2.3", "1.2.3.4.5", ",", "#", "s1,,s2", "999999999999", "10.0.0.1"),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(12));
        Arbitrary<String> line = word.list().ofMaxSize(7).map(ws -> String.join(" ", ws));
        return line.list().ofMaxSize(6);
    }
}
