package org.sonde.inject.model;

import java.util.Map;

/**
 * Counters taken around a run: RoCE packets the injecting switch received per ingress port and sent
 * per mirror (dumper) port, and each host NIC's counters as the difference between the end and the
 * start of the run, by their vendor names ({@code packet_seq_err}, {@code np_cnp_sent}, ...).
 */
public record RunCounters(Map<Integer, Long> switchIngress, Map<Integer, Long> mirrorEgress,
                          Map<String, Long> requesterNic, Map<String, Long> responderNic) {
    public RunCounters {
        switchIngress = Map.copyOf(switchIngress);
        mirrorEgress = Map.copyOf(mirrorEgress);
        requesterNic = Map.copyOf(requesterNic);
        responderNic = Map.copyOf(responderNic);
    }
}
