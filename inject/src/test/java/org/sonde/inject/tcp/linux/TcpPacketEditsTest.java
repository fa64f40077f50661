package org.sonde.inject.tcp.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.config.HeaderField;
import org.sonde.packet.Checksums;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.TcpHeader;

class TcpPacketEditsTest {
    private static byte[] segment() {
        byte[] frame = Packet.builder().add(EthernetHeader.of(new MacAddress(2), new MacAddress(1)))
                .add(Ipv4Header.builder(Ipv4Address.parse("10.1.0.1"), Ipv4Address.parse("10.2.0.1")).ecn(2).build())
                .add(TcpHeader.builder(40000, 5001).sequenceNumber(7).acknowledgmentNumber(9).flags(TcpHeader.FLAG_ACK).window(5000).build())
                .payload(new byte[] {1, 2, 3, 4, 5}).build().encode();
        return java.util.Arrays.copyOfRange(frame, 14, frame.length);
    }

    private static boolean ipOk(byte[] ip) {
        return Checksums.verify(ip, 0, 20);
    }

    private static boolean tcpOk(byte[] ip) {
        return Checksums.verifyTransport(ip, 0, IpProtocols.TCP, 20, ip.length - 20);
    }

    @Test
    void aCeMarkKeepsTheIpChecksumRight() {
        byte[] ip = segment();
        TcpPacketEdits.markCe(ip);
        assertThat(ip[1] & 3).isEqualTo(3);
        assertThat(ipOk(ip)).isTrue();
        assertThat(tcpOk(ip)).isTrue();
    }

    @Test
    void rewritesKeepTheChecksumsRight() {
        byte[] ip = segment();
        TcpPacketEdits.rewrite(ip, ip.length, Map.of(HeaderField.TCP_WINDOW, 0, HeaderField.TCP_FLAGS, TcpHeader.FLAG_ACK | TcpHeader.FLAG_ECE | TcpHeader.FLAG_NS,
                HeaderField.ECN, 0));
        TcpHeader tcp = TcpHeader.decode(ip, 20, ip.length - 20);
        assertThat(tcp.window()).isZero();
        assertThat(tcp.flags()).isEqualTo(TcpHeader.FLAG_ACK | TcpHeader.FLAG_ECE | TcpHeader.FLAG_NS);
        assertThat(ip[1] & 3).isZero();
        assertThat(ipOk(ip)).isTrue();
        assertThat(tcpOk(ip)).isTrue();
    }

    @Test
    void corruptionBreaksOnlyTheTcpChecksum() {
        byte[] ip = segment();
        TcpPacketEdits.corrupt(ip, ip.length);
        assertThat(ip[ip.length - 1]).isEqualTo((byte) 4);
        assertThat(ipOk(ip)).isTrue();
        assertThat(tcpOk(ip)).isFalse();
    }
}
