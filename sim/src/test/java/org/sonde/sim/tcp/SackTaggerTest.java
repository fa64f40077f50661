package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.sim.tcp.TcpParts.ackWithSacks;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SACK processing on a constructed scoreboard: which segments a SACK block tags (RFC 2018: whole segments
 * within the block), D-SACK recognition (RFC 2883: a first block below the cumulative ACK or inside the
 * second block), reordering detection and the duplicate threshold it raises ({@code tcp_check_sack_reordering()}),
 * the cumulative ACK's removal and RTT samples (Karn's rule), the delivered count and rate sample, and
 * NewReno's duplicate-ACK emulation without SACK ({@code tcp_add_reno_sack()}, {@code tcp_limit_reno_sacked()}).
 * Segments are 1000 bytes from sequence 1000: entry i covers [1000 (i + 1), 1000 (i + 2)).
 */
class SackTaggerTest {
    private static final long MS = 1_000_000L;

    private final TcpParts p = new TcpParts();
    private final Scoreboard sb = p.sb;
    private final SackTagger tagger = p.tagger;

    /** The cumulative ACK of everything below {@code ack}, as tcp_ack() runs it: snd_una moves first. */
    private int cumulativeAck(long ack) {
        long priorFack = sb.sackedOut > 0 ? sb.highestSack : p.tp.sndUna;
        int flag = ack > p.tp.sndUna ? AckFlags.FLAG_SND_UNA_ADVANCED : 0;
        p.tp.sndUna = ack;
        return tagger.cleanRtxQueue(ack, priorFack, false, flag, p.recovery.highSeq);
    }

    private int sack(long... blocks) {
        tagger.newAck();
        long priorFack = sb.sackedOut > 0 ? sb.highestSack : p.tp.sndUna;
        return tagger.sacktag(ackWithSacks(p.tp.sndUna, blocks), p.tp.sndUna, p.tp.sndUna, priorFack, p.recovery.highSeq);
    }

    @Test
    void blocksTagTheWholeSegmentsTheyCoverInSequenceOrderWhateverOrderTheyCameIn() {
        p.send(10);
        int flag = sack(5000, 7000, 3000, 4000, 8500, 9500);
        assertThat(flag & AckFlags.FLAG_DATA_SACKED).isNotZero();
        assertThat(tagger.sackDelivered).isEqualTo(3);
        assertThat(sb.is(2, Scoreboard.SACKED)).isTrue(); // [3000, 4000)
        assertThat(sb.is(4, Scoreboard.SACKED) && sb.is(5, Scoreboard.SACKED)).isTrue();
        assertThat(sb.is(7, Scoreboard.SACKED) || sb.is(8, Scoreboard.SACKED)).isFalse(); // half of each: not tagged
        assertThat(sb.highestSack).isEqualTo(7000);
        // sorted, the blocks tag in sequence order: no segment is SACKed below one already SACKed
        assertThat(p.counter(TcpCounter.TcpExtTCPSACKReorder)).isZero();
        assertThat(p.tp.reordering).isEqualTo(3);
        assertThat(p.rack.rackAdvanced).isTrue();
        assertThat(p.tp.delivered).isZero(); // tcp_ack() counts what sacktag delivered
    }

    @Test
    void blocksAreClippedToWhatIsOutstanding() {
        p.send(10); // up to 11000
        assertThat(sack(10_500, 12_000)).isZero(); // half of the last segment, and beyond snd_nxt
        assertThat(sack(20_000, 30_000)).isZero();
        assertThat(sb.sackedOut).isZero();
        assertThat(sack(10_000, 12_000) & AckFlags.FLAG_DATA_SACKED).isNotZero();
        assertThat(sb.is(9, Scoreboard.SACKED)).isTrue();
    }

    @Test
    void aSegmentSackedBelowSackedDataThatWasNeverRetransmittedIsReorderingAndRaisesTheThreshold() {
        p.send(10);
        sack(6000, 11_000);
        sack(2000, 3000); // 9 segments below the highest SACK: arrived out of order, not lost
        assertThat(p.tp.reordering).isEqualTo(9);
        assertThat(p.tp.reordSeen).isEqualTo(1);
        assertThat(p.counter(TcpCounter.TcpExtTCPSACKReorder)).isEqualTo(1);

        TcpParts capped = new TcpParts(Map.of("max-reordering", 5));
        capped.send(10);
        capped.tagger.sacktag(ackWithSacks(1000, 6000, 11_000), 1000, capped.tp.sndUna, 1000, 0);
        capped.tagger.sacktag(ackWithSacks(1000, 2000, 3000), 1000, capped.tp.sndUna, 11_000, 0);
        assertThat(capped.tp.reordering).isEqualTo(5); // tcp_max_reordering
    }

    @Test
    void aRetransmittedSegmentSackedLateIsNoEvidenceOfReordering() {
        p.send(10);
        sb.markLost(1);
        sb.markRetransmitted(1, 0, 0);
        sack(6000, 11_000);
        sack(2000, 3000);
        assertThat(p.tp.reordering).isEqualTo(3);
        assertThat(p.tp.reordSeen).isZero();
    }

    @Test
    void aFirstBlockBelowTheAckOrInsideTheSecondIsADsackAndTagsNothing() {
        p.send(10);
        p.tp.sndUna = 3000;
        p.tp.totalRetrans = 2; // the duplicates are of segments this sender resent
        int flag = sack(1000, 2000, 5000, 6000); // below snd_una: received twice
        assertThat(flag & AckFlags.FLAG_DSACKING_ACK).isNotZero();
        assertThat(sb.is(4, Scoreboard.SACKED)).isTrue(); // the second block is an ordinary SACK
        assertThat(sb.is(0, Scoreboard.SACKED)).isFalse();
        assertThat(p.counter(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1);

        flag = sack(8000, 9000, 7000, 10_000); // inside the second block: a duplicate of out-of-order data
        assertThat(flag & AckFlags.FLAG_DSACKING_ACK).isNotZero();
        assertThat(tagger.sackDelivered).isEqualTo(4); // [7000, 10000) from the second block, and the duplicate delivered
        assertThat(p.counter(TcpCounter.TcpExtTCPDSACKOfoRecv)).isEqualTo(1);
        assertThat(p.counter(TcpCounter.TcpExtTCPDSACKRecvSegs)).isEqualTo(2);

        flag = sack(4000, 5000, 3000, 4500); // overlapping the second but not inside it: an ordinary SACK
        assertThat(flag & AckFlags.FLAG_DSACKING_ACK).isZero();
    }

    @Test
    void aDsackOfMoreThanThisSenderRetransmittedOrWiderThanTheWindowIsDubiousAndIgnored() {
        p.send(10);
        p.tp.sndUna = 4000;
        p.tp.totalRetrans = 1;
        assertThat(sack(1000, 3000) & AckFlags.FLAG_DSACKING_ACK).isZero(); // two segments twice, one resent (tcp_dsack_seen)
        assertThat(p.counter(TcpCounter.TcpExtTCPDSACKIgnoredDubious)).isEqualTo(1);
        assertThat(p.counter(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1); // counted as received all the same

        TcpParts wide = new TcpParts();
        wide.send(10);
        wide.tp.sndUna = 11_000;
        wide.tp.totalRetrans = 100;
        wide.tp.maxWindow = 5000;
        assertThat(wide.tagger.sacktag(ackWithSacks(11_000, 1000, 7000), 11_000, wide.tp.sndUna, 11_000, 0) & AckFlags.FLAG_DSACKING_ACK).isZero();
        assertThat(wide.counter(TcpCounter.TcpExtTCPDSACKIgnoredDubious)).isEqualTo(1);
        assertThat(wide.tagger.sacktag(ackWithSacks(11_000, 1000, 5000), 11_000, wide.tp.sndUna, 11_000, 0) & AckFlags.FLAG_DSACKING_ACK).isNotZero();
        assertThat(wide.counter(TcpCounter.TcpExtTCPDSACKRecvSegs)).isEqualTo(4);
    }

    @Test
    void aDsackOfTheLossProbeOnlySaysTheProbeWasNotNeededOthersMayMeanTheWindowIsTooSmall() {
        p.send(10);
        p.tp.totalRetrans = 3;
        p.rack.tlpHighSeq = 11_000;
        // the probe resent the last segment, which had arrived above a hole: a D-SACK inside the SACK block, ending at tlp_high_seq
        int flag = sack(10_000, 11_000, 8000, 11_000);
        assertThat(flag & AckFlags.FLAG_DSACK_TLP).isNotZero();
        p.tp.reordSeen = 1;
        assertThat(sack(10_000, 11_000, 8000, 11_000) & AckFlags.FLAG_DSACK_TLP).isNotZero();
        assertThat(p.rack.rackDsackSeen).isFalse();
        p.tp.sndUna = 4000;
        flag = sack(2000, 3000);
        assertThat(flag & AckFlags.FLAG_DSACK_TLP).isZero();
        assertThat(p.rack.rackDsackSeen).isTrue(); // reordering was seen: RACK may widen its window

        TcpParts noReordering = new TcpParts();
        noReordering.send(5);
        noReordering.tp.totalRetrans = 1;
        noReordering.tp.sndUna = 3000;
        noReordering.tagger.sacktag(ackWithSacks(3000, 1000, 2000), 3000, noReordering.tp.sndUna, 3000, 0);
        assertThat(noReordering.rack.rackDsackSeen).isFalse();
    }

    @Test
    void theCumulativeAckRemovesSegmentsAndSamplesTheRttFromTheFirstTheMinimumFromTheLast() {
        p.send(2);
        p.at(10 * MS);
        p.send(2);
        p.at(100 * MS);
        int flag = cumulativeAck(4000); // the first three
        assertThat(sb.size()).isEqualTo(1);
        assertThat(flag & (AckFlags.FLAG_DATA_ACKED | AckFlags.FLAG_SET_XMIT_TIMER)).isEqualTo(AckFlags.FLAG_DATA_ACKED | AckFlags.FLAG_SET_XMIT_TIMER);
        assertThat(p.rtt.srtt()).isEqualTo(100 * MS); // sent at 0
        assertThat(p.rtt.minRtt).isEqualTo(90 * MS); // the last one acked, sent at 10 ms
        assertThat(p.tp.delivered).isEqualTo(3);
        assertThat(p.tp.bytesAcked).isEqualTo(3000);
        assertThat(p.rack.rackXmitTime).isEqualTo(10 * MS);
    }

    @Test
    void karnsRuleNoRttSampleWhenRetransmittedDataIsAckedButASackedOriginalGivesOne() {
        p.send(3);
        sb.markLost(0);
        p.at(50 * MS);
        sb.markRetransmitted(0, 50 * MS, 0);
        p.at(100 * MS);
        int flag = cumulativeAck(2000);
        assertThat(flag & AckFlags.FLAG_RETRANS_DATA_ACKED).isNotZero();
        assertThat(p.rtt.srtt8).isZero();

        TcpParts q = new TcpParts();
        q.send(3);
        q.sb.markLost(0);
        q.at(50 * MS);
        q.sb.markRetransmitted(0, 50 * MS, 0);
        q.at(80 * MS);
        q.tagger.newAck(); // one ACK: the retransmission acknowledged, the third segment SACKed
        q.tp.sndUna = 2000;
        q.tagger.sacktag(ackWithSacks(2000, 3000, 4000), 2000, q.tp.sndUna, 1000, 0);
        q.tagger.cleanRtxQueue(2000, 1000, false, AckFlags.FLAG_SND_UNA_ADVANCED, 0);
        assertThat(q.rtt.srtt()).isEqualTo(80 * MS); // the SACKed original's RTT
    }

    @Test
    void segmentsSackedBeforeAreNotDeliveredAgainAndCumulativelyAckedOnesBelowSacksAreReordering() {
        p.send(5);
        sack(2000, 5000); // entries 1 to 3
        cumulativeAck(2000); // entry 0, never retransmitted, below the SACKed data
        assertThat(p.tp.delivered).isEqualTo(1);
        assertThat(p.tp.reordering).isEqualTo(4); // (5000 − 1000) / 1000
        assertThat(p.counter(TcpCounter.TcpExtTCPSACKReorder)).isEqualTo(1);
        cumulativeAck(5000);
        assertThat(p.tp.delivered).isEqualTo(1); // entries 1 to 3 were delivered when SACKed
        assertThat(sb.size()).isEqualTo(1);
    }

    @Test
    void theFinIsAcknowledgedButIsNoByteOfData() {
        p.send(2);
        sb.add(p.tp.sndNxt, 1, true, 0, 0); // a bare FIN at 3000
        p.tp.sndNxt += 1;
        int flag = cumulativeAck(3001);
        assertThat(flag & AckFlags.FLAG_FIN_ACKED).isNotZero();
        assertThat(p.tp.bytesAcked).isEqualTo(2000);
        assertThat(cumulativeAck(3001) & AckFlags.FLAG_FIN_ACKED).isZero();
    }

    @Test
    void theRateSampleIsTheDeliveredCountWhenTheLatestSentDeliveredSegmentLeft() {
        p.tp.delivered = 7;
        p.send(1);
        p.at(5 * MS);
        p.tp.delivered = 9;
        p.send(1);
        p.at(50 * MS);
        tagger.newAck();
        assertThat(tagger.latestDeliveredSentAt).isEqualTo(-1);
        cumulativeAck(3000);
        assertThat(tagger.latestDeliveredSentAt).isEqualTo(5 * MS);
        assertThat(tagger.priorDeliveredSample).isEqualTo(9);
    }

    @Test
    void aCumulativeAckOfAnEarlierCopyThanTheLastSentDoesNotAdvanceRack() {
        p.tp.tsOk = true;
        p.tp.sawTstamp = true;
        p.tp.tsOffset = 1000; // so that no echo below is 0, which means none
        p.rtt.updateMinRtt(5 * MS, 0);
        p.send(1);
        sb.markLost(0);
        p.at(50 * MS);
        sb.markRetransmitted(0, 50 * MS, 0);
        p.at(60 * MS);
        p.tp.rcvTsecr = p.tp.tsOf(0); // echoes the original's timestamp: the original arrived
        cumulativeAck(2000);
        assertThat(p.rack.rackAdvanced).isFalse();

        TcpParts q = new TcpParts();
        q.tp.tsOk = true;
        q.tp.sawTstamp = true;
        q.tp.tsOffset = 1000;
        q.rtt.updateMinRtt(5 * MS, 0);
        q.send(1);
        q.sb.markLost(0);
        q.at(50 * MS);
        q.sb.markRetransmitted(0, 50 * MS, 0);
        q.at(60 * MS);
        q.tp.rcvTsecr = q.tp.tsOf(50 * MS); // echoes the copy's
        q.tp.sndUna = 2000;
        q.tagger.cleanRtxQueue(2000, 1000, false, AckFlags.FLAG_SND_UNA_ADVANCED, 0);
        assertThat(q.rack.rackAdvanced).isTrue();
        assertThat(q.rack.rackRtt).isEqualTo(10 * MS);
    }

    @Test
    void deliveriesToAnEcnEchoingReceiverAreCountedAsCeToo() {
        tagger.countDelivered(3, true);
        tagger.countDelivered(2, false);
        assertThat(p.tp.delivered).isEqualTo(5);
        assertThat(p.tp.deliveredCe).isEqualTo(3);
        assertThat(p.counter(TcpCounter.TcpExtTCPDeliveredCE)).isEqualTo(3);
        assertThat(p.counter(TcpCounter.TcpExtTCPDelivered)).isEqualTo(5);
    }

    @Test
    void withoutSackDuplicateAcksCountAsSackedSegmentsAtMostAllButOneHole() {
        p.tp.sackOk = false;
        p.send(4);
        for (int i = 0; i < 3; i++) tagger.addRenoSack(1, false);
        assertThat(sb.sackedOut).isEqualTo(3);
        assertThat(p.tp.delivered).isEqualTo(3);
        tagger.addRenoSack(1, false); // a fourth duplicate for four outstanding: one hole must remain, so it was reordering
        assertThat(sb.sackedOut).isEqualTo(3);
        assertThat(p.tp.delivered).isEqualTo(3);
        assertThat(p.tp.reordering).isEqualTo(4); // packets_out
        assertThat(p.counter(TcpCounter.TcpExtTCPRenoReorder)).isEqualTo(1);

        // the cumulative ACK of two: one filled the hole, the other was one of the duplicates
        cumulativeAck(3000);
        assertThat(p.tp.delivered).isEqualTo(4); // max(2 − 3, 1)
        assertThat(sb.sackedOut).isEqualTo(1); // 3 − (2 − 1) = 2, then at most packets_out − 1 hole = 1
        assertThat(p.tp.reordering).isEqualTo(4); // packets_out 2 + acked 2
        assertThat(p.counter(TcpCounter.TcpExtTCPRenoReorder)).isEqualTo(2);
    }
}
