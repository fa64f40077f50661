package org.sonde.inject.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.analyze.Recovery;
import org.sonde.sim.rdma.Verb;

/**
 * The reduced study on every profile: everything it reports is measured from traces, so each finding
 * holding means the analyzers recover what the profile specifies (within the trace's resolution).
 */
class StudyTest {
    @TempDir
    static Path dir;
    static StudyResult study;

    @BeforeAll
    static void runStudy() {
        study = new StudyRunner(StudyPlan.reduced(StudyPlan.ALL_PROFILES, 1), dir, s -> {}).run();
    }

    @Test
    void everyMeasurementMatchesWhatItsProfileSpecifies() {
        assertThat(study.findings()).filteredOn(f -> !f.pass()).isEmpty();
        // 5 profiles × (4 latencies, 2 CNP, 2 timeouts, counters, noisy) + ETS on neutral and cx6dx-like
        assertThat(study.findings()).hasSize(5 * 10 + 2);
        assertThat(study.pass()).isTrue();
    }

    @Test
    void everyDroppedPacketIsRecoveredByANakAtTheProfilesLatency() {
        assertThat(study.latency()).hasSize(10).allSatisfy(s -> {
            assertThat(s.points()).extracting(LatencySweep.Point::relativePsn).containsExactly(0, 50, 98);
            assertThat(s.points()).allSatisfy(p -> assertThat(p.recovery()).isEqualTo(Recovery.NAK));
            assertThat(s.turnaroundNanos()).isBetween(2_000L, 2_200L); // two 1 µs links and two frames
        });
        LatencySweep e810Read = sweep("e810-like", Verb.READ);
        assertThat(e810Read.points()).allSatisfy(p -> assertThat(p.nakGenerationNanos()).isBetween(83_000_000L - 100, 83_000_000L + 100));
        LatencySweep cx4Write = sweep("cx4lx-like", Verb.WRITE);
        assertThat(cx4Write.points()).allSatisfy(p -> assertThat(p.nakReactionNanos()).isBetween(198_000L - 100, 198_000L + 100));
    }

    private static LatencySweep sweep(String profile, Verb verb) {
        return study.latency().stream().filter(s -> s.profile().equals(profile) && s.verb() == verb).findFirst().orElseThrow();
    }

    @Test
    void cnpScopeAndIntervalAreInferredFromTheTrace() {
        CnpPacingRun e810 = cnp("e810-like"), cx5 = cnp("cx5-like"), cx4 = cnp("cx4lx-like");
        assertThat(e810.inferredScope()).isEqualTo(CnpScope.PER_QP);
        assertThat(e810.consistentScopes()).containsExactly(CnpScope.PER_QP);
        assertThat(e810.minGapNanos()).isBetween(50_000L, 50_400L);
        assertThat(cx5.inferredScope()).isEqualTo(CnpScope.PER_PORT);
        assertThat(cx5.consistentScopes()).containsExactly(CnpScope.PER_PORT);
        assertThat(cx5.minGapNanos()).isBetween(4_000L, 4_400L);
        // multi-gid: two destination IPs behind one port, so CX4 Lx's limiter is no longer mistaken for a per-port one
        assertThat(cx4.inferredScope()).isEqualTo(CnpScope.PER_DEST_IP);
        assertThat(cx4.consistentScopes()).doesNotContain(CnpScope.PER_PORT);
        assertThat(cx4.minGapNanos()).isBetween(4_000L, 4_400L);
        // §6.2.4: E810's cnpSent stays put although the trace holds CNPs
        assertThat(e810.counterMismatches()).extracting(c -> c.counter()).containsExactly("cnpSent");
        assertThat(sweep("cx4lx-like", Verb.READ).counterMismatches()).extracting(c -> c.counter()).containsExactly("implied_nak_seq_err");
        assertThat(sweep("cx5-like", Verb.READ).counterMismatches()).isEmpty();
    }

    @Test
    void aCnpScopeFindingHoldsOnlyForTheExactScope() {
        CnpPacingRun cx4 = cnp("cx4lx-like");
        CnpPacingRun asPerPort = new CnpPacingRun(cx4.profile(), cx4.cnps(), cx4.ecnMarked(), CnpScope.PER_PORT, List.of(CnpScope.PER_PORT, CnpScope.PER_DEST_IP),
                cx4.minGapNanos(), cx4.gapsNanos(), cx4.counterMismatches());
        assertThat(Findings.of(List.of("cx4lx-like"), List.of(), List.of(), List.of(), List.of(asPerPort), List.of()))
                .filteredOn(f -> f.behaviour().equals("CNP rate-limit scope")).singleElement().satisfies(f -> assertThat(f.pass()).isFalse());
        assertThat(study.findings()).filteredOn(f -> f.behaviour().equals("CNP rate-limit scope") && f.profile().equals("cx4lx-like"))
                .singleElement().satisfies(f -> assertThat(f.measured()).startsWith("PER_DEST_IP"));
    }

    private static CnpPacingRun cnp(String profile) {
        return study.cnp().stream().filter(c -> c.profile().equals(profile)).findFirst().orElseThrow();
    }

    @Test
    void adaptiveRetransmissionFollowsThePublishedScheduleOnlyOnCxProfiles() {
        List<Long> published = List.of(5_600_000L, 4_100_000L, 8_400_000L, 16_700_000L, 25_100_000L, 67_100_000L, 134_200_000L);
        for (TimeoutScheduleRun t : study.timeouts()) {
            assertThat(t.timeoutsNanos()).as(t.toString()).hasSize(7);
            boolean adaptive = t.adaptive() && t.profile().startsWith("cx");
            for (int i = 0; i < 7; i++) {
                long expected = adaptive ? published.get(i) : 67_108_864L;
                assertThat(t.timeoutsNanos().get(i)).as(t.profile() + " " + i).isBetween(expected - 5_000, expected + 5_000);
            }
        }
    }

    @Test
    void onlyTheCx6DxHoldsTheUnmarkedQpToItsEtsShare() {
        EtsRun cx6 = ets("cx6dx-like", EtsSetting.MULTI_QUEUE_ECN), neutral = ets("neutral", EtsSetting.MULTI_QUEUE_ECN);
        assertThat(cx6.goodputGbps().get(0)).isLessThan(10);
        assertThat(cx6.goodputGbps().get(1)).isLessThan(50);
        assertThat(neutral.goodputGbps().get(1)).isGreaterThan(75);
        // the single-queue setting is work conserving on both: nothing holds QP1 back but its class' share of the link
        assertThat(ets("neutral", EtsSetting.SINGLE_QUEUE_ECN).goodputGbps().get(1)).isGreaterThan(75);
        EtsRun vanilla = ets("cx6dx-like", EtsSetting.MULTI_QUEUE_VANILLA);
        assertThat(vanilla.goodputGbps()).allSatisfy(g -> assertThat(g).isBetween(40.0, 50.0));
        assertThat(vanilla.timeline().gbpsPerQp()).hasSize(2).allSatisfy(bins -> assertThat(bins).isNotEmpty());
    }

    private static EtsRun ets(String profile, EtsSetting s) {
        return study.ets().stream().filter(e -> e.profile().equals(profile) && e.setting() == s).findFirst().orElseThrow();
    }

    @Test
    void dropsOnTwelveReadQpsStallOnlyTheCx4LxAndItsInnocentQpsPay() {
        for (NoisyNeighbourRun n : study.noisyNeighbour()) {
            boolean noisy = n.profile().equals("cx4lx-like") && n.droppingQps() == 12;
            assertThat(n.incomplete()).isZero();
            if (noisy) {
                // the paper's 107 discards (the profile's buffer was sized for it); innocent QPs lose responses the switch
                // delivered, re-request them and time out, so their generator-side MCT grows well beyond the 160 µs of i = 0
                assertThat(n.rxDiscardsPhy()).isBetween(80L, 130L);
                assertThat(n.innocentQpsOffTrace()).isPositive();
                assertThat(n.localAckTimeouts()).isPositive();
                assertThat(n.innocentMctNanos()).isGreaterThan(3 * noisy(n.profile(), 0).innocentMctNanos());
            } else {
                assertThat(n.rxDiscardsPhy()).as(n.toString()).isZero();
                assertThat(n.innocentQpsOffTrace()).as(n.toString()).isZero();
                assertThat(n.innocentMctNanos()).as(n.toString()).isLessThan(1.2 * noisy(n.profile(), 0).innocentMctNanos());
            }
        }
        // Fig. 11 at i = 0: 36 QPs share 40 Gb/s, ~160 µs per 20 KB message
        assertThat(noisy("cx4lx-like", 0).innocentMctNanos()).isBetween(140_000.0, 180_000.0);
    }

    private static NoisyNeighbourRun noisy(String profile, int dropping) {
        return study.noisyNeighbour().stream().filter(n -> n.profile().equals(profile) && n.droppingQps() == dropping).findFirst().orElseThrow();
    }

    @Test
    void aMeasurementOffTheProfileFailsItsFinding() {
        LatencySweep real = sweep("cx5-like", Verb.WRITE);
        LatencySweep slow = new LatencySweep("cx5-like", Verb.WRITE, real.turnaroundNanos(),
                List.of(new LatencySweep.Point(0, Recovery.NAK, 2_500L, 3_000L)), List.of());
        LatencySweep timedOut = new LatencySweep("cx5-like", Verb.WRITE, real.turnaroundNanos(),
                List.of(new LatencySweep.Point(0, Recovery.TIMEOUT, null, null)), List.of());
        for (LatencySweep s : List.of(slow, timedOut)) {
            Finding generation = Findings.of(List.of("cx5-like"), List.of(s), List.of(), List.of(), List.of(), List.of()).getFirst();
            assertThat(generation.behaviour()).isEqualTo("NAK generation (WRITE)");
            assertThat(generation.pass()).isFalse();
        }
    }

    @Test
    void theJsonHoldsTheVerdictAndEveryRecord() throws Exception {
        Path file = dir.resolve("study.json");
        StudyJson.write(study, file);
        var tree = Json.mapper().readTree(Files.readString(file));
        assertThat(tree.get("pass").asBoolean()).isTrue();
        assertThat(tree.at("/study/findings")).hasSize(study.findings().size());
        assertThat(tree.at("/study/latency/0/points/0/recovery").asText()).isEqualTo("NAK");
        assertThat(tree.at("/study/plan/profiles")).hasSize(5);
    }
}
