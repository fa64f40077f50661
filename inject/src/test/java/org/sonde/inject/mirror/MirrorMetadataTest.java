package org.sonde.inject.mirror;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.PacketView;
import org.sonde.packet.RoceOpcode;
import org.sonde.sim.rdma.RoceFrame;

/** Anchor behaviour 6 and the metadata's round trip from switch to dumper to trace. */
class MirrorMetadataTest {
    static RoceFrame write(int psn) {
        RoceFrame f = new RoceFrame(RoceOpcode.RC_RDMA_WRITE_MIDDLE, 1024, 3);
        f.sourceIp = 0x0a000001;
        f.destinationIp = 0x0a000002;
        f.sourcePort = 0xC123;
        f.destinationQp = 0xea;
        f.psn = psn;
        f.ecn = 2;
        f.sourceMac = 0x0200_0000_0100L;
        f.destinationMac = 0x0200_0000_0200L;
        return f;
    }

    @Test
    void sequenceStartsAtOneAndWrapsTo1() {
        MirrorSequence s = new MirrorSequence();
        assertThat(s.next()).isEqualTo(1);
        for (long i = 2; i < MirrorSequence.MAX; i++) s.next();
        assertThat(s.next()).isEqualTo(0x7fffffffL);
        assertThat(s.next()).isEqualTo(1);
        MirrorSequence.Unwrapper u = new MirrorSequence.Unwrapper();
        assertThat(new long[] {u.unwrap(0x7ffffffeL), u.unwrap(0x7fffffffL), u.unwrap(1), u.unwrap(2)})
                .containsExactly(0x7ffffffeL, 0x7fffffffL, 0x80000000L, 0x80000001L);
    }

    @Test
    void weightedRoundRobinInterleavesByWeight() {
        WeightedRoundRobin rr = new WeightedRoundRobin(new int[] {2, 1});
        List<Integer> picks = new ArrayList<>();
        for (int i = 0; i < 9; i++) picks.add(rr.next());
        assertThat(picks).containsExactly(0, 1, 0, 0, 1, 0, 0, 1, 0);
        WeightedRoundRobin even = new WeightedRoundRobin(new int[] {1, 1});
        assertThat(new int[] {even.next(), even.next(), even.next(), even.next()}).containsExactly(0, 1, 0, 1);
    }

    @Test
    void switchEncodingAndDumperRestoreRoundTrip() {
        RoceFrame f = write(1004);
        byte[] original = f.encode();
        byte[] copy = f.encode();
        MirrorHeaders.encodeAtSwitch(copy, 256, 0x1234_5678_9ABCL, InjectedEvent.DROP, 9741, 0x4242);
        PacketView v = new PacketView();
        v.dissect(copy, 0, copy.length);
        assertThat(v.dstPort()).isEqualTo(9741);
        assertThat(v.srcPort()).isEqualTo(0x4242);
        assertThat(v.ipv4ChecksumValid()).isTrue();
        assertThat(MirrorHeaders.restoreAtDumper(copy, copy.length, 9742)).as("another port: not a mirror copy").isFalse();
        assertThat(MirrorHeaders.restoreAtDumper(copy, copy.length, 9741)).isTrue();
        v.dissect(copy, 0, copy.length);
        assertThat(v.isRoce()).isTrue();
        assertThat(v.srcPort()).isEqualTo(0xC123);
        assertThat(v.roceIcrcValid()).as("TTL and checksum are masked out of the ICRC").isTrue();
        // source MAC 00:00:00:00:01:00 is sequence 256
        assertThat(java.util.Arrays.copyOfRange(copy, 6, 12)).containsExactly(0, 0, 0, 0, 1, 0);
        assertThat(java.util.Arrays.copyOfRange(copy, 12, copy.length - 4)).isNotEqualTo(java.util.Arrays.copyOfRange(original, 12, original.length - 4));
        TracePacket p = new TraceDecoder().decode(copy, 0, 128, copy.length, "t", "packet 1");
        assertThat(p.sequence()).isEqualTo(256);
        assertThat(p.timestampNanos()).isEqualTo(0x1234_5678_9ABCL);
        assertThat(p.event()).isEqualTo(InjectedEvent.DROP);
        assertThat(p.delivered()).isFalse();
        assertThat(p).extracting(TracePacket::psn, TracePacket::destQp, TracePacket::payloadLength, TracePacket::frameLength, TracePacket::ecn)
                .containsExactly(1004, 0xea, 1024, original.length, 2);
    }

    @Test
    void behaviour6EventsFromTtlAndEcnRestoredOnEcnCopies() {
        PacketView v = new PacketView();
        for (InjectedEvent e : new InjectedEvent[] {InjectedEvent.NONE, InjectedEvent.DROP, InjectedEvent.ECN, InjectedEvent.CORRUPT}) {
            byte[] copy = write(7).encode();
            MirrorHeaders.encodeAtSwitch(copy, 1, 0, e, 9741, 1);
            MirrorHeaders.restoreAtDumper(copy, copy.length, 9741);
            TracePacket p = new TraceDecoder().decode(copy, 0, copy.length, copy.length, "t", "p");
            assertThat(p.event()).isEqualTo(e);
            assertThat(p.delivered()).isEqualTo(e != InjectedEvent.DROP && e != InjectedEvent.CORRUPT);
            // the dumper marks ECN-event copies CE whatever ECT codepoint they had (roce-pkt-dump)
            assertThat(p.ecn()).isEqualTo(e == InjectedEvent.ECN ? 3 : 2);
            v.dissect(copy, 0, copy.length);
            assertThat(v.ipv4ChecksumValid()).isTrue();
        }
    }
}
