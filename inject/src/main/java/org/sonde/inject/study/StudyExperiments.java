package org.sonde.inject.study;

import java.util.ArrayList;
import java.util.List;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.IndexConvention;
import org.sonde.inject.config.IterTracking;
import org.sonde.inject.config.MirrorConfig;
import org.sonde.inject.config.PacketKind;
import org.sonde.inject.config.RdmaVerb;
import org.sonde.inject.config.RoceParameters;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.testbed.TargetSpec;

/**
 * The study's injection tests as data: each of Lumina's §6 experiments as the test a Lumina user would
 * write (traffic, events, roce-parameters) and the target it runs on. Events count packets from the
 * QP's first PSN (CONNECTION scope) with ITER counted per message as Lumina's switch does, so one run
 * can drop a different relative PSN in every message.
 */
final class StudyExperiments {
    public static final int MTU = 1024;
    /** Figs. 8–9: 100 KB messages, i.e. 100 packets at MTU 1024. */
    public static final int LATENCY_PACKETS_PER_MESSAGE = 100;
    /** IB timeout 15 (134 ms): no timeout may pre-empt E810-like's 83 ms READ re-request. */
    static final int LATENCY_IB_TIMEOUT = 15;
    /** Fig. 10: 20 WRITEs of 1 MB per QP; one in 50 of QP0's packets marked. */
    public static final int ETS_MESSAGES = 20;
    public static final int ETS_MESSAGE_BYTES = 1 << 20;
    public static final int ETS_MARK_EVERY = 50;
    /** DSCP 24 and 32: traffic classes 3 and 4, the two 50 % ETS classes of cx6dx-like. */
    static final int DSCP_CLASS_3 = 24, DSCP_CLASS_4 = 32;
    /** Fig. 11: 36 QPs READ ten 20 KB messages each; the fifth data packet of each message is dropped. */
    public static final int NOISY_QPS = 36;
    public static final int NOISY_MESSAGES = 10;
    public static final int NOISY_MESSAGE_BYTES = 20 * 1024;
    public static final int NOISY_DROPPED_PACKET = 4;
    /** Fig. 11 ran on the 40 GbE CX4 Lx. */
    public static final long NOISY_LINK_BPS = 40_000_000_000L;
    /** §6.3: timeout 14 (67.1 ms), the last packet of the first message dropped 7 times. */
    public static final int TIMEOUT_IB_EXPONENT = 14;
    public static final int TIMEOUT_DROPS = 7;
    static final int TIMEOUT_MESSAGE_PACKETS = 4;
    /**
     * CNP pacing: four QPs on two GIDs per host (multi-gid: QP i on GID i mod 2), every packet marked, long
     * enough for dozens of 50 µs intervals. Two QPs share each address, so per port (one limiter), per
     * destination IP (two) and per QP (four) expect different CNPs.
     */
    public static final int CNP_QPS = 4;
    static final int CNP_MESSAGES = 40;
    static final List<Integer> CNP_REQUESTER_IPS = List.of(0x0A00_0001, 0x0A00_0101), CNP_RESPONDER_IPS = List.of(0x0A00_0002, 0x0A00_0102);

    /** A test and the target it runs on. */
    public record Experiment(String name, TestConfig config, TargetSpec.Simulated target) {
    }

    /** Reaction points off: a CNP that a CX NIC sends with its NAK would otherwise slow the retransmission. */
    private static final RoceParameters NOTIFY_ONLY = new RoceParameters(false, true, -1, true, true);

    private StudyExperiments() {}

    /** Figs. 8–9: one QP, message m drops its packet {@code relativePsns[m]} once. */
    public static Experiment nakLatency(String profile, RdmaVerb verb, List<Integer> relativePsns) {
        Traffic traffic = traffic(verb, 1, relativePsns.size(), (long) LATENCY_PACKETS_PER_MESSAGE * MTU, 1, LATENCY_IB_TIMEOUT, List.of());
        List<EventIntent> events = new ArrayList<>();
        for (int m = 0; m < relativePsns.size(); m++) {
            events.add(drop(0, m * LATENCY_PACKETS_PER_MESSAGE + relativePsns.get(m), 1, "message " + m));
        }
        return new Experiment("nak-latency-" + verb.name().toLowerCase(java.util.Locale.ROOT),
                config("nak latency " + verb, traffic, events, NOTIFY_ONLY), new TargetSpec.Simulated(profile));
    }

    /** Fig. 10: QP0 and QP1 WRITE 20 × 1 MB back to back in one or two ETS classes, QP0's packets marked 1 in 50. */
    public static Experiment ets(String profile, EtsSetting setting) {
        List<Integer> dscp = setting.twoClasses ? List.of(DSCP_CLASS_3, DSCP_CLASS_4) : List.of(DSCP_CLASS_3, DSCP_CLASS_3);
        // all 20 messages posted at once (tx-depth 20) keep both QPs busy; tx-depth > 1 allows ECN events only
        Traffic traffic = traffic(RdmaVerb.WRITE, 2, ETS_MESSAGES, ETS_MESSAGE_BYTES, ETS_MESSAGES, LATENCY_IB_TIMEOUT, dscp);
        List<EventIntent> events = new ArrayList<>();
        if (setting.marksQp0) {
            for (long packet = ETS_MARK_EVERY - 1; packet < traffic.packetsPerQp(); packet += ETS_MARK_EVERY) {
                events.add(new EventIntent(0, PacketKind.DATA, (int) packet, EventIntent.PsnScope.CONNECTION, 1, new EventAction.MarkEcn(), "mark " + packet));
            }
        }
        return new Experiment("ets-" + setting.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                config("ETS " + setting.label, traffic, events, RoceParameters.NIC_DEFAULTS), new TargetSpec.Simulated(profile));
    }

    /** Fig. 11: 36 READ QPs at 40 Gb/s; the fifth response of every message is dropped on the first {@code droppingQps}. */
    public static Experiment noisyNeighbour(String profile, int droppingQps) {
        Traffic traffic = traffic(RdmaVerb.READ, NOISY_QPS, NOISY_MESSAGES, NOISY_MESSAGE_BYTES, 1, TIMEOUT_IB_EXPONENT, List.of());
        int perMessage = traffic.packetsPerMessage();
        List<EventIntent> events = new ArrayList<>();
        for (int qp = 0; qp < droppingQps; qp++) {
            for (int m = 0; m < NOISY_MESSAGES; m++) events.add(drop(qp, m * perMessage + NOISY_DROPPED_PACKET, 1, "QP " + qp + " message " + m));
        }
        return new Experiment("noisy-neighbour-" + droppingQps, config("noisy neighbour, " + droppingQps + " dropping QPs", traffic, events,
                RoceParameters.NIC_DEFAULTS), new TargetSpec.Simulated(profile, NOISY_LINK_BPS, TargetSpec.Simulated.DEFAULT_DELAY_NANOS));
    }

    /** §6.3 CNP pacing: four WRITE QPs on two GIDs with every packet marked, reaction points off so the rate stays up. */
    public static Experiment cnpPacing(String profile) {
        Traffic traffic = traffic(RdmaVerb.WRITE, CNP_QPS, CNP_MESSAGES, (long) LATENCY_PACKETS_PER_MESSAGE * MTU, 4, LATENCY_IB_TIMEOUT, List.of(), true);
        List<EventIntent> events = new ArrayList<>();
        for (int qp = 0; qp < CNP_QPS; qp++) {
            events.add(new EventIntent(qp, PacketKind.DATA, EventIntent.ALL, EventIntent.PsnScope.CONNECTION, 1, new EventAction.MarkEcn(), "QP " + qp + " all"));
        }
        return new Experiment("cnp-pacing", config("CNP pacing", traffic, events, NOTIFY_ONLY, CNP_REQUESTER_IPS, CNP_RESPONDER_IPS),
                new TargetSpec.Simulated(profile));
    }

    /** §6.3 adaptive retransmission: the last packet of the only message dropped in rounds 1..7, timeout 14. */
    public static Experiment timeoutSchedule(String profile, boolean adaptive) {
        Traffic traffic = traffic(RdmaVerb.WRITE, 1, 1, (long) TIMEOUT_MESSAGE_PACKETS * MTU, 1, TIMEOUT_IB_EXPONENT, List.of());
        List<EventIntent> events = new ArrayList<>();
        for (int round = 1; round <= TIMEOUT_DROPS; round++) events.add(drop(0, TIMEOUT_MESSAGE_PACKETS - 1, round, "round " + round));
        RoceParameters roce = new RoceParameters(false, true, -1, adaptive, true);
        return new Experiment("timeouts-adaptive-" + (adaptive ? "on" : "off"), config("timeout schedule, adaptive " + (adaptive ? "on" : "off"), traffic, events, roce),
                new TargetSpec.Simulated(profile));
    }

    private static Traffic traffic(RdmaVerb verb, int qps, int messages, long bytes, int txDepth, int timeout, List<Integer> dscp) {
        return traffic(verb, qps, messages, bytes, txDepth, timeout, dscp, false);
    }

    private static Traffic traffic(RdmaVerb verb, int qps, int messages, long bytes, int txDepth, int timeout, List<Integer> dscp, boolean multiGid) {
        return new Traffic(verb, qps, 0, messages, bytes, MTU, multiGid, false, txDepth, timeout, 7, dscp, -1);
    }

    private static EventIntent drop(int qp, long packet, int round, String where) {
        return new EventIntent(qp, PacketKind.DATA, (int) packet, EventIntent.PsnScope.CONNECTION, round, new EventAction.Drop(), where);
    }

    private static TestConfig config(String name, Traffic traffic, List<EventIntent> events, RoceParameters roce) {
        return config(name, traffic, events, roce, List.of(), List.of());
    }

    /** A test on hosts with the given addresses (empty: the testbed's own). */
    private static TestConfig config(String name, Traffic traffic, List<EventIntent> events, RoceParameters roce,
                                     List<Integer> requesterIps, List<Integer> responderIps) {
        return new TestConfig(name, traffic, events, IndexConvention.LUMINA_CODE, IterTracking.LUMINA_CODE, roce, roce, requesterIps, responderIps,
                MirrorConfig.DEFAULT, List.of());
    }
}
