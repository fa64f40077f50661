package org.sonde.inject.tcp.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostCountersTest {
    @Test
    void theTcpAndTcpExtTablesAreReadAsNstatNamesThem() {
        String text = """
                Ip: Forwarding DefaultTTL InReceives
                Ip: 1 64 10
                Tcp: RtoAlgorithm RtoMin OutSegs RetransSegs InSegs InCsumErrors
                Tcp: 1 200 28 3 25 0
                TcpExt: SyncookiesSent TCPLossProbes TCPSackRecovery
                TcpExt: 0 1 2
                """;
        Map<String, Long> c = new LinkedHashMap<>();
        HostCounters.parse(text, c);
        assertThat(c).containsEntry("TcpOutSegs", 28L).containsEntry("TcpRetransSegs", 3L).containsEntry("TcpExtTCPLossProbes", 1L)
                .containsEntry("TcpExtTCPSackRecovery", 2L).doesNotContainKey("IpForwarding");
        assertThat(HostCounters.delta(Map.of("TcpOutSegs", 20L), c)).containsEntry("TcpOutSegs", 8L).containsEntry("TcpRetransSegs", 3L);
    }
}
