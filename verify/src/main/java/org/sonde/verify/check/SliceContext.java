package org.sonde.verify.check;

import java.io.Serial;
import java.io.Serializable;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;

/**
 * Everything a reducer needs besides a subnet's rules: switch names, next-hop groups, the subnets,
 * their waypoints and which switches are edge switches. Small (no rules), so Spark broadcasts it.
 */
public record SliceContext(String[] switchNames, int[][] groups, Ipv4Prefix[] subnets, int[][] waypointsBySubnet,
                           boolean[] edge) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public int switchCount() {
        return switchNames.length;
    }

    /** One rule as violations cite it: {@code switch prefix -> next-hops (priority p)}. */
    public String describeRule(int sw, int address, int length, int nextHops, int priority) {
        return switchNames[sw] + " " + Ipv4Prefix.covering(address, length) + " -> " + NextHops.text(nextHops, groups, switchNames)
                + " (priority " + priority + ")";
    }
}
