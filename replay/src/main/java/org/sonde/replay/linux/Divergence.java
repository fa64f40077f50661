package org.sonde.replay.linux;

/**
 * Where a connection's replay first departs from its capture in one direction: the packet's index, when (the
 * captured packet's time from the client's {@code connect}, or the replayed one's when the capture has none there),
 * the field that differs ({@code seq}, {@code ack}, {@code flags}, {@code len}, or {@code missing}/{@code extra} when
 * one side has no packet there), both headers, the cause as a class of model behaviour, and what the kernel was
 * doing then (its congestion state and retransmissions from the recording).
 */
record Divergence(int connection, String direction, int index, long timeNanos, String field, String captured, String replayed, String cause,
                         String kernel) {}
