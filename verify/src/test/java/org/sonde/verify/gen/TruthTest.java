package org.sonde.verify.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;

/** A generator's truth.json read back and compared with what the checks find. */
class TruthTest {
    @TempDir
    Path dir;

    private Truth written(GeneratedNetwork g) throws Exception {
        Files.writeString(dir.resolve(Truth.FILE), g.truthJson());
        return Truth.beside(dir).orElseThrow();
    }

    @Test
    void aCheckOfAGeneratedSnapshotFindsEveryPlantedFaultAndNothingElse() throws Exception {
        GeneratedNetwork g = new DcnGenerator(4, 400).generate(new FaultPlan(2, 2, 1));
        Truth truth = written(g);
        assertThat(truth.planted()).isEqualTo(g.planted());
        EnumSet<Check> all = EnumSet.allOf(Check.class);
        VerificationResult r = new LocalBackend(2).verify(g.snapshot(), all, VerifyProgress.NONE);
        Truth.Score score = truth.score(r.violations(), all);
        assertThat(score.found()).containsExactlyElementsOf(g.planted());
        assertThat(score.missed()).isEmpty();
        // the black holes leave switches unable to reach their subnets: consequences, not extra
        assertThat(score.consequences()).isEqualTo(2);
        assertThat(score.extra()).isEmpty();
        assertThat(score.exact()).isTrue();
        assertThat(score.text()).isEqualTo(dir.resolve(Truth.FILE) + ": 5 planted faults checked: 5 found, 0 missed; 0 extra violations;"
                + " 2 unreachable subnets behind planted black holes");
    }

    @Test
    void aViolationNotFoundIsMissedAndOneNotPlantedIsExtra() throws Exception {
        GeneratedNetwork g = new DcnGenerator(4, 400).generate(new FaultPlan(1, 1, 0));
        Truth truth = written(g);
        EnumSet<Check> checks = EnumSet.of(Check.LOOPS, Check.BLACKHOLES);
        List<Violation> found = new LocalBackend(2).verify(g.snapshot(), checks, VerifyProgress.NONE).violations();
        Violation loop = found.stream().filter(v -> v.type() == ViolationType.LOOP).findFirst().orElseThrow();
        Violation invented = new Violation(ViolationType.LOOP, loop.subnetPrefix(), List.of("x", "y"), List.of("x", "y", "x"), List.of());
        List<Violation> reported = found.stream().map(v -> v == loop ? invented : v).toList();
        Truth.Score score = truth.score(reported, checks);
        assertThat(score.missed()).extracting(PlantedFault::type).containsExactly(ViolationType.LOOP);
        assertThat(score.extra()).containsExactly(invented);
        assertThat(score.found()).extracting(PlantedFault::type).containsExactly(ViolationType.BLACKHOLE);
        assertThat(score.exact()).isFalse();
        // loops not checked: the planted loop is neither found nor missed
        Truth.Score holesOnly = truth.score(found.stream().filter(v -> v.type() == ViolationType.BLACKHOLE).toList(), EnumSet.of(Check.BLACKHOLES));
        assertThat(holesOnly.missed()).isEmpty();
        assertThat(holesOnly.unchecked()).extracting(PlantedFault::type).containsExactly(ViolationType.LOOP);
        assertThat(holesOnly.text()).endsWith("; 1 planted of types not checked");
    }

    @Test
    void noTruthBesideASnapshotIsNoComparison() {
        assertThat(Truth.beside(dir)).isEmpty();
    }

    @Test
    void aMalformedTruthNamesTheEntryAndField() throws Exception {
        Path file = dir.resolve(Truth.FILE);
        Files.writeString(file, "{\"violations\":[{\"type\":\"loop\",\"subnet\":\"10.0.0.1/8\",\"switches\":[\"a\"]}]}");
        assertThatThrownBy(() -> Truth.read(file)).isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(((BadInputException) e).location()).isEqualTo("violations[0].subnet"));
        Files.writeString(file, "{\"violations\":[{\"type\":\"cycle\",\"subnet\":\"10.0.0.0/8\",\"switches\":[\"a\"]}]}");
        assertThatThrownBy(() -> Truth.read(file)).isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(((BadInputException) e).location()).isEqualTo("violations[0].type"));
        Files.writeString(file, "{\"violations\":[{\"type\":\"loop\",\"subnet\":\"10.0.0.0/8\",\"switches\":[]}]}");
        assertThatThrownBy(() -> Truth.read(file)).satisfies(e -> assertThat(((BadInputException) e).location()).isEqualTo("violations[0].switches"));
        Files.writeString(file, "{\"violations\": 3}");
        assertThatThrownBy(() -> Truth.read(file)).satisfies(e -> assertThat(((BadInputException) e).location()).isEqualTo("violations"));
        Files.writeString(file, "{\"violations\": [");
        assertThatThrownBy(() -> Truth.read(file)).isInstanceOf(BadInputException.class).hasMessageContaining(file.toString());
    }
}
