package org.sonde.verify.snapshot;

import java.util.List;
import org.sonde.packet.Ipv4Prefix;

/**
 * A change to one forwarding rule, as a routing process makes it: add a rule, delete the rule of a
 * switch with this prefix and priority, or modify its next hops (an add when there is none).
 *
 * @param nextHops switches, or the single word deliver or drop; ignored by a delete
 */
public record RuleUpdate(Op op, String switchName, Ipv4Prefix prefix, List<String> nextHops, int priority) {
    public enum Op {
        ADD("add"), DELETE("del"), MODIFY("mod");

        private final String word;

        Op(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public static Op ofWord(String word) {
            for (Op o : values()) if (o.word.equals(word)) return o;
            return null;
        }
    }

    public RuleUpdate {
        nextHops = List.copyOf(nextHops);
        if (op != Op.DELETE && nextHops.isEmpty()) throw new IllegalArgumentException("expected next hops for " + op.word());
    }

    @Override
    public String toString() {
        return op.word() + " " + switchName + " " + prefix + (op == Op.DELETE ? "" : " -> " + String.join(",", nextHops)) + " (priority " + priority + ")";
    }
}
