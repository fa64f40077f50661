package org.sonde.sim.net;

import org.sonde.core.config.Distribution;

/**
 * A host's receive path and NIC scheduling.
 *
 * @param processing delay between a frame's arrival at the NIC and its delivery to a kernel stack
 *                   (interrupt moderation, softirq); frames keep their order whatever is drawn.
 *                   Transports offloaded to the NIC (RoCE) do not see it.
 * @param scheduling the NIC's egress scheduling
 */
public record HostConfig(Distribution processing, Scheduling scheduling) {
    public static final HostConfig DEFAULT = new HostConfig(Distribution.ZERO, Scheduling.EQUAL);
}
