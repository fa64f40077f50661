package org.sonde.replay.diagnose;

/**
 * What a capture held: every record, the TCP packets diagnosed, and the records skipped (not TCP over IP,
 * headers cut off or malformed, or a link type the reader does not take).
 */
public record CaptureTotals(long frames, long tcpPackets, long notTcp, long undecodable, long unsupportedLinkType) {}
