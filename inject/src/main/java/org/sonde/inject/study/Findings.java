package org.sonde.inject.study;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.analyze.Recovery;
import org.sonde.core.config.Distribution;
import org.sonde.core.config.Units;
import org.sonde.sim.rdma.NicProfile;
import org.sonde.sim.rdma.Verb;

/**
 * The findings table: for each profile and behaviour of Lumina's Table 2 and §6.3, the value the
 * profile specifies against the value the traces showed. Expectations are read from the profile;
 * measurements only from the result records.
 */
public final class Findings {
    /**
     * How far a latency measured at the switch may sit from the NIC's own: the trace resolves a NIC's
     * reaction only to the packet it is already serialising (one 1 KB frame at 100 Gb/s is 86 ns).
     */
    public static final long LATENCY_TOLERANCE_NANOS = 100;
    /**
     * A CNP interval is seen as the gap to the next marked packet of its scope after it: at most one
     * frame time per QP sharing the link (four QPs of 1 KB frames at 100 Gb/s: 344 ns).
     */
    public static final long CNP_TOLERANCE_NANOS = 400;
    /**
     * A timeout is measured from the lost packet's switch timestamp, but the NIC restarts its timer when
     * the ACK of the packet before arrives, about one testbed round trip (≈ 4 µs) later.
     */
    public static final long TIMEOUT_TOLERANCE_NANOS = 5_000;
    /** Fig. 11: innocent QPs count as slowed when their mean MCT at least doubles. */
    static final double NOISY_SLOWDOWN = 2.0;

    private Findings() {}

    public static List<Finding> of(List<String> profiles, List<LatencySweep> latency, List<EtsRun> ets, List<NoisyNeighbourRun> noisy,
                                   List<CnpPacingRun> cnp, List<TimeoutScheduleRun> timeouts) {
        List<Finding> out = new ArrayList<>();
        for (String name : profiles) {
            NicProfile p = NicProfile.load(name);
            for (LatencySweep s : latency) {
                if (!s.profile().equals(name)) continue;
                boolean write = s.verb() != Verb.READ;
                out.add(latency(s, "NAK generation (" + s.verb() + ")", "§6.1, Fig. 8", write ? p.nakGeneration() : p.readNakGeneration(),
                        LatencySweep.Point::nakGenerationNanos));
                out.add(latency(s, "NAK reaction (" + s.verb() + ")", "§6.1, Fig. 9", write ? p.nakReaction() : p.readNakReaction(),
                        LatencySweep.Point::nakReactionNanos));
            }
            for (CnpPacingRun c : cnp) {
                if (!c.profile().equals(name)) continue;
                out.add(cnpScope(p, c));
                out.add(cnpInterval(p, c));
            }
            for (TimeoutScheduleRun t : timeouts) {
                if (t.profile().equals(name)) out.add(timeouts(p, t));
            }
            out.add(counters(p, latency, cnp));
            List<EtsRun> mine = ets.stream().filter(e -> e.profile().equals(name)).toList();
            if (!mine.isEmpty()) out.add(ets(p, mine));
            List<NoisyNeighbourRun> neighbours = noisy.stream().filter(n -> n.profile().equals(name)).toList();
            if (neighbours.size() >= 2) out.add(noisyNeighbour(p, neighbours));
        }
        return out;
    }

    /** The smallest and largest value a latency distribution yields, or null if unbounded. */
    static long[] range(Distribution d) {
        return switch (d) {
            case Distribution.Constant c -> new long[] {c.nanos(), c.nanos()};
            case Distribution.Uniform u -> new long[] {u.min(), u.max()};
            default -> null;
        };
    }

    private static String rangeText(long lo, long hi) {
        return lo == hi ? Units.formatNanos(lo) : Units.formatNanos(lo) + " – " + Units.formatNanos(hi);
    }

    private static Finding latency(LatencySweep s, String behaviour, String section, Distribution expected, Function<LatencySweep.Point, Long> field) {
        long[] r = range(expected);
        List<LatencySweep.Point> nak = s.points().stream().filter(x -> x.recovery() == Recovery.NAK).toList();
        List<Long> values = nak.stream().map(field).filter(java.util.Objects::nonNull).toList();
        String measured = values.isEmpty() ? "no NAK recovery" : rangeText(Collections.min(values), Collections.max(values))
                + " over " + values.size() + " of " + s.points().size() + " drops";
        boolean pass = r != null && !values.isEmpty() && values.size() == s.points().size()
                && values.stream().allMatch(v -> v >= r[0] - LATENCY_TOLERANCE_NANOS && v <= r[1] + LATENCY_TOLERANCE_NANOS);
        return new Finding(behaviour, section, s.profile(), r == null ? expected.toString() : rangeText(r[0], r[1]), measured, pass,
                "switch timestamps less the testbed turnaround " + Units.formatNanos(s.turnaroundNanos()) + "; every drop must be NAK-recovered, ±"
                        + LATENCY_TOLERANCE_NANOS + " ns");
    }

    static CnpScope analyzerScope(NicProfile.CnpScope s) {
        return switch (s) {
            case PORT -> CnpScope.PER_PORT;
            case DESTINATION_IP -> CnpScope.PER_DEST_IP;
            case QP -> CnpScope.PER_QP;
        };
    }

    private static Finding cnpScope(NicProfile p, CnpPacingRun c) {
        CnpScope expected = analyzerScope(p.cnp().scope());
        return new Finding("CNP rate-limit scope", "§6.3", p.name(), expected.toString(),
                c.inferredScope() == null ? "no CNP"
                        : c.inferredScope() + " (consistent: " + String.join(", ", c.consistentScopes().stream().map(String::valueOf).toList()) + ")",
                expected == c.inferredScope(),
                StudyExperiments.CNP_QPS + " QPs on " + StudyExperiments.CNP_REQUESTER_IPS.size() + " GIDs per host (multi-gid), so per port, per destination IP and per QP group CNPs differently;"
                        + " per IP pair groups them as per destination IP (GID g talks only to GID g)");
    }

    private static Finding cnpInterval(NicProfile p, CnpPacingRun c) {
        long expected = p.cnp().minIntervalNanos();
        boolean pass = c.minGapNanos() != null && c.minGapNanos() >= expected && c.minGapNanos() <= expected + CNP_TOLERANCE_NANOS;
        return new Finding("CNP min interval", "§6.3", p.name(), Units.formatNanos(expected),
                c.minGapNanos() == null ? "no CNP gap" : Units.formatNanos(c.minGapNanos()) + " smallest gap of " + c.cnps() + " CNPs", pass,
                "every packet ECN-marked; a CNP follows the first marked packet after the interval (+" + CNP_TOLERANCE_NANOS + " ns)");
    }

    private static Finding timeouts(NicProfile p, TimeoutScheduleRun t) {
        List<Long> expected = t.adaptive() && p.retransmission().adaptive()
                ? p.retransmission().timeoutsNanos().subList(0, Math.min(StudyExperiments.TIMEOUT_DROPS, p.retransmission().timeoutsNanos().size()))
                : Collections.nCopies(StudyExperiments.TIMEOUT_DROPS, 4096L << StudyExperiments.TIMEOUT_IB_EXPONENT);
        boolean pass = t.completed() && t.timeoutsNanos().size() == expected.size();
        for (int i = 0; pass && i < expected.size(); i++) pass = Math.abs(t.timeoutsNanos().get(i) - expected.get(i)) <= TIMEOUT_TOLERANCE_NANOS;
        return new Finding("retransmission timeouts, adaptive " + (t.adaptive() ? "on" : "off"), "§6.3", p.name(), schedule(expected),
                schedule(t.timeoutsNanos()) + (t.completed() ? "" : ", message failed"), pass,
                "timeout 14 (" + Units.formatNanos(4096L << StudyExperiments.TIMEOUT_IB_EXPONENT) + "), last packet dropped "
                        + StudyExperiments.TIMEOUT_DROPS + " times, ±" + Units.formatNanos(TIMEOUT_TOLERANCE_NANOS));
    }

    private static String schedule(List<Long> nanos) {
        return nanos.stream().map(Units::formatNanos).collect(Collectors.joining(", "));
    }

    /** Counters the profile freezes, by the name the NIC reports them under, against the checks that disagreed with the trace. */
    private static Finding counters(NicProfile p, List<LatencySweep> latency, List<CnpPacingRun> cnp) {
        Map<String, String> renamed = p.counters().renamed();
        Set<String> expected = p.counters().frozen().stream().map(c -> renamed.getOrDefault(c, c)).collect(Collectors.toCollection(TreeSet::new));
        Set<String> measured = new TreeSet<>();
        latency.stream().filter(s -> s.profile().equals(p.name())).forEach(s -> s.counterMismatches().forEach(c -> measured.add(c.counter())));
        cnp.stream().filter(c -> c.profile().equals(p.name())).forEach(c -> c.counterMismatches().forEach(m -> measured.add(m.counter())));
        return new Finding("counter inconsistency", "§6.2.4", p.name(), expected.isEmpty() ? "none" : String.join(", ", expected),
                measured.isEmpty() ? "none" : String.join(", ", measured), expected.equals(measured),
                "CounterChecker on the NAK-latency and CNP runs: counters that disagree with the trace");
    }

    /** Exposed for the report: QP1's ETS share in the two-class settings. */
    public static double etsShareGbps(EtsRun r) {
        return r.linkBps() / 2e9;
    }

    private static Finding ets(NicProfile p, List<EtsRun> runs) {
        boolean expected = p.scheduler().workConserving();
        EtsRun marked = runs.stream().filter(r -> r.setting() == EtsSetting.MULTI_QUEUE_ECN).findFirst().orElse(null);
        if (marked == null) return new Finding("work-conserving ETS", "§6.2.1", p.name(), yesNo(expected), "not run", false, "");
        double share = etsShareGbps(marked), qp0 = marked.goodputGbps().get(0), qp1 = marked.goodputGbps().get(1);
        double spare = share - qp0;
        // QP1 takes at least half of what DCQCN left unused in QP0's class
        boolean conclusive = spare > 0.1 * share;
        boolean measured = qp1 > share + spare / 2;
        return new Finding("work-conserving ETS", "§6.2.1, Fig. 10", p.name(), yesNo(expected),
                String.format("%s (QP0 %.1f, QP1 %.1f Gb/s, share %.0f)", conclusive ? yesNo(measured) : "inconclusive", qp0, qp1, share),
                conclusive && measured == expected, "two 50 % classes, QP0 marked 1 in 50: does QP1 use QP0's spare bandwidth?");
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String mct(Double nanos) {
        return nanos == null ? "none" : Units.formatNanos(Math.round(nanos));
    }

    private static Finding noisyNeighbour(NicProfile p, List<NoisyNeighbourRun> runs) {
        NoisyNeighbourRun calm = runs.stream().min(java.util.Comparator.comparingInt(NoisyNeighbourRun::droppingQps)).orElseThrow();
        NoisyNeighbourRun worst = runs.stream().max(java.util.Comparator.comparingInt(NoisyNeighbourRun::droppingQps)).orElseThrow();
        int slots = p.rxPipeline().recoverySlots();
        boolean expected = slots > 0 && slots < worst.droppingQps();
        // the paper's evidence was the requester's rx_discards_phy; the trace adds innocent retransmissions and MCTs
        boolean measured = worst.rxDiscardsPhy() > 0 || worst.innocentQpsOffTrace() > 0 || worst.innocentRetransmissions() > 0
                || worst.innocentMctNanos() != null && calm.innocentMctNanos() != null && worst.innocentMctNanos() > NOISY_SLOWDOWN * calm.innocentMctNanos();
        return new Finding("noisy neighbour", "§6.2.2, Fig. 11", p.name(),
                expected ? "pipeline stalls (" + slots + " recovery slots)" : "no stall",
                String.format("innocent MCT %s at i=%d, %s at i=%d; at i=%d %d innocent QPs re-requested delivered responses, rx_discards_phy %d",
                        mct(calm.innocentMctNanos()), calm.droppingQps(), mct(worst.innocentMctNanos()),
                        worst.droppingQps(), worst.droppingQps(), worst.innocentQpsOffTrace(), worst.rxDiscardsPhy()),
                measured == expected,
                        "affected: the requester discards (rx_discards_phy), innocent QPs retransmit or re-request what the switch delivered, or their mean MCT (generator) at least doubles");
    }
}
