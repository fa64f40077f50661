package org.sonde.load.lb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.UsageException;

class LbRulesetTest {
    @Test
    void everyServerHasAnEndpointChainThatTheServiceChainPicksByNumgen() {
        String r = LbRuleset.render(new LbSpec("sonde-lb", 3, Balance.ROUND_ROBIN, 8080, 0, OverLimit.DROP));

        assertThat(r).contains("ip daddr 10.71.0.1 meta l4proto { tcp, udp } th dport 8080 jump service")
                .contains("numgen inc mod 3 vmap { 0 : goto backend1, 1 : goto backend2, 2 : goto backend3 }")
                .contains("counter dnat to 10.72.1.2:8080").contains("counter dnat to 10.72.3.2:8080")
                .doesNotContain("10.72.4.2").doesNotContain("ct count");
    }

    @Test
    void aSessionLimitDropsOrResetsNewConnectionsBeforeTheNatChain() {
        String drop = LbRuleset.render(new LbSpec("sonde-lb", 2, Balance.RANDOM, 80, 1000, OverLimit.DROP));
        String reset = LbRuleset.render(new LbSpec("sonde-lb", 2, Balance.RANDOM, 80, 5, OverLimit.RESET));

        assertThat(drop).contains("numgen random mod 2").contains("ct state new ct count over 1000 counter drop")
                .contains("type filter hook prerouting priority mangle");
        assertThat(reset).contains("ct count over 5 counter reject with tcp reset");
    }

    @Test
    void outOfRangeOptionsAreUsageErrorsNamingTheOption() {
        assertThatThrownBy(() -> new LbSpec("sonde-lb", 0, Balance.RANDOM, 80, 0, OverLimit.DROP)).isInstanceOf(UsageException.class)
                .hasMessageContaining("--servers 0");
        assertThatThrownBy(() -> new LbSpec("Sonde", 2, Balance.RANDOM, 80, 0, OverLimit.DROP)).isInstanceOf(UsageException.class)
                .hasMessageContaining("--name Sonde");
        assertThatThrownBy(() -> new LbSpec("sonde-lb", 2, Balance.RANDOM, 0, 0, OverLimit.DROP)).isInstanceOf(UsageException.class)
                .hasMessageContaining("--port 0");
        assertThatThrownBy(() -> Balance.of("hash")).isInstanceOf(UsageException.class).hasMessageContaining("[random, round-robin]");
        assertThat(Balance.of("round-robin")).isEqualTo(Balance.ROUND_ROBIN);
    }

    @Test
    void conntrackStatisticsAreSummedOverCpusExceptTheEntryCount() {
        String text = """
                entries  clashres found new invalid ignore delete chainlength insert insert_failed drop early_drop icmp_error  expect_new
                0000010f  00000001 00000000 00000000 00000002 00000000 00000000 00000000 00000000 00000000 0000000a 00000000 00000000  00000000
                0000010f  00000000 00000000 00000000 00000003 00000000 00000000 00000000 00000000 00000000 00000006 00000001 00000000  00000000
                """;
        Map<String, Long> s = LbTestbed.conntrackStats(text);

        assertThat(s).containsEntry("entries", 271L).containsEntry("invalid", 5L).containsEntry("drop", 16L).containsEntry("early_drop", 1L)
                .containsEntry("clashres", 1L);
    }
}
