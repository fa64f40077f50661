package org.sonde.inject.config;

/**
 * One event as the user meant it, normalised to 0-based numbers: which QP, which packet, which round,
 * and what to do.
 *
 * @param qpIndex     0-based index of the QP in the traffic generator's order
 * @param kind        which packets of the QP it targets
 * @param packet      0-based packet number, or {@link #ALL}; counted from the QP's first data PSN for
 *                    {@code CONNECTION} scope, from each message's first PSN for {@code EACH_MESSAGE}
 *                    (then the event applies to every message); for CNPs the arrival number of the CNP
 * @param scope       what {@code packet} counts from
 * @param iteration   1-based round (ITER) of the packet
 * @param action      what to do
 * @param where       the YAML key path of the event, for messages
 */
public record EventIntent(int qpIndex, PacketKind kind, int packet, PsnScope scope, int iteration, EventAction action,
                          String where) {
    public static final int ALL = -1;

    /** What an event's packet number counts from. */
    public enum PsnScope { CONNECTION, EACH_MESSAGE }

    public EventIntent {
        if (qpIndex < 0 || packet < ALL || iteration < 1) {
            throw new IllegalArgumentException(where + ": QP index, packet and iteration out of range");
        }
    }

    public boolean allPackets() {
        return packet == ALL;
    }
}
