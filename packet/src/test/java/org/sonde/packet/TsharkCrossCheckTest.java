package org.sonde.packet;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Writes the sample frames to a pcap and checks that Wireshark's tshark dissects them as the view
 * does: checksums judged good, RoCEv2 fields, opcode names, the ICRC found at the same place.
 * (tshark does not verify the ICRC itself; see {@link IcrcTest} for the ground truth.)
 */
@Tag("tshark")
class TsharkCrossCheckTest {
    private static final String[] FIELDS = {
        "ip.checksum.status", "udp.checksum.status", "tcp.checksum.status", "icmp.checksum.status",
        "icmpv6.checksum.status", "infiniband.bth.opcode", "infiniband.bth.destqp", "infiniband.bth.psn",
        "infiniband.bth.padcnt", "infiniband.bth.p_key", "infiniband.reth.dmalen", "infiniband.aeth.syndrome",
        "infiniband.aeth.msn", "infiniband.invariant.crc", "vxlan.vni", "vlan.id", "tcp.flags", "_ws.col.Info"};

    @TempDir
    static Path dir;

    @BeforeAll
    static void requireTshark() {
        boolean found = false;
        try {
            Process p = new ProcessBuilder("tshark", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            found = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            found = false;
        }
        assumeTrue(found, "tshark is not on PATH; install Wireshark's tshark to run the cross-check");
    }

    static void writePcap(Path file, List<byte[]> frames) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); DataOutputStream d = new DataOutputStream(out)) {
            d.writeInt(0xa1b2c3d4); // big-endian magic: the rest of the header follows in big-endian too
            d.writeShort(2);
            d.writeShort(4);
            d.writeInt(0);
            d.writeInt(0);
            d.writeInt(65535);
            d.writeInt(1); // LINKTYPE_ETHERNET
            int i = 0;
            for (byte[] f : frames) {
                d.writeInt(i++);
                d.writeInt(0);
                d.writeInt(f.length);
                d.writeInt(f.length);
                d.write(f);
            }
        }
    }

    static List<String[]> tshark(Path pcap) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-r", pcap.toString(), "-o", "ip.check_checksum:TRUE",
                "-o", "udp.check_checksum:TRUE", "-o", "tcp.check_checksum:TRUE", "-T", "fields", "-E", "separator=/t",
                "-E", "occurrence=a", "-E", "aggregator=,"));
        for (String f : FIELDS) {
            cmd.add("-e");
            cmd.add(f);
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        List<String[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isEmpty()) rows.add(line.split("\t", -1));
        }
        return rows;
    }

    /** All occurrences of a field (outer and inner headers of a VXLAN packet), comma-separated. */
    private static String allOf(String[] row, String name) {
        for (int i = 0; i < FIELDS.length; i++) {
            if (FIELDS[i].equals(name)) return i < row.length ? row[i] : "";
        }
        throw new IllegalArgumentException(name);
    }

    /** The last (innermost) occurrence of a field. */
    private static String field(String[] row, String name) {
        String all = allOf(row, name);
        return name.equals("_ws.col.Info") ? all : all.substring(all.lastIndexOf(',') + 1);
    }

    private static long number(String s) {
        return s.startsWith("0x") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
    }

    @Test
    void tsharkAgreesWithTheView() throws Exception {
        List<byte[]> frames = SampleFrames.all().stream().map(Packet::encode).toList();
        Path pcap = dir.resolve("samples.pcap");
        writePcap(pcap, frames);
        List<String[]> rows = tshark(pcap);
        assertThat(rows).hasSameSizeAs(frames);
        PacketView view = new PacketView();
        int icrcsCompared = 0;
        int goodChecksums = 0;
        for (int i = 0; i < frames.size(); i++) {
            byte[] f = frames.get(i);
            String[] row = rows.get(i);
            view.dissect(f, 0, f.length);
            PacketView v = view.isVxlan() ? view.inner() : view;
            String where = "frame " + (i + 1) + ": " + String.join(" | ", row);
            for (String status : List.of("ip.checksum.status", "udp.checksum.status", "tcp.checksum.status",
                    "icmp.checksum.status", "icmpv6.checksum.status")) {
                for (String s : allOf(row, status).split(",")) {
                    // Wireshark checksum status: 0 bad, 1 good, 2 unverified, 3 not present (UDP checksum 0), 4 illegal
                    assertThat(s).as(where + " " + status).isIn("", "1", "3");
                    if (s.equals("1")) goodChecksums++;
                }
            }
            if (view.isVxlan()) assertThat(number(field(row, "vxlan.vni"))).as(where).isEqualTo(view.vxlanVni());
            if (view.vlanCount() > 0) assertThat(number(field(row, "vlan.id"))).as(where).isEqualTo(view.vlanId(view.vlanCount() - 1));
            if (v.isTcp()) assertThat(number(field(row, "tcp.flags"))).as(where).isEqualTo(v.tcpFlags());
            if (!v.isRoce() || v.isCnp()) continue; // tshark 4.0 knows CNP as 0x80, not 0x81
            assertThat(number(field(row, "infiniband.bth.opcode"))).as(where).isEqualTo(v.bthOpcode());
            assertThat(number(field(row, "infiniband.bth.destqp"))).as(where).isEqualTo(v.bthDestQp());
            assertThat(number(field(row, "infiniband.bth.psn"))).as(where).isEqualTo(v.bthPsn());
            assertThat(number(field(row, "infiniband.bth.padcnt"))).as(where).isEqualTo(v.bthPadCount());
            assertThat(number(field(row, "infiniband.bth.p_key"))).as(where).isEqualTo(v.bthPkey());
            RoceOpcode.Transport transport = RoceOpcode.fromCode(v.bthOpcode()).transport();
            // tshark 4.0 reads RD opcodes as Mellanox DC ones and UD payloads as MADs: compare the rest for RC and UC
            if (transport != RoceOpcode.Transport.RC && transport != RoceOpcode.Transport.UC) continue;
            if (v.hasReth()) assertThat(number(field(row, "infiniband.reth.dmalen"))).as(where).isEqualTo(v.rethDmaLength());
            if (v.hasAeth()) {
                assertThat(number(field(row, "infiniband.aeth.syndrome"))).as(where).isEqualTo(v.aethSyndrome());
                assertThat(number(field(row, "infiniband.aeth.msn"))).as(where).isEqualTo(v.aethMsn());
            }
            // tshark shows the 4 trailer bytes big-endian, i.e. the byte-reversed CRC value; it omits the
            // field when a heuristic sub-dissector claims the payload (e.g. Send with Invalidate)
            String icrc = field(row, "infiniband.invariant.crc");
            if (!icrc.isEmpty()) {
                assertThat((int) number(icrc)).as(where).isEqualTo(Integer.reverseBytes(v.roceIcrc()));
                icrcsCompared++;
            }
        }
        assertThat(icrcsCompared).isGreaterThanOrEqualTo(4);
        assertThat(goodChecksums).as("checksums tshark verified as good").isGreaterThanOrEqualTo(frames.size());
    }

    @Test
    void opcodeNamesMatchTsharksInfoColumn() throws Exception {
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
        List<String[]> rows = tshark(pcap);
        assertThat(rows).hasSameSizeAs(frames);
        for (int i = 0; i < ops.size(); i++) {
            String info = field(rows.get(i), "_ws.col.Info");
            assertThat(info).as(ops.get(i).name()).startsWith(ops.get(i).displayName());
        }
    }
}
