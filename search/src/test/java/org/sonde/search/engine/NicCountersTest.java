package org.sonde.search.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;

/** ethtool -S and hw_counters readings, and their deltas per second. */
class NicCountersTest {
    static String ethtool(Map<String, Long> m) {
        StringBuilder b = new StringBuilder("NIC statistics:\n");
        m.forEach((k, v) -> b.append("     ").append(k).append(": ").append(Long.toUnsignedString(v)).append('\n'));
        return b.toString();
    }

    static String hw(String dir, Map<String, Long> m) {
        StringBuilder b = new StringBuilder();
        m.forEach((k, v) -> b.append(dir).append('/').append(k).append(':').append(Long.toUnsignedString(v)).append('\n'));
        return b.toString();
    }

    @Test
    void readsMlx5CountersAndTheirDeltasPerSecond() {
        Map<String, Long> before = new LinkedHashMap<>(), after = new LinkedHashMap<>();
        before.put("rx_prio3_pause_duration", 1000L);
        before.put("tx_vport_rdma_unicast_bytes", 5_000_000_000L);
        before.put("rx_pause_ctrl_phy", 7L);
        after.put("rx_prio3_pause_duration", 41_000L);
        after.put("tx_vport_rdma_unicast_bytes", 255_000_000_000L);
        after.put("rx_pause_ctrl_phy", 7L);
        NicCounters a = NicCounters.parseEthtool(ethtool(before), "ethtool on A"), b = NicCounters.parseEthtool(ethtool(after), "ethtool on A");
        double[] d = NicCounters.perSecond(a, b, 10, List.of("rx_prio3_pause_duration", "tx_vport_rdma_unicast_bytes", "rx_pause_ctrl_phy"));
        assertThat(d).containsExactly(4000.0, 25e9, 0.0);
    }

    @Test
    void readsHwCountersFromGrepOutput() {
        String dir = "/sys/class/infiniband/mlx5_0/ports/1/hw_counters";
        NicCounters c = NicCounters.parseHwCounters(hw(dir, Map.of("out_of_buffer", 12L)) + dir + "/packet_seq_err:3\n", "hw on B");
        assertThat(c.values()).containsEntry("out_of_buffer", 12L).containsEntry("packet_seq_err", 3L);
    }

    @Test
    void aMissingCounterIsNamedWithWhatTheNicHas() {
        NicCounters a = NicCounters.parseEthtool("NIC statistics:\n     rx_bytes: 1\n", "ethtool on A");
        assertThatThrownBy(() -> NicCounters.perSecond(a, a, 1, List.of("rx_prio3_pause_duration")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("rx_prio3_pause_duration").hasMessageContaining("rx_bytes");
    }

    @Test
    void aCounterThatWentBackIsAnEnvironmentError() {
        NicCounters a = NicCounters.parseEthtool("NIC statistics:\n     x: 10\n", "A"), b = NicCounters.parseEthtool("NIC statistics:\n     x: 3\n", "A");
        assertThatThrownBy(() -> NicCounters.perSecond(a, b, 1, List.of("x"))).isInstanceOf(EnvironmentException.class).hasMessageContaining("went back");
    }

    @Test
    void unsigned64BitValuesSurvive() {
        NicCounters a = NicCounters.parseEthtool("NIC statistics:\n     x: 18446744073709551610\n", "A");
        NicCounters b = NicCounters.parseEthtool("NIC statistics:\n     x: 18446744073709551615\n", "A");
        assertThat(NicCounters.perSecond(a, b, 1, List.of("x"))).containsExactly(5.0);
        assertThatThrownBy(() -> NicCounters.parseEthtool("NIC statistics:\n     x: 18446744073709551616\n", "A")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("64 bits");
    }

    @Test
    void badLinesNameTheLine() {
        assertThatThrownBy(() -> NicCounters.parseEthtool("Cannot get stats information: Operation not supported\n", "A"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 1").hasMessageContaining("NIC statistics:");
        assertThatThrownBy(() -> NicCounters.parseEthtool("NIC statistics:\n     rx_bytes: 12\n     tx_bytes: -4\n", "A"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 3").hasMessageContaining("tx_bytes");
        assertThatThrownBy(() -> NicCounters.parseHwCounters("grep: /sys/x: No such file or directory\n", "B"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 1");
    }

    @Provide
    Arbitrary<Map<String, Long>> readings() {
        return Arbitraries.maps(Arbitraries.strings().withCharRange('a', 'z').withChars('_', '0', '3').ofMinLength(1).ofMaxLength(30), Arbitraries.longs())
                .ofMaxSize(30);
    }

    @Property(tries = 200)
    void ethtoolReadingsRoundTrip(@ForAll("readings") Map<String, Long> m) {
        assertThat(NicCounters.parseEthtool(ethtool(m), "A").values()).isEqualTo(m);
        assertThat(NicCounters.parseHwCounters(hw("/sys/class/infiniband/mlx5_0/ports/1/hw_counters", m), "A").values()).isEqualTo(m);
    }

    @Property(tries = 300)
    void truncatedReadingsParseOrFailTyped(@ForAll("readings") Map<String, Long> m, @ForAll @IntRange(min = 0, max = 1000) int cut) {
        String e = ethtool(m), h = hw("/d", m);
        for (String t : new String[] {e.substring(0, cut * e.length() / 1000), h.substring(0, cut * h.length() / 1000)}) {
            try {
                NicCounters c = t.startsWith("NIC") ? NicCounters.parseEthtool(t, "A") : NicCounters.parseHwCounters(t, "A");
                assertThat(c.values().size()).isLessThanOrEqualTo(m.size());
            } catch (BadInputException expected) {
                assertThat(expected.getMessage()).startsWith("A: ");
            }
        }
    }

    @Property(tries = 500)
    void arbitraryTextNeverThrowsAnythingButBadInput(@ForAll String text, @ForAll boolean header) {
        for (String t : new String[] {header ? "NIC statistics:\n" + text : text}) {
            try {
                NicCounters.parseEthtool(t, "A");
            } catch (BadInputException expected) {
                assertThat(expected.getMessage()).startsWith("A: ");
            }
            try {
                NicCounters.parseHwCounters(t, "A");
            } catch (BadInputException expected) {
                assertThat(expected.getMessage()).startsWith("A: ");
            }
        }
    }
}
