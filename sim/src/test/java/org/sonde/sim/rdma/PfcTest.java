package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.sim.net.PauseFrame;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Port;

class PfcTest {
    private static final PfcThresholds SWITCH_PFC = new PfcThresholds(1 << 3, 100_000, 50_000, PauseFrame.MAX_QUANTA);

    private static RoceConfig noDcqcn(RoceConfig c) {
        return c.withDcqcn(DcqcnConfig.DEFAULT.withEnables(false, false));
    }

    /**
     * A receiver whose pipeline handles 500 000 packets/s (about 4.5 Gb/s of 1 KB packets) behind a
     * 10 Gb/s link: its buffer passes XOFF, it pauses the switch, the switch's ingress from the sender
     * passes its XOFF in turn and pauses the sender. Nothing is dropped, nothing retransmitted, and the
     * transfer runs at the pipeline's pace.
     */
    @Test
    void aSlowReceivePipelinePausesTheLinkAndBackPressureReachesTheSender(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("slow-rx.yaml");
        Files.writeString(file, """
                extends: neutral
                description: a receive pipeline slower than the link
                rx-pipeline:
                  packets-per-second: 500000
                  buffer: 128KB
                  xoff: 64KB
                  xon: 32KB
                """);
        NicProfile slow = NicProfile.load(file);
        assertThat(slow.rxPipeline().packetsPerSecond()).isEqualTo(500_000);
        assertThat(slow.cnp()).isEqualTo(NicProfile.neutral().cnp());
        RoceConfig base = noDcqcn(RoceConfig.defaults());
        RoceBed bed = new RoceBed(31, base, base.withProfile(slow), new org.sonde.sim.net.SwitchConfig(12_000_000, 1.0,
                org.sonde.sim.net.EcnMarking.OFF, SWITCH_PFC, org.sonde.sim.net.Scheduling.EQUAL));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<WorkRequest.Completion> done = new ArrayList<>();
        long bytes = 4_000_000;
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, bytes, done::add));
        bed.sim.run();

        Map<String, Long> rx = bed.nic2.counterValues(), tx = bed.nic1.counterValues();
        assertThat(rx.get("tx_prio3_pause")).isPositive();
        assertThat(rx.get("rx_discards_phy")).isZero();
        Port toSender = bed.h1.nic().peer();
        assertThat(toSender.counters().pauseFramesSent[3]).as("switch paused the sender").isPositive();
        assertThat(tx.get("rx_prio3_pause")).isEqualTo(toSender.counters().pauseFramesSent[3]);
        assertThat(tx.get("rx_prio3_pause_duration")).isPositive();
        for (Port p : bed.sw.ports()) assertThat(p.counters().drops).isZero();
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        assertThat(qp[0].retransmissions()).isZero();
        double gbps = bytes * 8.0 / done.getFirst().timeNanos();
        assertThat(gbps).isBetween(0.5e6 * 1024 * 8 / 1e9 * 0.95, 0.5e6 * 1024 * 8 / 1e9 * 1.05); // the pipeline's pace, 4.1 Gb/s of payload
    }

    /** The same receiver told to discard instead of pausing loses packets (rx_discards_phy) and recovers them by go-back-N. */
    @Test
    void aSlowReceivePipelineWithoutPfcDiscards() {
        NicProfile discard = NicProfile.neutral().withRxPipeline(
                new NicProfile.RxPipeline(500_000, 0, 64 * 1024, NicProfile.Overflow.DISCARD, 0, 0, org.sonde.core.config.Distribution.ZERO, false, 0));
        RoceConfig base = noDcqcn(RoceConfig.defaults());
        RoceBed bed = new RoceBed(32, base, base.withProfile(discard), org.sonde.sim.net.SwitchConfig.DEFAULT);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 1_000_000, done::add));
        bed.sim.run();
        Map<String, Long> rx = bed.nic2.counterValues();
        assertThat(rx.get("rx_discards_phy")).isPositive();
        assertThat(rx.get("tx_pause_ctrl_phy")).isZero();
        assertThat(rx.get("out_of_sequence")).isPositive();
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
    }

    /** Eight senders into one receiver through a switch with PFC: the switch pauses the senders, and with PFC nothing is lost. */
    @Test
    void incastThroughASwitchWithPfcPausesTheSendersAndLosesNothing() {
        RoceConfig config = noDcqcn(RoceConfig.defaults());
        DcqcnTest.Dumbbell d = new DcqcnTest.Dumbbell(33, 8, config, SWITCH_PFC);
        List<WorkRequest.Completion> done = new ArrayList<>();
        List<QueuePair> qps = new ArrayList<>();
        for (RdmaNic s : d.senders) {
            QueuePair qp = RdmaNic.connect(s, d.receiver)[0];
            qps.add(qp);
            qp.post(WorkRequest.rc(1, Verb.WRITE, 1_000_000, done::add));
        }
        d.net.simulator().run();
        assertThat(done).hasSize(8).allSatisfy(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        for (Port p : d.sw.ports()) assertThat(p.counters().drops).isZero();
        long pausesReceived = d.senders.stream().mapToLong(n -> n.counterValues().get("rx_prio3_pause")).sum();
        assertThat(pausesReceived).isPositive();
        assertThat(qps).allSatisfy(q -> assertThat(q.retransmissions()).isZero());
        assertThat(d.sw.maxBufferUsed()).isLessThan(8 * (100_000 + 2 * 1100 + 30_000));
    }
}
