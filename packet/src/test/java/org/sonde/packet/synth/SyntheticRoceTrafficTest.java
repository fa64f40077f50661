package org.sonde.packet.synth;

import org.junit.jupiter.api.Test;
import org.sonde.packet.PacketView;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SyntheticRoceTrafficTest {
    /** The frames of {@code sonde pcap synth}'s defaults with these changes, and their times. */
    private static List<byte[]> frames(long seed, int queuePairs, double loss, double ecn, long bytes, List<Long> times) {
        var traffic = new SyntheticRoceTraffic(new SyntheticRoceTraffic.Settings(seed, queuePairs, SyntheticRoceTraffic.Verb.WRITE,
                65536, 1024, loss, ecn, 100));
        List<byte[]> frames = new ArrayList<>();
        traffic.run(bytes, (timeNanos, frame) -> {
            frames.add(frame);
            times.add(timeNanos);
        });
        assertThat(traffic.packets()).isEqualTo(frames.size());
        assertThat(traffic.bytes()).isEqualTo(frames.stream().mapToLong(f -> f.length).sum()).isGreaterThanOrEqualTo(bytes);
        return frames;
    }

    @Test
    void theSameSeedGivesTheSameFramesAndAnotherSeedDoesNot() {
        List<Long> ta = new ArrayList<>(), tb = new ArrayList<>(), tc = new ArrayList<>();
        List<byte[]> a = frames(5, 8, 1e-4, 1e-3, 300 << 10, ta);
        List<byte[]> b = frames(5, 8, 1e-4, 1e-3, 300 << 10, tb);
        List<byte[]> c = frames(6, 8, 1e-4, 1e-3, 300 << 10, tc);
        assertThat(b).containsExactlyElementsOf(a);
        assertThat(tb).isEqualTo(ta);
        assertThat(c).isNotEqualTo(a);
        assertThat(ta).isSorted();
    }

    /**
     * Per QP, data PSNs advance by one, except where go-back-N restarts at the PSN a NAK asked
     * for; every frame is a valid RoCEv2 packet.
     */
    @Test
    void trafficFollowsGoBackN() {
        Map<Integer, Integer> expected = new HashMap<>();   // per responder QP: the next PSN
        Map<Integer, Integer> nakFor = new HashMap<>();     // per responder QP: PSN a NAK asked for
        int naks = 0;
        int cnps = 0;
        int wraps = 0;
        PacketView v = new PacketView();
        for (byte[] frame : frames(1, 4, 0.01, 0.02, 2 << 20, new ArrayList<>())) {
            v.dissect(frame, 0, frame.length);
            assertThat(v.isRoce()).isTrue();
            assertThat(v.roceIcrcValid()).isTrue();
            RoceOpcode op = RoceOpcode.fromCode(v.bthOpcode());
            if (op == RoceOpcode.CNP) {
                cnps++;
            } else if (op == RoceOpcode.RC_ACKNOWLEDGE) {
                if (v.aethSyndrome() >> 5 == 3) {
                    naks++;
                    nakFor.put(v.bthDestQp() + 0x100, v.bthPsn()); // requester 0x1xx answers for responder 0x2xx
                }
            } else {
                int qp = v.bthDestQp();
                Integer next = expected.get(qp);
                if (next != null && v.bthPsn() != next) {
                    // the only allowed jumps: back to a NAKed PSN, or forward past a packet lost before the capture
                    boolean goBack = nakFor.containsKey(qp) && nakFor.get(qp) == v.bthPsn();
                    assertThat(goBack || Psn.isAfter(v.bthPsn(), next)).as("QP %x psn %d after %d", qp, v.bthPsn(), next).isTrue();
                    if (goBack) nakFor.remove(qp);
                }
                if (next != null && next == 0 && v.bthPsn() == 0) wraps++; // 0xffffff then 0
                expected.put(qp, Psn.next(v.bthPsn()));
            }
        }
        assertThat(naks).isPositive();
        assertThat(cnps).isPositive();
        assertThat(wraps).as("QPs starting near 2^24 wrap around").isPositive();
    }
}
