package org.sonde.verify.check;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.Serial;
import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import org.sonde.packet.Ipv4Prefix;

/**
 * One thing wrong with the forwarding graph of one subnet.
 *
 * One row of findings, as Batfish answers: what ({@link #type}), for which subnet, {@link #where} and
 * {@link #why}.
 *
 * @param switches the switches involved, in name order: a loop's strongly connected component, the
 *                 black-hole switch, the switches that cannot reach the subnet, the edge switches
 *                 whose traffic bypasses the waypoints
 * @param cycle    a loop's cycle in forwarding order, its first switch repeated at the end (one cycle
 *                 when ECMP makes the component larger); empty for the other types
 * @param rules    the rules that make it so, in the text format's words: a loop's selected rules, the
 *                 rules that send packets into a black hole, the rules of the switches concerned
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"type", "subnet", "where", "why", "switches", "cycle", "rules"})
public record Violation(ViolationType type, @JsonIgnore Ipv4Prefix subnetPrefix, List<String> switches,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> cycle, List<String> rules)
        implements Comparable<Violation>, Serializable {
    @Serial
    private static final long serialVersionUID = 2L;
    private static final int SHOWN = 8;

    private static final Comparator<Violation> ORDER = Comparator.comparing(Violation::subnetPrefix)
            .thenComparing(Violation::type)
            .thenComparing(v -> String.join(",", v.switches()))
            .thenComparing(v -> String.join("\n", v.rules()));

    public Violation {
        switches = List.copyOf(switches);
        cycle = List.copyOf(cycle);
        rules = List.copyOf(rules);
    }

    /** Where it is: a loop's cycle, the black-hole switch, the switches concerned (the first eight). */
    @JsonProperty("where")
    public String where() {
        if (type == ViolationType.LOOP) {
            String ring = String.join(" -> ", cycle);
            return switches.size() + 1 > cycle.size() ? ring + " (one cycle of " + switches.size() + " switches in a loop)" : ring;
        }
        return switches.size() <= SHOWN ? String.join(" ", switches)
                : String.join(" ", switches.subList(0, SHOWN)) + " ... (" + switches.size() + " switches)";
    }

    /** Why, in a sentence that names the rule to look at. */
    @JsonProperty("why")
    public String why() {
        String subnet = subnet();
        String example = rules.isEmpty() ? "" : ": " + rules.getFirst() + (rules.size() > 1 ? ", and " + (rules.size() - 1) + " more" : "");
        return switch (type) {
            case LOOP -> "their rules for " + subnet + " forward packets round this cycle" + example;
            case BLACKHOLE -> switches.getFirst() + " has no rule for " + subnet + ", yet " + count(rules.size(), "rule") + (rules.size() == 1 ? " sends" : " send") + " its packets there" + example;
            case UNREACHABLE -> "no path to a last hop of " + subnet + " from " + count(switches.size(), "switch") + example;
            case WAYPOINT_BYPASS -> "traffic for " + subnet + " from " + count(switches.size(), "edge switch") + " can skip every waypoint" + example;
        };
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : noun.endsWith("h") ? "es" : "s");
    }

    @JsonProperty("subnet")
    public String subnet() {
        return subnetPrefix.toString();
    }

    @Override
    public int compareTo(Violation o) {
        return ORDER.compare(this, o);
    }
}
