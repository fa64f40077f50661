package org.sonde.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** A packet without its link-layer header dissects as it does inside its Ethernet frame; junk is a DecodeException, nothing else. */
class RawIpDissectionTest {
    private static final List<byte[]> IP_FRAMES = SampleFrames.all().stream().map(Packet::encode).filter(RawIpDissectionTest::isIp).toList();

    private static boolean isIp(byte[] frame) {
        PacketView v = new PacketView();
        try {
            v.dissect(frame, 0, frame.length);
        } catch (DecodeException e) {
            return false;
        }
        return v.isIpv4() || v.isIpv6();
    }

    @Test
    void everyIpSampleDissectsTheSameWithoutItsEthernetHeader() {
        assertThat(IP_FRAMES).hasSizeGreaterThan(5);
        for (byte[] frame : IP_FRAMES) {
            PacketView framed = new PacketView();
            framed.dissect(frame, 0, frame.length);
            int ip = EthernetHeader.LENGTH + VlanTag.LENGTH * framed.vlanCount();
            byte[] raw = Arrays.copyOfRange(frame, ip, frame.length);
            PacketView bare = new PacketView();
            bare.dissectIp(raw, 0, raw.length);
            assertThat(bare.isIpv4()).isEqualTo(framed.isIpv4());
            assertThat(bare.isIpv6()).isEqualTo(framed.isIpv6());
            assertThat(bare.ipSrcString()).isEqualTo(framed.ipSrcString());
            assertThat(bare.ipDstString()).isEqualTo(framed.ipDstString());
            assertThat(bare.isTcp()).isEqualTo(framed.isTcp());
            assertThat(bare.isUdp()).isEqualTo(framed.isUdp());
            assertThat(bare.isRoce()).isEqualTo(framed.isRoce());
            if (framed.isTcp()) assertThat(bare.tcpSeq()).isEqualTo(framed.tcpSeq());
            if (framed.isTcp() || framed.isUdp()) assertThat(bare.dstPort()).isEqualTo(framed.dstPort());
            assertThat(bare.l4ChecksumValid()).isEqualTo(framed.l4ChecksumValid());
        }
    }

    @Property(tries = 300)
    void truncatedOrMutatedPacketsAreDecodeExceptionsOnly(@ForAll @IntRange(max = 1000) int pick, @ForAll @IntRange(max = 1600) int cut,
            @ForAll @Size(max = 4) List<@IntRange(max = 255) Integer> flips) {
        byte[] frame = IP_FRAMES.get(pick % IP_FRAMES.size());
        PacketView framed = new PacketView();
        framed.dissect(frame, 0, frame.length);
        byte[] raw = Arrays.copyOfRange(frame, EthernetHeader.LENGTH + VlanTag.LENGTH * framed.vlanCount(), frame.length);
        raw = Arrays.copyOf(raw, Math.min(raw.length, cut));
        for (int i = 0; i < flips.size() && raw.length > 0; i++) raw[(flips.get(i) * 7 + i) % raw.length] ^= (byte) (flips.get(i) | 1);
        PacketView bare = new PacketView();
        try {
            bare.dissectIp(raw, 0, raw.length);
            bare.ipSrcString();
            bare.l4ChecksumValid();
        } catch (DecodeException e) {
            assertThat(e.offset()).isBetween(0, raw.length);
        }
    }
}
