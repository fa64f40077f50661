package org.sonde.load.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DperfLayoutTest {
    private static Second second() {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (Counter c : Counter.values()) counters.put(c.dperfName(), 0L);
        counters.put("skOpen", 100L);
        counters.put("httpGet", 500L);
        counters.put("http2XX", 498L);
        counters.put("httpErr", 2L);
        counters.put("rttSumNanos", 5_000_000L);
        counters.put("rttCount", 100L);
        return new Second(7, "duration", counters, 64, List.of(42), Map.of("synRt", 0L), 120, 900, 2000);
    }

    @Test
    void aSecondInDperfsNamesAndColumns() {
        List<String> lines = new DperfLayout(DperfLayout.Payload.HTTP, true, false).second(second());
        assertThat(lines.get(0)).startsWith("seconds  7").contains("cpuUsage 42").contains("phase    duration");
        assertThat(String.join("\n", lines)).contains("skOpen   100").contains("skCon    64").contains("rtt(us)  50")
                .contains("httpGet  500").contains("http2XX  498").contains("httpErr  2").contains("synRt    0")
                .contains("p50(us)  120").contains("p99(us)  900").contains("p999(us) 2000");
        assertThat(String.join("", lines)).doesNotContain("\u001b[");
    }

    @Test
    void nonZeroErrorsAreRedOnATerminal() {
        String text = String.join("\n", new DperfLayout(DperfLayout.Payload.HTTP, true, true).second(second()));
        assertThat(text).contains("httpErr  \u001b[31m2");
        assertThat(text).doesNotContain("\u001b[31m0 ");
    }

    @Test
    void rawPayloadsShowTcpReqAndTcpRsp() {
        assertThat(String.join("\n", new DperfLayout(DperfLayout.Payload.RAW, false, false).second(second()))).contains("tcpReq").contains("tcpRsp")
                .contains("tcpDrop").doesNotContain("httpGet").doesNotContain("p50(us)");
    }

    @Test
    void udpShowsDatagramCountersAndItsLossCounterOnlyOnClients() {
        Map<String, Long> counters = new LinkedHashMap<>(second().counters());
        counters.put("udpTx", 10L);
        counters.put("udpRx", 9L);
        counters.put("udpRt", 1L);
        Second s = new Second(1, "duration", counters, 3, List.of(1), Map.of(), 0, 0, 0);
        String client = String.join("\n", new DperfLayout(DperfLayout.Payload.UDP, true, true).second(s));
        assertThat(client).contains("udpTx    10").contains("udpRx    9").contains("udpRt    \u001b[31m1").contains("udpDrop  0")
                .contains("dropTx   0").doesNotContain("httpGet").doesNotContain("tcpReq");
        assertThat(String.join("\n", new DperfLayout(DperfLayout.Payload.UDP, false, false).second(s))).doesNotContain("udpRt");
    }

    @Test
    void theUserspaceEngineShowsItsOwnPacketAndRetransmissionCountersNotTheKernels() {
        Map<String, Long> counters = new LinkedHashMap<>(second().counters());
        counters.put("pktRx", 12L);
        counters.put("synRt", 3L);
        Second s = new Second(1, "duration", counters, 3, List.of(1), Map.of("synRt", 99L), 0, 0, 0);
        String text = String.join("\n", new DperfLayout(DperfLayout.Payload.HTTP, true, false, true).second(s));
        assertThat(text).contains("pktRx    12").contains("synRt    3").contains("pushRt   0").contains("finRt    0")
                .contains("tcpDrop  0").doesNotContain("synRt    99");
    }

    @Test
    void kernelCountersAreReadFromProcFormat() throws Exception {
        java.nio.file.Path f = java.nio.file.Files.createTempFile("snmp", "");
        java.nio.file.Files.writeString(f, "Tcp: RtoAlgorithm RetransSegs OutRsts\nTcp: 1 17 3\nUdp: InDatagrams\nUdp: 5\n");
        Map<String, Long> m = KernelCounters.parse(f.toString());
        assertThat(m).containsEntry("Tcp:RetransSegs", 17L).containsEntry("Tcp:OutRsts", 3L).containsEntry("Udp:InDatagrams", 5L);
        java.nio.file.Files.delete(f);
        assertThat(KernelCounters.names()).contains("synRt", "retrans");
    }
}
