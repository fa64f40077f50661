package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Progress says how far a run is and, at the rate so far, how long the rest will take. */
class ProgressTest {
    @Test
    void theTimeLeftIsTheRateSoFarAppliedToWhatRemains() {
        assertThat(Progress.eta(25, 100, 10.0)).isEqualTo(", about 30 s left");
        assertThat(Progress.eta(10, 100, 20.0)).isEqualTo(", about 3 min left");
        assertThat(Progress.eta(99, 100, 0.5)).isEqualTo(", about 1 s left");
        assertThat(Progress.eta(0, 100, 5.0)).isEmpty();
        assertThat(Progress.eta(100, 100, 5.0)).isEmpty();
    }

    @Test
    void shortRunsStayQuietAndLongOnesPrintCountsWithTheTimeLeft() {
        StringWriter text = new StringWriter();
        long[] now = {5_000_000_000L};
        try (Progress p = new Progress(new PrintWriter(text), "reach", () -> now[0])) {
            now[0] += 500_000_000L;
            p.update(1, 4, "source ports searched");
            assertThat(text.toString()).isEmpty(); // within the first second
            now[0] += 600_000_000L;
            p.update(2, 4, "source ports searched");
        }
        // 2 of 4 in 1.1 s: the other 2 at the same rate take 1.1 s more
        assertThat(text.toString()).startsWith("reach: 2 / 4 source ports searched (50%), 1.1 s, about 1 s left");
    }
}
