package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.inject.analyze.LossLatency;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.analyze.Recovery;
import org.sonde.inject.testbed.GeneratorReport;
import org.sonde.inject.testbed.TargetSpec;

class EvaluatorTest {
    static LossLatency loss(long lostAt, Recovery recovery, long retransmissionAfter) {
        return new LossLatency(0, 0, 0, lostAt, recovery, -1, -1, -1, retransmissionAfter);
    }

    @Test
    void concurrentRecoveriesCountOverlappingNakRecoveriesOnly() {
        assertThat(Evaluator.concurrentRecoveries(List.of())).isZero();
        assertThat(Evaluator.concurrentRecoveries(List.of(
                loss(0, Recovery.NAK, 100), loss(50, Recovery.NAK, 100), loss(60, Recovery.NAK, 10), // 3 open at 60..70
                loss(100, Recovery.NAK, 10), // starts when the first ends: not overlapping it
                loss(55, Recovery.TIMEOUT, 1000), loss(56, Recovery.UNRECOVERED, -1)))).isEqualTo(3);
    }

    @Test
    void innocentMeanSkipsInjectedQps() {
        List<GeneratorReport.Qp> qps = List.of(new GeneratorReport.Qp(0, 2, 1000, 600), new GeneratorReport.Qp(1, 2, 400, 300),
                new GeneratorReport.Qp(2, 1, 500, 500));
        assertThat(Evaluator.innocentMean(qps, Set.of(0))).isEqualTo(300);
        assertThat(Evaluator.innocentMean(qps, Set.of(0, 1, 2))).as("no innocent message completed").isNull();
    }

    @Test
    void profilesMapToTheAnalyzersNicModels() {
        assertThat(Evaluator.nicModel(TargetSpec.parse("sim:cx4lx-like").simulated())).isEqualTo(NicModel.CX4);
        assertThat(Evaluator.nicModel(TargetSpec.parse("sim:e810-like").simulated())).isEqualTo(NicModel.E810);
        assertThat(Evaluator.nicModel(TargetSpec.parse("sim:neutral").simulated())).isEqualTo(NicModel.CX6);
    }
}
