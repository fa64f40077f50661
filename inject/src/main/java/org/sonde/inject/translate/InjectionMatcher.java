package org.sonde.inject.translate;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.PacketKind;
import org.sonde.packet.Aeth;

/**
 * The injector's ingress decision for one RoCE packet: classify it, count its round, look the entry up.
 * Data packets of tracked connections get their round from the connection's {@link IterCounter}; a
 * control packet's round is the number of times the same kind of packet with the same PSN has passed
 * (the 2nd NAK for PSN x is round 2), and CNPs are numbered in arrival order per QP and port.
 * No allocation per packet once every connection has been seen.
 */
public final class InjectionMatcher {
    private static final int OPERATION_MASK = 0x1f;
    private static final int READ_REQUEST = 0x0c;
    private static final int ACKNOWLEDGE = 0x11;
    private static final int ATOMIC_ACKNOWLEDGE = 0x12;
    private static final int CNP = 0x81;

    private final InjectionTable table;
    private final Long2ObjectOpenHashMap<IterCounter> counters = new Long2ObjectOpenHashMap<>();
    private final Long2IntOpenHashMap occurrences = new Long2IntOpenHashMap();
    private int lastIteration;
    private PacketKind lastKind;

    public InjectionMatcher(InjectionPlan plan) {
        this.table = new InjectionTable(plan.entries());
        for (TrackedConnection c : plan.connections()) {
            counters.put(InjectionTable.key(PacketKind.DATA, c.destQp(), c.ingressPort(), 0), IterCounter.of(plan.iterTracking(), c));
        }
    }

    /** The packet's kind, or null for packets no event can target (RNR NAKs, atomic ACKs). */
    public static PacketKind classify(int opcode, int aethSyndrome) {
        if (opcode == CNP) return PacketKind.CNP;
        int op = opcode & OPERATION_MASK;
        if (op == READ_REQUEST) return PacketKind.READ_REQUEST;
        if (op == ATOMIC_ACKNOWLEDGE) return null;
        if (op == ACKNOWLEDGE) {
            return switch (Aeth.kind(aethSyndrome)) {
                case ACK -> PacketKind.ACK;
                case NAK -> PacketKind.NAK;
                default -> null;
            };
        }
        return PacketKind.DATA;
    }

    /**
     * Decides what happens to a packet arriving on {@code ingressPort}; returns the action or null.
     * {@link #lastIteration()} and {@link #lastKind()} tell the round and kind it was matched with.
     */
    public EventAction decide(int ingressPort, int opcode, int destQp, int psn, int aethSyndrome) {
        PacketKind kind = classify(opcode, aethSyndrome);
        lastKind = kind;
        lastIteration = 0;
        if (kind == null) return null;
        int matchPsn = psn;
        int round;
        if (kind == PacketKind.DATA) {
            IterCounter c = counters.get(InjectionTable.key(PacketKind.DATA, destQp, ingressPort, 0));
            round = c == null ? 1 : c.round(psn);
        } else if (kind == PacketKind.CNP) {
            matchPsn = occurrences.addTo(InjectionTable.key(kind, destQp, ingressPort, 0), 1); // 0-based arrival number
            round = 1;
        } else {
            round = occurrences.addTo(InjectionTable.key(kind, destQp, ingressPort, psn), 1) + 1;
        }
        lastIteration = round;
        return table.lookup(kind, destQp, ingressPort, matchPsn, round);
    }

    int lastIteration() {
        return lastIteration;
    }

    PacketKind lastKind() {
        return lastKind;
    }
}
