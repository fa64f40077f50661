package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;
import org.sonde.core.config.Distribution;
import org.sonde.sim.net.SwitchConfig;

/**
 * The bundled profiles against what they model: each test runs a Lumina experiment (Yu et al.,
 * SIGCOMM 2023, §6) on two simulated hosts, injecting drops and ECN marks at the switch as Lumina's
 * injector does, and checks that the vendor-like profiles show the published behaviour and
 * {@code neutral} the specified one. Latencies are read at the NICs' ports, where they are exactly
 * the NIC's own (the switch would add link and serialisation delays).
 */
class ProfilesTest {
    static Stream<String> profiles() {
        return Stream.of("neutral", "cx4lx-like", "cx5-like", "cx6dx-like", "e810-like");
    }

    /** The smallest and largest value a latency distribution yields. */
    private static long[] range(Distribution d) {
        return switch (d) {
            case Distribution.Constant c -> new long[] {c.nanos(), c.nanos()};
            case Distribution.Uniform u -> new long[] {u.min(), u.max()};
            default -> throw new IllegalArgumentException("no bounded range for " + d);
        };
    }

    private static void assertDrawnFrom(List<Long> measured, Distribution d, String what) {
        long[] r = range(d);
        assertThat(measured).as(what).allSatisfy(v -> assertThat(v).isBetween(r[0], r[1]));
        // a uniform latency must really vary: the samples cover most of its range
        long spread = measured.stream().mapToLong(Long::longValue).max().orElseThrow() - measured.stream().mapToLong(Long::longValue).min().orElseThrow();
        assertThat(spread).as(what + " spread").isGreaterThanOrEqualTo((r[1] - r[0]) / 2);
    }

    private static boolean carriesPayload(RoceFrame f) {
        return f.isData() && f.opcode != RoceOpcode.RC_RDMA_READ_REQUEST;
    }

    // --- go-back-N latencies (§6.1, Figs. 8 and 9) ---------------------------------------------

    private static final int PACKETS = 8;
    private static final int LOST = 2;
    private static final int MESSAGES = 20;

    /** Per message: NAK (or READ re-request) generation and reaction latencies at the NICs. */
    private record Recovery(RoceBed bed, List<Long> generation, List<Long> reaction) {}

    /**
     * §6.1's experiment at a smaller size: one QP sends {@code MESSAGES} messages of {@code PACKETS}
     * packets, each posted when the previous completes (one message in flight, as Lumina's
     * generator), and the switch drops the third data packet of each message once.
     */
    private static Recovery recover(NicProfile p, Verb verb) {
        // IB timeout 15 (134 ms): no timeout may pre-empt E810's 83 ms READ re-request; reaction
        // points off: a CNP sent with a NAK would otherwise pace the retransmission at a cut rate
        RoceConfig config = RoceConfig.defaults().withProfile(p).withRetries(15, 7, 7)
                .withDcqcn(DcqcnConfig.DEFAULT.withEnables(false, true));
        RoceBed bed = new RoceBed(61, config);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<Integer> lost = new ArrayList<>();
        Set<Integer> dropped = new HashSet<>();
        bed.dropWhen(f -> carriesPayload(f) && Psn.distance(qp[0].initialPsn(), f.psn) % PACKETS == LOST && dropped.add(f.psn) && lost.add(f.psn));
        postOneAfterAnother(qp[0], verb, PACKETS * 1024L, MESSAGES, new ArrayList<>());
        bed.sim.run();
        assertThat(lost).hasSize(MESSAGES);
        // WRITE: h2 receives the data and NAKs; READ: h1 receives the responses and re-requests
        List<RoceBed.Event> receiver = verb == Verb.WRITE ? bed.at2 : bed.at1;
        List<RoceBed.Event> sender = verb == Verb.WRITE ? bed.at1 : bed.at2;
        Predicate<RoceFrame> isNak = verb == Verb.WRITE ? RoceBed::isNak : f -> f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST;
        List<Long> generation = new ArrayList<>(), reaction = new ArrayList<>();
        for (int psn : lost) {
            long outOfSequence = first(receiver, false, f -> carriesPayload(f) && f.psn == Psn.add(psn, 1), 0);
            long nakSent = first(receiver, true, f -> isNak.test(f) && f.psn == psn, outOfSequence);
            long nakReceived = first(sender, false, f -> isNak.test(f) && f.psn == psn, nakSent);
            long resent = first(sender, true, f -> carriesPayload(f) && f.psn == psn, nakReceived);
            generation.add(nakSent - outOfSequence);
            reaction.add(resent - nakReceived);
        }
        return new Recovery(bed, generation, reaction);
    }

    /** The time of the first event at or after {@code from} in direction {@code sent} whose frame matches. */
    private static long first(List<RoceBed.Event> events, boolean sent, Predicate<RoceFrame> match, long from) {
        return events.stream().filter(e -> e.sent() == sent && e.time() >= from && match.test(e.frame()))
                .mapToLong(RoceBed.Event::time).findFirst().orElseThrow(() -> new AssertionError("no such packet after " + from));
    }

    /** Posts {@code count} messages on {@code qp}, each when the one before completes; completions go to {@code done}. */
    private static void postOneAfterAnother(QueuePair qp, Verb verb, long bytes, int count, List<WorkRequest.Completion> done) {
        Consumer<WorkRequest.Completion> next = new Consumer<>() {
            public void accept(WorkRequest.Completion c) {
                done.add(c);
                if (done.size() < count) qp.post(WorkRequest.rc(done.size(), verb, bytes, this));
            }
        };
        qp.post(WorkRequest.rc(0, verb, bytes, next));
    }

    @ParameterizedTest
    @MethodSource("profiles")
    void writeNakGenerationAndReactionAreTheProfilesLatencies(String name) {
        NicProfile p = NicProfile.load(name);
        Recovery r = recover(p, Verb.WRITE);
        assertDrawnFrom(r.generation(), p.nakGeneration(), name + " NAK generation");
        assertDrawnFrom(r.reaction(), p.nakReaction(), name + " NAK reaction");
    }

    @ParameterizedTest
    @MethodSource("profiles")
    void readReRequestGenerationAndReactionAreTheProfilesLatencies(String name) {
        NicProfile p = NicProfile.load(name);
        Recovery r = recover(p, Verb.READ);
        assertDrawnFrom(r.generation(), p.readNakGeneration(), name + " READ NAK generation");
        assertDrawnFrom(r.reaction(), p.readNakReaction(), name + " READ NAK reaction");
    }

    @Test
    void thePublishedLatenciesAreTheProfiles() {
        // §6.1: CX5 and CX6 Dx generate in ~2 us and react in 2-6 us; CX4 Lx takes ~200 us in all
        // and ~150 us to re-request a READ; E810 NAKs a WRITE in ~10 us and re-requests a READ in ~83 ms
        for (String cx : List.of("cx5-like", "cx6dx-like")) {
            Recovery w = recover(NicProfile.load(cx), Verb.WRITE);
            assertThat(w.generation()).containsOnly(2_000L);
            assertThat(w.reaction()).allSatisfy(t -> assertThat(t).isBetween(2_000L, 6_000L));
        }
        Recovery cx4 = recover(NicProfile.load("cx4lx-like"), Verb.WRITE);
        assertThat(cx4.generation().getFirst() + cx4.reaction().getFirst()).isEqualTo(200_000);
        assertThat(recover(NicProfile.load("cx4lx-like"), Verb.READ).generation()).containsOnly(150_000L);
        assertThat(recover(NicProfile.load("e810-like"), Verb.WRITE).generation()).containsOnly(10_000L);
        assertThat(recover(NicProfile.load("e810-like"), Verb.READ).generation()).containsOnly(83_000_000L);
        Recovery neutral = recover(NicProfile.neutral(), Verb.WRITE);
        assertThat(neutral.generation()).containsOnly(0L);
        assertThat(neutral.reaction()).containsOnly(0L);
    }

    /** §4 and Lumina's CNP checker: CX5 and CX6 Dx answer a loss with a CNP besides the NAK; the others do not. */
    @ParameterizedTest
    @MethodSource("profiles")
    void onlyTheCx5AndCx6DxSendACnpWithEachNak(String name) {
        Recovery r = recover(NicProfile.load(name), Verb.WRITE);
        List<Long> naks = r.bed().at2.stream().filter(e -> e.sent() && RoceBed.isNak(e.frame())).map(RoceBed.Event::time).toList();
        List<Long> cnps = r.bed().at2.stream().filter(e -> e.sent() && e.frame().isCnp()).map(RoceBed.Event::time).toList();
        assertThat(naks).hasSize(MESSAGES);
        if (name.equals("cx5-like") || name.equals("cx6dx-like")) {
            assertThat(cnps).hasSize(MESSAGES);
            // each CNP leaves right behind its NAK (a 62-byte frame at 10 Gb/s)
            for (int i = 0; i < MESSAGES; i++) assertThat(cnps.get(i) - naks.get(i)).isBetween(0L, 100L);
        } else {
            assertThat(cnps).isEmpty();
        }
    }

    // --- retransmission timeouts (§6.3) ----------------------------------------------------------

    /** §6.3's experiment: timeout 14, retry_cnt 7, the (only) packet of the first message dropped {@code drops} times. */
    private static List<Long> retransmissionGaps(NicProfile p, int drops, List<WorkRequest.Completion> done) {
        RoceBed bed = new RoceBed(62, RoceConfig.defaults().withProfile(p));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int[] seen = {0};
        bed.dropWhen(f -> f.isData() && ++seen[0] <= drops);
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 1024, done::add));
        bed.sim.run();
        List<Long> sends = bed.at1.stream().filter(e -> e.sent() && e.frame().isData()).map(RoceBed.Event::time).toList();
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < sends.size(); i++) gaps.add(sends.get(i) - sends.get(i - 1));
        return gaps;
    }

    @ParameterizedTest
    @MethodSource("profiles")
    void retransmissionTimeoutsFollowTheProfilesSchedule(String name) {
        NicProfile p = NicProfile.load(name);
        List<WorkRequest.Completion> done = new ArrayList<>();
        List<Long> gaps = retransmissionGaps(p, 7, done);
        List<Long> expected = p.retransmission().adaptive()
                ? p.retransmission().timeoutsNanos()
                : java.util.Collections.nCopies(7, RoceConfig.defaults().ibTimeoutNanos()); // 4.096 us * 2^14
        assertThat(gaps).containsExactlyElementsOf(expected.subList(0, 7));
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
    }

    @Test
    void theCxProfilesRetryAsPublishedAndTheOthersPerIb() {
        // §6.3: "0.0056s, 0.0041s, 0.0084s, 0.0167s, 0.0251s, 0.0671s and 0.1342s" (CX6 Dx)
        List<Long> published = List.of(5_600_000L, 4_100_000L, 8_400_000L, 16_700_000L, 25_100_000L, 67_100_000L, 134_200_000L);
        assertThat(retransmissionGaps(NicProfile.load("cx6dx-like"), 7, new ArrayList<>())).containsExactlyElementsOf(published);
        // retry_cnt 7: the CX NICs retry 8 times (§6.3: "8-13"), the others 7 (IBA)
        for (String name : List.of("neutral", "cx4lx-like", "cx5-like", "cx6dx-like", "e810-like")) {
            List<WorkRequest.Completion> done = new ArrayList<>();
            List<Long> gaps = retransmissionGaps(NicProfile.load(name), Integer.MAX_VALUE, done);
            assertThat(gaps).as(name).hasSize(name.startsWith("cx") ? 8 : 7);
            assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.RETRY_EXCEEDED));
        }
    }

    // --- CNP pacing (§6.3) -----------------------------------------------------------------------

    /**
     * §6.3's experiment: every data packet is marked, so the CNPs show the interval and its scope.
     * Two QPs from h1 and one from h2 send to r: a per-QP scope gives 3 paced streams, a per-IP
     * scope 2, a per-port scope 1; and the next wider grouping must have CNPs closer than the
     * interval, or the scope would be wider than the profile says.
     */
    @ParameterizedTest
    @MethodSource("profiles")
    void cnpsArePacedAtTheProfilesIntervalInItsScope(String name) {
        NicProfile p = NicProfile.load(name);
        // reaction points off: senders keep their rate, so every interval has marked packets
        RoceConfig config = RoceConfig.defaults().withProfile(p).withDcqcn(DcqcnConfig.DEFAULT.withEnables(false, true));
        CnpPacingTest.Marked run = CnpPacingTest.markEverything(config, 2_000_000);
        long interval = p.cnp().minIntervalNanos();
        Function<CnpPacingTest.Cnp, Object> byIp = c -> c.ip();
        Function<CnpPacingTest.Cnp, Object> byPort = c -> "port";
        Function<CnpPacingTest.Cnp, Object> key = switch (p.cnp().scope()) {
            case QP -> c -> c.qp();
            case DESTINATION_IP -> byIp;
            case PORT -> byPort;
        };
        Map<Object, List<Long>> scopes = CnpPacingTest.byScope(run.cnps(), key);
        assertThat(scopes).hasSize(switch (p.cnp().scope()) { case QP -> 3; case DESTINATION_IP -> 2; case PORT -> 1; });
        for (List<Long> times : scopes.values()) {
            assertThat(times.size()).isGreaterThanOrEqualTo((int) (1_500_000 / (interval + 4_000)));
            // never closer than the interval; and, every packet being marked, the next marked packet after it
            for (int i = 1; i < times.size(); i++) assertThat(times.get(i) - times.get(i - 1)).isBetween(interval, interval + 4_000);
        }
        if (p.cnp().scope() != NicProfile.CnpScope.PORT) {
            Function<CnpPacingTest.Cnp, Object> wider = p.cnp().scope() == NicProfile.CnpScope.QP ? byIp : byPort;
            assertThat(CnpPacingTest.byScope(run.cnps(), wider).values()).anySatisfy(times -> assertThat(minGap(times)).isLessThan(interval));
        }
        // §6.2.4: E810's cnpSent stays 0 although CNPs go out; the others count them
        Map<String, Long> counters = run.bed().receiver.counterValues();
        if (name.equals("e810-like")) {
            assertThat(counters).containsEntry("cnpSent", 0L).doesNotContainKey("np_cnp_sent");
            assertThat(counters.get("RxECNMrkd")).isPositive();
        } else {
            assertThat(counters).containsEntry("np_cnp_sent", (long) run.cnps().size());
        }
    }

    private static long minGap(List<Long> times) {
        long min = Long.MAX_VALUE;
        for (int i = 1; i < times.size(); i++) min = Math.min(min, times.get(i) - times.get(i - 1));
        return min;
    }

    @Test
    void thePublishedCnpIntervalsAndScopesAreTheProfiles() {
        // §6.3: NVIDIA's min_time_between_cnps is 4 us by default, E810's hidden interval 50 us;
        // CX4 Lx paces per destination IP, E810 per QP, CX5 and CX6 Dx per port
        assertThat(NicProfile.load("cx4lx-like").cnp()).isEqualTo(new NicProfile.Cnp(4_000, NicProfile.CnpScope.DESTINATION_IP, false));
        assertThat(NicProfile.load("cx5-like").cnp()).isEqualTo(new NicProfile.Cnp(4_000, NicProfile.CnpScope.PORT, true));
        assertThat(NicProfile.load("cx6dx-like").cnp()).isEqualTo(new NicProfile.Cnp(4_000, NicProfile.CnpScope.PORT, true));
        assertThat(NicProfile.load("e810-like").cnp()).isEqualTo(new NicProfile.Cnp(50_000, NicProfile.CnpScope.QP, false));
    }

    // --- counter bugs (§6.2.4) -------------------------------------------------------------------

    /** CX4 Lx's implied_nak_seq_err stays 0 while READ responses are lost and re-requested; CX5 and CX6 Dx count each gap. */
    @ParameterizedTest
    @MethodSource("profiles")
    void impliedNakSeqErrIsFrozenOnlyOnTheCx4Lx(String name) {
        Recovery r = recover(NicProfile.load(name), Verb.READ);
        long reRequests = r.bed().at1.stream().filter(e -> e.sent() && e.frame().opcode == RoceOpcode.RC_RDMA_READ_REQUEST).count() - MESSAGES;
        assertThat(reRequests).isEqualTo(MESSAGES);
        assertThat(r.bed().nic1.counterValues().get("implied_nak_seq_err")).isEqualTo(name.equals("cx4lx-like") ? 0L : MESSAGES);
    }

    // --- noisy neighbour (§6.2.2, Fig. 11) -------------------------------------------------------

    private record Neighbours(double innocentMctNanos, long discards, long timeouts) {}

    /**
     * Fig. 11's experiment: 40 Gb/s, 36 QPs each READ ten 20 KB messages one after another; on the
     * first {@code dropping} QPs the switch drops the fifth response packet of every message once.
     * Returns the innocent QPs' mean message completion time, the requester's discards and timeouts.
     */
    private static Neighbours noisyNeighbour(NicProfile p, int dropping) {
        RoceConfig config = RoceConfig.defaults().withProfile(p);
        RoceBed bed = new RoceBed(63, config, config, SwitchConfig.DEFAULT, true, 40_000_000_000L);
        Map<Integer, Integer> dropInitialPsn = new HashMap<>();
        List<List<WorkRequest.Completion>> innocent = new ArrayList<>();
        for (int i = 0; i < 36; i++) {
            QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
            List<WorkRequest.Completion> done = new ArrayList<>();
            if (i < dropping) dropInitialPsn.put(qp[0].qpn(), qp[0].initialPsn());
            else innocent.add(done);
            postOneAfterAnother(qp[0], Verb.READ, 20 * 1024, 10, done);
        }
        Set<Long> dropped = new LinkedHashSet<>();
        bed.dropWhen(f -> Opcodes.isReadResponse(f.opcode) && dropInitialPsn.containsKey(f.destinationQp)
                && Psn.distance(dropInitialPsn.get(f.destinationQp), f.psn) % 20 == 4
                && dropped.add((long) f.destinationQp << 24 | f.psn));
        bed.sim.run();
        long total = 0, n = 0;
        for (List<WorkRequest.Completion> done : innocent) {
            assertThat(done).hasSize(10).allSatisfy(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
            long previous = 0; // each message is posted when the one before completes
            for (WorkRequest.Completion c : done) {
                total += c.timeNanos() - previous;
                previous = c.timeNanos();
                n++;
            }
        }
        assertThat(dropped).hasSize(dropping * 10);
        Map<String, Long> counters = bed.nic1.counterValues();
        return new Neighbours((double) total / n, counters.get("rx_discards_phy"), counters.get("local_ack_timeout_err"));
    }

    @Test
    void readDropsOnTwelveQpsStallInnocentQpsOnTheCx4LxOnly() {
        NicProfile cx4 = NicProfile.load("cx4lx-like");
        Neighbours none = noisyNeighbour(cx4, 0), eight = noisyNeighbour(cx4, 8), twelve = noisyNeighbour(cx4, 12);
        // Fig. 11: innocent QPs complete in ~160 us with up to 8 dropping QPs ...
        assertThat(none.innocentMctNanos()).isBetween(120_000.0, 200_000.0);
        assertThat(eight.innocentMctNanos()).isLessThan(1.2 * none.innocentMctNanos());
        assertThat(eight.discards()).isZero();
        assertThat(eight.timeouts()).isZero();
        // ... and with 12 the requester discards (rx_discards_phy: 107 published, the profile's
        // buffer is sized for it), innocent QPs lose tail packets and time out
        assertThat(twelve.discards()).isBetween(80L, 130L);
        assertThat(twelve.timeouts()).isPositive();
        assertThat(twelve.innocentMctNanos()).isGreaterThan(3 * none.innocentMctNanos());
        // a NIC without the shared slow path: the same drops leave innocent QPs alone
        NicProfile neutral = NicProfile.neutral();
        Neighbours calm = noisyNeighbour(neutral, 0), dropping = noisyNeighbour(neutral, 12);
        assertThat(dropping.discards()).isZero();
        assertThat(dropping.innocentMctNanos()).isLessThan(1.2 * calm.innocentMctNanos());
    }

    // --- non-work-conserving ETS (§6.2.1, Fig. 10) ----------------------------------------------

    /**
     * Fig. 10's experiments 1 and 2: QP0 and QP1 in two ETS classes of 50 % each post 20 WRITEs of
     * 1 MB, DCQCN on; in experiment 2 the switch marks one in 50 of QP0's packets. Goodput in Gb/s.
     */
    private static double[] etsGoodputGbps(NicProfile p, boolean markQp0) {
        RoceConfig config = RoceConfig.defaults().withProfile(p);
        RoceBed bed = new RoceBed(64, config);
        QueuePair[] q0 = RdmaNic.connect(bed.nic1, bed.nic2), q1 = RdmaNic.connect(bed.nic1, bed.nic2);
        q0[0].setPriority(3);
        q1[0].setPriority(4);
        int[] count = {0};
        if (markQp0) bed.markCeWhen(f -> carriesPayload(f) && f.destinationQp == q0[1].qpn() && ++count[0] % 50 == 0);
        double[] gbps = new double[2];
        QueuePair[] senders = {q0[0], q1[0]};
        for (int i = 0; i < 2; i++) {
            int k = i;
            for (int m = 0; m < 20; m++) {
                boolean last = m == 19;
                senders[i].post(WorkRequest.rc(m, Verb.WRITE, 1 << 20, c -> {
                    if (last) gbps[k] = 20.0 * (1 << 20) * 8 / c.timeNanos();
                }));
            }
        }
        bed.sim.run();
        return gbps;
    }

    @Test
    void theCx6DxHoldsAnEtsClassToItsShareWhenTheOtherIsThrottled() {
        NicProfile cx6 = NicProfile.load("cx6dx-like");
        // experiment 1: both classes busy, each gets half of the 10 Gb/s link on both NICs
        for (NicProfile p : List.of(cx6, NicProfile.neutral())) {
            double[] vanilla = etsGoodputGbps(p, false);
            assertThat(vanilla[0]).isBetween(4.5, 5.0);
            assertThat(vanilla[1]).isBetween(4.5, 5.0);
        }
        // experiment 2: DCQCN slows QP0; a work-conserving ETS gives QP1 the spare bandwidth ...
        double[] neutral = etsGoodputGbps(NicProfile.neutral(), true);
        assertThat(neutral[0]).isLessThan(4.0);
        assertThat(neutral[1]).isGreaterThan(6.0);
        // ... the CX6 Dx keeps QP1 at its 50 % guarantee (Fig. 10)
        double[] cx6dx = etsGoodputGbps(cx6, true);
        assertThat(cx6dx[0]).isLessThan(4.0);
        assertThat(cx6dx[1]).isBetween(4.5, 5.0);
    }
}
