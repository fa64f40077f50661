package org.sonde.cli.interop;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.sonde.core.EnvironmentException;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rule for a missing tshark, without needing tshark. */
class TsharkExtensionTest {
    private static final TsharkExtension.Probe ABSENT =
            new TsharkExtension.Probe(null, new EnvironmentException("tshark is not on PATH", Tshark.INSTALL_HINT));

    @Test
    void aMissingTsharkFailsTheTestWithInstallAdvice() {
        assertThatThrownBy(() -> TsharkExtension.enforce(ABSENT, null))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("tshark is not on PATH")
                .hasMessageContaining("apt-get install tshark")
                .hasMessageContaining("SONDE_SKIP_TSHARK=1");
        // any value but 1 does not skip
        assertThatThrownBy(() -> TsharkExtension.enforce(ABSENT, "yes")).isInstanceOf(AssertionFailedError.class);
    }

    @Test
    void skipVariableTurnsTheFailureIntoASkipWithTheSameAdvice() {
        assertThatThrownBy(() -> TsharkExtension.enforce(ABSENT, "1"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("SONDE_SKIP_TSHARK=1")
                .hasMessageContaining("apt-get install tshark");
    }

    @Test
    void aPresentTsharkIsHandedToTheTest() {
        Tshark tshark = new Tshark(Path.of("/usr/bin/tshark"), Duration.ofSeconds(1));
        assertThat(TsharkExtension.enforce(new TsharkExtension.Probe(tshark, null), null)).isSameAs(tshark);
    }
}
