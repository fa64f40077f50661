package org.sonde.inject.tcp.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.tcp.TcpEvent;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTraffic;

/**
 * One situation of the study, on one connection sending one message of {@link #SEGMENTS} full
 * segments (twice the initial window of 10) and waiting for a 100-byte answer.
 */
public enum TcpScenario {
    BASELINE("no event", 0, 0),
    LOSS("the 5th segment dropped once", 5, 1),
    LOST_RETRANSMISSION("the 5th segment dropped, then its retransmission", 5, 2),
    TAIL_LOSS("the last segment dropped", 20, 1),
    ACK_LOSS("the acknowledgements of the first flight (10) dropped", 0, 0);

    /** Segments of the message: 1,448 bytes each (MSS 1,460 less the timestamp option). */
    public static final int SEGMENTS = 20;
    static final int SEGMENT_BYTES = 1448;
    static final int FIRST_FLIGHT = 10;

    public final String description;
    /** The lost transmission whose recovery the scenario measures: segment and iteration; 0 for none. */
    public final int watchedSegment;
    public final int watchedIteration;

    TcpScenario(String description, int watchedSegment, int watchedIteration) {
        this.description = description;
        this.watchedSegment = watchedSegment;
        this.watchedIteration = watchedIteration;
    }

    @com.fasterxml.jackson.annotation.JsonValue
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The injection test of this scenario with a congestion control. */
    public TcpTestConfig test(String congestionControl) {
        List<TcpEvent> events = new ArrayList<>();
        for (int i = 1; i <= watchedIteration; i++) events.add(drop(TcpEvent.Kind.SEGMENT, watchedSegment, i));
        if (this == ACK_LOSS) for (int a = 1; a <= FIRST_FLIGHT; a++) events.add(drop(TcpEvent.Kind.ACK, a, 1));
        return new TcpTestConfig(word() + "-" + congestionControl, new TcpTraffic(1, 1, (long) SEGMENTS * SEGMENT_BYTES, 100, congestionControl), events,
                Map.of(), List.of());
    }

    private TcpEvent drop(TcpEvent.Kind kind, int index, int iteration) {
        return new TcpEvent(1, kind, index, iteration, new EventAction.Drop(), "study scenario " + word());
    }
}
