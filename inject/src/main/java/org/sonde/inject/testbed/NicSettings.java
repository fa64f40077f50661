package org.sonde.inject.testbed;

import java.util.List;
import org.sonde.inject.config.RoceParameters;
import org.sonde.inject.config.Traffic;
import org.sonde.sim.rdma.DcqcnConfig;
import org.sonde.sim.rdma.NicProfile;
import org.sonde.sim.rdma.RoceConfig;

/**
 * Maps a test's traffic settings and a host's {@code roce-parameters} onto a simulated NIC, as Lumina's
 * orchestrator sets them on a real one: MTU, local ACK timeout and retry count on the QPs; DCQCN's
 * reaction and notification points and the CNP interval (sysfs); adaptive retransmission and slow
 * restart ({@code ROCE_ACCL}) by turning the profile's adaptive timeouts and NAK-triggered CNPs off.
 */
final class NicSettings {
    private static final int RNR_RETRY = 7;
    private static final int MIN_RNR_TIMER = 12;
    private static final int ACK_EVERY_PACKET = 1;
    private static final int MAX_RD_ATOMIC = 16;
    private static final int DATA_CLASS = 3;
    private static final int CNP_CLASS = 6;

    private NicSettings() {}

    static RoceConfig roceConfig(Traffic traffic, RoceParameters roce, NicProfile profile) {
        NicProfile p = profile;
        if (!roce.adaptiveRetrans() && p.retransmission().adaptive()) {
            p = new NicProfile(p.name(), p.description(), p.nakGeneration(), p.nakReaction(), p.readNakGeneration(), p.readNakReaction(),
                    p.migReq(), p.cnp(), new NicProfile.Retransmission(List.of(), p.retransmission().maxRetries()), p.rxPipeline(),
                    p.scheduler(), p.counters());
        }
        if (!roce.slowRestart() && p.cnp().onNak()) p = p.withCnp(new NicProfile.Cnp(p.cnp().minIntervalNanos(), p.cnp().scope(), false));
        long cnpIntervalNanos = roce.minTimeBetweenCnpsMicros() < 0 ? -1 : roce.minTimeBetweenCnpsMicros() * 1_000;
        return new RoceConfig(traffic.mtu(), traffic.minRetransmitTimeout(), traffic.maxRetransmitRetry(), RNR_RETRY, MIN_RNR_TIMER,
                ACK_EVERY_PACKET, MAX_RD_ATOMIC, DATA_CLASS, CNP_CLASS, true, cnpIntervalNanos,
                DcqcnConfig.DEFAULT.withEnables(roce.dcqcnRpEnable(), roce.dcqcnNpEnable()), p, traffic.verbOfQp(0));
    }
}
