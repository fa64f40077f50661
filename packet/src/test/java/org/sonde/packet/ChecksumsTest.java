package org.sonde.packet;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.packet.SampleFrames.hex;

class ChecksumsTest {

    @Test
    void rfc1071NumericalExample() {
        // RFC 1071 section 3: the words 0001 f203 f4f5 f6f7 sum to ddf2 (after carries).
        byte[] b = hex("0001f203f4f5f6f7");
        assertThat(Checksums.fold(Checksums.sum(b, 0, b.length))).isEqualTo(0xddf2);
        assertThat(Checksums.internetChecksum(b, 0, b.length)).isEqualTo(0x220d);
    }

    @Test
    void oddLengthPadsTheLastByteWithZero() {
        assertThat(Checksums.fold(Checksums.sum(hex("0001f203f4"), 0, 5))).isEqualTo(Checksums.fold(Checksums.sum(hex("0001f203f400"), 0, 6)));
    }

    @Test
    void knownIpv4HeaderChecksum() {
        // A widely used worked example: 192.168.0.1 -> 192.168.0.199, UDP, checksum b861.
        byte[] header = hex("450000730000400040110000c0a80001c0a800c7");
        assertThat(Checksums.internetChecksum(header, 0, header.length)).isEqualTo(0xb861);
        header[10] = (byte) 0xb8;
        header[11] = 0x61;
        assertThat(Checksums.verify(header, 0, header.length)).isTrue();
        header[8]--; // TTL changed without fixing the checksum
        assertThat(Checksums.verify(header, 0, header.length)).isFalse();
    }

    @Test
    void ipv4RecordComputesTheSameChecksum() {
        Ipv4Header h = Ipv4Header.decode(hex("45000073000040004011b861c0a80001c0a800c7"), 0, 20);
        assertThat(h.checksumValid()).isTrue();
        assertThat(h.withHeaderChecksum(Header.AUTO).toBytes()).isEqualTo(h.toBytes());
    }

    @Test
    void linuxSynTcpChecksumVerifiesAndRecomputes() {
        byte[] f = hex(SampleFrames.LINUX_SYN_HEX);
        assertThat(Checksums.verifyTransport(f, 14, IpProtocols.TCP, 34, f.length - 34)).isTrue();
        assertThat(Checksums.computeTransport(f, 14, IpProtocols.TCP, 34, f.length - 34)).isEqualTo(0x7110);
        f[40]++;
        assertThat(Checksums.verifyTransport(f, 14, IpProtocols.TCP, 34, f.length - 34)).isFalse();
    }

    @Test
    void udpChecksumZeroMeansNoneOverIpv4ButNotOverIpv6() {
        byte[] v4 = SampleFrames.ethernetIpv4().add(new UdpHeader(1, 2, Header.AUTO, 0)).payload(new byte[3]).build().encode();
        assertThat(Checksums.verifyTransport(v4, 14, IpProtocols.UDP, 34, 11)).isTrue();
        byte[] v6 = SampleFrames.ethernetIpv6().add(new UdpHeader(1, 2, Header.AUTO, 0)).payload(new byte[3]).build().encode();
        assertThat(Checksums.verifyTransport(v6, 14, IpProtocols.UDP, 54, 11)).isFalse();
    }

    @Test
    void udpChecksumThatComputesToZeroIsSentAsAllOnes() {
        // Find a payload whose checksum field would be 0 and check 0xffff is stored instead (RFC 768).
        for (int x = 0; x <= 0xFFFF; x++) {
            byte[] f = SampleFrames.ethernetIpv4().add(UdpHeader.of(1, 2)).payload(new byte[] {(byte) (x >> 8), (byte) x}).build().encode();
            int stored = Bytes.u16(f, 34 + UdpHeader.OFF_CHECKSUM);
            assertThat(stored).isNotZero();
            if (stored == 0xFFFF) {
                assertThat(Checksums.verifyTransport(f, 14, IpProtocols.UDP, 34, 10)).isTrue();
                return;
            }
        }
        throw new AssertionError("no payload made the UDP checksum compute to zero");
    }
}
