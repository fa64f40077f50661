package org.sonde.inject.translate;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.List;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.PacketKind;

/** The entries keyed for an allocation-free per-packet lookup. */
final class InjectionTable {
    private final Long2ObjectOpenHashMap<EventAction[]> byPacket = new Long2ObjectOpenHashMap<>();

    public InjectionTable(List<InjectionEntry> entries) {
        for (InjectionEntry e : entries) {
            long k = key(e.kind(), e.destQp(), e.ingressPort(), e.psn());
            EventAction[] rounds = byPacket.get(k);
            if (rounds == null || rounds.length <= e.iteration()) {
                EventAction[] grown = new EventAction[e.iteration() + 1];
                if (rounds != null) System.arraycopy(rounds, 0, grown, 0, rounds.length);
                rounds = grown;
                byPacket.put(k, rounds);
            }
            rounds[e.iteration()] = e.action();
        }
    }

    public int size() {
        int n = 0;
        for (EventAction[] r : byPacket.values()) for (EventAction a : r) if (a != null) n++;
        return n;
    }

    /** The action for the packet in round {@code iteration}, or null. */
    public EventAction lookup(PacketKind kind, int destQp, int ingressPort, int psn, int iteration) {
        EventAction[] rounds = byPacket.get(key(kind, destQp, ingressPort, psn));
        return rounds == null || iteration >= rounds.length ? null : rounds[iteration];
    }

    /** kind (3 bits) | port (8) | QP (24) | PSN (24). */
    static long key(PacketKind kind, int destQp, int ingressPort, int psn) {
        if (ingressPort < 0 || ingressPort > 255) throw new IllegalArgumentException("switch port " + ingressPort + " is outside 0..255");
        return (long) kind.ordinal() << 56 | (long) ingressPort << 48 | (long) destQp << 24 | psn;
    }
}
