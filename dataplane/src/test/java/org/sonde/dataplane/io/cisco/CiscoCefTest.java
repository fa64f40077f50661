package org.sonde.dataplane.io.cisco;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sonde.core.BadInputException;

class CiscoCefTest {
    private static final String FILE = "goza_rtr_route.txt";

    @Test
    void rowsKindsAndContinuations() {
        CiscoCef cef = CiscoCef.parse(FILE, CiscoExcerpts.CEF);
        assertThat(cef.routes()).hasSize(12);
        assertThat(cef.ecmpContinuations()).isEqualTo(1);
        assertThat(cef.routes().getFirst()).isEqualTo(new CiscoCef.Route(2, 0, 0, CiscoCef.Kind.ADDRESS, 0xAC14_1402L, "vlan20"));
        assertThat(cef.routes().get(1)).isEqualTo(new CiscoCef.Route(3, 0, 8, CiscoCef.Kind.DROP, 0, ""));
        assertThat(cef.routes().get(2)).isEqualTo(new CiscoCef.Route(4, 0x0A00_0000L, 8, CiscoCef.Kind.ATTACHED, 0, "null0"));
        assertThat(cef.routes().get(3).iface()).isEqualTo("gi4/6.17");
        assertThat(cef.routes().get(7).nextHop()).isEqualTo(0xAC14_1405L); // the first of the two equal-cost next hops
        assertThat(cef.routes()).filteredOn(r -> r.kind() == CiscoCef.Kind.RECEIVE).hasSize(2);
        assertThat(cef.routes()).filteredOn(r -> r.kind() == CiscoCef.Kind.MULTICAST).hasSize(1);
        assertThat(cef.routes().getLast()).isEqualTo(new CiscoCef.Route(14, 0xFFFF_FFFFL, 32, CiscoCef.Kind.RECEIVE, 0, ""));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Prefix Next Hop|line 1: expected the header",
            "Prefix Next Hop Interface\\n10.0.0.0/8 10.1.1.1|line 2: expected an interface after next hop 10.1.1.1",
            "Prefix Next Hop Interface\\n10.0.0.0/33 drop|line 2: prefix length: expected an integer 0..32",
            "Prefix Next Hop Interface\\n10.0.0.1/8 drop|line 2: prefix 10.0.0.1/8 has bits set beyond its length",
            "Prefix Next Hop Interface\\n10.0.0.0 drop|line 2: expected a prefix a.b.c.d/len",
            "Prefix Next Hop Interface\\n10.0.0.0/8 glean Vlan2|line 2: expected a next hop",
            "Prefix Next Hop Interface\\n10.0.0.0/8 attached Serial0|line 2: expected an interface name",
            "Prefix Next Hop Interface\\n     10.1.1.1 Vlan2|line 2: expected an equal-cost continuation",
            "Prefix Next Hop Interface\\n10.0.0.0/8 drop\\n     10.1.1.1|line 3: expected an equal-cost continuation",
            "''|line 1: expected the header",
    })
    void errorsNameFileAndLine(String text, String message) {
        assertThatThrownBy(() -> CiscoCef.parse(FILE, text.replace("\\n", "\n")))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith(FILE + ": ").hasMessageContaining(message);
    }
}
