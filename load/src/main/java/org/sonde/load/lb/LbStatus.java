package org.sonde.load.lb;

import java.util.List;
import java.util.Map;

/**
 * What the balancer counted, read from its namespace: the balancer's half of a test's story (the
 * client's error counters are the other half).
 *
 * @param name              the testbed
 * @param virtualAddress    the service's address and port, {@code 10.71.0.1:80}
 * @param backends          each backend and the connections the balancer sent to it
 * @param sessionLimit      the session limit's rule, or null without one
 * @param conntrackEntries  the balancer's connection-tracking entries now (closed connections stay in TIME_WAIT's)
 * @param conntrackMax      the conntrack table's size (nf_conntrack_max: global on this kernel, read-only in a namespace)
 * @param conntrackStats    the balancer namespace's conntrack statistics summed over CPUs
 *                          ({@code /proc/net/stat/nf_conntrack}: found, invalid, insert_failed, drop, early_drop, ...)
 */
public record LbStatus(String name, String virtualAddress, List<Backend> backends, SessionLimit sessionLimit, long conntrackEntries,
                       long conntrackMax, Map<String, Long> conntrackStats) {

    /** A backend: its namespace, its address and port, and the connections DNATed to it. */
    public record Backend(String namespace, String address, long connections) {}

    /**
     * The session limit's rule.
     *
     * @param limit          connections allowed at once
     * @param action         {@code drop} or {@code reset}
     * @param packetsRefused packets of new connections past the limit, dropped or reset (a dropped SYN's resends count again)
     */
    public record SessionLimit(long limit, String action, long packetsRefused) {}

    /** Connections the balancer sent to any backend. */
    public long connections() {
        return backends.stream().mapToLong(Backend::connections).sum();
    }
}
