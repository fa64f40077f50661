package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.inject.Injection;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;

/** Algorithm 1 end to end on the simulated testbed, with the built-in noisy-neighbour target. */
class FuzzerTest {
    static final TargetSpec.Simulated CX4 = TargetSpec.parse("sim:cx4lx-like").simulated();
    static final TargetSpec.Simulated NEUTRAL = TargetSpec.parse("sim:neutral").simulated();

    /**
     * The acceptance budget. Measured with the built-in target on cx4lx-like (100 Gb/s links), runs
     * until noisy neighbour was declared, fuzz seeds 1..24 sorted: 9, 12, 35, 38, 46, 50, 51, 67, 73,
     * 74, 80, 83, 119, 121, 128, 192, 247, 248, 296; seeds 2, 5, 9, 18 and 21 (5 of 24) not within
     * 300 runs. So 300 runs find it for about 4 seeds in 5, median 74 runs. A 300-run campaign
     * took 1–14 s on a shared 2-core machine (about 10 ms per simulated run, 2 runs per config).
     * On neutral no seed declares it (seeds 1..4, 300 runs each: innocent MCT inflation at most 1.11).
     */
    static final int BUDGET = 300;
    /** Needs 83 runs: found by mutation, not in the initial pool of 16. */
    static final long SEED = 4;

    @TempDir
    Path dir;

    @Test
    void rediscoversNoisyNeighbourOnTheCx4LxAndReportsARerunnableTrigger() throws Exception {
        List<FuzzIteration> progress = new ArrayList<>();
        FuzzResult r = Fuzzer.run(FuzzTarget.noisyNeighbour(), CX4, FuzzBudget.runs(BUDGET), SEED, dir, progress::add);

        assertThat(r.anomalyFound()).isTrue();
        assertThat(r.runs()).isGreaterThan(FuzzTarget.noisyNeighbour().poolSize()).isLessThanOrEqualTo(BUDGET);
        assertThat(progress).isEqualTo(r.history());
        assertThat(r.scoreHistory()).hasSize(r.history().size());
        FuzzIteration found = r.history().stream().filter(FuzzIteration::anomaly).findFirst().orElseThrow();
        assertThat(found.phase()).isEqualTo(FuzzIteration.Phase.MUTANT);
        assertThat(found.run()).isEqualTo(r.runs());

        FuzzIteration trigger = r.trigger();
        assertThat(trigger.anomaly()).isTrue();
        assertThat(trigger.outcome().integrityPass()).isTrue();
        assertThat(trigger.outcome().innocentMctInflation()).isGreaterThanOrEqualTo(3);
        assertThat(trigger.summary()).startsWith("read"); // the paper: READ connections with drops

        // the reported test reruns as a user file and still shows the anomaly
        assertThat(r.triggerFile()).isEqualTo("trigger.yaml");
        Path file = dir.resolve(r.triggerFile());
        assertThat(Files.readString(file)).isEqualTo(r.triggerYaml()).contains("--seed=" + trigger.simSeed());
        TestConfig config = TestConfigLoader.load(file);
        Genome genome = new Genome(config.traffic(), config.events());
        InjectionResult with = Injection.run(config, CX4, trigger.simSeed(), dir.resolve("rerun"));
        InjectionResult without = Injection.run(genome.withoutEvents().toTest("baseline", "").config(), CX4, trigger.simSeed(), dir.resolve("rerun-baseline"));
        double inflation = Evaluator.innocentMean(with.traffic().qps(), genome.injectedQps()) / Evaluator.innocentMean(without.traffic().qps(), genome.injectedQps());
        assertThat(inflation).isEqualTo(trigger.outcome().innocentMctInflation()).isGreaterThanOrEqualTo(3);
        assertThat(with.counters().requesterNic().get("rx_discards_phy")).isPositive();

        assertThat(dir.resolve("trigger-run/trace.pcap")).exists();
        assertThat(dir.resolve("work")).doesNotExist();
        assertThat(Files.readString(dir.resolve("fuzz.json"))).contains("\"anomalyFound\" : true").contains("\"history\"");
    }

    @Test
    void declaresNothingOnTheNeutralNicWithTheSameBudget() throws Exception {
        FuzzResult r = Fuzzer.run(FuzzTarget.noisyNeighbour(), NEUTRAL, FuzzBudget.runs(BUDGET), SEED, dir, ProgressListener.NONE);

        assertThat(r.anomalyFound()).isFalse();
        assertThat(r.runs()).isEqualTo(BUDGET);
        assertThat(r.trigger()).isNull();
        assertThat(r.history()).hasSize(BUDGET).allSatisfy(i -> assertThat(i.outcome().innocentMctInflation()).isLessThan(3));
        // the same drops that stall the CX4 Lx leave the neutral NIC's innocent QPs alone
        assertThat(r.history()).allSatisfy(i -> assertThat(i.outcome().discards()).isZero());
        assertThat(dir.resolve("trigger.yaml")).doesNotExist();
        assertThat(Files.readString(dir.resolve("fuzz.json"))).contains("\"anomalyFound\" : false");
    }

    /**
     * §6.2.4: CX4 Lx's implied_nak_seq_err stays frozen through READ recoveries. The general target
     * finds it within 60 runs for fuzz seeds 1 and 3 (runs 3 and 6, in the random initial pool),
     * not for seeds 2 and 4; on neutral seeds 1..4 find no counter inconsistency or go-back-N violation.
     */
    @Test
    void theGeneralTargetFindsTheCx4LxFrozenCounterAndNothingOnNeutral(@TempDir Path other) {
        FuzzResult cx4 = Fuzzer.run(FuzzTarget.general(), CX4, FuzzBudget.runs(60), 1, dir, ProgressListener.NONE);
        assertThat(cx4.anomalyFound()).isTrue();
        assertThat(cx4.trigger().outcome().counterMismatches()).isPositive();
        assertThat(cx4.trigger().outcome().findings()).anySatisfy(f -> assertThat(f).contains("implied_nak_seq_err"));

        FuzzResult neutral = Fuzzer.run(FuzzTarget.general(), NEUTRAL, FuzzBudget.runs(60), 1, other, ProgressListener.NONE);
        assertThat(neutral.anomalyFound()).isFalse();
        assertThat(neutral.history()).allSatisfy(i -> assertThat(i.outcome().findings()).isEmpty());
    }

    @Test
    void sameSeedSameSearch(@TempDir Path other, @TempDir Path third) {
        FuzzResult a = Fuzzer.run(FuzzTarget.noisyNeighbour(), CX4, FuzzBudget.runs(25), 7, dir, ProgressListener.NONE);
        FuzzResult b = Fuzzer.run(FuzzTarget.noisyNeighbour(), CX4, FuzzBudget.runs(25), 7, other, ProgressListener.NONE);
        FuzzResult c = Fuzzer.run(FuzzTarget.noisyNeighbour(), CX4, FuzzBudget.runs(25), 8, third, ProgressListener.NONE);
        assertThat(b.history()).isEqualTo(a.history());
        assertThat(c.history()).isNotEqualTo(a.history());
        assertThat(c.history().getFirst().simSeed()).isNotEqualTo(a.history().getFirst().simSeed());
    }
}
