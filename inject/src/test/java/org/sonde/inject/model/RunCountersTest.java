package org.sonde.inject.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;

class RunCountersTest {
    /** result.json lists the counters in one order on every run: by name (switch ports by number). */
    @Test
    void countersAreSortedSoThatTheJsonIsTheSameOnEveryRun() throws Exception {
        Map<String, Long> nic = new HashMap<>();
        for (String name : List.of("rx_prio0_pause", "np_cnp_sent", "packet_seq_err", "roce_adp_retrans", "tx_prio7_pause",
                "implied_nak_seq_err", "rnr_nak_retry_err", "port_xmit_packets")) {
            nic.put(name, (long) name.length());
        }
        RunCounters c = new RunCounters(Map.of(133, 5L, 132, 7L, 2, 1L), Map.of(9, 1L, 8, 2L), nic, Map.of("b", 1L, "a", 2L));
        assertThat(c.switchIngress().keySet()).containsExactly(2, 132, 133);
        assertThat(List.copyOf(c.requesterNic().keySet())).isSorted().hasSize(8);
        String json = Json.mapper().writeValueAsString(c);
        assertThat(json).isEqualTo(Json.mapper().writeValueAsString(new RunCounters(Map.of(2, 1L, 133, 5L, 132, 7L), Map.of(8, 2L, 9, 1L),
                new HashMap<>(nic), Map.of("a", 2L, "b", 1L))));
        assertThat(json.indexOf("\"a\"")).isLessThan(json.indexOf("\"b\""));
        assertThat(c).isEqualTo(new RunCounters(Map.copyOf(c.switchIngress()), c.mirrorEgress(), nic, c.responderNic()));
        assertThatThrownBy(() -> c.requesterNic().put("x", 1L)).isInstanceOf(UnsupportedOperationException.class);
    }
}
