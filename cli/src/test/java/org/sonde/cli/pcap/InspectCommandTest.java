package org.sonde.cli.pcap;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;
import org.sonde.packet.Aeth;
import org.sonde.packet.Bth;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.Reth;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.WellKnownPorts;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class InspectCommandTest {
    @TempDir
    Path dir;

    private static final MacAddress A = MacAddress.parse("02:00:00:00:00:0a");
    private static final MacAddress B = MacAddress.parse("02:00:00:00:00:0b");

    private static byte[] roceWriteFirst() {
        return Packet.builder().add(EthernetHeader.of(B, A),
                Ipv4Header.builder(Ipv4Address.parse("10.1.0.1"), Ipv4Address.parse("10.1.0.2")).build(),
                UdpHeader.of(50000, WellKnownPorts.ROCE_V2),
                Bth.builder(RoceOpcode.RC_RDMA_WRITE_FIRST, 0xabcdef, 0xfffffe).ackRequest(true).build(),
                new Reth(0x1000, 0x77, 8192)).payload(new byte[1024]).build().encode();
    }

    private static byte[] roceNak() {
        return Packet.builder().add(EthernetHeader.of(A, B),
                Ipv4Header.builder(Ipv4Address.parse("10.1.0.2"), Ipv4Address.parse("10.1.0.1")).build(),
                UdpHeader.of(50001, WellKnownPorts.ROCE_V2),
                Bth.builder(RoceOpcode.RC_ACKNOWLEDGE, 0x000123, 0xffffff).build(),
                Aeth.nak(Aeth.NakCode.PSN_SEQUENCE_ERROR, 42)).build().encode();
    }

    private static byte[] tcpSynAck() {
        return Packet.builder().add(EthernetHeader.of(A, B),
                Ipv4Header.builder(Ipv4Address.parse("192.0.2.1"), Ipv4Address.parse("192.0.2.2")).build(),
                TcpHeader.builder(443, 40000).sequenceNumber(4_000_000_000L).acknowledgmentNumber(12345)
                        .flags(TcpHeader.FLAG_SYN | TcpHeader.FLAG_ACK).window(65160)
                        .options(new TcpOption.MaximumSegmentSize(1460)).build()).build().encode();
    }

    private Path capture(String name, TimestampResolution resolution, byte[]... frames) {
        Path file = dir.resolve(name);
        try (CaptureWriter w = CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, resolution)) {
            long t = 1_000_000_000L;
            for (byte[] f : frames) w.write(t += 1500, f, 0, f.length);
        }
        return file;
    }

    @Test
    void jsonCarriesTheDecodedFieldsAsNumbers() throws IOException {
        Path file = capture("k.pcap", TimestampResolution.NANOS, roceWriteFirst(), roceNak(), tcpSynAck());
        var run = CliRun.of("pcap", "inspect", file.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode root = Json.mapper().readTree(run.out());
        JsonNode packets = root.get("packets");
        assertThat(packets).hasSize(3);

        JsonNode write = packets.get(0);
        assertThat(write.get("protocol").asText()).isEqualTo("roce");
        assertThat(write.get("bth").get("opcode").isNumber()).isTrue();
        assertThat(write.get("bth").get("opcode").asInt()).isEqualTo(RoceOpcode.RC_RDMA_WRITE_FIRST.code());
        assertThat(write.get("bth").get("opcodeName").asText()).isEqualTo("RC RDMA Write First");
        assertThat(write.get("bth").get("destQp").asInt()).isEqualTo(0xabcdef);
        assertThat(write.get("bth").get("psn").asInt()).isEqualTo(0xfffffe);
        assertThat(write.get("bth").get("ackReq").asBoolean()).isTrue();
        assertThat(write.get("reth").get("dmaLength").asLong()).isEqualTo(8192);
        assertThat(write.get("icrcGood").asBoolean()).isTrue();
        assertThat(write.get("timeNanos").asLong()).isEqualTo(1_000_001_500L);

        JsonNode nak = packets.get(1);
        assertThat(nak.get("aeth").get("kind").asText()).isEqualTo("NAK");
        assertThat(nak.get("aeth").get("msn").asInt()).isEqualTo(42);
        assertThat(nak.get("aeth").get("text").asText()).isEqualTo("NAK PSN-sequence-error");
        assertThat(nak.get("bth").get("psn").asInt()).isEqualTo(0xffffff);

        JsonNode tcp = packets.get(2);
        assertThat(tcp.get("protocol").asText()).isEqualTo("tcp");
        // relative, as tshark numbers a lone SYN-ACK: its own ISN is 0 and it acknowledges byte 1
        assertThat(tcp.get("tcp").get("seq").asLong()).isZero();
        assertThat(tcp.get("tcp").get("ack").asLong()).isEqualTo(1);
        assertThat(tcp.get("tcp").get("seqRaw").asLong()).isEqualTo(4_000_000_000L);
        assertThat(tcp.get("tcp").get("ackRaw").asLong()).isEqualTo(12345);
        assertThat(tcp.get("tcp").get("flags").asText()).isEqualTo("SYN,ACK");
        assertThat(tcp.get("tcp").get("window").asInt()).isEqualTo(65160);
        assertThat(tcp.get("l4ChecksumGood").asBoolean()).isTrue();
        assertThat(tcp.has("bth")).isFalse();

        JsonNode totals = root.get("totals");
        assertThat(totals.get("packets").asLong()).isEqualTo(3);
        assertThat(totals.get("protocols").get("roce").get("packets").asLong()).isEqualTo(2);
        assertThat(totals.get("protocols").get("tcp").get("packets").asLong()).isEqualTo(1);
        assertThat(totals.get("badIcrcs").asLong()).isZero();
        assertThat(root.has("error")).isFalse();
    }

    @Test
    void textShowsOneLinePerPacketThenTotals() {
        Path file = capture("t.pcap", TimestampResolution.MICROS, roceWriteFirst(), roceNak(), tcpSynAck());
        var run = CliRun.of("pcap", "inspect", file.toString());
        assertThat(run.exitCode()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).contains("10.1.0.1:50000 > 10.1.0.2:4791 roce RC RDMA Write First qp=0xabcdef psn=16777214 ack-req");
        assertThat(lines.get(1)).contains("RC Acknowledge").contains("aeth=[NAK PSN-sequence-error msn=42]");
        assertThat(lines.get(2)).contains("192.0.2.1:443 > 192.0.2.2:40000 tcp [SYN,ACK] seq=0 ack=1 win=65160 len=0");
        assertThat(run.out()).contains("3 packets").contains("RC RDMA Write First").contains("bad RoCE ICRCs: 0");
    }

    @Test
    void aCorruptIcrcIsFlagged() {
        byte[] f = roceWriteFirst();
        f[f.length - 1] ^= 1;
        Path file = capture("bad.pcap", TimestampResolution.NANOS, f);
        var run = CliRun.of("pcap", "inspect", file.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("BAD-ICRC").contains("bad RoCE ICRCs: 1");
    }

    @Test
    void aMalformedPacketIsShownAndInspectionGoesOn() throws IOException {
        byte[] broken = tcpSynAck();
        broken[14] = 0x43; // IPv4 with a header length of 3 words
        Path file = capture("m.pcap", TimestampResolution.NANOS, broken, tcpSynAck());
        var run = CliRun.of("pcap", "inspect", file.toString(), "--json", "-");
        assertThat(run.exitCode()).isZero();
        JsonNode packets = Json.mapper().readTree(run.out()).get("packets");
        assertThat(packets.get(0).get("protocol").asText()).isEqualTo("malformed");
        assertThat(packets.get(0).get("error").asText()).contains("header length");
        assertThat(packets.get(1).get("protocol").asText()).isEqualTo("tcp");
    }

    @Test
    void aTruncatedCaptureExitsWithBadInputAndSaysWhere() throws IOException {
        Path file = capture("cut.pcap", TimestampResolution.NANOS, roceWriteFirst(), tcpSynAck());
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(file) - 10);
        }
        var text = CliRun.of("pcap", "inspect", file.toString());
        assertThat(text.exitCode()).isEqualTo(3);
        assertThat(text.out()).contains("1 packets").contains("INCOMPLETE");
        assertThat(text.err()).contains("cut.pcap: byte offset").contains("(record 2)").contains("file ends inside a record")
                .doesNotContain("\tat org.sonde");

        var json = CliRun.of("pcap", "inspect", file.toString(), "--json", "-");
        assertThat(json.exitCode()).isEqualTo(3);
        JsonNode root = Json.mapper().readTree(json.out());
        assertThat(root.get("packets")).hasSize(1);
        assertThat(root.get("error").get("complete").asBoolean()).isFalse();
        assertThat(root.get("error").get("message").asText()).contains("file ends inside a record");
        assertThat(json.err()).contains("INCOMPLETE"); // the text went to stderr: stdout is the JSON alone

        // to a file: the same document (it says it is incomplete), and the packet lines on stdout
        Path written = file.resolveSibling("cut.json");
        var toFile = CliRun.of("pcap", "inspect", file.toString(), "--json", written.toString());
        assertThat(toFile.exitCode()).isEqualTo(3);
        assertThat(toFile.out()).contains("1 packets").contains("INCOMPLETE");
        assertThat(Json.mapper().readTree(Files.readString(written))).isEqualTo(root);

        var debug = CliRun.of("pcap", "inspect", file.toString(), "--debug");
        assertThat(debug.err()).contains("\tat org.sonde");
    }

    @Test
    void notACaptureIsBadInput() throws IOException {
        Path file = dir.resolve("random.bin");
        byte[] junk = new byte[4096];
        new Random(7).nextBytes(junk);
        junk[0] = 0x1f;
        junk[1] = (byte) 0x8b;
        Files.write(file, junk);
        var run = CliRun.of("pcap", "inspect", file.toString());
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).contains("random.bin").contains("gzip");
    }

    @Test
    void aMissingFileIsAnEnvironmentError() {
        var run = CliRun.of("pcap", "inspect", dir.resolve("nope.pcap").toString());
        assertThat(run.exitCode()).isEqualTo(4);
        assertThat(run.err()).contains("capture file " + dir.resolve("nope.pcap") + " does not exist");
    }

    @Test
    void reportIsWrittenWithItsJson() throws IOException {
        Path file = capture("r.pcap", TimestampResolution.NANOS, roceWriteFirst(), roceNak(), tcpSynAck());
        Path html = dir.resolve("out/r.html");
        var run = CliRun.of("pcap", "inspect", file.toString(), "--totals-only", "--report", html.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).doesNotContain("RC RDMA Write First qp=");
        assertThat(Files.readString(html)).contains("<html").contains("RC RDMA Write First").contains("sonde-data");
        JsonNode json = Json.mapper().readTree(dir.resolve("out/r.json").toFile());
        assertThat(json.get("totals").get("packets").asLong()).isEqualTo(3);
        assertThat(json.get("firstPackets")).hasSize(3);
    }
}
