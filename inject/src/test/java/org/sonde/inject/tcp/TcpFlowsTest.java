package org.sonde.inject.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.tcp.TcpPackets.MSS;
import static org.sonde.inject.tcp.TcpPackets.ip;

import org.junit.jupiter.api.Test;
import org.sonde.packet.TcpHeader;

class TcpFlowsTest {
    private static final int ACK = TcpHeader.FLAG_ACK;
    private final TcpFlows flows = new TcpFlows();

    private TcpPacketInfo see(byte[] ip) {
        return flows.classify(ip, ip.length);
    }

    @Test
    void connectionsAreNumberedByTheirFirstSynAndNumbersAreRelative() {
        assertThat(see(ip(true, 40000, 0, 0, TcpHeader.FLAG_SYN, 0, 0)).connection()).isEqualTo(1);
        assertThat(see(ip(true, 40001, 0, 0, TcpHeader.FLAG_SYN, 0, 0)).connection()).isEqualTo(2);
        TcpPacketInfo synAck = see(ip(false, 40001, 0, 1, TcpHeader.FLAG_SYN | ACK, 0, 0));
        assertThat(synAck.connection()).isEqualTo(2);
        assertThat(synAck.fromClient()).isFalse();
        assertThat(synAck.relSeq()).isZero();
        assertThat(synAck.relAck()).isEqualTo(1);
        TcpPacketInfo data = see(ip(true, 40001, 1, 1, ACK, 500, 2));
        assertThat(data.fromClient()).isTrue();
        assertThat(data.relSeq()).isEqualTo(1);
        assertThat(data.endSeq()).isEqualTo(501);
        assertThat(data.ecn()).isEqualTo(2);
        // a packet of a connection whose SYN was not seen is none of the test's
        assertThat(see(ip(true, 40009, 1, 1, ACK, 100, 0)).connection()).isZero();
        assertThat(flows.connections()).isEqualTo(2);
    }

    @Test
    void segmentsAreCountedAndRetransmissionsNumberTheirIterations() {
        see(ip(true, 40000, 0, 0, TcpHeader.FLAG_SYN, 0, 0));
        see(ip(false, 40000, 0, 1, TcpHeader.FLAG_SYN | ACK, 0, 0));
        for (int n = 1; n <= 4; n++) {
            TcpPacketInfo p = see(ip(true, 40000, 1 + (n - 1) * MSS, 1, ACK, MSS, 0));
            assertThat(p.segment()).isEqualTo(n);
            assertThat(p.iteration()).isEqualTo(1);
        }
        TcpPacketInfo again = see(ip(true, 40000, 1 + MSS, 1, ACK, MSS, 0));
        assertThat(again.segment()).isEqualTo(2);
        assertThat(again.iteration()).isEqualTo(2);
        // a coalesced retransmission carries the first bytes of segments 2 and 3: their third and second sending
        TcpPacketInfo both = see(ip(true, 40000, 1 + MSS, 1, ACK, 2 * MSS, 0));
        assertThat(both.carried()).containsExactly(2, 3);
        assertThat(both.carriedIterations()).containsExactly(3, 2);
        // starting inside segment 4, it is segment 4 again
        TcpPacketInfo inside = see(ip(true, 40000, 1 + 3 * MSS + 100, 1, ACK, 900, 0));
        assertThat(inside.segment()).isEqualTo(4);
        assertThat(inside.iteration()).isEqualTo(2);
        // old and new bytes at once: segment 4 again and a new segment 5 from where the data ended
        TcpPacketInfo mixed = see(ip(true, 40000, 1 + 3 * MSS, 1, ACK, 2 * MSS, 0));
        assertThat(mixed.carried()).containsExactly(4, 5);
        assertThat(mixed.carriedIterations()).containsExactly(3, 1);
        assertThat(see(ip(true, 40000, 1 + 5 * MSS, 1, ACK, MSS, 0)).segment()).isEqualTo(6);
    }

    @Test
    void acknowledgementsWithoutDataAreNumberedAndSackBlocksAreRelative() {
        see(ip(true, 40000, 0, 0, TcpHeader.FLAG_SYN, 0, 0));
        see(ip(false, 40000, 0, 1, TcpHeader.FLAG_SYN | ACK, 0, 0));
        assertThat(see(ip(true, 40000, 1, 1, ACK, 0, 0)).ack()).isEqualTo(1); // the client's handshake ACK
        assertThat(see(ip(false, 40000, 1, 1001, ACK, 0, 0)).ack()).isEqualTo(1);
        TcpPacketInfo sacked = see(ip(false, 40000, 1, 1001, ACK, 0, 0, 2001, 4001));
        assertThat(sacked.ack()).isEqualTo(2);
        assertThat(sacked.sack()).containsExactly(2001, 4001);
        assertThat(see(ip(false, 40000, 1, 1001, TcpHeader.FLAG_FIN | ACK, 0, 0)).ack()).isZero();
    }

    @Test
    void whatIsNotTcpOverIpv4IsNoneOfTheTests() {
        assertThat(see(new byte[10])).isSameAs(TcpPacketInfo.NONE);
        byte[] udp = ip(true, 40000, 0, 0, TcpHeader.FLAG_SYN, 0, 0);
        udp[9] = 17;
        assertThat(see(udp)).isSameAs(TcpPacketInfo.NONE);
        byte[] v6 = udp.clone();
        v6[0] = 0x60;
        assertThat(see(v6)).isSameAs(TcpPacketInfo.NONE);
    }
}
