package org.sonde.inject.tcp;

import org.sonde.inject.config.EventAction;

/**
 * An event on one packet of one connection: the {@code index}-th data segment the client sends
 * (its {@code iteration}-th transmission: 1 the original, 2 its first retransmission), or the
 * {@code index}-th acknowledgement without data the server sends. Connections, segments and
 * acknowledgements count from 1, as Lumina's Listing 2 counts QPs and packets.
 *
 * @param where the event's place in the test file, for messages
 */
public record TcpEvent(int connection, Kind kind, int index, int iteration, EventAction action, String where) {
    /** Which packets an event counts. */
    public enum Kind { SEGMENT, ACK }

    public TcpEvent {
        if (connection < 1 || index < 1 || iteration < 1) throw new IllegalArgumentException(where + ": connection, index and iteration count from 1");
        if (kind == Kind.ACK && iteration != 1) throw new IllegalArgumentException(where + ": acknowledgements are not retransmitted; iter is 1");
    }
}
