package org.sonde.search.monitor;

import java.util.Optional;
import org.sonde.search.engine.NicSpec;
import org.sonde.search.engine.OfferedLoad;
import org.sonde.search.engine.Run;
import org.sonde.search.engine.Sample;
import org.sonde.search.space.Point;

/**
 * Collie's anomaly conditions (§5.2) on the mean of a run's samples: a pause duration ratio above
 * {@code pauseRatio} (0.1%) on either host is a pause anomaly; otherwise throughput at least 20%
 * below the bound in both bits and packets per second is a throughput anomaly. The bound is the
 * NIC's specification, or, with {@code offeredLoadBound}, what the workload offers when that is
 * lower (a single QP with one outstanding request is not an anomaly).
 */
public record AnomalyMonitor(NicSpec spec, double pauseRatio, double throughputShortfall, boolean offeredLoadBound) {
    public static AnomalyMonitor paper(NicSpec spec) {
        return new AnomalyMonitor(spec, 0.001, 0.2, true);
    }

    /** The verdict on one run of {@code p}: the symptom, or empty when the run is normal. */
    public Optional<Symptom> judge(Point p, Run run) {
        return judge(p, run.mean());
    }

    public Optional<Symptom> judge(Point p, Sample mean) {
        if (mean.a().pauseRatio() > pauseRatio || mean.b().pauseRatio() > pauseRatio) return Optional.of(Symptom.PAUSE);
        double expBits, expPkts;
        if (offeredLoadBound) {
            OfferedLoad.Rates r = OfferedLoad.expected(p, spec);
            expBits = r.totalBitsPerSec();
            expPkts = r.totalPacketsPerSec();
        } else {
            expBits = spec.lineBitsPerSec() * p.traffics().size();
            expPkts = spec.packetsPerSec() * p.traffics().size();
        }
        double bits = mean.a().txBitsPerSec() + mean.b().txBitsPerSec();
        double pkts = mean.a().txPacketsPerSec() + mean.b().txPacketsPerSec();
        double keep = 1 - throughputShortfall;
        if (bits < keep * expBits && pkts < keep * expPkts) return Optional.of(Symptom.THROUGHPUT);
        return Optional.empty();
    }

    /**
     * The performance counter the search minimises: carried over expected throughput (bits or
     * packets, whichever is closer to its bound), lowered by the pause ratio.
     */
    public double efficiency(Point p, Sample mean) {
        OfferedLoad.Rates r = OfferedLoad.expected(p, spec);
        double bits = mean.a().txBitsPerSec() + mean.b().txBitsPerSec();
        double pkts = mean.a().txPacketsPerSec() + mean.b().txPacketsPerSec();
        double e = Math.max(bits / r.totalBitsPerSec(), pkts / r.totalPacketsPerSec());
        double pause = Math.max(mean.a().pauseRatio(), mean.b().pauseRatio());
        return Math.max(1e-6, e * (1 - pause));
    }
}
