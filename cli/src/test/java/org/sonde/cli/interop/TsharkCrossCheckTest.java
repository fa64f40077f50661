package org.sonde.cli.interop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.packet.Bth;
import org.sonde.packet.Packet;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.PacketView;
import org.sonde.packet.RoceExtensionHeader;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.SampleFrames;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.WellKnownPorts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Writes the packet module's sample frames (including a CNP captured from a ConnectX-4 Lx NIC and
 * a SYN from a Linux stack) to a pcap and checks that Wireshark's tshark dissects them as the view
 * does: checksums judged good, RoCEv2 fields, opcode names, the ICRC found at the same place.
 * (tshark does not verify the ICRC itself; see the packet module's IcrcTest for the ground truth.)
 */
@RequiresTshark
class TsharkCrossCheckTest {
    private static final List<String> FIELDS = List.of(
        "ip.checksum.status", "udp.checksum.status", "tcp.checksum.status", "icmp.checksum.status",
        "icmpv6.checksum.status", "infiniband.bth.opcode", "infiniband.bth.destqp", "infiniband.bth.psn",
        "infiniband.bth.padcnt", "infiniband.bth.p_key", "infiniband.reth.dmalen", "infiniband.aeth.syndrome",
        "infiniband.aeth.msn", "infiniband.invariant.crc", "vxlan.vni", "vlan.id", "tcp.flags", "_ws.col.Info");

    @TempDir
    static Path dir;

    static void writePcap(Path file, List<byte[]> frames) {
        try (CaptureWriter w = CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, TimestampResolution.MICROS)) {
            for (int i = 0; i < frames.size(); i++) w.write(i * 1_000_000_000L, frames.get(i), 0, frames.get(i).length);
        }
    }

    private static long number(String s) {
        return s.startsWith("0x") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
    }

    @Test
    void tsharkAgreesWithTheView(Tshark tshark) {
        List<byte[]> frames = SampleFrames.all().stream().map(Packet::encode).toList();
        Path pcap = dir.resolve("samples.pcap");
        writePcap(pcap, frames);
        TsharkRows rows = tshark.fields(pcap, FIELDS, Tshark.VERIFY_CHECKSUMS);
        assertThat(rows.size()).isEqualTo(frames.size());
        PacketView view = new PacketView();
        int icrcsCompared = 0;
        int goodChecksums = 0;
        for (int i = 0; i < frames.size(); i++) {
            byte[] f = frames.get(i);
            view.dissect(f, 0, f.length);
            PacketView v = view.isVxlan() ? view.inner() : view;
            String where = rows.describe(i);
            for (String status : List.of("ip.checksum.status", "udp.checksum.status", "tcp.checksum.status",
                    "icmp.checksum.status", "icmpv6.checksum.status")) {
                for (String s : rows.occurrences(i, status)) {
                    // Wireshark checksum status: 0 bad, 1 good, 2 unverified, 3 not present (UDP checksum 0), 4 illegal
                    assertThat(s).as(where + " " + status).isIn("1", "3");
                    if (s.equals("1")) goodChecksums++;
                }
            }
            if (view.isVxlan()) assertThat(number(rows.innermost(i, "vxlan.vni"))).as(where).isEqualTo(view.vxlanVni());
            if (view.vlanCount() > 0) assertThat(number(rows.innermost(i, "vlan.id"))).as(where).isEqualTo(view.vlanId(view.vlanCount() - 1));
            if (v.isTcp()) assertThat(number(rows.innermost(i, "tcp.flags"))).as(where).isEqualTo(v.tcpFlags());
            if (!v.isRoce() || v.isCnp()) continue; // tshark 4.0 knows CNP as 0x80, not 0x81
            assertThat(number(rows.innermost(i, "infiniband.bth.opcode"))).as(where).isEqualTo(v.bthOpcode());
            assertThat(number(rows.innermost(i, "infiniband.bth.destqp"))).as(where).isEqualTo(v.bthDestQp());
            assertThat(number(rows.innermost(i, "infiniband.bth.psn"))).as(where).isEqualTo(v.bthPsn());
            assertThat(number(rows.innermost(i, "infiniband.bth.padcnt"))).as(where).isEqualTo(v.bthPadCount());
            assertThat(number(rows.innermost(i, "infiniband.bth.p_key"))).as(where).isEqualTo(v.bthPkey());
            RoceOpcode.Transport transport = RoceOpcode.fromCode(v.bthOpcode()).transport();
            // tshark 4.0 reads RD opcodes as Mellanox DC ones and UD payloads as MADs: compare the rest for RC and UC
            if (transport != RoceOpcode.Transport.RC && transport != RoceOpcode.Transport.UC) continue;
            if (v.hasReth()) assertThat(number(rows.innermost(i, "infiniband.reth.dmalen"))).as(where).isEqualTo(v.rethDmaLength());
            if (v.hasAeth()) {
                assertThat(number(rows.innermost(i, "infiniband.aeth.syndrome"))).as(where).isEqualTo(v.aethSyndrome());
                assertThat(number(rows.innermost(i, "infiniband.aeth.msn"))).as(where).isEqualTo(v.aethMsn());
            }
            // tshark shows the 4 trailer bytes big-endian, i.e. the byte-reversed CRC value; it omits the
            // field when a heuristic sub-dissector claims the payload (e.g. Send with Invalidate)
            String icrc = rows.innermost(i, "infiniband.invariant.crc");
            if (!icrc.isEmpty()) {
                assertThat((int) number(icrc)).as(where).isEqualTo(Integer.reverseBytes(v.roceIcrc()));
                icrcsCompared++;
            }
        }
        assertThat(icrcsCompared).isGreaterThanOrEqualTo(4);
        assertThat(goodChecksums).as("checksums tshark verified as good").isGreaterThanOrEqualTo(frames.size());
    }

    @Test
    void opcodeNamesMatchTsharksInfoColumn(Tshark tshark) {
        List<RoceOpcode> ops = new ArrayList<>();
        List<byte[]> frames = new ArrayList<>();
        for (RoceOpcode op : RoceOpcode.values()) {
            // tshark 4.0 labels RD opcodes inconsistently ("DC ...") and mis-dissects UD payloads; CNP it knows as 0x80
            if (op.transport() != RoceOpcode.Transport.RC && op.transport() != RoceOpcode.Transport.UC) continue;
            PacketBuilder b = SampleFrames.ethernetIpv4().add(UdpHeader.of(1, WellKnownPorts.ROCE_V2),
                    Bth.builder(op, 0x118, 1).build());
            for (RoceExtensionHeader h : op.extensionHeaders()) b.add(h.decode(new byte[h.lengthBytes()], 0, h.lengthBytes()));
            ops.add(op);
            frames.add(b.payload(new byte[8]).build().encode());
        }
        Path pcap = dir.resolve("opcodes.pcap");
        writePcap(pcap, frames);
        TsharkRows rows = tshark.fields(pcap, FIELDS, Tshark.VERIFY_CHECKSUMS);
        assertThat(rows.size()).isEqualTo(frames.size());
        for (int i = 0; i < ops.size(); i++) {
            assertThat(rows.field(i, "_ws.col.Info")).as(ops.get(i).name()).startsWith(ops.get(i).displayName());
        }
    }
}
