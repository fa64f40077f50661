package org.sonde.search.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.search.monitor.AnomalyMonitor;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Request;
import org.sonde.search.space.Traffic;

/**
 * The remote engine's real process path: a template that runs commands locally ({@code sh -c}) in
 * place of ssh, and scripts standing in for ethtool and perftest that print recorded outputs in
 * their documented formats (ethtool's "NIC statistics:" lines, perftest's result table) and count
 * what they were asked to run. Only the hosts differ from a user's testbed.
 */
class RemoteEngineTest {
    @TempDir
    Path dir;
    FakeTestbed bed;
    Path state;

    private static final Endpoint E = new Endpoint(Memory.LOCAL_NUMA, 1, 65536);
    private static final Traffic WRITE = new Traffic(QpType.RC, Opcode.WRITE, 8, 1024, 16, 256, 1, 1, List.of(new Request(65536, 1)), 65536, E, E);

    @BeforeEach
    void testbed() {
        FakeTestbed t = FakeTestbed.create(dir);
        bed = t;
        state = t.state;
    }

    private RemoteTarget target(String extra) {
        return RemoteTarget.parse("target.yaml", bed.yaml(extra));
    }

    private String yaml(String extra) {
        return bed.yaml(extra);
    }

    @Test
    void runsServersOnBClientsOnAAndReadsTheCountersOfBoth() throws IOException {
        RemoteEngine e = new RemoteEngine(target(""));
        Run r = e.run(Point.oneWay(WRITE));
        Sample s = r.mean();
        assertThat(s.a().txBitsPerSec()).isEqualTo(100e9);
        assertThat(s.a().txPacketsPerSec()).isEqualTo(12e6);
        assertThat(s.b().rxBitsPerSec()).isEqualTo(100e9);
        assertThat(s.a().pauseMicrosPerSec()).isEqualTo(4000);
        assertThat(s.b().pauseMicrosPerSec()).isEqualTo(4000);
        assertThat(e.diagnosticCounters()).containsExactly("A:rx_discards_phy", "A:out_of_buffer", "A:packet_seq_err", "B:rx_discards_phy", "B:out_of_buffer",
                "B:packet_seq_err");
        assertThat(s.diagnostic()).containsExactly(0, 3, 0, 2, 3, 0);
        assertThat(Files.readString(state.resolve("B/commands.log"))).isEqualTo("ib_write_bw -d mlx5_0 -x 3 -c RC -q 8 -m 1024 -s 65536 -t 256 -l 16 -D 10 --report_gbits -F -p 18515\n");
        assertThat(Files.readString(state.resolve("A/commands.log"))).endsWith("-p 18515 10.0.0.2\n");
        assertThat(AnomalyMonitor.paper(e.spec()).judge(Point.oneWay(WRITE), s)).isEqualTo(Optional.of(Symptom.PAUSE));
        assertThat(r.seconds()).isPositive();
    }

    @Test
    void throughputCanComeFromPerftestsTable() {
        RemoteEngine e = new RemoteEngine(target("throughput: perftest\n"));
        Sample s = e.run(Point.oneWay(WRITE)).mean();
        assertThat(s.a().txBitsPerSec()).isEqualTo(92.5e9, org.assertj.core.data.Offset.offset(1.0));
        assertThat(s.b().rxBitsPerSec()).isEqualTo(92.5e9, org.assertj.core.data.Offset.offset(1.0));
        assertThat(s.a().txPacketsPerSec()).isEqualTo(0.176422e6 * 64, org.assertj.core.data.Offset.offset(1.0));
        assertThat(s.a().rxBitsPerSec()).isZero();
    }

    @Test
    void aBidirectionalPairSplitsPerftestsSumBetweenTheDirections() {
        RemoteEngine e = new RemoteEngine(target("throughput: perftest\n"));
        Sample s = e.run(new Point(Mode.BIDIRECTIONAL, List.of(WRITE, WRITE))).mean();
        assertThat(s.a().txBitsPerSec()).isEqualTo(46.25e9, org.assertj.core.data.Offset.offset(1.0));
        assertThat(s.a().rxBitsPerSec()).isEqualTo(46.25e9, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void aFailingClientIsAnEnvironmentErrorWithItsOutput() throws IOException {
        Files.writeString(state.resolve("fail"), "");
        RemoteEngine e = new RemoteEngine(target(""));
        assertThatThrownBy(() -> e.run(Point.oneWay(WRITE))).isInstanceOf(EnvironmentException.class).hasMessageContaining("Couldn't connect")
                .hasMessageContaining("client of traffic 0 on host A");
    }

    @Test
    void aHangingProcessIsStoppedAtTheTimeout() throws IOException {
        Files.writeString(state.resolve("hang"), "");
        RemoteEngine e = new RemoteEngine(target("timeout"));
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> e.run(Point.oneWay(WRITE))).isInstanceOf(EnvironmentException.class).hasMessageContaining("did not finish within");
        assertThat((System.nanoTime() - t0) / 1e9).as("bounded by the timeout, not by the hanging script").isLessThan(10);
    }

    @Test
    void aClientWithoutAResultTableIsBadInputNamingIt() throws IOException {
        Files.writeString(state.resolve("client.out"), " Conflicting CPU frequency values detected\n");
        RemoteEngine e = new RemoteEngine(target("throughput: perftest\n"));
        assertThatThrownBy(() -> e.run(Point.oneWay(WRITE))).isInstanceOf(BadInputException.class).hasMessageContaining("perftest client of traffic 0 on host A");
    }

    @Test
    void aCounterTheNicDoesNotHaveIsNamed() {
        RemoteEngine e = new RemoteEngine(RemoteTarget.parse("target.yaml", yaml("").replace("[rx_discards_phy]", "[rx_prio5_pause_duration]")));
        assertThatThrownBy(() -> e.run(Point.oneWay(WRITE))).isInstanceOf(BadInputException.class).hasMessageContaining("rx_prio5_pause_duration");
    }

    @Test
    void collieEngineModeConnectsClientsToTheServersAddress() {
        RemoteTarget t = RemoteTarget.parse("t.yaml", """
                hosts:
                  a: {name: rdma-a, address: 192.168.1.1, interface: ens1f0}
                  b: {name: rdma-b, address: 192.168.1.2, interface: ens1f0}
                engine: collie-engine
                device: mlx5_1
                spec: {line-rate: 200Gbps, packet-rate: 200e6}
                """);
        List<EngineCommand> cs = new RemoteEngine(t).compile(Point.oneWay(WRITE));
        assertThat(cs.get(0).line()).startsWith("timeout 15 numactl -N 0 -m 0 collie_engine").contains("--server");
        assertThat(cs.get(1).line()).startsWith("timeout 10 numactl").contains("collie_engine", "--dev=mlx5_1", "--connect=192.168.1.2", "--run_infinitely");
        assertThat(new RemoteEngine(t).argv("B", "echo hi")).containsExactly("ssh", "-o", "BatchMode=yes", "rdma-b", "echo hi");
    }

    @Test
    void collieEngineProcessesEndedByTimeoutAreTheNormalEnd() throws IOException {
        // stand-ins for coreutils' timeout ending collie_engine: exit status 124, no output
        bed.script("timeout", "exit 124\n");
        RemoteEngine e = new RemoteEngine(RemoteTarget.parse("target.yaml", yaml("engine: collie-engine\n")));
        Sample s = e.run(Point.oneWay(WRITE)).mean();
        assertThat(s.b().pauseMicrosPerSec()).isEqualTo(4000);
        // with perftest, 124 is a failure like any other
        bed.script("ib_write_bw", "exit 124\n");
        assertThatThrownBy(() -> new RemoteEngine(target("")).run(Point.oneWay(WRITE))).isInstanceOf(EnvironmentException.class).hasMessageContaining("exited with 124");
    }

    @Test
    void theExampleTargetFileReads() {
        RemoteTarget t = RemoteTarget.load(Path.of("../examples/search/remote-testbed.yaml"));
        assertThat(t.b().address()).isEqualTo("192.168.10.2");
        assertThat(t.spec().lineBitsPerSec()).isEqualTo(100e9);
        assertThat(t.hwCountersDir()).isEqualTo("/sys/class/infiniband/mlx5_0/ports/1/hw_counters");
        assertThat(new RemoteEngine(t).argv("A", "ethtool -S ens1f0np0")).containsExactly("ssh", "-o", "BatchMode=yes", "rdma-a", "ethtool -S ens1f0np0");
    }

    @Test
    void targetFileErrorsNameFileLineAndKey() {
        assertThatThrownBy(() -> RemoteTarget.parse("t.yaml", "hosts:\n  a: {name: x, address: 1.2.3.4, interface: e}\n  b: {name: y, address: 1.2.3.5, interface: e}\n"
                + "device: mlx5_0\nengine: ucx\nspec: {line-rate: 100Gbps, packet-rate: 1e8}\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("t.yaml").hasMessageContaining("line 5").hasMessageContaining("engine");
        assertThatThrownBy(() -> RemoteTarget.parse("t.yaml", "hosts:\n  a: {name: x, address: 1.2.3.4, interface: e}\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("hosts.b");
        assertThatThrownBy(() -> RemoteTarget.parse("t.yaml", "hosts:\n  a: {name: x, address: 1.2.3.4, interface: e}\n  b: {name: y, address: 1.2.3.5, interface: e}\n"
                + "device: mlx5_0\nspec: {line-rate: 100Gbps}\n")).isInstanceOf(BadInputException.class).hasMessageContaining("spec");
        assertThatThrownBy(() -> RemoteTarget.parse("t.yaml", "hosts:\n  a: {name: x, address: 1.2.3.4, interface: e}\n  b: {name: y, address: 1.2.3.5, interface: e}\n"
                + "device: mlx5_0\ntemplate: ssh {host}\nspec: {line-rate: 100Gbps, packet-rate: 1e8}\n")).isInstanceOf(BadInputException.class).hasMessageContaining("{command}");
        assertThatThrownBy(() -> RemoteTarget.parse("t.yaml", "hosts:\n  a: {name: x, address: 1.2.3.4, interface: e}\n  b: {name: y, address: 1.2.3.5, interface: e}\n"
                + "device: mlx5_0\nengine: collie-engine\nthroughput: perftest\nspec: {line-rate: 100Gbps, packet-rate: 1e8}\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("throughput");
    }
}
