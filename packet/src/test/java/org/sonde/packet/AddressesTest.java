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

    /** The allocation-free scanner accepts exactly the dotted quads, at any offset of a longer text. */
    @Property
    void ipv4ScannerAcceptsExactlyDottedQuads(@ForAll("dottedish") String text, @ForAll int v4) {
        long scanned = Ipv4Address.parseValue(text, 0, text.length());
        String[] parts = text.split("\\.", -1);
        boolean quad = parts.length == 4 && java.util.Arrays.stream(parts)
                .allMatch(p -> !p.isEmpty() && p.length() <= 3 && Integer.parseInt(p) <= 255);
        assertThat(scanned >= 0).as(text).isEqualTo(quad);
        if (quad) {
            assertThat(Ipv4Address.format((int) scanned)).isEqualTo(java.util.Arrays.stream(parts)
                    .map(p -> String.valueOf(Integer.parseInt(p))).collect(java.util.stream.Collectors.joining(".")));
        }
        String framed = "x " + Ipv4Address.format(v4) + " y";
        assertThat(Ipv4Address.parseValue(framed, 2, framed.length() - 2)).isEqualTo(Integer.toUnsignedLong(v4));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> dottedish() {
        return net.jqwik.api.Arbitraries.strings().withChars("0123456789.").ofMinLength(0).ofMaxLength(17);
    }

    @Test
    void ipv4Prefixes() {
        Ipv4Prefix p = Ipv4Prefix.parse("10.1.0.0/16");
        assertThat(p).isEqualTo(new Ipv4Prefix(0x0A01_0000, 16)).hasToString("10.1.0.0/16");
        assertThat(p.contains(Ipv4Prefix.parse("10.1.2.0/24"))).isTrue();
        assertThat(p.contains(Ipv4Prefix.parse("10.0.0.0/8"))).isFalse();
        assertThat(Ipv4Prefix.covering(0x0A01_0203, 24)).hasToString("10.1.2.0/24");
        assertThat(Ipv4Prefix.parseOrNull("10.1.0.1/16")).isNull(); // bits after the prefix
        assertThat(Ipv4Prefix.parseOrNull("10.1.0.0/33")).isNull();
        assertThat(Ipv4Prefix.parseOrNull("10.1.0.0")).isNull();
        assertThat(Ipv4Prefix.parseOrNull("0.0.0.0/0")).isEqualTo(new Ipv4Prefix(0, 0));
        assertThat(Ipv4Prefix.parseOrNull("10.1.0.0/016")).isEqualTo(p);
        assertThat(Ipv4Prefix.parseLength("0000000033", 0, 10)).isEqualTo(-1);
        assertThatThrownBy(() -> Ipv4Prefix.parse("10.1/16")).hasMessageContaining("expected a prefix a.b.c.d/n");
        assertThatThrownBy(() -> new Ipv4Prefix(1, 31)).hasMessage("0.0.0.1/31 has bits set after the first 31");
    }

    /** Sorted prefixes put every prefix inside another right after it, as one run (the subnet trie's pre-order). */
    @Property
    void prefixesInsideAPrefixFollowItAsOneRun(@ForAll int a, @ForAll @net.jqwik.api.constraints.IntRange(max = 32) int la,
            @ForAll int b, @ForAll @net.jqwik.api.constraints.IntRange(max = 32) int lb) {
        Ipv4Prefix outer = Ipv4Prefix.covering(a, la);
        Ipv4Prefix other = Ipv4Prefix.covering(b, lb);
        assertThat(Ipv4Prefix.parse(outer.toString())).isEqualTo(outer);
        if (outer.contains(other) && !outer.equals(other)) {
            assertThat(outer.compareTo(other)).isNegative();
            // everything sorting between them is inside outer too
            Ipv4Prefix between = Ipv4Prefix.covering(outer.address() + ((other.address() - outer.address()) >>> 1), 32);
            if (between.compareTo(outer) > 0 && between.compareTo(other) < 0) {
                assertThat(outer.contains(between)).isTrue();
            }
        }
    }

    @Property
    void macTextRoundTrips(@ForAll long mac) {
        MacAddress m = new MacAddress(mac >>> 16);
        assertThat(MacAddress.parse(m.toString())).isEqualTo(m);
    }
}
