package org.sonde.inject.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysis.RecoveryKind;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.testkit.Netns;

/** A Listing-2-like TCP test on the Linux kernel behind the netfilter-queue injector (needs root). */
@Tag("netns")
class LinuxTcpTargetNetnsTest {
    static final String NEEDS = "root, iproute2, ethtool, iptables and libnetfilter-queue1";

    @TempDir
    Path dir;

    private TcpInjection.Result run(String yaml) {
        TcpTestConfig test = TcpTestConfigLoader.parse(yaml, "test.yaml", "test");
        try {
            return TcpInjection.run(test, 1, dir);
        } catch (RuntimeException e) {
            if (Netns.saysPrerequisiteMissing(e.getMessage())) throw Netns.unavailable(NEEDS, e.getMessage(), e);
            throw e;
        }
    }

    @Test
    void aLossIsRecoveredAsTheRfcsSayItsLostRetransmissionsTimeOutAndDoubleATailLossIsProbedAndAMarkIsEchoed() {
        TcpInjection.Result r = run("""
                name: listing2-tcp
                traffic:
                  transport: tcp
                  num-connections: 3
                  num-msgs-per-connection: 2
                  message-size: 14480
                  response-size: 100
                  congestion-control: cubic
                  data-pkt-events:
                    - {conn: 1, seg: 3, type: ecn}
                    - {conn: 2, seg: 5, type: drop}
                    - {conn: 2, seg: 5, iter: 2, type: drop}
                    - {conn: 2, seg: 5, iter: 3, type: drop}
                    - {conn: 3, seg: 10, type: drop}
                linux:
                  tcp_ecn: 1
                """);
        TcpAnalysis a = r.analysis();
        assertThat(r.run().complete()).as(r.run().connections().toString()).isTrue();
        assertThat(a.integrity().pass()).as(a.integrity().problems().toString()).isTrue();
        assertThat(a.recoveries()).hasSize(4);
        TcpAnalysis.Recovery first = recovery(a, 2, 1), second = recovery(a, 2, 2), third = recovery(a, 2, 3), tail = recovery(a, 3, 1);
        assertThat(first.kind()).isIn(RecoveryKind.FAST_RETRANSMIT, RecoveryKind.RACK);
        assertThat(second.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(second.latencyNanos()).isGreaterThanOrEqualTo(195_000_000L);
        assertThat(third.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(a.recoveries()).allSatisfy(x -> assertThat(x.pass()).as(x.reason()).isTrue());
        assertThat(tail.connection()).isEqualTo(3);
        assertThat(tail.kind()).isEqualTo(RecoveryKind.TLP);
        assertThat(a.ecn()).singleElement().satisfies(e -> {
            assertThat(e.negotiated()).isTrue();
            assertThat(e.cwrNanos()).isPositive();
            assertThat(e.pass()).as(e.reason()).isTrue();
        });
        // the first loss is shown by acknowledgements, answered at once as out-of-order data must be, and repaired
        assertThat(first.split().detectionNanos()).isPositive();
        assertThat(first.split().reactionNanos()).isPositive();
        assertThat(first.split().repairNanos()).isEqualTo(-1); // its retransmission was lost too
        assertThat(third.split().repairNanos()).isPositive();
        assertThat(second.split().reactionNanos()).isZero();
        assertThat(a.acks()).filteredOn(k -> k.connection() == 2).singleElement().satisfies(k -> {
            assertThat(k.outOfOrder()).isPositive();
            assertThat(k.late()).as(k.reason()).isZero();
        });
        // the kernel's own view: connection 2's timeouts put it in the loss state with a window of one segment
        assertThat(r.run().clientStates()).filteredOn(x -> x.connection() == 2 && x.caState() == 4).isNotEmpty()
                .allSatisfy(x -> assertThat(x.backoff()).isPositive());
        assertThat(r.run().clientStates()).filteredOn(x -> x.connection() == 2 && x.caState() == 4).anySatisfy(x -> assertThat(x.cwnd()).isEqualTo(1));
        // connection 2 lives for seconds of timeouts; the short ones may end between two samples on a loaded machine
        assertThat(r.run().clientStates()).extracting(TcpStateSample::connection).contains(2);
        assertThat(a.pass()).isTrue();
        TcpTrace reread = TcpTrace.read(dir.resolve("trace.pcapng"));
        assertThat(reread.entries()).hasSameSizeAs(r.run().trace().entries());
    }

    @Test
    void aReceiverThatStopsReadingClosesItsWindowAndTheSenderProbesItWithBackoff() {
        TcpInjection.Result r = run("""
                name: zero-window
                traffic:
                  transport: tcp
                  num-connections: 1
                  num-msgs-per-connection: 1
                  message-size: 256KB
                  receive-buffer: 8KB
                  read-pause: {after: 32KB, for: 3s}
                """);
        TcpAnalysis a = r.analysis();
        assertThat(r.run().complete()).as(r.run().connections().toString()).isTrue();
        assertThat(a.integrity().pass()).as(a.integrity().problems().toString()).isTrue();
        // about 3 s closed: Linux probes after one RTO (at least 200 ms; about 1.4 s when a loaded host's handshake took
        // 0.5 s), then backs off, before the window opens again
        TcpAnalysis.ZeroWindow z = a.zeroWindows().getFirst();
        assertThat(z.probeAfterNanos()).as(z.reason()).isNotEmpty();
        assertThat(z.probeAfterNanos().getFirst()).isGreaterThanOrEqualTo(195_000_000L);
        assertThat(z.dataBeyondWindow()).isZero();
        assertThat(z.durationNanos()).isBetween(1_500_000_000L, 4_000_000_000L);
        assertThat(z.resumeNanos()).isNotNegative();
        assertThat(a.zeroWindows()).allSatisfy(x -> assertThat(x.pass()).as(x.reason()).isTrue());
    }

    @Test
    void heldDuplicatedAndRewrittenPacketsPassAndTheTraceAgreesWithBothHostsCounters() {
        TcpInjection.Result r = run("""
                name: every-kind-of-hold
                traffic:
                  transport: tcp
                  num-connections: 2
                  num-msgs-per-connection: 1
                  message-size: 200KB
                  data-pkt-events:
                    - {conn: 1, seg: 20, type: delay, delay: 30ms}
                    - {conn: 1, seg: 40, type: reorder, after-packets: 2}
                    - {conn: 2, seg: 10, type: duplicate, copies: 2}
                  ctrl-pkt-events:
                    - {conn: 2, ack: 5, type: rewrite, set: {tcp-window: 100}}
                """);
        TcpAnalysis a = r.analysis();
        assertThat(r.run().complete()).as(r.run().connections().toString()).isTrue();
        // the counters see the copies and every packet the queue let go, held or not
        assertThat(a.integrity().pass()).as(a.integrity().problems().toString()).isTrue();
        assertThat(a.integrity().figures()).containsEntry("clientCopies", 2L);
        TcpTrace.Entry delayed = r.run().trace().entries().stream().filter(x -> x.event() == org.sonde.inject.model.InjectedEvent.DELAY)
                .findFirst().orElseThrow();
        assertThat(delayed.heldNanos()).isEqualTo(-1); // held on purpose: not the injector's own latency
        assertThat(r.run().trace().entries()).filteredOn(x -> x.event() == org.sonde.inject.model.InjectedEvent.NONE)
                .allSatisfy(x -> assertThat(x.heldNanos()).isNotNegative());
        assertThat(r.run().trace().entries()).filteredOn(x -> x.event() == org.sonde.inject.model.InjectedEvent.REWRITE)
                .singleElement().satisfies(x -> assertThat(x.window()).isEqualTo(100));
    }

    /**
     * {@code examples/inject/tcp-ack-loss.yaml}: the first flight's acknowledgements dropped, loss probes off, so the
     * retransmission timer fires though every segment arrived. The kernel undoes the timeout on the answer to its resend
     * (the timestamps show the originals arrived: TCPLossUndo), and the model counts the same recovery.
     */
    @Test
    void aSpuriousTimeoutIsUndoneAndCountedByTheKernelAsByTheModel() throws Exception {
        TcpTestConfig test = TcpTestConfigLoader.load(Path.of("../examples/inject/tcp-ack-loss.yaml"));
        TcpInjection.Result kernel;
        try {
            kernel = TcpInjection.run(test, 1, Files.createDirectories(dir.resolve("linux")));
        } catch (RuntimeException e) {
            if (Netns.saysPrerequisiteMissing(e.getMessage())) throw Netns.unavailable(NEEDS, e.getMessage(), e);
            throw e;
        }
        TcpInjection.Result model = TcpInjection.run(test, new TargetSpec.SimTcp(), 1, Files.createDirectories(dir.resolve("sim")));
        assertThat(kernel.run().complete()).as(kernel.run().connections().toString()).isTrue();
        Map<String, Long> k = kernel.run().clientCounters(), m = model.run().clientCounters();
        assertThat(k.get("TcpExtTCPTimeouts")).as(k.toString()).isEqualTo(1);
        assertThat(k.get("TcpExtTCPLossUndo")).as(k.toString()).isEqualTo(1);
        for (String c : List.of("TcpExtTCPTimeouts", "TcpRetransSegs", "TcpExtTCPLossUndo", "TcpExtTCPSpuriousRTOs", "TcpExtTCPSlowStartRetrans",
                "TcpExtTCPSackFailures", "TcpExtTCPSackRecoveryFail", "TcpExtTCPLossFailures", "TcpOutSegs")) {
            assertThat(m.getOrDefault(c, 0L)).as(c + ": kernel " + k + ", model " + m).isEqualTo(k.getOrDefault(c, 0L));
        }
    }

    private static TcpAnalysis.Recovery recovery(TcpAnalysis a, int connection, int iteration) {
        return a.recoveries().stream().filter(x -> x.connection() == connection && x.iteration() == iteration).findFirst()
                .orElseThrow(() -> new AssertionError("no recovery of connection " + connection + ", transmission " + iteration + ": " + a.recoveries()));
    }
}
