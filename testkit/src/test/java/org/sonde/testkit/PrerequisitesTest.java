package org.sonde.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class PrerequisitesTest {
    /** What a missing prerequisite does here: fail, or abort when this run sets the skip variable. */
    private static Class<? extends Throwable> expected(String skipVariable) {
        return "1".equals(System.getenv(skipVariable)) ? TestAbortedException.class : AssertionFailedError.class;
    }

    @Test
    void aMissingDatasetSaysWhereItLookedAndHowToSkip() {
        assertThatThrownBy(() -> Datasets.dir("no-such-dataset")).isInstanceOf(expected(Datasets.SKIP_VARIABLE))
                .hasMessageContaining("dataset no-such-dataset not found").hasMessageContaining(Datasets.SKIP_VARIABLE + "=1");
    }

    @Test
    void aTestbedThatCannotBeBuiltFailsWithTheReasonAndTheCause() {
        IllegalStateException cause = new IllegalStateException("ip netns add needs root");
        assertThatThrownBy(() -> Netns.testbed("root and iproute2", () -> { throw cause; })).isInstanceOf(expected(Netns.SKIP_VARIABLE))
                .hasMessageContaining("the netns tests need root and iproute2: ip netns add needs root").hasMessageContaining("SONDE_SKIP_NETNS=1");
        assertThat(Netns.testbed("nothing", () -> 42)).isEqualTo(42);
    }

    @Test
    void messagesOfMissingPrerequisitesAreToldFromFailures() {
        assertThat(Netns.saysPrerequisiteMissing("sonde: error: network namespaces need root")).isTrue();
        assertThat(Netns.saysPrerequisiteMissing("libnetfilter_queue.so.1 is not installed")).isTrue();
        assertThat(Netns.saysPrerequisiteMissing("connection 2 did not complete")).isFalse();
        assertThat(Netns.saysPrerequisiteMissing(null)).isFalse();
    }
}
