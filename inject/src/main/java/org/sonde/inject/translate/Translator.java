package org.sonde.inject.translate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.BadInputException;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.PacketKind;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.packet.Psn;

/**
 * Turns intents ("drop the 4th packet of the 1st QP in round 2") into match-action entries once the
 * run-time metadata (QPNs, initial PSNs, switch ports) is known — Lumina's orchestrator and controller
 * translation (anchor §1 "Translation"), with PSNs taken modulo 2^24 so a random initial PSN near the
 * top of the space wraps correctly.
 *
 * <p>Directions: data packets go from the data sender (requester for SEND/WRITE, responder for READ) to
 * the receiver's QP; ACKs, NAKs and CNPs go back to the sender's QP; READ requests go to the responder.
 * Data, ACK, NAK and READ request PSNs all count from the requester's initial PSN.
 */
public final class Translator {
    private Translator() {}

    /** What an entry matches on: two events with the same match conflict. */
    private record Match(PacketKind kind, int destQp, int ingressPort, int psn, int iteration) {}

    public static InjectionPlan translate(TestConfig config, TestMetadata metadata) {
        int n = metadata.packetsPerMessage();
        int messages = metadata.messagesPerQp();
        if (metadata.qps().size() != config.traffic().numQps()) {
            throw new IllegalArgumentException("the run has " + metadata.qps().size() + " QPs, the test " + config.traffic().numQps());
        }
        List<InjectionEntry> entries = new ArrayList<>();
        Map<Match, InjectionEntry> byMatch = new HashMap<>();
        for (EventIntent e : config.events()) {
            QpPair qp = metadata.qps().get(e.qpIndex());
            Endpoint to = target(qp, e.kind());
            Endpoint from = to == qp.requester() ? qp.responder() : qp.requester();
            for (long offset : offsets(e, n, messages)) {
                int psn = e.kind() == PacketKind.CNP ? (int) offset : Psn.add(qp.firstDataPsn(), (int) offset);
                InjectionEntry entry = new InjectionEntry(e.kind(), to.qpn(), from.switchPort(), psn, e.iteration(), e.action(), e.where());
                InjectionEntry clash = byMatch.putIfAbsent(new Match(e.kind(), to.qpn(), from.switchPort(), psn, e.iteration()), entry);
                if (clash != null) {
                    throw new BadInputException(config.name(), e.where(), "targets the same packet and round as " + clash.where()
                            + " (" + metadata.qpName(e.qpIndex()) + ", PSN " + psn + ", iter " + e.iteration() + ")", "keep one event per packet and round", null);
                }
                entries.add(entry);
            }
        }
        List<TrackedConnection> connections = new ArrayList<>();
        for (QpPair qp : metadata.qps()) {
            connections.add(new TrackedConnection(qp.index(), qp.dataReceiver().qpn(), qp.dataSender().switchPort(), qp.firstDataPsn(), n, messages));
        }
        return new InjectionPlan(entries, connections, config.iterTracking());
    }

    /** The endpoint whose QP the targeted packets are addressed to. */
    static Endpoint target(QpPair qp, PacketKind kind) {
        return switch (kind) {
            case DATA -> qp.dataReceiver();
            case ACK, NAK, CNP -> qp.dataSender();
            case READ_REQUEST -> qp.responder();
        };
    }

    /** The event's packets as offsets from the QP's first PSN (CNPs: arrival numbers); per-message events are copied to every message. */
    static long[] offsets(EventIntent e, int packetsPerMessage, int messages) {
        long perQp = (long) packetsPerMessage * messages;
        if (e.scope() == EventIntent.PsnScope.CONNECTION) {
            if (!e.allPackets()) return new long[] {e.packet()};
            long[] all = new long[(int) perQp];
            for (int i = 0; i < all.length; i++) all[i] = i;
            return all;
        }
        int perMessage = e.allPackets() ? packetsPerMessage : 1;
        long[] out = new long[perMessage * messages];
        int k = 0;
        for (int m = 0; m < messages; m++) {
            for (int i = 0; i < perMessage; i++) out[k++] = (long) m * packetsPerMessage + (e.allPackets() ? i : e.packet());
        }
        return out;
    }
}
