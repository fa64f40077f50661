package org.sonde.probe.localize;

import java.util.List;

/**
 * One probe as an agent records it: a TCP ping (one SYN, answered by SYN-ACK or RST, or lost) or
 * a TCP traceroute (TTL-limited SYNs on the same 5-tuple), in window {@code window}.
 *
 * @param timeMillis  when it was sent (Unix milliseconds)
 * @param agent       the sending agent
 * @param target      the agent it probes
 * @param source      the sender's IPv4 address; with the ports and {@code destination} the 5-tuple (TCP)
 * @param outcome     a ping's {@link Outcome#SYN_ACK}, {@link Outcome#RST}, {@link Outcome#LOST}
 *                    or {@link Outcome#UNREACHABLE}; a traceroute's {@link Outcome#COMPLETE} or {@link Outcome#INCOMPLETE}
 * @param rttMillis   the round trip of a ping's answer (of a traceroute's last hop), NaN without one
 * @param hops        a traceroute's nodes, the agent first, then one per TTL ({@code *} where none
 *                    answered), the target last when it answered; empty for a ping
 */
public record ProbeRecord(long window, long timeMillis, Kind kind, String agent, String target, String source, int sourcePort,
                          String destination, int destinationPort, Outcome outcome, double rttMillis, List<String> hops) {
    public enum Kind { PING, TRACE }

    public enum Outcome {
        SYN_ACK, RST, LOST, UNREACHABLE, COMPLETE, INCOMPLETE;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** Whether a ping with this outcome reached its target and came back. */
        public boolean answered() {
            return this == SYN_ACK || this == RST;
        }
    }

    public ProbeRecord {
        hops = List.copyOf(hops);
        boolean ping = kind == Kind.PING;
        if (ping != (outcome.ordinal() <= Outcome.UNREACHABLE.ordinal()))
            throw new IllegalArgumentException("a " + kind + " cannot have the outcome " + outcome.word());
        if (ping && !hops.isEmpty()) throw new IllegalArgumentException("a ping has no hops");
    }
}
