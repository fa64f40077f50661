package org.sonde.inject.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.core.config.YamlTree;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.HeaderField;

class TcpTestConfigLoaderTest {
    private static final String TRAFFIC = """
            traffic:
              transport: tcp
              num-connections: 2
              num-msgs-per-connection: 3
              message-size: 64KB
            """;

    private static TcpTestConfig parse(String yaml) {
        return TcpTestConfigLoader.parse(yaml, "t.yaml", "t");
    }

    private static BadInputException error(String yaml) {
        try {
            parse(yaml);
        } catch (BadInputException e) {
            return e;
        }
        throw new AssertionError("no error for\n" + yaml);
    }

    @Test
    void aTestReadsItsTrafficEventsAndSettings() {
        TcpTestConfig t = parse(TRAFFIC + """
                  response-size: 100
                  congestion-control: reno
                  data-pkt-events:
                    - {conn: 2, seg: 5, type: drop}
                    - {conn: 2, seg: 5, iter: 2, type: delay, delay: 20ms}
                  ctrl-pkt-events:
                    - {conn: 1, ack: 3, type: rewrite, set: {tcp-window: 0}}
                linux: {tcp_sack: 0, tcp_rmem: 4096 87380 6291456}
                """);
        assertThat(t.name()).isEqualTo("t");
        assertThat(t.traffic()).isEqualTo(new TcpTraffic(2, 3, 64_000, 100, "reno"));
        assertThat(t.events()).containsExactly(
                new TcpEvent(2, TcpEvent.Kind.SEGMENT, 5, 1, new EventAction.Drop(), "traffic.data-pkt-events[0]"),
                new TcpEvent(2, TcpEvent.Kind.SEGMENT, 5, 2, new EventAction.Delay(20_000_000), "traffic.data-pkt-events[1]"),
                new TcpEvent(1, TcpEvent.Kind.ACK, 3, 1, new EventAction.Rewrite(java.util.Map.of(HeaderField.TCP_WINDOW, 0)), "traffic.ctrl-pkt-events[0]"));
        assertThat(t.sysctls()).containsEntry("tcp_sack", "0").containsEntry("tcp_rmem", "4096 87380 6291456");
        assertThat(TcpTestConfigLoader.isTcp(YamlTree.parse("t.yaml", TRAFFIC))).isTrue();
        assertThat(TcpTestConfigLoader.isTcp(YamlTree.parse("t.yaml", "traffic: {rdma-verb: write}"))).isFalse();
    }

    @Test
    void aReceiverThatPausesClosesItsWindowAndWritesBackAsItReads() {
        TcpTestConfig t = parse(TRAFFIC + """
                  receive-buffer: 8KB
                  read-pause: {after: 32KB, for: 1500ms}
                """);
        assertThat(t.traffic().receiver()).isEqualTo(new TcpTraffic.Receiver(8_000, 32_000, 1_500_000_000L));
        assertThat(parse(TRAFFIC).traffic().receiver()).isEqualTo(TcpTraffic.Receiver.EAGER);
        assertThat(TcpTestConfigLoader.parse(TcpTestConfigWriter.toYaml(t, ""), "w.yaml", "t")).isEqualTo(t);
        assertThat(error(TRAFFIC + "  read-pause: {after: 1KB}\n").location()).endsWith("traffic.read-pause.for");
        assertThat(error(TRAFFIC + "  read-pause: {after: 1MB, for: 1s}\n").problem()).contains("outside");
        assertThat(error(TRAFFIC + "  read-pause: {for: 1s, until: 2s}\n").location()).endsWith("traffic.read-pause.until");
        assertThat(error(TRAFFIC + "  receive-buffer: -1\n").location()).endsWith("traffic.receive-buffer");
    }

    @Test
    void theTcpExamplesLoad() throws java.io.IOException {
        java.util.List<java.nio.file.Path> tcp;
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("../examples/inject"))) {
            tcp = files.filter(p -> p.getFileName().toString().startsWith("tcp-")).sorted().toList();
        }
        assertThat(tcp).hasSizeGreaterThanOrEqualTo(2);
        for (var p : tcp) {
            assertThat(TcpTestConfigLoader.isTcp(YamlTree.read(p, "test", ""))).as(p.toString()).isTrue();
            assertThat(TcpTestConfigLoader.load(p).traffic().connections()).as(p.toString()).isPositive();
        }
    }

    @Test
    void mistakesNameTheirLineAndKey() {
        assertThat(error("traffic: {transport: tcp}\n").location()).isEqualTo("line 1, traffic.message-size");
        assertThat(error(TRAFFIC + "  data-pkt-events: [{conn: 3, seg: 1, type: drop}]\n").getMessage())
                .contains("line 6, traffic.data-pkt-events[0].conn").contains("outside 1..2");
        assertThat(error(TRAFFIC + "  data-pkt-events: [{conn: 1, type: drop}]\n").location()).endsWith("traffic.data-pkt-events[0].seg");
        assertThat(error(TRAFFIC + "  ctrl-pkt-events: [{conn: 1, ack: 1, iter: 2, type: drop}]\n").problem()).contains("not retransmitted");
        assertThat(error(TRAFFIC + "  data-pkt-events: [{conn: 1, seg: 1, type: rewrite, set: {mig-req: 0}}]\n").problem())
                .contains("is not a known setting");
        assertThat(error(TRAFFIC + "linux: {tcp_sak: 0}\n").problem()).contains("is not a TCP setting").contains("tcp_sack");
        assertThat(error(TRAFFIC + "linux: {tcp_ecn: on}\n").problem()).contains("is a YAML true or false");
        assertThat(error(TRAFFIC + "linux: {tcp_ecn: lots}\n").problem()).contains("'lots' is not a number");
        assertThat(error(TRAFFIC + "  congestion-control: 'cubic; rm -rf /'\n").problem()).contains("is not a congestion control name");
        assertThat(error(TRAFFIC.replace("transport: tcp", "transport: udp")).problem()).contains("must be tcp");
    }
}
