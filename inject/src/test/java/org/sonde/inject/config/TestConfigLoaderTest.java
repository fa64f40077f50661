package org.sonde.inject.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.sim.rdma.Verb;

class TestConfigLoaderTest {
    /** The paper's Listing 2, with its prose lines as comments. */
    static final String LISTING_2 = """
            traffic:
              num-connections: 2
              rdma-verb: write
              num-msgs-per-qp: 10
              mtu: 1024
              message-size: 10240
              multi-gid: true
              barrier-sync: true
              tx-depth: 1
              min-retransmit-timeout: 14
              max-retransmit-retry: 7
              data-pkt-events:
              # Mark ECN on the 4th pkt of the 1st QP conn
              - {qpn: 1, psn: 4, type: ecn, iter: 1}
              # Drop the 5th pkt of the 2nd QP conn
              - {qpn: 2, psn: 5, type: drop, iter: 1}
              # Drop the retransmitted 5th pkt of the 2nd QP conn
              - {qpn: 2, psn: 5, type: drop, iter: 2}
            """;

    static TestConfig parse(String yaml) {
        return TestConfigLoader.parse(yaml, "test.yaml", "test");
    }

    static BadInputException failure(String yaml) {
        try {
            parse(yaml);
        } catch (BadInputException e) {
            return e;
        }
        throw new AssertionError("accepted:\n" + yaml);
    }

    @Test
    void listing2RunsAsWrittenWithOneBasedNumbersFromTheConnectionStart() {
        TestConfig c = parse(LISTING_2);
        assertThat(c.convention()).isEqualTo(IndexConvention.PAPER);
        assertThat(c.iterTracking()).isEqualTo(IterTracking.PAPER);
        Traffic t = c.traffic();
        assertThat(t.numQps()).isEqualTo(2);
        assertThat(t.verbOfQp(1)).isEqualTo(Verb.WRITE);
        assertThat(t.packetsPerMessage()).isEqualTo(10);
        assertThat(t.barrierSync()).isTrue();
        assertThat(t.multiGid()).isTrue();
        assertThat(c.events()).extracting(EventIntent::qpIndex, EventIntent::packet, EventIntent::iteration, e -> e.action().event().name())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, 3, 1, "ECN"),
                        org.assertj.core.groups.Tuple.tuple(1, 4, 1, "DROP"),
                        org.assertj.core.groups.Tuple.tuple(1, 4, 2, "DROP"));
        assertThat(c.events()).allSatisfy(e -> assertThat(e.scope()).isEqualTo(EventIntent.PsnScope.CONNECTION));
        assertThat(c.events().get(2).where()).isEqualTo("traffic.data-pkt-events[2]");
    }

    @Test
    void luminaCodeConventionIsZeroBasedAndPerMessage() {
        TestConfig c = parse("""
                index-convention: lumina-code
                traffic:
                  num-qps: 1
                  rdma-verb: write
                  num-msgs-per-qp: 2
                  message-size: 10240
                  mtu: 1024
                  data-pkt-events:
                  - {qpn: 0, psn: 3, type: drop, iter: 1}
                  - {qpn: 0, psn: all, type: bit-error, iter: 2}
                """);
        assertThat(c.iterTracking()).isEqualTo(IterTracking.LUMINA_CODE);
        assertThat(c.events().get(0)).extracting(EventIntent::qpIndex, EventIntent::packet, EventIntent::scope)
                .containsExactly(0, 3, EventIntent.PsnScope.EACH_MESSAGE);
        assertThat(c.events().get(1).allPackets()).isTrue();
        assertThat(c.events().get(1).action()).isInstanceOf(EventAction.Corrupt.class);
        // a message has 10 packets: PSN 10 relative to a message does not exist
        assertThat(failure(c.convention() == IndexConvention.LUMINA_CODE ? """
                index-convention: lumina-code
                traffic: {rdma-verb: write, message-size: 10240, num-msgs-per-qp: 2, data-pkt-events: [{qpn: 0, psn: 10, type: drop}]}
                """ : "").problem()).contains("PSNs 0..9 relative to each message");
    }

    @Test
    void txDepthAboveOneAllowsOnlyEcnEvents() {
        String drop = """
                traffic:
                  rdma-verb: write
                  message-size: 4096
                  tx-depth: 2
                  data-pkt-events:
                  - {qpn: 1, psn: 2, type: ecn}
                  - {qpn: 1, psn: 3, type: drop}
                """;
        BadInputException e = failure(drop);
        assertThat(e.location()).isEqualTo("line 7, traffic.data-pkt-events[1].type");
        assertThat(e.problem()).contains("tx-depth 2 allows only ecn events");
        assertThat(parse(drop.replace("type: drop", "type: ecn")).events()).hasSize(2);
    }

    @Test
    void everyValidityRuleNamesTheKeyAndLine() {
        String base = """
                traffic:
                  rdma-verb: write
                  num-qps: 2
                  num-msgs-per-qp: 2
                  message-size: 3000
                  mtu: 1024
                  data-pkt-events:
                  - {qpn: 1, psn: 6, type: drop, iter: 1}
                """;
        assertThat(parse(base).events()).singleElement().extracting(EventIntent::packet).isEqualTo(5);
        assertThat(failure(base.replace("psn: 6", "psn: 7")))
                .satisfies(e -> assertThat(e.location()).isEqualTo("line 8, traffic.data-pkt-events[0].psn"))
                .satisfies(e -> assertThat(e.problem()).contains("numbered 1..6"));
        assertThat(failure(base.replace("qpn: 1", "qpn: 3")).location()).endsWith("data-pkt-events[0].qpn");
        assertThat(failure(base.replace("qpn: 1", "qpn: 0")).problem()).contains("outside 1..2");
        assertThat(failure(base.replace("iter: 1", "iter: 0")).location()).endsWith(".iter");
        assertThat(failure(base.replace("mtu: 1024", "mtu: 1000"))).satisfies(e -> {
            assertThat(e.location()).isEqualTo("line 6, traffic.mtu");
            assertThat(e.problem()).contains("not 256, 512, 1024, 2048 or 4096");
        });
        assertThat(failure(base.replace("type: drop", "type: explode")).problem()).contains("bit-error");
        assertThat(failure(base.replace("  mtu: 1024\n", "  mtu: 1024\n  barrier-sync: true\n  tx-depth: 4\n"))
                .problem()).contains("needs tx-depth 1");
        assertThat(failure(base.replace("num-qps: 2", "num-qps: \"1,1\"")).problem()).contains("only for rdma-verb send_read");
        assertThat(failure(base.replace("  rdma-verb: write\n", "")).location()).endsWith("traffic.rdma-verb");
        assertThat(failure(base.replace("  mtu: 1024\n", "  mtu: 1024\n  mtuu: 1\n"))).satisfies(e -> {
            assertThat(e.location()).isEqualTo("line 7, traffic.mtuu");
            assertThat(e.problem()).contains("not a known setting").contains("message-size");
        });
        assertThat(failure(base + "  mtu: 2048\n").problem()).contains("key given twice");
        assertThat(failure("traffic: [1, 2]\n").problem()).contains("must be a mapping");
        assertThat(failure("traffic: {rdma-verb: write\n").location()).startsWith("line ");
    }

    @Test
    void sendReadSplitsTheQpsAndControlEventsMatchTheVerb() {
        TestConfig c = parse("""
                traffic:
                  rdma-verb: send_read
                  num-qps: "2,1"
                  message-size: 2048
                  ctrl-pkt-events:
                  - {packet: ack, qpn: 1, psn: 2, type: drop}
                  - {packet: read-request, qpn: 3, psn: 1, type: delay, delay: 5us}
                  - {packet: cnp, qpn: 3, psn: 1, type: drop}
                """);
        assertThat(c.traffic().numQps()).isEqualTo(3);
        assertThat(c.traffic().verbOfQp(1)).isEqualTo(Verb.SEND);
        assertThat(c.traffic().verbOfQp(2)).isEqualTo(Verb.READ);
        assertThat(c.events()).extracting(EventIntent::kind).containsExactly(PacketKind.ACK, PacketKind.READ_REQUEST, PacketKind.CNP);
        assertThat(c.events().get(1).action()).isEqualTo(new EventAction.Delay(5_000));
        String wrongKind = """
                traffic:
                  rdma-verb: read
                  message-size: 2048
                  ctrl-pkt-events:
                  - {packet: nak, qpn: 1, psn: 2, type: drop}
                """;
        assertThat(failure(wrongKind).problem()).contains("uses READ");
        assertThat(failure(wrongKind.replace("packet: nak", "packet: read-request").replace("read\n", "write\n")).problem())
                .contains("sends no READ requests");
        assertThat(failure(wrongKind.replace("packet: nak", "packet: cnp").replace("psn: 2", "psn: all")).problem()).contains("open-ended");
        assertThat(failure(wrongKind.replace("packet: nak", "packet: cnp").replace("type: drop", "type: drop, iter: 2")).location()).endsWith(".iter");
        assertThat(failure(wrongKind.replace("packet: nak, ", "")).problem()).contains("is required in ctrl-pkt-events");
    }

    @Test
    void sondeActionsParseAndRejectIncompleteSettings() {
        String t = """
                traffic:
                  rdma-verb: write
                  message-size: 8192
                  data-pkt-events:
                  - {qpn: 1, psn: 2, type: EVENT}
                """;
        assertThat(parse(t.replace("EVENT", "reorder, after-packets: 3")).events().getFirst().action()).isEqualTo(new EventAction.Reorder(3, 0));
        assertThat(parse(t.replace("EVENT", "reorder, hold: 2us")).events().getFirst().action()).isEqualTo(new EventAction.Reorder(0, 2000));
        assertThat(parse(t.replace("EVENT", "duplicate")).events().getFirst().action()).isEqualTo(new EventAction.Duplicate(1));
        assertThat(parse(t.replace("EVENT", "rewrite, set: {mig-req: 0, ecn: 1}")).events().getFirst().action())
                .isEqualTo(new EventAction.Rewrite(Map.of(HeaderField.MIG_REQ, 0, HeaderField.ECN, 1)));
        assertThat(parse(t.replace("EVENT", "rewrite, set: {mig-req: false}")).events().getFirst().action())
                .isEqualTo(new EventAction.Rewrite(Map.of(HeaderField.MIG_REQ, 0)));
        assertThat(failure(t.replace("EVENT", "delay")).location()).endsWith(".delay");
        assertThat(failure(t.replace("EVENT", "reorder")).problem()).contains("after-packets");
        assertThat(failure(t.replace("EVENT", "rewrite, set: {}")).problem()).contains("mig-req");
        assertThat(failure(t.replace("EVENT", "rewrite, set: {mig-req: 2}")).location()).endsWith("set.mig-req");
        assertThat(failure(t.replace("EVENT", "rewrite, set: {psn: 2}")).problem()).contains("not a known setting");
        // a key of another type is not silently ignored
        assertThat(failure(t.replace("EVENT", "drop, delay: 5us")).location()).endsWith("[0].delay");
    }

    @Test
    void luminaHardwareSectionsAreAcceptedWithTheirDocumentedKeysOnly() {
        String full = """
                local-workspace: /home/u/lumina
                result-path: /tmp/results
                num-repeats: 3
                aggregate-pcap-filename: merge.pcap
                rewrite-udp-dst-port: 9741
                switch:
                  control-ip: 10.0.0.100
                  username: u
                  sde-path: /opt/sde
                  port-speed: 100G
                  fec-type: RS
                  listen-port: 2000
                requester:
                  control-ip: 10.0.0.101
                  nic: {type: CX5, if-name: ens1, ip-list: [192.168.1.1], switch-port: 132}
                  roce-parameters: {dcqcn-rp-enable: false, min-time-between-cnps: 4, slow-restart: false}
                responder:
                  nic: {type: E810, switch-port: 140}
                  roce-parameters: {dcqcn-enable: false}
                requester-mirror:
                  pkt-dump-conf: {dump-filename: a.pcap, snap-len: 128, num-pkts: 65535}
                  nic: {if-name: ens2, rte-port-id: 0}
                traffic:
                  rdma-verb: write
                  message-size: 1024
                  listen-port: 3000
                """;
        TestConfig c = parse(full);
        assertThat(c.requesterRoce()).isEqualTo(new RoceParameters(false, true, 4, true, false));
        assertThat(c.responderRoce()).isEqualTo(new RoceParameters(false, false, -1, true, true));
        assertThat(c.ignoredSettings()).contains("switch.sde-path", "requester.nic.if-name", "requester-mirror.pkt-dump-conf.snap-len",
                "result-path", "traffic.listen-port");
        assertThat(c.mirror().rewriteUdpDstPort()).isEqualTo(9741);
        assertThat(failure(full.replace("fec-type: RS", "fec-type: RS\n  password: x")).location()).isEqualTo("line 12, switch.password");
        assertThat(failure(full.replace("ip-list", "ip-lst")).location()).endsWith("requester.nic.ip-lst");
        assertThat(c.ignoredSettings()).doesNotContain("requester.nic.ip-list");
        assertThat(failure(full.replace("num-repeats", "num-repeat")).location()).isEqualTo("line 3, num-repeat");
        assertThat(failure(full.replace("{dcqcn-enable: false}", "{dcqcn-enable: false, dcqcn-np-enable: true}")).problem())
                .contains("give one form");
    }

    @Test
    void ipListsGiveTheSimulatedHostsTheirAddresses() {
        String t = """
                requester: {nic: {ip-list: [192.168.1.1, 192.168.2.1]}}
                responder: {nic: {ip-list: [RSP]}}
                traffic: {rdma-verb: write, message-size: 1024, multi-gid: true}
                """;
        TestConfig c = parse(t.replace("RSP", "192.168.1.2"));
        assertThat(c.requesterIps()).containsExactly(0xC0A80101, 0xC0A80201);
        assertThat(c.responderIps()).containsExactly(0xC0A80102);
        assertThat(parse("traffic: {rdma-verb: write, message-size: 1024}").requesterIps()).isEmpty();
        assertThat(failure(t.replace("RSP", "192.168.1.300")).location()).isEqualTo("line 2, responder.nic.ip-list[0]");
        assertThat(failure(t.replace("RSP", "192.168.1.2, 192.168.1.2")).problem()).contains("192.168.1.2 is listed twice");
        assertThat(failure(t.replace("RSP", "192.168.1.2, 192.168.2.1")).problem()).contains("192.168.2.1 is also the requester's");
        assertThat(failure(t.replace("RSP", "0.0.0.0")).problem()).contains("no host address");
    }

    @Test
    void mirrorPoolAndInitialPsnAreSondeSettings() {
        TestConfig c = parse("""
                mirror:
                  snap-length: 96
                  dumpers:
                  - {name: big, weight: 2}
                  - {name: small, weight: 1, packets-per-second: 1000000, ring-packets: 64}
                traffic: {rdma-verb: read, message-size: 1024, initial-psn: 16777210}
                """);
        assertThat(c.mirror().dumpers()).containsExactly(new DumperSpec("big", 2, 0, 4095), new DumperSpec("small", 1, 1_000_000, 64));
        assertThat(c.mirror().snapLength()).isEqualTo(96);
        assertThat(c.traffic().initialPsn()).isEqualTo(16777210);
        assertThat(parse("traffic: {rdma-verb: read, message-size: 1024}").traffic().initialPsn()).isEqualTo(-1);
        assertThat(failure("traffic: {rdma-verb: read, message-size: 1024, initial-psn: 16777216}").location()).endsWith("initial-psn");
        assertThat(failure("mirror: {dumpers: [{name: a}, {name: a}]}\ntraffic: {rdma-verb: read, message-size: 1024}").problem())
                .contains("names two dumpers");
        assertThat(failure("rewrite-udp-dst-port: 4791\ntraffic: {rdma-verb: read, message-size: 1024}").location()).endsWith("rewrite-udp-dst-port");
    }
}
