package org.sonde.dataplane.io.junos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

class JunosInterfacesTest {
    private static JunosInterfaces excerpt() {
        return JunosInterfaces.parse("show_interfaces.xml", JunosExcerpts.INTERFACES);
    }

    private static JunosInterfaces.Physical physical(String router, String name) {
        return excerpt().routers().get(router).stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void routersInterfacesUnitsAndAddresses() {
        JunosInterfaces ifs = excerpt();
        assertThat(ifs.routers().keySet()).containsExactly("wash", "atla", "hous");
        assertThat(ifs.routers().get("atla")).extracting(JunosInterfaces.Physical::name)
                .containsExactly("xe-0/0/3", "xe-1/0/1", "xe-1/0/2", "xe-1/0/3", "ge-6/0/0", "ge-7/0/0", "ge-7/0/5", "ae0", "ae8");
        JunosInterfaces.Physical member = physical("atla", "xe-0/0/3");
        assertThat(member.description()).isEqualTo("LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-05251");
        assertThat(member.units()).extracting(JunosInterfaces.Logical::aeBundle).containsExactly("ae8.10", "ae8.20");
        assertThat(member.units().getFirst().families()).containsExactly("aenet");
        assertThat(physical("atla", "ae0").units()).isEmpty();
        // Escaped text is unescaped; the inet6 family (with its nested interface-address) gives no IPv4 address.
        JunosInterfaces.Logical ae810 = physical("atla", "ae8").units().getFirst();
        assertThat(ae810.description()).isEqualTo("BACKBONE: ATLA-WASH R&E VLAN | I2-ATLA-WASH-VLAN-06162");
        assertThat(ae810.families()).containsExactly("inet", "inet6");
        assertThat(ae810.inet()).hasSize(1);
        JunosInterfaces.Address a = ae810.inet().getFirst();
        assertThat(List.of(a.local(), a.subnet(), (long) a.length())).containsExactly(0x4039_1C06L, 0x4039_1C06L, 31L);
        // Junos abbreviates 64.57.24.0/24 as 64.57.24/24.
        JunosInterfaces.Address abbreviated = physical("wash", "ge-7/0/0").units().getFirst().inet().getFirst();
        assertThat(List.of(abbreviated.local(), abbreviated.subnet(), (long) abbreviated.length())).containsExactly(0x4039_18FEL, 0x4039_1800L, 24L);
        assertThat(physical("atla", "ge-7/0/5").units().getFirst().families()).containsExactly("ccc");
    }

    @Test
    void malformedDocumentsNameTheLine() {
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", "<vn><router name=\"a\"><interface-information><physical-interface>"
                + "<description>d</description></physical-interface></interface-information></router></vn>"))
                .isInstanceOf(BadInputException.class).hasMessage("x.xml: line 1: expected a <name> in this <physical-interface>");
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", "<interfaces/>")).isInstanceOf(BadInputException.class)
                .hasMessage("x.xml: line 1: expected the root element <vn>, got <interfaces>");
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", "<vn>\n<router>\n</router></vn>")).isInstanceOf(BadInputException.class)
                .hasMessage("x.xml: line 2: expected <router name=\"…\">, got a router without a name");
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", "<vn>\n<physical-interface/></vn>")).isInstanceOf(BadInputException.class)
                .hasMessage("x.xml: line 2: expected <physical-interface> inside <router><interface-information>");
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", JunosExcerpts.INTERFACES.replace("<ifa-local>64.57.28.43</ifa-local>", "<ifa-local>64.57.28</ifa-local>")))
                .isInstanceOf(BadInputException.class).hasMessageMatching("x\\.xml: line [0-9]+: ifa-local: expected a dotted IPv4 address, got \"64\\.57\\.28\"");
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", "<vn>\n<router name=\"a\"></router>\n<router name=\"a\"></router></vn>"))
                .isInstanceOf(BadInputException.class).hasMessage("x.xml: line 3: router a appears twice");
        assertThatThrownBy(() -> JunosInterfaces.parse("x.xml", "<vn>\n<!DOCTYPE vn [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><vn>&x;</vn>"))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("x.xml: line 2: expected well-formed XML");
    }
}
