package org.sonde.cli.pcap;

import java.util.Map;
import java.util.TreeMap;

/** Packet and byte counts per protocol and per RoCE opcode, plus checksum verdicts. */
final class ProtocolTotals {
    /** Counts of one protocol or opcode; mutable because it is bumped once per packet. */
    static final class Count {
        long packets;
        long bytes;

        public long getPackets() {
            return packets;
        }

        public long getBytes() {
            return bytes;
        }
    }

    private final Map<String, Count> byProtocol = new TreeMap<>();
    private final Map<String, Count> byRoceOpcode = new TreeMap<>();
    long packets;
    long bytes;
    long badIpv4Checksums;
    long badL4Checksums;
    long badIcrcs;
    long firstTimeNanos = Long.MIN_VALUE;
    long lastTimeNanos = Long.MIN_VALUE;

    /** Counts one packet; {@code roceOpcodeName} is null for packets that are not RoCE. */
    void add(long timeNanos, int length, String protocol, String roceOpcodeName, Verdicts checks) {
        packets++;
        bytes += length;
        if (firstTimeNanos == Long.MIN_VALUE) firstTimeNanos = timeNanos;
        lastTimeNanos = timeNanos;
        bump(byProtocol, protocol, length);
        if (roceOpcodeName != null) bump(byRoceOpcode, roceOpcodeName, length);
        if (checks.ipv4Checksum() == Boolean.FALSE) badIpv4Checksums++;
        if (checks.l4Checksum() == Boolean.FALSE) badL4Checksums++;
        if (checks.icrc() == Boolean.FALSE) badIcrcs++;
    }

    private static void bump(Map<String, Count> map, String key, long length) {
        Count c = map.computeIfAbsent(key, k -> new Count());
        c.packets++;
        c.bytes += length;
    }

    Map<String, Count> byProtocol() {
        return byProtocol;
    }

    Map<String, Count> byRoceOpcode() {
        return byRoceOpcode;
    }

    double durationSeconds() {
        return packets == 0 ? 0 : (lastTimeNanos - firstTimeNanos) / 1e9;
    }
}
