package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.atpg.Localizer.Observation;

class LocalizerTest {
    /** Dissertation Table 2.4: only R1 of boza is in the failing history and in no passing one. */
    @Test
    void table24PinpointsR1OfBoza() {
        List<Observation> obs = List.of(
                new Observation("goza-coza", false, true, List.of("R1goza", "Lgoza-S1", "S1", "LS1-bbra", "R1bbra", "Lbbra-S4", "S4", "R1coza")),
                new Observation("boza-coza", false, false, List.of("R1boza", "Lboza-S5", "S5", "LS5-bbra", "R1bbra", "Lbbra-S4", "S4", "R1coza")),
                new Observation("boza-poza", false, true, List.of("R2boza", "Lboza-S5", "S5", "LS5-bbra", "R2bbra", "Lbbra-S2", "S2", "R2poza")));
        Localizer.Localization l = Localizer.localize(obs);
        assertThat(l.suspects()).containsExactly("R1boza");
        assertThat(l.evidence().get("R1boza").implicatedBy()).containsExactly("boza-coza");
        assertThat(l.indistinguishable()).isEmpty();
    }

    @Test
    void reservedPacketsConvictClearAndLeaveIndistinguishableGroups() {
        List<Observation> obs = List.of(
                new Observation("t1", false, false, List.of("a", "b", "c", "d")),
                new Observation("t2", false, true, List.of("x")),
                new Observation("r1", true, true, List.of("a", "x")),       // step 2: clears a
                new Observation("r2", true, false, List.of("b", "x")),      // step 2: convicts b
                new Observation("r3", true, false, List.of("c", "d")));     // two suspects, failing: no verdict
        Localizer.Localization l = Localizer.localize(obs);
        assertThat(l.suspects()).containsExactly("b", "c", "d");
        assertThat(l.evidence().get("b").convictedBy()).containsExactly("r2");
        assertThat(l.cleared()).containsEntry("a", "r1");
        assertThat(l.indistinguishable()).containsExactly(List.of("c", "d"));
        assertThat(l.afterStep()).containsExactly(4, 3, 3, 3);
    }

    @Test
    void failuresThatPassesContradictAreLocalisedFromTheFailingTestsAlone() {
        // A missing rule m: t1's headers fall to a rule forwarding elsewhere (fail), t2's to one
        // forwarding alike (pass), so step 1 clears everything t1 exercises.
        List<Observation> obs = List.of(
                new Observation("t1", false, false, List.of("a", "m", "b")),
                new Observation("t2", false, true, List.of("a", "m")),
                new Observation("t3", false, true, List.of("b", "c")),
                new Observation("r1", true, false, List.of("m", "c")));
        Localizer.Localization l = Localizer.localize(obs);
        assertThat(l.partial()).isTrue();
        // m is the one element both failing tests exercise.
        assertThat(l.suspects()).containsExactly("m");
        assertThat(l.evidence().get("m").implicatedBy()).containsExactly("t1", "r1");

        // Consistent observations keep the three steps.
        assertThat(Localizer.localize(List.of(new Observation("t1", false, false, List.of("a", "b")),
                new Observation("t2", false, true, List.of("a")))).partial()).isFalse();
    }
}
