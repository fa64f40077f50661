package org.sonde.replay.connection;

import java.util.List;

/**
 * One connection replayed alone: its packets in send order, its endpoints' state after every event, and the
 * largest distance between a replayed send time and the one the recording's samples give (at most the
 * recording's threshold when the replay is faithful).
 */
public record ConnectionReplay(int id, String src, String dst, long epochNanos, long thresholdNanos, List<ReplayedPacket> packets,
                               List<StateEvent> states, long maxSendTimeErrorNanos, long handlers, long calls, long arrivals) {
}
