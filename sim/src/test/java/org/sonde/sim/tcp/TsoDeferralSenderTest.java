package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tso-deferral} in the sender: a socket that accepted a {@link HandPeer}'s connection over a 1 ms RTT (srtt
 * 1 ms, 1,448 B segments, the peer's window 128,000 B) writes 100,000 B at 2 ms; the send buffer is Linux's, so the
 * write queue holds a 22-segment skb (half the peer's 64 KB SYN window) of which the initial window sends 10, and more
 * skbs after it. HyStart is off: slow start adds each segment acknowledged to cwnd.
 */
class TsoDeferralSenderTest {
    private static final long MS = 1_000_000L;
    private static final int SEGMENT = 1448;

    private static HandPeer writing(boolean deferral) {
        HandPeer p = new HandPeer(Map.of("send-buffer-growth", true, "send-buffer", "4MiB", "send-buffer-default", "16KiB",
                "hystart", false, "tso-deferral", deferral));
        p.accept(MS, false, s -> {
        });
        p.at(2 * MS);
        p.sock.send(100_000);
        p.settle();
        return p;
    }

    @Test
    void anAckFreeingLessThanAThirdOfTheWindowWaitsForTheNextOne() {
        HandPeer p = writing(true);
        assertThat(p.dataSent()).hasSize(10);
        // at 2.8 ms one segment is acknowledged: cwnd 11, 9 out, 2 free (2,896 B) against a third of the window
        // (11 x 1,448 / 3 = 5,309 B); the oldest segment's ACK is due at 2 ms + srtt (1 ms - (1 - 0.8) / 8 = 0.975 ms),
        // 0.175 ms away, within half the srtt: the 12 segments left of the first skb wait, cwnd the limit
        p.at(2_800_000);
        p.ack(1 + SEGMENT);
        p.settle();
        assertThat(p.dataSent()).hasSize(10);
        // at 2.9 ms two more: cwnd 13, 7 out, 6 free (8,688 B), more than a third (6,274 B): all 6 go at once
        p.at(2_900_000);
        p.ack(1 + 3 * SEGMENT);
        p.settle();
        assertThat(p.dataSent()).hasSize(16);
        assertThat(p.dataSent().subList(10, 16)).allSatisfy(s -> assertThat(s.at()).isEqualTo(2_900_000));
    }

    @Test
    void withoutDeferralTheSameAckSendsWhatItFrees() {
        HandPeer p = writing(false);
        p.at(2_800_000);
        p.ack(1 + SEGMENT);
        p.settle();
        assertThat(p.dataSent()).hasSize(12);
    }

    @Test
    void anAckDueLaterThanHalfAnRttIsNotWaitedFor() {
        HandPeer p = writing(true);
        // at 2.3 ms: srtt 1 ms - (1 - 0.3) / 8 = 0.9125 ms, the oldest segment's ACK due 0.6125 ms later, beyond
        // half the srtt (0.456 ms): the 2 free segments go
        p.at(2_300_000);
        p.ack(1 + SEGMENT);
        p.settle();
        assertThat(p.dataSent()).hasSize(12);
    }
}
