package org.sonde.sim.rdma;

import org.sonde.core.config.ConfigMap;

/**
 * DCQCN parameters (Zhu et al., SIGCOMM 2015), named after NVIDIA's {@code roce_rp}/{@code roce_np}
 * tunables. Defaults are the paper's values where the paper gives one (g = 1/256, K = 55 µs,
 * T = 55 µs, B = 10 MB, F = 5, R_AI = 40 Mb/s), so the neutral NIC follows the published algorithm;
 * R_HAI, which the paper leaves open, is 10 × R_AI as in NVIDIA's defaults (rpg_hai_rate 50, rpg_ai_rate 5).
 *
 * @param rpEnable                  reaction point: the sender cuts its rate on CNPs
 * @param npEnable                  notification point: the receiver sends CNPs for ECN-marked packets
 * @param dceTcpG                   α gain as NVIDIA encodes it: g = (1024 − dce_tcp_g) / 1024 (1020 → 1/256)
 * @param dceTcpRttNanos            K, the α update period: α decays by (1 − g) per period without a CNP
 * @param initialAlphaValue         α at the first CNP, in 1/1024 (1023 ≈ 1, as the paper starts)
 * @param rpgTimeResetNanos         T, the rate-increase timer
 * @param rpgByteResetBytes         B, the byte counter that also triggers a rate increase
 * @param rpgThreshold              F, increase events of fast recovery before additive increase
 * @param rpgAiRateBps              R_AI, the additive increase step
 * @param rpgHaiRateBps             R_HAI, the hyper increase step
 * @param rpgMinRateBps             lowest rate a cut may reach
 * @param rpgMaxRateBps             highest rate (0: the link rate)
 * @param rpgMinDecFac              a cut keeps at least this percentage of the rate
 * @param rateToSetOnFirstCnpBps    rate set by a QP's first CNP (0: cut from the current rate)
 * @param rateReduceMonitorPeriodNanos at most one cut per this period (0: a cut per CNP, as the paper)
 */
public record DcqcnConfig(boolean rpEnable, boolean npEnable, int dceTcpG, long dceTcpRttNanos, int initialAlphaValue,
                          long rpgTimeResetNanos, long rpgByteResetBytes, int rpgThreshold, long rpgAiRateBps,
                          long rpgHaiRateBps, long rpgMinRateBps, long rpgMaxRateBps, int rpgMinDecFac,
                          long rateToSetOnFirstCnpBps, long rateReduceMonitorPeriodNanos) {

    public static final DcqcnConfig DEFAULT = new DcqcnConfig(true, true, 1020, 55_000, 1023, 55_000, 10_000_000, 5,
            40_000_000, 400_000_000, 1_000_000, 0, 50, 0, 0);

    /** These parameters with the reaction and notification points switched on or off. */
    public DcqcnConfig withEnables(boolean rp, boolean np) {
        return new DcqcnConfig(rp, np, dceTcpG, dceTcpRttNanos, initialAlphaValue, rpgTimeResetNanos, rpgByteResetBytes, rpgThreshold,
                rpgAiRateBps, rpgHaiRateBps, rpgMinRateBps, rpgMaxRateBps, rpgMinDecFac, rateToSetOnFirstCnpBps, rateReduceMonitorPeriodNanos);
    }

    /** The α gain g. */
    double g() {
        return (1024 - dceTcpG) / 1024.0;
    }

    public static DcqcnConfig parse(ConfigMap c) {
        DcqcnConfig d = DEFAULT;
        DcqcnConfig r = new DcqcnConfig(
                c.bool("rp-enable", d.rpEnable),
                c.bool("np-enable", d.npEnable),
                (int) c.integer("dce-tcp-g", d.dceTcpG, 0, 1023),
                c.nanos("dce-tcp-rtt", d.dceTcpRttNanos, 1, 1_000_000_000L),
                (int) c.integer("initial-alpha-value", d.initialAlphaValue, 1, 1023),
                c.nanos("rpg-time-reset", d.rpgTimeResetNanos, 1, 1_000_000_000L),
                c.bytes("rpg-byte-reset", d.rpgByteResetBytes, 1, Long.MAX_VALUE),
                (int) c.integer("rpg-threshold", d.rpgThreshold, 1, 31),
                c.bitsPerSecond("rpg-ai-rate", d.rpgAiRateBps, 1, Long.MAX_VALUE),
                c.bitsPerSecond("rpg-hai-rate", d.rpgHaiRateBps, 1, Long.MAX_VALUE),
                c.bitsPerSecond("rpg-min-rate", d.rpgMinRateBps, 1, Long.MAX_VALUE),
                c.bitsPerSecond("rpg-max-rate", d.rpgMaxRateBps, 0, Long.MAX_VALUE),
                (int) c.integer("rpg-min-dec-fac", d.rpgMinDecFac, 0, 100),
                c.bitsPerSecond("rate-to-set-on-first-cnp", d.rateToSetOnFirstCnpBps, 0, Long.MAX_VALUE),
                c.nanos("rate-reduce-monitor-period", d.rateReduceMonitorPeriodNanos, 0, 1_000_000_000L));
        c.finish();
        return r;
    }
}
