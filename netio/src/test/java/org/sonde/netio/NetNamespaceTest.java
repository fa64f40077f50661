package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NetNamespaceTest {
    @Test
    void macAddressesParseAndBadOnesSayWhatIsExpected() {
        assertThat(NetNamespace.parseMac("02:00:0a:ff:10:01")).containsExactly(2, 0, 10, -1, 16, 1);
        assertThatThrownBy(() -> NetNamespace.parseMac("02:00:0a")).hasMessageContaining("expected aa:bb:cc:dd:ee:ff");
        assertThatThrownBy(() -> NetNamespace.parseMac("02:00:0a:ff:10:zz")).hasMessageContaining("not a MAC address");
    }

    @Test
    void aFailingIpCommandSaysWhatFailedAndWhy() {
        assertThatThrownBy(() -> NetNamespace.ip("link", "show", "dev", "no-such-if-0"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("ip link show dev no-such-if-0 failed");
    }
}
