package org.sonde.capture.inspect;

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
    // per-packet counting stays off maps: opcodes index arrays, and runs of one protocol reuse its counter
    private final long[] opcodePackets = new long[256];
    private final long[] opcodeBytes = new long[256];
    private String lastProtocol;
    private Count lastCount;
    private long packets;
    private long bytes;
    private long badIpv4Checksums;
    private long badL4Checksums;
    private long badIcrcs;
    private long firstTimeNanos = Long.MIN_VALUE;
    private long lastTimeNanos = Long.MIN_VALUE;

    /** Counts one packet; {@code roceOpcode} is the BTH opcode, or -1 for packets that are not RoCE. */
    void add(long timeNanos, int length, String protocol, int roceOpcode, Verdicts checks) {
        packets++;
        bytes += length;
        if (firstTimeNanos == Long.MIN_VALUE) firstTimeNanos = timeNanos;
        lastTimeNanos = timeNanos;
        if (protocol != lastProtocol) {
            lastCount = byProtocol.computeIfAbsent(protocol, k -> new Count());
            lastProtocol = protocol;
        }
        lastCount.packets++;
        lastCount.bytes += length;
        if (roceOpcode >= 0) {
            opcodePackets[roceOpcode]++;
            opcodeBytes[roceOpcode] += length;
        }
        if (checks.ipv4Checksum() == Boolean.FALSE) badIpv4Checksums++;
        if (checks.l4Checksum() == Boolean.FALSE) badL4Checksums++;
        if (checks.icrc() == Boolean.FALSE) badIcrcs++;
    }

    /** Adds the counts of {@code later}, which counted the packets that follow these in the file. */
    void merge(ProtocolTotals later) {
        if (later.packets == 0) return;
        if (packets == 0) firstTimeNanos = later.firstTimeNanos;
        lastTimeNanos = later.lastTimeNanos;
        packets += later.packets;
        bytes += later.bytes;
        later.byProtocol.forEach((protocol, c) -> {
            Count sum = byProtocol.computeIfAbsent(protocol, k -> new Count());
            sum.packets += c.packets;
            sum.bytes += c.bytes;
        });
        for (int op = 0; op < opcodePackets.length; op++) {
            opcodePackets[op] += later.opcodePackets[op];
            opcodeBytes[op] += later.opcodeBytes[op];
        }
        badIpv4Checksums += later.badIpv4Checksums;
        badL4Checksums += later.badL4Checksums;
        badIcrcs += later.badIcrcs;
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

    /** Counts per RoCE opcode, by the name Wireshark shows. */
    public Map<String, Count> getRoceOpcodes() {
        Map<String, Count> byName = new TreeMap<>();
        for (int op = 0; op < opcodePackets.length; op++) {
            if (opcodePackets[op] == 0) continue;
            Count c = new Count();
            c.packets = opcodePackets[op];
            c.bytes = opcodeBytes[op];
            byName.put(PacketSummary.roceOpcodeName(op), c);
        }
        return byName;
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

    /**
     * The totals as text: packets, bytes and duration; a table of the protocols and one of the RoCE
     * opcodes; the bad checksums. Each line ends in a line separator.
     */
    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%,d packets, %,d bytes, %.9f s%n", getPackets(), getBytes(), getDurationSeconds()));
        table(sb, "protocol", getProtocols());
        Map<String, Count> opcodes = getRoceOpcodes();
        if (!opcodes.isEmpty()) table(sb, "RoCE opcode", opcodes);
        sb.append(String.format("bad IPv4 header checksums: %d, bad TCP/UDP/ICMP checksums: %d, bad RoCE ICRCs: %d%n",
                badIpv4Checksums, badL4Checksums, badIcrcs));
        return sb.toString();
    }

    private static void table(StringBuilder sb, String what, Map<String, Count> counts) {
        sb.append(String.format("%-32s %12s %16s%n", what, "packets", "bytes"));
        counts.forEach((k, c) -> sb.append(String.format("%-32s %,12d %,16d%n", k, c.packets, c.bytes)));
    }

    /** True when nothing was malformed and every checksum and ICRC that could be checked was good. */
    public boolean allGood() {
        return malformed() == 0 && badIpv4Checksums == 0 && badL4Checksums == 0 && badIcrcs == 0;
    }
}
