package org.sonde.capture.inspect;

import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.packet.Bth;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.WellKnownPorts;
import org.sonde.packet.synth.SyntheticRoceTraffic;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/** Captures for inspection tests, here and in the cli module (through the test jar). */
public final class TestCaptures {
    private TestCaptures() {}

    private static final MacAddress A = MacAddress.parse("02:00:00:00:00:0a");
    private static final MacAddress B = MacAddress.parse("02:00:00:00:00:0b");

    /**
     * What {@code sonde pcap synth --size BYTES --seed SEED --loss 0.01 --ecn 0.05} writes: seeded
     * RoCEv2 WRITEs, pcapng when the name ends in .pcapng, else pcap with nanosecond timestamps.
     */
    public static Path synth(Path file, long bytes, long seed) {
        var traffic = new SyntheticRoceTraffic(new SyntheticRoceTraffic.Settings(seed, 8, SyntheticRoceTraffic.Verb.WRITE,
                65536, 1024, 0.01, 0.05, 100));
        try (CaptureWriter w = file.toString().endsWith(".pcapng") ? CaptureWriter.pcapng(file, LinkTypes.ETHERNET, 65535)
                : CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS)) {
            traffic.run(bytes, (timeNanos, frame) -> w.write(timeNanos, frame, 0, frame.length));
        }
        return file;
    }

    /**
     * A pcapng with an Ethernet and a raw-IP interface: RoCE (some with a bad ICRC), TCP and
     * malformed frames, and undissected raw frames; timestamps not in order.
     */
    public static Path mixed(Path file, int frames, long seed) {
        Random rnd = new Random(seed);
        List<CaptureInterface> interfaces = List.of(new CaptureInterface("eth0", LinkTypes.ETHERNET),
                new CaptureInterface("tun0", LinkTypes.RAW, 65535, TimestampResolution.MICROS, null));
        try (CaptureWriter w = CaptureWriter.pcapng(file, interfaces)) {
            for (int i = 0; i < frames; i++) {
                int kind = rnd.nextInt(5);
                byte[] f = kind <= 1 ? roce(rnd.nextInt(1 << 24), rnd.nextInt(1200)) : tcp(rnd.nextInt(1 << 16));
                if (kind == 1) f[f.length - 1] ^= 1; // bad ICRC
                if (kind == 3) f[14] = 0x43; // IPv4 header length of 3 words: malformed
                int iface = kind == 4 ? 1 : 0;
                w.write(iface, 1_700_000_000_000_000_000L + i * 1000L + rnd.nextInt(5000) * 1000L,
                        f, iface == 1 ? 14 : 0, iface == 1 ? f.length - 14 : f.length, f.length, null);
            }
        }
        return file;
    }

    private static byte[] roce(int psn, int payload) {
        return Packet.builder().add(EthernetHeader.of(B, A),
                Ipv4Header.builder(Ipv4Address.parse("10.1.0.1"), Ipv4Address.parse("10.1.0.2")).build(),
                UdpHeader.of(50000, WellKnownPorts.ROCE_V2),
                Bth.builder(RoceOpcode.RC_SEND_ONLY, 0x12, psn).build()).payload(new byte[payload]).build().encode();
    }

    private static byte[] tcp(int port) {
        return Packet.builder().add(EthernetHeader.of(A, B),
                Ipv4Header.builder(Ipv4Address.parse("192.0.2.1"), Ipv4Address.parse("192.0.2.2")).build(),
                TcpHeader.builder(443, port).flags(TcpHeader.FLAG_ACK).window(1000).build()).build().encode();
    }
}
