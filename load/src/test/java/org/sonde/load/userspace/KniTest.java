package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;

class KniTest {
    private static LoadConfig parse(String text) {
        return ConfigParser.parse(Path.of("t.conf"), text).config();
    }

    @Test
    void theTapGetsThePortsMacThisSidesAddressesAndARouteToTheGateway() {
        byte[] mac = {2, 0, 0, 0, 0, (byte) 0xab};
        LoadConfig client = parse("mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth-a 10.0.0.2 10.0.0.1\nkni\n");
        assertThat(Kni.commands(client, "kni-veth-a", mac)).containsExactly(
                "link set dev kni-veth-a address 02:00:00:00:00:ab",
                "addr add 10.0.0.2/32 dev kni-veth-a", "addr add 10.1.0.1/32 dev kni-veth-a", "addr add 10.1.0.2/32 dev kni-veth-a",
                "link set dev kni-veth-a up",
                "route add 10.0.0.1/32 dev kni-veth-a src 10.0.0.2");
        // a server whose listen address is the port's own gets it once
        LoadConfig server = parse("mode server\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\nport veth-b 10.0.0.1 10.0.0.2\nduration 1h\nkni\n");
        assertThat(Kni.commands(server, "kni-veth-b", mac)).filteredOn(c -> c.startsWith("addr add")).containsExactly("addr add 10.0.0.1/32 dev kni-veth-b");
    }

    @Test
    void overIpv6TheTapsAddressesAreHostRoutesWithoutDuplicateAddressDetection() {
        byte[] mac = {2, 0, 0, 0, 0, (byte) 0xab};
        LoadConfig client = parse("mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 1\ncps 10\nport veth-a fd00::2 fd00::1\nkni\n");
        assertThat(Kni.commands(client, "kni-veth-a", mac)).containsExactly(
                "link set dev kni-veth-a address 02:00:00:00:00:ab",
                "addr add fd00:0:0:0:0:0:0:2/128 dev kni-veth-a nodad", "addr add fd00:0:0:0:0:0:1:100/128 dev kni-veth-a nodad",
                "link set dev kni-veth-a up",
                "route add fd00:0:0:0:0:0:0:1/128 dev kni-veth-a src fd00:0:0:0:0:0:0:2");
    }
}
