package org.sonde.atpg;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One concrete test packet: a header injected at a port and what the model says must happen.
 *
 * @param id       stable id: a digest of ingress and header, so the same packet keeps its id
 *                 across runs and seeds
 * @param ingress  port the packet is injected at
 * @param header   field name to value, in layout order
 * @param expected exit port to expected latency (0 without latency faults); empty means the
 *                 packet is expected to be dropped (an expected-absent test)
 * @param copies   the expected exits where more than one copy arrives, with their number (every
 *                 other expected exit gets exactly one): a lost rule or link shows as a missing
 *                 copy even where another copy still arrives
 * @param rules    ids of the rules and ACL entries ({@code acl:<aclId>#<n>}) the packet exercises
 *                 in the model, in order met
 * @param links    ids of the links it crosses
 * @param deadEnds ids of the rules and ACL entries it meets only on branches that die out (no
 *                 rule downstream, a VLAN the port does not carry, a loop): a failure implicates
 *                 them too, since a missing one sends its headers to the rules below it
 * @param observed the rules and links whose loss changes the packet's exits: a pass clears only
 *                 these (with redundant branches a packet can pass through a dead rule)
 */
public record TestPacket(String id, int ingress, Map<String, Long> header, Map<Integer, Double> expected,
                         Map<Integer, Integer> copies, List<String> rules, List<String> links, List<String> deadEnds,
                         List<String> observed) {
    public TestPacket {
        header = Collections.unmodifiableMap(new LinkedHashMap<>(header));
        expected = Collections.unmodifiableMap(new TreeMap<>(expected));
        // suites written before copies were counted have none
        copies = copies == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(copies));
        for (var c : copies.entrySet())
            if (!expected.containsKey(c.getKey()) || c.getValue() < 2)
                throw new IllegalArgumentException("copies: exit " + c.getKey() + " with " + c.getValue()
                        + " copies (only expected exits with 2 or more copies are listed)");
        rules = List.copyOf(rules);
        links = List.copyOf(links);
        // suites written before dead ends were listed have none
        deadEnds = deadEnds == null ? List.of() : List.copyOf(deadEnds);
        observed = List.copyOf(observed);
    }

    /** A packet expected to arrive as {@code trace} says, at its exits and in its numbers of copies. */
    static TestPacket of(String id, int ingress, Map<String, Long> header, Forwarder.Trace trace, List<String> observed) {
        Map<Integer, Integer> copies = new TreeMap<>(trace.arrivals());
        copies.values().removeIf(n -> n < 2);
        return new TestPacket(id, ingress, header, trace.egress(), copies, trace.rules(), trace.links(), trace.deadEnds(), observed);
    }

    /** Expected exit port to the number of copies expected there. */
    public Map<Integer, Integer> arrivals() {
        Map<Integer, Integer> out = new TreeMap<>();
        for (int exit : expected.keySet()) out.put(exit, copies.getOrDefault(exit, 1));
        return out;
    }

    /** Whether {@code trace} arrives at this packet's expected exits with the expected numbers of copies. */
    boolean arrivesAs(Forwarder.Trace trace) {
        return trace.arrivals().equals(arrivals());
    }

    /** Whether the model drops every copy of this packet. */
    public boolean expectDrop() {
        return expected.isEmpty();
    }

    /** Every element the packet meets: rule and ACL entry ids (dead ends after them), then link ids. */
    public List<String> elements() {
        List<String> out = new java.util.ArrayList<>(rules);
        out.addAll(deadEnds);
        out.addAll(links);
        return out;
    }

    /** The header values in layout order. */
    public long[] values() {
        return header.values().stream().mapToLong(Long::longValue).toArray();
    }

    /** The stable id of a packet: "t" and 12 hex digits of a SHA-256 over ingress and header. */
    static String idOf(int ingress, long[] values) {
        try {
            var md = java.security.MessageDigest.getInstance("SHA-256");
            StringBuilder s = new StringBuilder().append(ingress);
            for (long v : values) s.append('|').append(Long.toUnsignedString(v));
            byte[] d = md.digest(s.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return "t" + java.util.HexFormat.of().formatHex(d, 0, 6);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
