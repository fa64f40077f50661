package org.sonde.inject.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sonde.core.config.YamlTree;
import org.sonde.inject.tcp.TcpTestConfigLoader;

class TestConfigWriterTest {
    static TestConfig roundTrip(TestConfig c) {
        return TestConfigLoader.parse(TestConfigWriter.toYaml(c, ""), "written.yaml", "unused");
    }

    @Test
    void everyExampleReadsBackEqual() throws IOException {
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("../examples/inject"))) {
            // TCP tests (traffic.transport: tcp) have their own loader and TcpTestConfigLoaderTest
            examples = s.filter(p -> p.toString().endsWith(".yaml")).filter(p -> !TcpTestConfigLoader.isTcp(YamlTree.read(p, "test", ""))).sorted()
                    .toList();
        }
        assertThat(examples).hasSizeGreaterThanOrEqualTo(4);
        for (Path p : examples) {
            TestConfig c = TestConfigLoader.load(p);
            assertThat(roundTrip(c)).as(p.toString()).isEqualTo(c);
        }
    }

    @Test
    void everyActionControlEventsHostsAndMirrorReadBackEqual() {
        TestConfig c = TestConfigLoader.parse("""
                name: "all: the \\"things\\""
                index-convention: lumina-code
                requester: {roce-parameters: {dcqcn-rp-enable: false, min-time-between-cnps: 8}}
                responder: {roce-parameters: {slow-restart: false, adaptive-retrans: false}}
                rewrite-udp-dst-port: 9999
                mirror: {snap-length: 256, dumpers: [{name: a, weight: 3, packets-per-second: 1000000, ring-packets: 63}, {name: b}]}
                traffic:
                  rdma-verb: send_read
                  num-qps: "2,3"
                  num-msgs-per-qp: 4
                  message-size: 5000
                  mtu: 2048
                  min-retransmit-timeout: 10
                  max-retransmit-retry: 3
                  dscp-list: [26, 0]
                  initial-psn: 16777210
                  data-pkt-events:
                  - {qpn: 0, psn: 1, type: delay, delay: 20us}
                  - {qpn: 0, psn: 2, type: reorder, after-packets: 2}
                  - {qpn: 1, psn: all, type: duplicate, copies: 2, iter: 3}
                  - {qpn: 1, psn: 0, type: rewrite, set: {mig-req: 0, pkey: 65535}}
                  - {qpn: 2, psn: 0, type: reorder, hold: 7us}
                  - {qpn: 3, psn: 1, type: bit-error}
                  ctrl-pkt-events:
                  - {packet: ack, qpn: 0, psn: 2, type: drop}
                  - {packet: read-request, qpn: 4, psn: 0, type: drop, iter: 2}
                  - {packet: cnp, qpn: 4, psn: 2, type: ecn}
                """, "all.yaml", "all");
        assertThat(c.events()).hasSize(9);
        // durations as people write them, not in nanoseconds
        assertThat(TestConfigWriter.toYaml(c, "")).contains("type: delay, delay: 20us", "type: reorder, hold: 7us").doesNotContain("000ns");
        assertThat(roundTrip(c)).isEqualTo(c);
    }

    @Test
    void hostAddressesReadBackEqual() {
        TestConfig c = TestConfigLoader.parse("requester: {nic: {ip-list: [192.168.1.1, 192.168.2.1]}}\nresponder: {nic: {ip-list: [192.168.1.2]}}\n"
                + "traffic: {rdma-verb: write, num-qps: 3, message-size: 3000, multi-gid: true}", "g.yaml", "g");
        assertThat(TestConfigWriter.toYaml(c, "")).contains("nic: {ip-list: [192.168.1.1, 192.168.2.1]}");
        assertThat(roundTrip(c)).isEqualTo(c);
    }

    @Test
    void paperNumberingAndBarrierReadBackEqual() {
        TestConfig c = TestConfigLoader.parse("traffic: {rdma-verb: write, num-qps: 3, num-msgs-per-qp: 2, message-size: 3000, multi-gid: true, "
                + "barrier-sync: true, data-pkt-events: [{qpn: 3, psn: 6, type: drop, iter: 2}], "
                + "ctrl-pkt-events: [{packet: cnp, qpn: 1, psn: 1, type: drop}]}", "p.yaml", "p");
        assertThat(roundTrip(c)).isEqualTo(c);
        assertThat(TestConfigWriter.toYaml(c, "first\nsecond")).startsWith("# first\n# second\n").contains("{qpn: 3, psn: 6, iter: 2, type: drop}");
    }

    @Test
    void aPerMessageEventCannotBeWrittenInThePapersNumbering() {
        TestConfig lumina = TestConfigLoader.parse("index-convention: lumina-code\ntraffic: {rdma-verb: write, message-size: 3000, "
                + "data-pkt-events: [{qpn: 0, psn: 1, type: drop}]}", "l.yaml", "l");
        TestConfig paper = new TestConfig(lumina.name(), lumina.traffic(), lumina.events(), IndexConvention.PAPER, lumina.iterTracking(),
                lumina.requesterRoce(), lumina.responderRoce(), lumina.requesterIps(), lumina.responderIps(), lumina.mirror(), List.of());
        assertThatThrownBy(() -> TestConfigWriter.toYaml(paper, "")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("EACH_MESSAGE");
    }
}
