package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A reason names its QP as the test numbers QPs, and says so when it concerns no QP or no packet. */
class ReasonTest {
    @Test
    void theQpIsNamedInTheTestsOwnNumbering() {
        Reason r = new Reason(1, 42, 7, "expected PSN 6");
        assertThat(r.text(1)).isEqualTo("QP 2, packet 42 PSN 7: expected PSN 6");
        assertThat(r.text(0)).isEqualTo("QP 1, packet 42 PSN 7: expected PSN 6").isEqualTo(r.toString());
        assertThat(new Reason(0, -1, -1, "message 3 never completed").text(1)).isEqualTo("QP 1, at end of trace: message 3 never completed");
        assertThat(new Reason(-1, 9, 3, "CNP to an unknown QPN").text(1)).isEqualTo("packet 9 PSN 3: CNP to an unknown QPN");
    }
}
