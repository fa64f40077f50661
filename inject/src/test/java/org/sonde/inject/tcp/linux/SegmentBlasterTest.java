package org.sonde.inject.tcp.linux;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.sonde.packet.Checksums;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.MacAddress;
import org.sonde.packet.TcpHeader;

/** The blaster's frames: whatever ports, numbers and flags it writes, the checksums it adds up are the ones computed whole. */
class SegmentBlasterTest {
    private final SegmentBlaster blaster = new SegmentBlaster(null, null,
            EthernetHeader.of(MacAddress.parse("02:00:00:00:00:01"), MacAddress.parse("02:00:00:00:00:02")),
            EthernetHeader.of(MacAddress.parse("02:00:00:00:00:03"), MacAddress.parse("02:00:00:00:00:04")),
            Ipv4Address.parse("10.1.0.1"), Ipv4Address.parse("10.2.0.1"), 2);

    @Property(tries = 300)
    void everyFrameCarriesTheChecksumOfItsWholeSegment(@ForAll @IntRange(min = 0, max = 2) int which, @ForAll @IntRange(max = 65_535) int sourcePort,
                                                       @ForAll @IntRange(max = 65_535) int destinationPort, @ForAll @LongRange(max = 1L << 40) long seq,
                                                       @ForAll @LongRange(max = 1L << 40) long ack, @ForAll @IntRange(max = 255) int flags) {
        byte[] frame = blaster.templates()[which];
        blaster.prepare(frame, sourcePort, destinationPort, seq, ack, flags);
        int ip = EthernetHeader.LENGTH, tcp = ip + 20;
        assertThat(Checksums.verifyTransport(frame, ip, IpProtocols.TCP, tcp, frame.length - tcp)).isTrue();
        TcpHeader h = TcpHeader.decode(frame, tcp, frame.length - tcp);
        assertThat(h.sourcePort()).isEqualTo(sourcePort);
        assertThat(h.destinationPort()).isEqualTo(destinationPort);
        assertThat(h.sequenceNumber()).isEqualTo(seq & 0xffffffffL);
        assertThat(h.acknowledgmentNumber()).isEqualTo(ack & 0xffffffffL);
        assertThat(h.flags()).isEqualTo(flags);
        assertThat(Checksums.verify(frame, ip, 20)).isTrue();
    }
}
