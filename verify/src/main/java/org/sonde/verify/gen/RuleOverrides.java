package org.sonde.verify.gen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.packet.Ipv4Prefix;

/**
 * The planted changes to a generated network's rules, decided before the rules are written: the
 * generators consult this while they emit each rule, so planting costs no second copy of millions
 * of rules.
 */
final class RuleOverrides {
    /** A rule's next hops replaced by these switches; an empty list deletes the rule. */
    private final Map<String, Map<Ipv4Prefix, List<String>>> bySwitch = new HashMap<>();

    void replace(String sw, Ipv4Prefix prefix, List<String> nextHops) {
        bySwitch.computeIfAbsent(sw, k -> new HashMap<>()).put(prefix, List.copyOf(nextHops));
    }

    void delete(String sw, Ipv4Prefix prefix) {
        replace(sw, prefix, List.of());
    }

    /** The override of a rule, or null when the rule stays as generated. */
    List<String> of(String sw, Ipv4Prefix prefix) {
        Map<Ipv4Prefix, List<String>> m = bySwitch.get(sw);
        return m == null ? null : m.get(prefix);
    }

    boolean touches(String sw) {
        return bySwitch.containsKey(sw);
    }
}
