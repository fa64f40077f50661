package org.sonde.packet.synth;

import org.junit.jupiter.api.Test;
import org.sonde.packet.PacketView;
import org.sonde.packet.TcpHeader;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScriptedTrafficTest {
    @Test
    void everyFrameDecodesWithGoodChecksumsInTimeOrder() {
        List<ScriptedTraffic.Frame> frames = ScriptedTraffic.frames(1);
        PacketView v = new PacketView();
        List<String> kinds = new ArrayList<>();
        long last = Long.MIN_VALUE;
        for (ScriptedTraffic.Frame f : frames) {
            assertThat(f.timeNanos()).isGreaterThan(last);
            last = f.timeNanos();
            v.dissect(f.bytes(), 0, f.bytes().length);
            if (v.isIpv4()) assertThat(v.ipv4ChecksumValid()).isTrue();
            assertThat(v.l4ChecksumValid()).isTrue();
            kinds.add(v.isVxlan() ? "vxlan" : v.vlanCount() > 0 ? "vlan" : v.isIpv6() ? "ipv6" : v.isTcp() ? "tcp" : v.isIcmp() ? "icmp" : "other");
        }
        // the connection: handshake, nine of ten segments, an ACK and three duplicate ACKs, the retransmission, its ACK, the close
        assertThat(kinds).containsExactly(
                "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp",
                "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp", "tcp",
                "icmp", "icmp", "vlan", "ipv6", "vxlan");
    }

    @Test
    void theLostSegmentIsRetransmittedAfterThreeDuplicateAcks() {
        PacketView v = new PacketView();
        List<Long> clientSeqs = new ArrayList<>();
        List<Long> serverAcks = new ArrayList<>();
        for (ScriptedTraffic.Frame f : ScriptedTraffic.frames(1)) {
            v.dissect(f.bytes(), 0, f.bytes().length);
            if (!v.isTcp()) continue;
            if (v.tcpPayloadLength() > 0) clientSeqs.add(v.tcpSeq());
            if (v.srcPort() == 443 && (v.tcpFlags() & (TcpHeader.FLAG_SYN | TcpHeader.FLAG_FIN)) == 0) serverAcks.add(v.tcpAck());
        }
        // nine segments, then the fourth again (the hole)
        assertThat(clientSeqs).hasSize(10);
        long hole = clientSeqs.get(3) - 1448;
        assertThat(clientSeqs.getLast()).isEqualTo(hole);
        // the ACK up to the hole, three duplicates, then the ACK of everything
        assertThat(serverAcks).containsExactly(hole, hole, hole, hole, clientSeqs.get(0) + 10 * 1448L);
    }

    @Test
    void theSameSeedGivesTheSameFrames() {
        List<ScriptedTraffic.Frame> a = ScriptedTraffic.frames(3);
        List<ScriptedTraffic.Frame> b = ScriptedTraffic.frames(3);
        List<ScriptedTraffic.Frame> c = ScriptedTraffic.frames(4);
        assertThat(b).hasSameSizeAs(a);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).timeNanos()).isEqualTo(a.get(i).timeNanos());
            assertThat(b.get(i).bytes()).isEqualTo(a.get(i).bytes());
        }
        assertThat(c.getFirst().bytes()).isNotEqualTo(a.getFirst().bytes());
    }
}
