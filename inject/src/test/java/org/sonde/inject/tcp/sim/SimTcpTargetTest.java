package org.sonde.inject.tcp.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.UsageException;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTestConfigLoader;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysis.RecoveryKind;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.sim.tcp.TcpConfig;

/** TCP tests on the simulator's TCP through the simulated middle box. */
class SimTcpTargetTest {
    private static final TargetSpec.SimTcp MODEL = new TargetSpec.SimTcp();
    @TempDir
    Path dir;

    private TcpInjection.Result run(TcpTestConfig test, String sub) throws Exception {
        return TcpInjection.run(test, MODEL, 1, Files.createDirectories(dir.resolve(sub)));
    }

    private static TcpAnalysis.Recovery recovery(TcpAnalysis a, int connection, int iteration) {
        return a.recoveries().stream().filter(x -> x.connection() == connection && x.iteration() == iteration).findFirst()
                .orElseThrow(() -> new AssertionError("no recovery of connection " + connection + ", transmission " + iteration + ": " + a.recoveries()));
    }

    @Test
    void listing2GivesTheVerdictsLinuxGivesOnAnUnloadedTestbed() throws Exception {
        TcpTestConfig test = TcpTestConfigLoader.load(Path.of("../examples/inject/tcp-listing2.yaml"));
        TcpInjection.Result r = run(test, "a");
        TcpAnalysis a = r.analysis();
        assertThat(r.run().target()).isEqualTo("sim-tcp");
        assertThat(r.run().complete()).as(r.run().connections().toString()).isTrue();
        // the counters the integrity check compares (OutSegs + RetransSegs, InSegs) agree with the trace
        assertThat(a.integrity().pass()).as(a.integrity().problems().toString()).isTrue();
        assertThat(a.recoveries()).hasSize(4).allSatisfy(x -> assertThat(x.pass()).as(x.reason()).isTrue());
        assertThat(recovery(a, 2, 1).kind()).isIn(RecoveryKind.FAST_RETRANSMIT, RecoveryKind.RACK);
        TcpAnalysis.Recovery second = recovery(a, 2, 2), third = recovery(a, 2, 3);
        assertThat(second.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(second.latencyNanos()).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(third.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(third.latencyNanos()).isBetween(2 * second.latencyNanos() - 1_000_000, 2 * second.latencyNanos() + 1_000_000);
        // the tail: with one segment out the probe timeout is 2·SRTT + 200 ms, capped at the RTO (tcp_schedule_loss_probe()),
        // so at a 100 µs round trip the loss probe leaves at the RTO's time; the trace alone shows a timeout, the counters a
        // probe, and the analyzer, told the count, names it a probe
        TcpAnalysis.Recovery tail = recovery(a, 3, 1);
        assertThat(tail.kind()).isEqualTo(RecoveryKind.TLP);
        assertThat(tail.latencyNanos()).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(r.run().clientCounters()).containsEntry("TcpExtTCPLossProbes", 1L).containsEntry("TcpExtTCPTimeouts", 2L)
                .containsEntry("TcpRetransSegs", 4L);
        assertThat(a.ecn()).singleElement().satisfies(e -> {
            assertThat(e.negotiated()).isTrue();
            assertThat(e.echoNanos()).isPositive();
            assertThat(e.cwrNanos()).isPositive();
            assertThat(e.pass()).as(e.reason()).isTrue();
        });
        assertThat(a.spurious()).isEmpty();
        assertThat(r.run().notes()).noneMatch(n -> n.startsWith("tcp_frto")); // F-RTO is modelled: Linux's default, 2, is followed

        TcpTrace reread = TcpTrace.read(dir.resolve("a/trace.pcapng"));
        assertThat(reread.entries()).hasSameSizeAs(r.run().trace().entries());
        assertThat(reread.entries().stream().filter(e -> e.event() == InjectedEvent.DROP)).hasSize(4);
        assertThat(dir.resolve("a/result.json")).content().contains("\"target\" : \"sim-tcp\"").doesNotContain("tcp_frto");
        assertThat(dir.resolve("a/analysis.json")).exists();
    }

    @Test
    void theSameSeedGivesTheSameFiles() throws Exception {
        TcpTestConfig test = TcpTestConfigLoader.load(Path.of("../examples/inject/tcp-listing2.yaml"));
        run(test, "a");
        run(test, "b");
        for (String f : new String[] {"trace.pcapng", "result.json", "analysis.json"}) {
            assertThat(Files.readAllBytes(dir.resolve("a").resolve(f))).as(f).isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(f)));
        }
    }

    @Test
    void corruptionIsDiscardedByTheReceiverDuplicatesAndReorderingReachIt() throws Exception {
        TcpTestConfig test = TcpTestConfigLoader.parse("""
                name: edits
                traffic:
                  transport: tcp
                  num-connections: 1
                  num-msgs-per-connection: 1
                  message-size: 28960
                  congestion-control: reno
                  data-pkt-events:
                    - {conn: 1, seg: 4, type: corrupt}
                    - {conn: 1, seg: 7, type: duplicate}
                    - {conn: 1, seg: 12, type: reorder, after-packets: 2}
                linux:
                  tcp_sack: 1
                  tcp_autocorking: 0
                """, "edits.yaml", "edits");
        TcpInjection.Result r = run(test, "edits");
        TcpAnalysis a = r.analysis();
        assertThat(r.run().complete()).isTrue();
        assertThat(a.integrity().pass()).as(a.integrity().problems().toString()).isTrue();
        assertThat(r.run().serverCounters()).containsEntry("TcpInCsumErrors", 1L).containsEntry("TcpExtTCPDSACKOldSent", 1L);
        assertThat(a.recoveries()).singleElement().satisfies(x -> {
            assertThat(x.segment()).isEqualTo(4);
            assertThat(x.kind()).isIn(RecoveryKind.FAST_RETRANSMIT, RecoveryKind.RACK);
        });
        assertThat(r.run().notes()).anyMatch(n -> n.startsWith("tcp_autocorking 0: not modelled"));
    }

    @Test
    void tcpRecoveryZeroLeavesRackOnAsLinux617AndLaterDoAndADsackUndoesTheNeedlessResend() throws Exception {
        // segment 2 overtaken by four others: three SACKed segments above it, no reordering seen yet, so RACK's window
        // is 0 and it is resent; the receiver then reports the copy twice, and the reduction is undone
        TcpTestConfig test = TcpTestConfigLoader.parse("""
                name: reorder
                traffic:
                  transport: tcp
                  num-connections: 1
                  num-msgs-per-connection: 1
                  message-size: 43440
                  response-size: 100
                  congestion-control: cubic
                  data-pkt-events:
                    - {conn: 1, seg: 2, type: reorder, after-packets: 4}
                linux:
                  tcp_recovery: 0
                  tcp_early_retrans: 0
                """, "reorder.yaml", "reorder");
        assertThat(SimTcpSettings.of(test).config().recovery() & TcpConfig.RACK_LOSS_DETECTION).isNotZero();
        TcpInjection.Result r = run(test, "reorder");
        assertThat(r.run().complete()).isTrue();
        assertThat(r.run().clientCounters()).containsEntry("TcpRetransSegs", 1L).containsEntry("TcpExtTCPDSACKRecv", 1L)
                .containsEntry("TcpExtTCPDSACKUndo", 1L);
        assertThat(r.run().notes()).anyMatch(n -> n.startsWith("tcp_recovery 0: from Linux 6.17 on"));
    }

    @Test
    void aCongestionControlTheModelLacksIsAUsageError() {
        TcpTestConfig bbr = TcpTestConfigLoader.parse("""
                traffic: {transport: tcp, num-connections: 1, num-msgs-per-connection: 1, message-size: 1000, congestion-control: bbr}
                """, "bbr.yaml", "bbr");
        assertThatThrownBy(() -> run(bbr, "bbr")).isInstanceOf(UsageException.class).hasMessageContaining("no congestion control 'bbr'");
    }

    @Test
    void targetsParseAndRoceRefusesSimTcp() {
        assertThat(TargetSpec.parse("sim-tcp")).isEqualTo(new TargetSpec.SimTcp());
        assertThat(TargetSpec.parse("sim-tcp").toString()).isEqualTo("sim-tcp");
        assertThatThrownBy(() -> TargetSpec.parse("sim-tcp").simulated()).isInstanceOf(UsageException.class).hasMessageContaining("runs TCP tests");
    }
}
