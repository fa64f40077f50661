package org.sonde.cli.pcap;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Map;
import java.util.TreeMap;

/**
 * Packet and byte counts per protocol and per RoCE opcode, plus checksum verdicts: the
 * {@code totals} of an inspection. Serialized to JSON through its getters.
 */
@JsonPropertyOrder({"packets", "bytes", "durationSeconds", "protocols", "roceOpcodes",
        "badIpv4Checksums", "badL4Checksums", "badIcrcs"})
public final class ProtocolTotals {
    /** Counts of one protocol or opcode; mutable because it is bumped once per packet. */
    public static final class Count {
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
    private long packets;
    private long bytes;
    private long badIpv4Checksums;
    private long badL4Checksums;
    private long badIcrcs;
    private long firstTimeNanos = Long.MIN_VALUE;
    private long lastTimeNanos = Long.MIN_VALUE;

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
        Count c = map.get(key);
        if (c == null) map.put(key, c = new Count());
        c.packets++;
        c.bytes += length;
    }

    public long getPackets() {
        return packets;
    }

    public long getBytes() {
        return bytes;
    }

    public double getDurationSeconds() {
        return packets == 0 ? 0 : (lastTimeNanos - firstTimeNanos) / 1e9;
    }

    public Map<String, Count> getProtocols() {
        return byProtocol;
    }

    public Map<String, Count> getRoceOpcodes() {
        return byRoceOpcode;
    }

    public long getBadIpv4Checksums() {
        return badIpv4Checksums;
    }

    public long getBadL4Checksums() {
        return badL4Checksums;
    }

    public long getBadIcrcs() {
        return badIcrcs;
    }

    /** Packets whose headers could not be decoded. */
    public long malformed() {
        Count c = byProtocol.get("malformed");
        return c == null ? 0 : c.packets;
    }

    /** True when nothing was malformed and every checksum and ICRC that could be checked was good. */
    public boolean allGood() {
        return malformed() == 0 && badIpv4Checksums == 0 && badL4Checksums == 0 && badIcrcs == 0;
    }
}
