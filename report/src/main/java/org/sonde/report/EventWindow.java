package org.sonde.report;

import java.util.Optional;

/**
 * Where a chart of packets over time zooms in on a few injected events among thousands of packets:
 * from {@code context} packets before the first event to {@code context} packets after the first
 * resend of the last event's sequence number (a drop's or a corruption's recovery), or after the
 * event itself when nothing is sent again (a mark). Points are given by index, in time order.
 */
public final class EventWindow {
    private EventWindow() {}

    /** The points of one timeline, in time order. */
    public interface Points {
        int size();

        /** An injected event (a dropped, marked, corrupted or rewritten packet). */
        boolean isEvent(int i);

        /** A packet the sender sent (fresh or again): the context is counted in these. */
        boolean isPacket(int i);

        /** The packet's sequence number (a PSN or a TCP sequence number, relative). */
        long sequence(int i);
    }

    /** The first and last index of the window, both included; empty when there is no event. */
    public static Optional<int[]> around(Points p, int context) {
        int first = -1, last = -1;
        for (int i = 0; i < p.size(); i++) {
            if (p.isEvent(i)) {
                if (first < 0) first = i;
                last = i;
            }
        }
        if (first < 0) return Optional.empty();
        int end = last;
        for (int i = last + 1; i < p.size(); i++) {
            if ((p.isPacket(i) || p.isEvent(i)) && p.sequence(i) <= p.sequence(last)) {
                end = i;
                break;
            }
        }
        return Optional.of(new int[] {step(p, first, -1, context), step(p, end, +1, context)});
    }

    /** The point {@code context} packets from {@code from} in {@code direction}, or the timeline's end. */
    private static int step(Points p, int from, int direction, int context) {
        int i = from, seen = 0;
        while (seen < context && i + direction >= 0 && i + direction < p.size()) {
            i += direction;
            if (p.isPacket(i)) seen++;
        }
        return i;
    }
}
