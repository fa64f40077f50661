package org.sonde.inject.tcp.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.core.UsageException;
import org.sonde.testkit.Netns;

/** The zero-loss throughput search of the Linux target's injector, at rates any machine holds (needs root). */
@Tag("netns")
class InjectorCapacityNetnsTest {
    static final String NEEDS = "root, iproute2, ethtool, iptables, nftables and libnetfilter-queue1";

    private static InjectorCapacity.Result measure(InjectorCapacity.Settings s, List<InjectorCapacity.Trial> heard) {
        try {
            return InjectorCapacity.measure(s, heard::add);
        } catch (RuntimeException e) {
            if (Netns.saysPrerequisiteMissing(e.getMessage())) throw Netns.unavailable(NEEDS, e.getMessage(), e);
            throw e;
        }
    }

    @Test
    void theInjectorHoldsALowRateFollowingEveryConnectionAndTheSearchStopsAtTheTopRate() {
        List<InjectorCapacity.Trial> heard = new ArrayList<>();
        InjectorCapacity.Result r = measure(new InjectorCapacity.Settings(2_000, 3_000, 500, 400_000_000L, 300_000_000L, 3, false), heard);
        assertThat(r.trials()).isEqualTo(heard);
        InjectorCapacity.Trial top = r.trials().getFirst();
        assertThat(top.offeredRate()).isEqualTo(3_000);
        assertThat(top.held()).as(r.summary()).isTrue();
        assertThat(r.trials()).hasSize(1);
        assertThat(r.maxRateHeld()).isTrue();
        assertThat(r.zeroLossRate()).isEqualTo(3_000);
        // 3 handshakes of 3 packets, then 0.4 s at 3,000/s; every one arrived, and the injector placed each in its connection
        assertThat(top.sent()).isBetween(9L + 1_100, 9L + 1_300);
        assertThat(top.delivered()).isEqualTo(top.sent());
        assertThat(top.queueDropped()).isZero();
        assertThat(top.unclassified()).isZero();
        assertThat(top.addedMedianNanos()).isPositive().isLessThanOrEqualTo(top.addedP99Nanos());
        assertThat(top.injectorCpuNanosPerPacket()).isPositive();
        JsonNode json = r.toJson();
        assertThat(json.get("mode").asText()).isEqualTo("injector");
        assertThat(json.get("zeroLossPacketsPerSecond").asLong()).isEqualTo(3_000);
        assertThat(json.get("trials").get(0).get("delivered").asLong()).isEqualTo(top.delivered());
        assertThat(r.summary()).startsWith("the injector holds 3,000 packets/s with no loss, the highest rate tried");
    }

    @Test
    void plainForwardingIsMeasuredWithoutAQueue() {
        InjectorCapacity.Result r = measure(new InjectorCapacity.Settings(2_000, 3_000, 500, 300_000_000L, 300_000_000L, 2, true), new ArrayList<>());
        InjectorCapacity.Trial top = r.trials().getFirst();
        assertThat(top.held()).as(r.summary()).isTrue();
        assertThat(top.delivered()).isEqualTo(top.sent());
        assertThat(top.addedMedianNanos()).isEqualTo(-1);
        assertThat(r.toJson().get("mode").asText()).isEqualTo("plain-forwarding");
        assertThat(r.toJson().get("trials").get(0).get("addedDelayMedianNanos").isNull()).isTrue();
    }

    @Test
    void impossibleSettingsAreUsageErrorsNamingTheOption() {
        assertThatThrownBy(() -> new InjectorCapacity.Settings(5_000, 5_000, 500, 1_000_000_000L, 0, 1, false))
                .isInstanceOf(UsageException.class).hasMessageContaining("--max-rate 5000 is not above --min-rate 5000");
        assertThatThrownBy(() -> new InjectorCapacity.Settings(5_000, 9_000, 500, 1_000L, 0, 1, false))
                .isInstanceOf(UsageException.class).hasMessageContaining("--trial");
        assertThatThrownBy(() -> new InjectorCapacity.Settings(5_000, 9_000, 500, 1_000_000_000L, 0, 0, false))
                .isInstanceOf(UsageException.class).hasMessageContaining("--connections 0");
    }
}
