package org.sonde.verify.check;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.Serial;
import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import org.sonde.packet.Ipv4Prefix;

/**
 * One thing wrong with the forwarding graph of one subnet.
 *
 * @param switches the switches involved, in name order: a loop's strongly connected component, the
 *                 black-hole switch, the switches that cannot reach the subnet, the edge switches
 *                 whose traffic bypasses the waypoints
 * @param rules    the rules that make it so, in the text format's words: a loop's selected rules, the
 *                 rules that send packets into a black hole, the rules of the switches concerned
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"type", "subnet", "switches", "rules"})
public record Violation(ViolationType type, @JsonIgnore Ipv4Prefix subnetPrefix, List<String> switches, List<String> rules)
        implements Comparable<Violation>, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private static final Comparator<Violation> ORDER = Comparator.comparing(Violation::subnetPrefix)
            .thenComparing(Violation::type)
            .thenComparing(v -> String.join(",", v.switches()))
            .thenComparing(v -> String.join("\n", v.rules()));

    public Violation {
        switches = List.copyOf(switches);
        rules = List.copyOf(rules);
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
