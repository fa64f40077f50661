package org.sonde.search.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.search.space.Point;
import org.sonde.search.space.SearchSpace;

/** Profiles are data: bundled ones cover the paper's 18 anomalies with citations; bad files are named errors. */
class ProfileTest {
    @TempDir
    Path dir;

    @Test
    void theBundledProfilesHoldTheEighteenAnomaliesEachCitingThePaper() {
        Set<Integer> anomalies = new TreeSet<>();
        for (String name : new String[] {"f-like", "h-like"}) {
            Profile p = Profile.bundled(name);
            for (Mechanism m : p.mechanisms()) {
                anomalies.add(m.anomaly());
                assertThat(m.cite()).contains("Table 2 #" + m.anomaly());
                assertThat(p.resources()).containsKey(m.resource());
            }
        }
        assertThat(anomalies).hasSize(18).first().isEqualTo(1);
        assertThat(Profile.bundled("f-like").spec().lineBitsPerSec()).isEqualTo(200e9);
        assertThat(Profile.bundled("h-like").spec().lineBitsPerSec()).isEqualTo(100e9);
        assertThat(Profile.bundled("clean").mechanisms()).isEmpty();
    }

    @Test
    void theMechanismsAreDistinctRegions() {
        // on random points, no two f-like mechanisms always bite together: each has points of its own
        Profile p = Profile.bundled("f-like");
        SimulatedSubsystem sim = new SimulatedSubsystem(p, 1);
        SearchSpace space = new SearchSpace();
        java.util.SplittableRandom rng = new java.util.SplittableRandom(3);
        java.util.Map<String, Integer> alone = new java.util.HashMap<>();
        for (int k = 0; k < 40_000; k++) {
            Point x = space.random(rng);
            var ids = sim.truth(x);
            if (ids.size() == 1) alone.merge(ids.get(0), 1, Integer::sum);
        }
        // the easy ones show alone on random points; the hard ones are checked by their triggers
        assertThat(alone.keySet()).contains("F1", "F2", "F3", "F9", "F11", "F12", "F13");
    }

    @Test
    void experimentsCostTwentyToSixtySeconds() {
        Profile.Clock c = Profile.bundled("f-like").clock();
        assertThat(c.seconds(1, 2)).isCloseTo(20.022, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(c.seconds(1000, 4000)).isEqualTo(44.0);
        assertThat(c.seconds(20000, 400000)).isEqualTo(60.0);
    }

    @Test
    void anUnknownKeyIsReportedWithItsLine() throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, """
                line-rate: 100Gbps
                packet-rate: 1e8
                resources:
                  x: {counter: x}
                mechanisms:
                  - id: A
                    resource: x
                    symptom: pause
                    at-least: {qpz: 3}
                    cite: none
                """);
        assertThatThrownBy(() -> Profile.load(f)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("bad.yaml").hasMessageContaining("line 9").hasMessageContaining("qpz").hasMessageContaining("total-qps");
    }

    @Test
    void aMechanismMustNameAResourceOfTheProfile() throws Exception {
        Path f = dir.resolve("res.yaml");
        Files.writeString(f, """
                line-rate: 100Gbps
                packet-rate: 1e8
                resources:
                  x: {counter: x}
                mechanisms:
                  - id: A
                    resource: y
                    symptom: pause
                    cite: none
                """);
        assertThatThrownBy(() -> Profile.load(f)).isInstanceOf(BadInputException.class).hasMessageContaining("names no resource");
    }

    @Test
    void aMechanismsSymptomIsPauseOrThroughputNotTheLinuxTargetsLatency() throws Exception {
        Path f = dir.resolve("latency.yaml");
        Files.writeString(f, """
                line-rate: 100Gbps
                packet-rate: 1e8
                resources:
                  x: {counter: x}
                mechanisms:
                  - id: A
                    resource: x
                    symptom: latency
                    cite: none
                """);
        assertThatThrownBy(() -> Profile.load(f)).isInstanceOf(BadInputException.class).hasMessageContaining("symptom").hasMessageContaining("pause or throughput");
    }
}
