package org.sonde.inject.study;

import java.util.List;
import org.sonde.sim.rdma.NicProfile;
import java.util.stream.IntStream;

/**
 * Which of Lumina's §6 experiments the study runs, and how finely.
 *
 * @param profiles      the NIC profiles every experiment runs on (Figs. 8, 9, 11 and the findings)
 * @param relativePsns  Figs. 8–9: the relative PSNs dropped, one per 100 KB message (0..98: the last
 *                      packet of a message has no successor to reveal the gap, so it times out)
 * @param etsProfiles   Fig. 10's profiles (the paper's CX6 Dx, and a work-conserving one for contrast)
 * @param droppingQps   Fig. 11: on how many of the 36 QPs a packet of every message is dropped
 * @param seed          seed of every run
 */
public record StudyPlan(List<String> profiles, List<Integer> relativePsns, List<String> etsProfiles, List<Integer> droppingQps, long seed) {
    public static final List<String> ALL_PROFILES = NicProfile.BUNDLED;
    public static final List<Integer> PAPER_DROPPING_QPS = List.of(0, 8, 12, 16);

    public StudyPlan {
        profiles = List.copyOf(profiles);
        relativePsns = List.copyOf(relativePsns);
        etsProfiles = List.copyOf(etsProfiles);
        droppingQps = List.copyOf(droppingQps);
        if (profiles.isEmpty()) throw new IllegalArgumentException("the study needs at least one profile");
        for (int psn : relativePsns) {
            if (psn < 0 || psn >= StudyExperiments.LATENCY_PACKETS_PER_MESSAGE - 1) {
                throw new IllegalArgumentException("relative PSN " + psn + " is outside 0.." + (StudyExperiments.LATENCY_PACKETS_PER_MESSAGE - 2));
            }
        }
        for (int i : droppingQps) {
            if (i < 0 || i > StudyExperiments.NOISY_QPS) throw new IllegalArgumentException(i + " dropping QPs: must be 0.." + StudyExperiments.NOISY_QPS);
        }
    }

    /** The whole study on {@code profiles}: PSNs 0, 5, ..., 95 and 98, Fig. 10 on those of cx6dx-like and neutral that were chosen. */
    public static StudyPlan full(List<String> profiles, long seed) {
        List<Integer> psns = IntStream.concat(IntStream.iterate(0, p -> p < 98, p -> p + 5), IntStream.of(98)).boxed().toList();
        return new StudyPlan(profiles, psns, etsProfilesOf(profiles), PAPER_DROPPING_QPS, seed);
    }

    /** A quick study for CI: three PSNs, Fig. 11 without i = 8. */
    public static StudyPlan reduced(List<String> profiles, long seed) {
        return new StudyPlan(profiles, List.of(0, 50, 98), etsProfilesOf(profiles), List.of(0, 12), seed);
    }

    /** Injection tests the plan runs: per profile two latency sweeps, the Fig. 11 points, CNP pacing, two timeout runs; three per ETS profile. */
    public int runCount() {
        return profiles.size() * (2 + droppingQps.size() + 1 + 2) + etsProfiles.size() * EtsSetting.values().length;
    }

    private static List<String> etsProfilesOf(List<String> profiles) {
        return profiles.stream().filter(p -> p.equals("cx6dx-like") || p.equals("neutral")).toList();
    }
}
