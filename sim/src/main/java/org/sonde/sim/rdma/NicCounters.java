package org.sonde.sim.rdma;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortCounters;

/**
 * A NIC's counters under the names NVIDIA NICs give them ({@code ethtool -S} and the RDMA
 * {@code hw_counters}), with their meaning in this model. Transport counters count events the way
 * Lumina's cross-checks read them: {@code out_of_sequence} and {@code packet_seq_err} count NAKed
 * out-of-sequence episodes, not every out-of-sequence packet.
 */
final class NicCounters {
    /** CNPs sent by the notification point. */
    public long npCnpSent;
    /** ECN-CE-marked RoCE data packets received. */
    public long npEcnMarkedRocePackets;
    /** CNPs that cut a QP's rate. */
    public long rpCnpHandled;
    /** CNPs received for a QP whose reaction point is off (or for no QP). */
    public long rpCnpIgnored;
    /** Responder: out-of-sequence episodes, each answered by one PSN-sequence-error NAK. */
    public long outOfSequence;
    /** Responder: requests with a PSN already executed (retransmissions, re-requested READs). */
    public long duplicateRequest;
    /** Requester: PSN-sequence-error NAKs received. */
    public long packetSeqErr;
    /** Requester: expiries of the local ACK timer. */
    public long localAckTimeoutErr;
    /** Requester: READ responses found missing (a gap, or an ACK beyond an unanswered READ). */
    public long impliedNakSeqErr;
    /** Requester: RNR NAKs received. */
    public long rnrNakReceived;
    /** Requester: QPs failed because RNR retries ran out. */
    public long rnrNakRetryErr;
    /** Requester: QPs failed because transport retries ran out. */
    public long transportRetriesExceeded;
    /** Responder: RNR NAKs sent (a SEND found no posted receive). */
    public long rnrNakSent;
    /** Responder: RDMA WRITE / READ request packets executed. */
    public long rxWriteRequests;
    public long rxReadRequests;
    /** Data packets sent again by go-back-N or timeout. */
    public long retransmittedPackets;
    /** Retransmissions scheduled by an adaptive timeout schedule. */
    public long roceAdpRetrans;
    /** UD: packets discarded for want of a posted receive. */
    public long udNoReceive;
    /** Packets the receive pipeline discarded because its buffer was full. */
    public long rxDiscardsPhy;
    /** RoCE packets sent and received. */
    /** RoCE packets discarded because their ICRC did not match (NVIDIA's rx_icrc_encapsulated). */
    public long rxIcrcEncapsulated;
    public long txRocePackets;
    public long rxRocePackets;

    /** Every counter name {@link #asMap} reports, e.g. for validating profiles. */
    public static final Set<String> NAMES = names();

    private static Set<String> names() {
        Set<String> s = new LinkedHashSet<>(new NicCounters().transportCounters().keySet());
        s.addAll(phyNames());
        return java.util.Collections.unmodifiableSet(s);
    }

    private Map<String, Long> transportCounters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("np_cnp_sent", npCnpSent);
        m.put("np_ecn_marked_roce_packets", npEcnMarkedRocePackets);
        m.put("rp_cnp_handled", rpCnpHandled);
        m.put("rp_cnp_ignored", rpCnpIgnored);
        m.put("out_of_sequence", outOfSequence);
        m.put("duplicate_request", duplicateRequest);
        m.put("packet_seq_err", packetSeqErr);
        m.put("local_ack_timeout_err", localAckTimeoutErr);
        m.put("implied_nak_seq_err", impliedNakSeqErr);
        m.put("rnr_nak_retry_err", rnrNakRetryErr);
        m.put("req_rnr_nak_received", rnrNakReceived);
        m.put("req_transport_retries_exceeded", transportRetriesExceeded);
        m.put("resp_rnr_nak_sent", rnrNakSent);
        m.put("rx_write_requests", rxWriteRequests);
        m.put("rx_read_requests", rxReadRequests);
        m.put("retransmitted_packets", retransmittedPackets);
        m.put("roce_adp_retrans", roceAdpRetrans);
        m.put("ud_no_receive", udNoReceive);
        m.put("port_xmit_packets", txRocePackets);
        m.put("port_rcv_packets", rxRocePackets);
        m.put("rx_discards_phy", rxDiscardsPhy);
        m.put("rx_icrc_encapsulated", rxIcrcEncapsulated);
        return m;
    }

    private static Set<String> phyNames() {
        Set<String> s = new LinkedHashSet<>();
        s.add("tx_pause_ctrl_phy");
        s.add("rx_pause_ctrl_phy");
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            s.add("tx_prio" + p + "_pause");
            s.add("rx_prio" + p + "_pause");
            s.add("rx_prio" + p + "_pause_duration");
        }
        return s;
    }

    /**
     * The counters with the port's PFC counters ({@code tx_prioN_pause}, {@code rx_prioN_pause},
     * {@code rx_prioN_pause_duration} in microseconds as NVIDIA reports it), after the profile's
     * quirks: frozen counters read 0, renamed ones appear under their vendor name.
     */
    public Map<String, Long> asMap(Port port, NicProfile.Counters quirks) {
        Map<String, Long> m = transportCounters();
        PortCounters pc = port.counters();
        long tx = 0, rx = 0;
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            tx += pc.pauseFramesSent[p];
            rx += pc.pauseFramesReceived[p];
        }
        m.put("tx_pause_ctrl_phy", tx);
        m.put("rx_pause_ctrl_phy", rx);
        for (int p = 0; p < Frame.PRIORITIES; p++) {
            m.put("tx_prio" + p + "_pause", pc.pauseFramesSent[p]);
            m.put("rx_prio" + p + "_pause", pc.pauseFramesReceived[p]);
            m.put("rx_prio" + p + "_pause_duration", port.pausedNanos(p) / 1000);
        }
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : m.entrySet()) {
            String name = quirks.renamed().getOrDefault(e.getKey(), e.getKey());
            out.put(name, quirks.frozen().contains(e.getKey()) ? 0L : e.getValue());
        }
        return out;
    }
}
