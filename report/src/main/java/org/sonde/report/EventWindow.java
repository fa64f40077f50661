package org.sonde.report;

import java.util.Optional;

/**
 * Where a chart over time zooms in on what matters among a long run. Around injected events
 * ({@link #around}): from {@code context} packets before the first event to {@code context} packets
 * after the first resend of the last event's sequence number (a drop's or a corruption's recovery),
 * or after the event itself when nothing is sent again (a mark); points are given by index, in time
 * order. Around one moment ({@link #round}): a fixed span of time centred on it, kept inside the run.
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

    /**
     * The window of {@code width} nanoseconds centred on {@code at}, moved (not cut) to lie within
     * [{@code start}, {@code end}] so that it always shows the same span; the whole of it when the
     * span is shorter. Returns {from, to}.
     */
    public static long[] round(long at, long width, long start, long end) {
        if (width <= 0 || end < start) throw new IllegalArgumentException("a window of " + width + " ns in [" + start + ", " + end + "]");
        if (end - start <= width) return new long[] {start, end};
        long from = Math.min(Math.max(start, at - width / 2), end - width);
        return new long[] {from, from + width};
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
