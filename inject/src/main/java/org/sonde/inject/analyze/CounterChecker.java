package org.sonde.inject.analyze;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.sim.rdma.Verb;

/**
 * Host NIC counters against the trace (Lumina's counter cross-checks §2.5, CNP check_counters §2.6
 * and host discard check §2.2), for mlx5 names and for E810's ice/irdma names. Go-back-N counts come
 * from the go-back-N analyzer's state machines, as in Lumina; packet counts from {@link NicTraffic}.
 * E810's irdma (gen2) has no NAK, timeout or ICRC counters, so only its CNP and discard counters are
 * checked there.
 */
final class CounterChecker {
    private CounterChecker() {}

    private record Host(String name, NicModel model, Map<String, Long> counters, NicTraffic.Side traffic,
                        boolean sendsData, boolean receivesData) {
    }

    public static CounterResult check(TestMetadata metadata, RunCounters counters, NicModel requesterNic, NicModel responderNic,
                                      GbnResult gbn, NicTraffic traffic) {
        boolean hasSendWrite = metadata.qps().stream().anyMatch(q -> q.verb() != Verb.READ);
        boolean hasRead = metadata.qps().stream().anyMatch(q -> q.verb() == Verb.READ);
        long swNaks = 0, swTimeouts = 0, readTimeouts = 0, readOos = 0;
        for (QpGbnStats s : gbn.qps()) {
            if (s.verb() == Verb.READ) {
                readTimeouts += s.timeoutRetransmissions();
                readOos += s.outOfSequence();
            } else {
                swNaks += s.nakRetransmissions();
                swTimeouts += s.timeoutRetransmissions();
            }
        }
        Host requester = new Host("requester", requesterNic, counters.requesterNic(), traffic.requester(), hasSendWrite, hasRead);
        Host responder = new Host("responder", responderNic, counters.responderNic(), traffic.responder(), hasRead, hasSendWrite);

        List<CounterResult.Check> checks = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Host h : List.of(requester, responder)) {
            if (h.counters().isEmpty()) {
                notes.add("no counters were dumped for the " + h.name() + " NIC");
                continue;
            }
            Map<String, Long> expected = new LinkedHashMap<>();
            boolean isRequester = h == requester;
            if (h.model().vendor() == NicModel.Vendor.MLNX) {
                if (isRequester && hasSendWrite) expected.put("packet_seq_err", swNaks);
                if (isRequester) expected.put("local_ack_timeout_err", swTimeouts + readTimeouts);
                if (isRequester && hasRead) expected.put("implied_nak_seq_err", readOos);
                if (!isRequester && hasSendWrite) expected.put("out_of_sequence", swNaks);
                if (!isRequester && hasRead) expected.put("duplicate_request", readTimeouts + readOos);
                if (h.receivesData()) expected.put("rx_icrc_encapsulated", h.traffic().corruptDataReceived());
                if (h.receivesData()) expected.put("np_cnp_sent", h.traffic().cnpsSent());
                if (h.receivesData()) expected.put("np_ecn_marked_roce_packets", h.traffic().ecnMarkedDataReceived());
                if (h.sendsData()) expected.put("rp_cnp_handled+rp_cnp_ignored", h.traffic().cnpsReceived());
            } else {
                notes.add(h.name() + " " + h.model() + ": irdma exposes no NAK, retransmission timeout or ICRC error counter, so go-back-N counters are not checked");
                if (h.receivesData()) expected.put("cnpSent", h.traffic().cnpsSent());
                if (h.receivesData()) expected.put("RxECNMrkd", h.traffic().ecnMarkedDataReceived());
                if (h.sendsData()) expected.put("cnpHandled+cnpIgnored", h.traffic().cnpsReceived());
            }
            expected.forEach((counter, value) -> {
                CounterResult.Check c = compare(h, counter, value);
                checks.add(c);
                if (c.status() == CounterResult.Status.MISMATCH) {
                    reasons.add(h.name() + " " + counter + " = " + c.actual() + ", but the trace shows " + value);
                } else if (c.status() == CounterResult.Status.MISSING) {
                    reasons.add(h.name() + " " + counter + " is missing from the counter dump");
                }
            });
            new TreeMap<>(h.counters()).forEach((name, delta) -> {
                if (delta != 0 && isDiscardCounter(h.model().vendor(), name)) {
                    reasons.add(h.name() + " " + name + " = " + delta + ": the host discarded packets, so the iteration is invalid");
                }
            });
        }
        return new CounterResult(reasons.isEmpty(), checks, reasons, notes);
    }

    private static CounterResult.Check compare(Host h, String counter, long expected) {
        long actual = 0;
        for (String part : counter.split("\\+")) {
            Long v = h.counters().get(part);
            if (v == null) return new CounterResult.Check(h.name(), counter, expected, null, CounterResult.Status.MISSING);
            actual += v;
        }
        return new CounterResult.Check(h.name(), counter, expected, actual,
                actual == expected ? CounterResult.Status.MATCH : CounterResult.Status.MISMATCH);
    }

    /**
     * mlx5 (Lumina's rule): a name with "discard" and "rx" or "tx" (rx_discards_phy, tx_discards_phy).
     * E810: ice reports drops as rx_dropped.nic / tx_dropped_link_down.nic and irdma as ip4InDiscards.
     */
    static boolean isDiscardCounter(NicModel.Vendor vendor, String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return switch (vendor) {
            case MLNX -> n.contains("discard") && (n.contains("rx") || n.contains("tx"));
            case INTEL -> n.contains("discard") || n.contains("dropped");
        };
    }
}
