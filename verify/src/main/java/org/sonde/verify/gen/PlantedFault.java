package org.sonde.verify.gen;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.sonde.verify.check.ViolationType;
import org.sonde.packet.Ipv4Prefix;

/**
 * A fault a generator planted, as the violation the checks must report for it.
 *
 * @param switches the switches the violation names (a loop's whole cycle, the black-hole switch,
 *                 the edge switches that bypass the waypoints), in name order
 * @param fault    what was changed, in words
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"type", "subnet", "switches", "fault"})
public record PlantedFault(ViolationType type, @JsonIgnore Ipv4Prefix subnetPrefix, List<String> switches, String fault) {
    public PlantedFault {
        switches = switches.stream().sorted().toList();
    }

    @JsonProperty("subnet")
    public String subnet() {
        return subnetPrefix.toString();
    }
}
