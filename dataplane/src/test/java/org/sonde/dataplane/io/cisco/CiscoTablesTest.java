package org.sonde.dataplane.io.cisco;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sonde.core.BadInputException;

/** The ARP, MAC and spanning-tree tables. */
class CiscoTablesTest {
    @Test
    void arpDropsNulPaddingAndCountsIncompleteEntries() {
        CiscoArp arp = CiscoArp.parse("a.txt", CiscoExcerpts.ARP);
        assertThat(arp.entries()).containsExactly(
                new CiscoArp.Entry(2, 0xAC14_1402L, 0x0014_c240_a576L, "vlan20"),
                new CiscoArp.Entry(3, 0xAC14_1409L, 0x0011_21b3_cb00L, "vlan20"),
                new CiscoArp.Entry(4, 0xAC14_1405L, 0x0016_355b_9064L, "vlan20"));
        assertThat(arp.incomplete()).isEqualTo(1);
    }

    @Test
    void macTableJoinsContinuationLines() {
        CiscoMacTable mac = CiscoMacTable.parse("m.txt", CiscoExcerpts.MAC);
        assertThat(mac.entries()).containsExactly(
                new CiscoMacTable.Entry(3, 20, 0x0014_c240_a576L, true, List.of("te2/1")),
                new CiscoMacTable.Entry(4, 20, 0x0011_21b3_cb00L, false, List.of("Router")),
                new CiscoMacTable.Entry(5, 20, 0x3333_0000_000dL, false, List.of("te2/1", "gi4/4")),
                new CiscoMacTable.Entry(7, CiscoMacTable.NO_VLAN, 0, false, List.of("Router")));
    }

    @Test
    void spanningTreeKeepsForwardingPortsPerVlan() {
        CiscoSpanningTree stp = CiscoSpanningTree.parse("s.txt", CiscoExcerpts.STP);
        assertThat(stp.forwarding()).containsExactly(Map.entry(20, List.of("te2/1", "gi4/4")), Map.entry(30, List.of()));
        assertThat(stp.blocked()).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "arp|Protocol Address|line 1: expected the header",
            "arp|Protocol  Address          Age (min)  Hardware Addr   Type   Interface\\nInternet 1.2.3.4 5 0011.2233.4455 SNAP Vlan2|line 2: expected \"Internet",
            "arp|Protocol  Address          Age (min)  Hardware Addr   Type   Interface\\nInternet 1.2.3.4 5 0011.22 ARPA Vlan2|line 2: expected a MAC address",
            "arp|Protocol  Address          Age (min)  Hardware Addr   Type   Interface\\nInternet 1.2.3 5 0011.2233.4455 ARPA Vlan2|line 2: address: expected a dotted IPv4 address",
            "mac|vlan mac address type learn age ports\\n-----+----\\n*  20 0011.2233.4455 dynamic Maybe 5 Te1/1|line 3: expected learn Yes or No",
            "mac|vlan mac address type learn age ports\\n-----+----\\n*  5000 0011.2233.4455 dynamic Yes 5 Te1/1|line 3: VLAN: expected an integer 1..4094",
            "mac|vlan mac address type learn age ports\\n-----+----\\n        Te1/1|line 3: expected a table row before a continuation",
            "mac|vlan mac address type learn age ports\\n*  20 0011.2233.4455 dynamic Yes 5 Te1/1|line 2: expected the dashed rule",
            "mac|vlan mac address type learn age ports\\n-----+----\\n*  20 0011.2233.4455 dynamic Yes 5 Xe1/1|line 3: expected an interface name",
            "stp|Te1/1 Desg FWD 2 128.1 P2p|line 1: expected a VLANnnnn block header",
            "stp|VLAN0002\\nInterface Role Sts Cost Prio.Nbr Type\\nTe1/1 Desg GO 2 128.1 P2p|line 3: expected a port status",
            "stp|VLAN0002\\nInterface Role Sts Cost Prio.Nbr Type\\nTe1/1 Boss FWD 2 128.1 P2p|line 3: expected a port role",
            "stp|VLAN0002\\nsomething else|line 2: expected \"<port> <role>",
            "stp|VLAN0002\\nVLAN0002|line 2: VLAN 2 has a second block",
    })
    void errorsNameFileAndLine(String table, String text, String message) {
        String t = text.replace("\\n", "\n");
        assertThatThrownBy(() -> {
            switch (table) {
                case "arp" -> CiscoArp.parse("x.txt", t);
                case "mac" -> CiscoMacTable.parse("x.txt", t);
                default -> CiscoSpanningTree.parse("x.txt", t);
            }
        }).isInstanceOf(BadInputException.class).hasMessageStartingWith("x.txt: ").hasMessageContaining(message);
    }
}
