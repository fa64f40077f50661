package org.sonde.packet;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AddressesTest {

    @Test
    void macAddress() {
        MacAddress m = MacAddress.parse("E4:1D:2D:AB:2B:C2");
        assertThat(m.value()).isEqualTo(0xE41D2DAB2BC2L);
        assertThat(m).hasToString("e4:1d:2d:ab:2b:c2");
        assertThat(MacAddress.parse("01-00-5e-00-00-01").isMulticast()).isTrue();
        assertThatThrownBy(() -> MacAddress.parse("e4:1d:2d:ab:2b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MacAddress.parse("e4:1d:2d:ab:2b:+f")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ipv4Address() {
        assertThat(Ipv4Address.parse("192.168.0.7").value()).isEqualTo(0xC0A80007);
        assertThat(new Ipv4Address(0xFFFFFFFF)).hasToString("255.255.255.255");
        assertThatThrownBy(() -> Ipv4Address.parse("1.2.3.256")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv4Address.parse("1.2.3")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv4Address.parse("1.2.3.-4")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ipv6TextIsRfc5952Canonical() {
        assertThat(Ipv6Address.parse("2001:0DB8:0000:0000:0000:0000:0000:0001")).hasToString("2001:db8::1");
        assertThat(Ipv6Address.parse("2001:db8:0:0:1:0:0:1")).hasToString("2001:db8::1:0:0:1");
        assertThat(Ipv6Address.parse("2001:db8:0:1:1:1:1:1")).hasToString("2001:db8:0:1:1:1:1:1");
        assertThat(Ipv6Address.parse("::")).hasToString("::");
        assertThat(Ipv6Address.parse("::1")).hasToString("::1");
        assertThat(Ipv6Address.parse("fe80::")).hasToString("fe80::");
        assertThat(Ipv6Address.parse("::ffff:10.0.0.1")).isEqualTo(new Ipv6Address(0, 0xFFFF_0A00_0001L));
        assertThatThrownBy(() -> Ipv6Address.parse("1::2::3")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv6Address.parse("1:2:3:4:5:6:7")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv6Address.parse("1:2:3:4:5:6:7:8:9")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv6Address.parse("12345::")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv6Address.parse("1.2.3.4::")).isInstanceOf(IllegalArgumentException.class);
    }

    @Property
    void ipv6TextRoundTrips(@ForAll long high, @ForAll long low) {
        Ipv6Address a = new Ipv6Address(high, low);
        assertThat(Ipv6Address.parse(a.toString())).isEqualTo(a);
        Ipv6Address sparse = new Ipv6Address(high & 0xFFFF_0000_0000_FFFFL, low & 0x0000_FFFF_0000_0000L);
        assertThat(Ipv6Address.parse(sparse.toString())).isEqualTo(sparse);
    }

    @Property
    void ipv4TextRoundTrips(@ForAll int v4) {
        assertThat(Ipv4Address.parse(new Ipv4Address(v4).toString()).value()).isEqualTo(v4);
    }

    @Property
    void macTextRoundTrips(@ForAll long mac) {
        MacAddress m = new MacAddress(mac >>> 16);
        assertThat(MacAddress.parse(m.toString())).isEqualTo(m);
    }
}
