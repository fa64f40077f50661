package org.sonde.inject.tcp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A test's events, looked up per packet: the run-time numbers (ports, initial sequence numbers)
 * are already turned into the test's terms by {@link TcpFlows}, as Lumina translates QPNs and PSNs.
 */
public final class TcpInjectionPlan {
    private record Key(int connection, TcpEvent.Kind kind, int index, int iteration) {}

    private final Map<Key, TcpEvent> events = new HashMap<>();

    public TcpInjectionPlan(List<TcpEvent> events) {
        // the first event given for a packet wins, as the test reads
        for (TcpEvent e : events) this.events.putIfAbsent(new Key(e.connection(), e.kind(), e.index(), e.iteration()), e);
    }

    /** The event for this packet, or null: a data segment of the client, or an acknowledgement of the server. */
    public TcpEvent match(TcpPacketInfo p) {
        if (p.connection() == 0 || events.isEmpty()) return null;
        if (p.fromClient()) {
            int[] segments = p.carried(), iterations = p.carriedIterations();
            for (int i = 0; i < segments.length; i++) {
                TcpEvent e = events.get(new Key(p.connection(), TcpEvent.Kind.SEGMENT, segments[i], iterations[i]));
                if (e != null) return e;
            }
            return null;
        }
        return p.ack() == 0 ? null : events.get(new Key(p.connection(), TcpEvent.Kind.ACK, p.ack(), 1));
    }
}
