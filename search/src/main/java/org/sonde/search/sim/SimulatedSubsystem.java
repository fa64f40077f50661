package org.sonde.search.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.search.engine.CollieEngineCommands;
import org.sonde.search.engine.EngineCommand;
import org.sonde.search.engine.HostCounters;
import org.sonde.search.engine.NicSpec;
import org.sonde.search.engine.OfferedLoad;
import org.sonde.search.engine.Run;
import org.sonde.search.engine.Sample;
import org.sonde.search.engine.WorkloadEngine;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Point;
import org.sonde.search.space.Traffic;

/**
 * The embedded default target: two hosts with one simulated RNIC each, connected by a lossless
 * switch (§4's setting), whose behaviour is a {@link Profile}. An experiment:
 * <ol>
 * <li>starts from what the workload can carry within the NIC's specification ({@link OfferedLoad});</li>
 * <li>every mechanism that bites multiplies the throughput of the traffics in its region by its
 *     throughput factor and raises PFC pause on the host receiving their data; mechanisms that do
 *     not bite lower throughput by {@code perfSlope x proximity} (the pressure a performance
 *     counter can follow);</li>
 * <li>each resource's diagnostic counter reports {@code eventsPerSec x} the summed proximity of its
 *     mechanisms, plus a small term in the NIC's load (so counters vary everywhere);</li>
 * <li>four samples are read, each with relative Gaussian noise and a transient pause of up to
 *     {@code transientPauseMicros} (the "few pause frames when the bus is busy" of §5.2);</li>
 * <li>the simulated clock is charged 20-60 s ({@link Profile.Clock}).</li>
 * </ol>
 * {@link #truth} names the mechanisms that bite, for evaluation only: the search never calls it.
 */
public final class SimulatedSubsystem implements WorkloadEngine {
    public static final int SAMPLES = 4;
    private final Profile profile;
    private final SplittableRandom noise;
    private final List<String> counters;
    private final int[] resourceOf;

    public SimulatedSubsystem(Profile profile, long seed) {
        this.profile = profile;
        this.noise = new SplittableRandom(seed ^ 0x5DEECE66DL);
        this.counters = profile.counters();
        Map<String, Integer> idx = profile.resourceIndex();
        resourceOf = new int[profile.mechanisms().size()];
        for (int i = 0; i < resourceOf.length; i++) resourceOf[i] = idx.get(profile.mechanisms().get(i).resource());
    }

    public Profile profile() {
        return profile;
    }

    @Override
    public String name() {
        return "sim:" + profile.name();
    }

    @Override
    public NicSpec spec() {
        return profile.spec();
    }

    @Override
    public List<String> diagnosticCounters() {
        return counters;
    }

    @Override
    public List<EngineCommand> compile(Point p) {
        return CollieEngineCommands.compile(p, "mlx5_0");
    }

    /** The noise-free counters of {@code p}: what the samples scatter around. */
    Sample ideal(Point p) {
        NicSpec spec = profile.spec();
        OfferedLoad.Rates base = OfferedLoad.expected(p, spec);
        int n = p.traffics().size();
        double[] factor = new double[n];
        java.util.Arrays.fill(factor, 1.0);
        // the pressure of mechanisms that do not bite: the largest one slows every traffic
        double slowdown = 0;
        double[] pauseA = {0}, pauseB = {0};
        double[] diag = new double[counters.size()];
        List<Mechanism> ms = profile.mechanisms();
        for (int k = 0; k < ms.size(); k++) {
            Mechanism m = ms.get(k);
            double q = m.proximity(p);
            diag[resourceOf[k]] += q;
            boolean bites = m.bites(p);
            for (int i = 0; i < n; i++) {
                Traffic t = p.traffic(i);
                if (bites && m.inRegion(p, t)) {
                    factor[i] *= m.throughputFactor();
                    if (m.symptom() == Symptom.PAUSE) {
                        double[] at = OfferedLoad.dataHost(p, i, false).equals("A") ? pauseA : pauseB;
                        at[0] = 1 - (1 - at[0]) * (1 - m.pauseRatio());
                    }
                }
            }
            if (!bites) slowdown = Math.max(slowdown, m.perfSlope() * Math.min(1, q));
        }
        for (int i = 0; i < n; i++) factor[i] *= 1 - slowdown;
        double load = 0;
        HostCounters a = HostCounters.ZERO, b = HostCounters.ZERO;
        for (int i = 0; i < n; i++) {
            double bits = base.bitsPerSec()[i] * factor[i];
            double pkts = base.packetsPerSec()[i] * factor[i];
            load += bits / spec.lineBitsPerSec();
            HostCounters tx = new HostCounters(bits, 0, pkts, 0, 0);
            HostCounters rx = new HostCounters(0, bits, 0, pkts, 0);
            if (OfferedLoad.dataHost(p, i, true).equals("A")) a = a.plus(tx); else b = b.plus(tx);
            if (OfferedLoad.dataHost(p, i, false).equals("A")) a = a.plus(rx); else b = b.plus(rx);
        }
        a = a.plus(new HostCounters(0, 0, 0, 0, pauseA[0] * 1e6));
        b = b.plus(new HostCounters(0, 0, 0, 0, pauseB[0] * 1e6));
        int r = 0;
        for (Profile.Resource res : profile.resources().values()) {
            diag[r] = res.eventsPerSecAtProximity1() * (diag[r] + 0.01 * load);
            r++;
        }
        return new Sample(a, b, diag);
    }

    @Override
    public Run run(Point p) {
        Sample ideal = ideal(p);
        List<Sample> samples = new ArrayList<>(SAMPLES);
        for (int s = 0; s < SAMPLES; s++) {
            double[] d = ideal.diagnostic().clone();
            for (int k = 0; k < d.length; k++) d[k] *= jitter();
            samples.add(new Sample(noisy(ideal.a()), noisy(ideal.b()), d));
        }
        return new Run(samples, profile.clock().seconds(p.totalQps(), p.totalMrs()));
    }

    private HostCounters noisy(HostCounters c) {
        double pause = c.pauseMicrosPerSec() * jitter() + (noise.nextDouble() < 0.3 ? noise.nextDouble() * profile.transientPauseMicros() : 0);
        return new HostCounters(c.txBitsPerSec() * jitter(), c.rxBitsPerSec() * jitter(), c.txPacketsPerSec() * jitter(),
                c.rxPacketsPerSec() * jitter(), Math.min(1e6, pause));
    }

    private double jitter() {
        double g = noise.nextDouble() * 2 - 1 + noise.nextDouble() * 2 - 1 + noise.nextDouble() * 2 - 1; // ~N(0, 1), bounded
        return Math.max(0, 1 + profile.noiseRelative() * g);
    }

    /**
     * Ground truth for evaluation: the ids of the mechanisms that bite on {@code p}, most severe
     * first. Not part of {@link WorkloadEngine}: a real target has no such thing.
     */
    public List<String> truth(Point p) {
        List<Mechanism> on = new ArrayList<>();
        for (Mechanism m : profile.mechanisms()) if (m.bites(p)) on.add(m);
        on.sort(Comparator.comparingDouble(Mechanism::severity).reversed());
        List<String> ids = new ArrayList<>();
        for (Mechanism m : on) ids.add(m.id());
        return ids;
    }
}
