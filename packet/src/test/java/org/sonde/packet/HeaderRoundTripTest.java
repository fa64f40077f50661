package org.sonde.packet;

import java.util.Arrays;
import java.util.Random;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/** Every header record: random fields, encode, decode back to an equal record; the bytes survive a second round. */
class HeaderRoundTripTest {

    @FunctionalInterface
    interface Decoder {
        Header decode(byte[] b, int off, int len);
    }

    /** Encodes at an odd offset inside a larger array (catches offset bugs), decodes, compares. */
    private static void assertRoundTrip(Header h, Decoder decoder) {
        int off = 3;
        byte[] b = new byte[off + h.length() + 5];
        Arrays.fill(b, (byte) 0x5A);
        int written = h.encode(b, off);
        assertThat(written).isEqualTo(h.length());
        assertThat(b[off - 1]).as("byte before the header untouched").isEqualTo((byte) 0x5A);
        assertThat(b[off + written]).as("byte after the header untouched").isEqualTo((byte) 0x5A);
        Header back = decoder.decode(b, off, h.length());
        assertThat(back).isEqualTo(h);
        assertThat(back.toBytes()).isEqualTo(Arrays.copyOfRange(b, off, off + written));
    }

    @Property(tries = 300)
    void ethernet(@ForAll("ethernets") EthernetHeader h) {
        assertRoundTrip(h, EthernetHeader::decode);
    }

    @Property(tries = 300)
    void vlanTag(@ForAll("vlans") VlanTag h) {
        assertRoundTrip(h, VlanTag::decode);
    }

    @Property(tries = 300)
    void ipv4(@ForAll("ipv4s") Ipv4Header h) {
        assertRoundTrip(h, Ipv4Header::decode);
    }

    @Property(tries = 300)
    void ipv6(@ForAll("ipv6s") Ipv6Header h) {
        assertRoundTrip(h, Ipv6Header::decode);
    }

    @Property(tries = 300)
    void ipv6ExtensionHeader(@ForAll("ipv6Extensions") Ipv6ExtensionHeader h) {
        assertRoundTrip(h, (b, off, len) -> Ipv6ExtensionHeader.decode(h.type(), b, off, len));
    }

    @Property(tries = 300)
    void ipv6FragmentHeader(@ForAll("ipv6Fragments") Ipv6FragmentHeader h) {
        assertRoundTrip(h, Ipv6FragmentHeader::decode);
    }

    @Property(tries = 300)
    void icmp(@ForAll("icmps") IcmpHeader h) {
        assertRoundTrip(h, IcmpHeader::decode);
    }

    @Property(tries = 300)
    void udp(@ForAll("udps") UdpHeader h) {
        assertRoundTrip(h, UdpHeader::decode);
    }

    @Property(tries = 500)
    void tcpWithOptions(@ForAll("tcps") TcpHeader h) {
        assertRoundTrip(h, TcpHeader::decode);
    }

    @Property(tries = 300)
    void vxlan(@ForAll("vxlans") VxlanHeader h) {
        assertRoundTrip(h, VxlanHeader::decode);
    }

    @Property(tries = 500)
    void bth(@ForAll("bths") Bth h) {
        assertRoundTrip(h, Bth::decode);
    }

    @Property(tries = 500)
    void roceExtensionHeaders(@ForAll("roceExtensions") Header h) {
        RoceExtensionHeader kind = RoceExtensionHeader.of(h);
        assertThat(h.length()).isEqualTo(kind.lengthBytes());
        assertRoundTrip(h, kind::decode);
    }

    @Property(tries = 200)
    void icrcAndPadding(@ForAll int value, @ForAll("smallLengths") int padBytes) {
        assertRoundTrip(new Icrc(value), Icrc::decode);
        assertRoundTrip(new Padding(RandomHeaders.bytes(new Random(value), padBytes)), Padding::decode);
    }

    @Provide Arbitrary<Integer> smallLengths() { return net.jqwik.api.Arbitraries.integers().between(0, 64); }
    @Provide Arbitrary<EthernetHeader> ethernets() { return RandomHeaders.of(RandomHeaders::ethernet); }
    @Provide Arbitrary<VlanTag> vlans() { return RandomHeaders.of(RandomHeaders::vlan); }
    @Provide Arbitrary<Ipv4Header> ipv4s() { return RandomHeaders.of(RandomHeaders::ipv4); }
    @Provide Arbitrary<Ipv6Header> ipv6s() { return RandomHeaders.of(RandomHeaders::ipv6); }
    @Provide Arbitrary<Ipv6ExtensionHeader> ipv6Extensions() { return RandomHeaders.of(RandomHeaders::ipv6Extension); }
    @Provide Arbitrary<Ipv6FragmentHeader> ipv6Fragments() { return RandomHeaders.of(RandomHeaders::ipv6Fragment); }
    @Provide Arbitrary<IcmpHeader> icmps() { return RandomHeaders.of(RandomHeaders::icmp); }
    @Provide Arbitrary<UdpHeader> udps() { return RandomHeaders.of(RandomHeaders::udp); }
    @Provide Arbitrary<TcpHeader> tcps() { return RandomHeaders.of(RandomHeaders::tcp); }
    @Provide Arbitrary<VxlanHeader> vxlans() { return RandomHeaders.of(RandomHeaders::vxlan); }
    @Provide Arbitrary<Bth> bths() { return RandomHeaders.of(RandomHeaders::bth); }
    @Provide Arbitrary<Header> roceExtensions() { return RandomHeaders.of(RandomHeaders::roceExtension); }
}
