package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.packet.Aeth;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;

class ReadAndRnrTest {
    private static final RoceConfig CONFIG = RoceConfig.defaults();

    @Test
    void aLostReadResponseIsRecoveredByReRequestingTheRemainder() {
        RoceBed bed = new RoceBed(4, CONFIG);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int ipsn = qp[0].initialPsn();
        int lost = Psn.add(ipsn, 4);
        bed.dropWhen(RoceBed.nth(1, f -> Opcodes.isReadResponse(f.opcode) && f.psn == lost));
        long[] received = {0};
        qp[0].onPlaced(n -> received[0] += n);
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(7, Verb.READ, 10 * 1024, done::add));
        bed.sim.run();

        List<RoceFrame> requests = bed.seen(f -> f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST);
        assertThat(requests).hasSize(2);
        RoceFrame first = requests.get(0), again = requests.get(1);
        assertThat(first.psn).isEqualTo(ipsn);
        assertThat(first.dmaLength).isEqualTo(10 * 1024);
        // the re-request asks for what is missing: from the lost PSN, the rest of the buffer
        assertThat(again.psn).isEqualTo(lost);
        assertThat(again.virtualAddress).isEqualTo(first.virtualAddress + 4 * 1024);
        assertThat(again.dmaLength).isEqualTo(6 * 1024);
        List<Integer> responses = bed.seen(f -> Opcodes.isReadResponse(f.opcode)).stream().map(f -> Psn.distance(ipsn, f.psn)).toList();
        assertThat(responses.subList(0, 10)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(responses.subList(10, responses.size())).containsExactly(4, 5, 6, 7, 8, 9);
        List<RoceFrame> resent = bed.seen(f -> Opcodes.isReadResponse(f.opcode)).subList(10, responses.size());
        assertThat(resent.getFirst().opcode).isEqualTo(RoceOpcode.RC_RDMA_READ_RESPONSE_FIRST);
        assertThat(received[0]).isEqualTo(10 * 1024);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        assertThat(bed.nic1.counterValues()).containsEntry("implied_nak_seq_err", 1L).containsEntry("local_ack_timeout_err", 0L);
        assertThat(bed.nic2.counterValues()).containsEntry("duplicate_request", 1L).containsEntry("rx_read_requests", 1L);
    }

    /** ACKs for requests behind a READ wait for its responses: the responder answers in PSN order, so nothing looks lost. */
    @Test
    void writesBehindAReadAreAcknowledgedAfterItsResponses() {
        RoceBed bed = new RoceBed(14, CONFIG);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.READ, 32 * 1024, done::add));
        qp[0].post(WorkRequest.rc(2, Verb.WRITE, 2 * 1024, done::add));
        bed.sim.run();
        List<RoceFrame> fromResponder = bed.seen(f -> f.sourceIp == bed.h2.ip());
        int lastResponse = -1, firstAck = -1;
        for (int i = 0; i < fromResponder.size(); i++) {
            if (Opcodes.isReadResponse(fromResponder.get(i).opcode)) lastResponse = i;
            if (fromResponder.get(i).isAck() && firstAck < 0) firstAck = i;
        }
        assertThat(firstAck).isGreaterThan(lastResponse);
        assertThat(done).extracting(WorkRequest.Completion::id).containsExactly(1L, 2L);
        assertThat(bed.nic1.counterValues()).containsEntry("implied_nak_seq_err", 0L).containsEntry("retransmitted_packets", 0L);
    }

    @Test
    void aLostTailReadResponseIsRecoveredByTimeout() {
        RoceBed bed = new RoceBed(5, CONFIG.withRetries(8, 7, 7));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int tail = Psn.add(qp[0].initialPsn(), 3);
        bed.dropWhen(RoceBed.nth(1, f -> Opcodes.isReadResponse(f.opcode) && f.psn == tail));
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(7, Verb.READ, 4 * 1024, done::add));
        bed.sim.run();
        List<RoceFrame> requests = bed.seen(f -> f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST);
        assertThat(requests).extracting(f -> f.psn).containsExactly(qp[0].initialPsn(), tail);
        assertThat(requests.get(1).dmaLength).isEqualTo(1024);
        assertThat(bed.nic1.counterValues()).containsEntry("local_ack_timeout_err", 1L).containsEntry("implied_nak_seq_err", 0L);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
    }

    @Test
    void psnsWrapAroundInsideAMessageAndThroughRecovery() {
        RoceBed bed = new RoceBed(6, CONFIG);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2, Psn.MASK - 4);
        bed.dropWhen(RoceBed.nth(1, f -> f.isData() && f.psn == 1)); // the 7th packet, just after the wrap
        long[] placed = {0};
        qp[1].onPlaced(n -> placed[0] += n);
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 16 * 1024, done::add));
        qp[0].post(WorkRequest.rc(2, Verb.READ, 8 * 1024, done::add));
        bed.sim.run();
        List<Integer> firstPass = bed.seen(RoceFrame::isData).stream().limit(6).map(f -> f.psn).toList();
        assertThat(firstPass).containsExactly(Psn.MASK - 4, Psn.MASK - 3, Psn.MASK - 2, Psn.MASK - 1, Psn.MASK, 0);
        assertThat(bed.seen(RoceBed::isNak)).singleElement().satisfies(n -> assertThat(n.psn).isEqualTo(1));
        assertThat(done).extracting(WorkRequest.Completion::status).containsExactly(WorkRequest.Status.SUCCESS, WorkRequest.Status.SUCCESS);
        assertThat(placed[0]).isEqualTo(16 * 1024);
        // the READ took the 8 PSNs after the WRITE's 16
        assertThat(bed.seen(f -> f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST).getLast().psn).isEqualTo(Psn.add(Psn.MASK - 4, 16));
        assertThat(qp[1].expectedPsn()).isEqualTo(Psn.add(Psn.MASK - 4, 24));
    }

    @Test
    void aSendWithoutAPostedReceiveGetsAnRnrNakAndIsRetriedAfterTheRnrTimer() {
        RoceBed bed = new RoceBed(7, CONFIG);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<WorkRequest.Completion> done = new ArrayList<>();
        long[] placed = {0};
        qp[1].onPlaced(n -> placed[0] += n);
        qp[0].post(WorkRequest.rc(1, Verb.SEND, 3000, done::add));
        bed.sim.after(100_000, () -> qp[1].postReceive(1)); // the application posts its buffer late
        bed.sim.run();

        List<RoceFrame> rnr = bed.seen(f -> f.isAck() && f.ackKind() == Aeth.Kind.RNR_NAK);
        assertThat(rnr).isNotEmpty().allSatisfy(n -> assertThat(Aeth.value(n.syndrome)).isEqualTo(CONFIG.minRnrTimer()));
        // each retry waits the RNR timer (code 12: 640 us); the one after 100 us succeeds
        assertThat(rnr).hasSize(1);
        assertThat(bed.seen(RoceBed::isNak)).isEmpty();
        List<RoceBed.Event> firsts = bed.at1.stream().filter(e -> e.sent() && e.frame().opcode == RoceOpcode.RC_SEND_FIRST).toList();
        long rnrArrival = bed.at1.stream().filter(e -> !e.sent() && e.frame().isAck() && e.frame().ackKind() == Aeth.Kind.RNR_NAK).findFirst().orElseThrow().time();
        assertThat(firsts).hasSize(2);
        assertThat(firsts.get(1).time() - rnrArrival).isEqualTo(Aeth.rnrTimerMicros(12) * 1000L);
        assertThat(placed[0]).isEqualTo(3000);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        assertThat(bed.nic1.counterValues()).containsEntry("req_rnr_nak_received", 1L).containsEntry("rnr_nak_retry_err", 0L);
    }

    @Test
    void rnrRetriesRunOutAndFailTheQp() {
        RoceBed bed = new RoceBed(8, CONFIG.withRetries(14, 7, 2));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.SEND, 100, done::add));
        qp[0].post(WorkRequest.rc(2, Verb.SEND, 100, done::add));
        bed.sim.run();
        assertThat(bed.seen(f -> f.isAck() && f.ackKind() == Aeth.Kind.RNR_NAK)).hasSize(3);
        assertThat(done).extracting(WorkRequest.Completion::status).containsExactly(WorkRequest.Status.RNR_RETRY_EXCEEDED, WorkRequest.Status.FLUSHED);
        assertThat(qp[0].state()).isEqualTo(QueuePair.State.ERROR);
        assertThat(bed.nic1.counterValues()).containsEntry("rnr_nak_retry_err", 1L);
    }

    @Test
    void retryCountExhaustionFailsTheQpAfterRetryCntTimeouts() {
        RoceBed bed = new RoceBed(9, CONFIG.withRetries(5, 3, 7));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        bed.dropWhen(f -> f.isData());
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 2048, done::add));
        bed.sim.run();
        // one original and retry_cnt = 3 retransmissions, 4.096 us * 2^5 apart
        List<RoceBed.Event> firsts = bed.at1.stream().filter(e -> e.sent() && e.frame().opcode == RoceOpcode.RC_RDMA_WRITE_FIRST).toList();
        assertThat(firsts).hasSize(4);
        for (int i = 1; i < 4; i++) assertThat(firsts.get(i).time() - firsts.get(i - 1).time()).isEqualTo(4096L << 5);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.RETRY_EXCEEDED));
        assertThat(bed.nic1.counterValues()).containsEntry("local_ack_timeout_err", 4L);
    }

    @Test
    void udSendsDatagramsWithDethAndDropsThemWithoutAReceive() {
        RoceBed bed = new RoceBed(10, CONFIG);
        QueuePair a = bed.nic1.createUdQp(0x1111);
        QueuePair b = bed.nic2.createUdQp(0x1111);
        b.postReceive(2);
        long[] placed = {0};
        b.onPlaced(n -> placed[0] += n);
        List<WorkRequest.Completion> done = new ArrayList<>();
        for (int i = 0; i < 3; i++) a.post(WorkRequest.ud(i, 500, bed.h2.ip(), b.qpn(), 0x1111, done::add));
        bed.sim.run();
        List<RoceFrame> sent = bed.seen(RoceFrame::isData);
        assertThat(sent).hasSize(3).allSatisfy(f -> {
            assertThat(f.opcode).isEqualTo(RoceOpcode.UD_SEND_ONLY);
            assertThat(f.sourceQp).isEqualTo(a.qpn());
            assertThat(f.queueKey).isEqualTo(0x1111);
        });
        assertThat(bed.seen(RoceFrame::isAck)).isEmpty();
        assertThat(placed[0]).isEqualTo(1000);
        assertThat(done).hasSize(3);
        assertThat(bed.nic2.counterValues()).containsEntry("ud_no_receive", 1L);
    }
}
