package org.sonde.replay.linux;

/**
 * A segment an nftables rule dropped (the kernel freed it with reason {@code NETFILTER_DROP}), with its header as
 * sent: {@code fromClient} says which endpoint sent it; sequence and acknowledgement numbers are absolute;
 * {@code flags} are the TCP header's flag byte.
 */
record DroppedSegment(boolean fromClient, long timeNanos, long seq, long ack, int flags, int payloadBytes) {}
