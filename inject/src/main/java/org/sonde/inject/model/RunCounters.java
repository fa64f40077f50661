package org.sonde.inject.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counters taken around a run: RoCE packets the injecting switch received per ingress port and sent
 * per mirror (dumper) port, and each host NIC's counters as the difference between the end and the
 * start of the run, by their vendor names ({@code packet_seq_err}, {@code np_cnp_sent}, ...).
 */
public record RunCounters(Map<Integer, Long> switchIngress, Map<Integer, Long> mirrorEgress,
                          Map<String, Long> requesterNic, Map<String, Long> responderNic) {
    public RunCounters {
        // sorted: result.json lists them in one order on every run (Map.copyOf's order changes from JVM to JVM)
        switchIngress = sorted(switchIngress);
        mirrorEgress = sorted(mirrorEgress);
        requesterNic = sorted(requesterNic);
        responderNic = sorted(responderNic);
    }

    private static <K extends Comparable<K>> Map<K, Long> sorted(Map<K, Long> counters) {
        return Collections.unmodifiableMap(new TreeMap<>(counters));
    }
}
