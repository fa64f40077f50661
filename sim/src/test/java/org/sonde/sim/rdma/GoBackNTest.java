package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;

class GoBackNTest {
    private static final RoceConfig CONFIG = RoceConfig.defaults();

    private static List<WorkRequest.Completion> write(QueuePair qp, long bytes) {
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp.post(WorkRequest.rc(1, Verb.WRITE, bytes, done::add));
        return done;
    }

    @Test
    void writeIsSegmentedAtTheMtuWithFirstMiddleLastOpcodes() {
        RoceBed bed = new RoceBed(1, CONFIG);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        long[] placed = {0};
        qp[1].onPlaced(n -> placed[0] += n);
        List<WorkRequest.Completion> done = write(qp[0], 10 * 1024 + 100);
        bed.sim.run();

        List<RoceFrame> data = bed.seen(RoceFrame::isData);
        assertThat(data).hasSize(11);
        assertThat(data.getFirst().opcode).isEqualTo(RoceOpcode.RC_RDMA_WRITE_FIRST);
        assertThat(data.get(5).opcode).isEqualTo(RoceOpcode.RC_RDMA_WRITE_MIDDLE);
        assertThat(data.getLast().opcode).isEqualTo(RoceOpcode.RC_RDMA_WRITE_LAST);
        assertThat(data.getLast().payloadBytes).isEqualTo(100);
        assertThat(data.getLast().ackRequest).isTrue();
        for (int i = 0; i < data.size(); i++) assertThat(data.get(i).psn).isEqualTo(Psn.add(qp[0].initialPsn(), i));
        assertThat(placed[0]).isEqualTo(10 * 1024 + 100);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        assertThat(bed.seen(RoceBed::isNak)).isEmpty();
        assertThat(qp[0].retransmissions()).isZero();
    }

    @Test
    void aDroppedPacketIsRecoveredByGoBackNWithExactlyOneNak() {
        RoceBed bed = new RoceBed(2, CONFIG);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int lost = Psn.add(qp[0].initialPsn(), 3);
        bed.dropWhen(RoceBed.nth(1, f -> f.isData() && f.psn == lost));
        long[] placed = {0};
        qp[1].onPlaced(n -> placed[0] += n);
        List<WorkRequest.Completion> done = write(qp[0], 20 * 1024);
        bed.sim.run();

        List<RoceFrame> naks = bed.seen(RoceBed::isNak);
        assertThat(naks).singleElement().satisfies(n -> assertThat(n.psn).isEqualTo(lost));
        // after the NAK the requester resends from the lost PSN onwards: PSNs 3.. again, in order
        List<Integer> psns = bed.seen(RoceFrame::isData).stream().map(f -> Psn.distance(qp[0].initialPsn(), f.psn)).toList();
        int restart = psns.lastIndexOf(3);
        assertThat(psns.subList(restart, psns.size())).containsExactlyElementsOf(range(3, 20));
        assertThat(psns.subList(0, restart)).startsWith(0, 1, 2, 3, 4);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        assertThat(placed[0]).isEqualTo(20 * 1024);
        assertThat(bed.nic2.counterValues()).containsEntry("out_of_sequence", 1L);
        assertThat(bed.nic1.counterValues()).containsEntry("packet_seq_err", 1L).containsEntry("local_ack_timeout_err", 0L);
        assertThat(qp[0].retransmissions()).isEqualTo(psns.size() - 20);
    }

    @Test
    void aDroppedTailPacketIsRecoveredByTimeoutAtExactlyTheIbTimeout() {
        RoceConfig config = CONFIG.withRetries(10, 7, 7); // 4.096 us * 2^10 = 4.194304 ms
        RoceBed bed = new RoceBed(3, config);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int tail = Psn.add(qp[0].initialPsn(), 7);
        bed.dropWhen(RoceBed.nth(1, f -> f.isData() && f.psn == tail));
        List<WorkRequest.Completion> done = write(qp[0], 8 * 1024);
        bed.sim.run();

        assertThat(bed.seen(RoceBed::isNak)).isEmpty();
        // the last ACK (for PSN 6) restarted the timer; the retransmission leaves exactly one timeout later
        List<RoceBed.Event> sends = bed.at1.stream().filter(e -> e.sent() && e.frame().psn == tail).toList();
        assertThat(sends).hasSize(2);
        long lastAck = bed.at1.stream().filter(e -> !e.sent() && e.frame().isAck() && e.time() < sends.get(1).time())
                .mapToLong(RoceBed.Event::time).max().orElseThrow();
        assertThat(bed.at1.stream().filter(e -> !e.sent() && e.frame().isAck()).toList().getLast().frame().psn).isEqualTo(tail);
        assertThat(sends.get(1).time() - lastAck).isEqualTo(4096L << 10);
        assertThat(bed.nic1.counterValues()).containsEntry("local_ack_timeout_err", 1L).containsEntry("packet_seq_err", 0L);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> l = new ArrayList<>();
        for (int i = from; i < to; i++) l.add(i);
        return l;
    }
}
