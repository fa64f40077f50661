package org.sonde.inject.config;

/**
 * Lumina's {@code roce-parameters} of one host (NVIDIA sysfs and {@code mlxreg ROCE_ACCL} settings).
 *
 * @param dcqcnRpEnable             reaction point: the host cuts its rate on CNPs
 * @param dcqcnNpEnable             notification point: the host sends CNPs for ECN-marked packets
 * @param minTimeBetweenCnpsMicros  CNP pacing interval in µs, or -1 for the NIC's own
 * @param adaptiveRetrans           adaptive retransmission timeouts (false: the IB rule)
 * @param slowRestart               NAKs also trigger CNPs (where the NIC supports it)
 */
public record RoceParameters(boolean dcqcnRpEnable, boolean dcqcnNpEnable, long minTimeBetweenCnpsMicros,
                             boolean adaptiveRetrans, boolean slowRestart) {
    /** Both DCQCN points on, the NIC's CNP interval, adaptive retransmission and slow restart as the NIC has them. */
    public static final RoceParameters NIC_DEFAULTS = new RoceParameters(true, true, -1, true, true);
}
