package org.sonde.dataplane.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The ordered rules of one device. */
public record RuleTable(String deviceId, MatchPolicy policy, List<Rule> rules) {
    public RuleTable {
        Invalid.requireId(deviceId, "rule table");
        String where = "rule table of device " + deviceId;
        Invalid.requireNonNull(policy, where, "match policy");
        rules = List.copyOf(Invalid.requireNonNull(rules, where, "rules"));
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < rules.size(); i++) {
            Rule r = rules.get(i);
            if (i > 0 && rules.get(i - 1).priority() < r.priority())
                throw Invalid.at(where, "rule " + r.id() + " (priority " + r.priority() + ") comes after rule "
                        + rules.get(i - 1).id() + " of lower priority " + rules.get(i - 1).priority());
            for (String earlier : r.shadowedBy()) {
                if (policy != MatchPolicy.EXPLICIT)
                    throw Invalid.at(where, "rule " + r.id() + " lists shadowing rules, which only the EXPLICIT policy uses");
                if (!position.containsKey(earlier))
                    throw Invalid.at(where, "rule " + r.id() + " is shadowed by " + earlier + ", which is not an earlier rule of this table");
            }
            if (position.putIfAbsent(r.id(), i) != null) throw Invalid.at(where, "duplicate rule id " + r.id());
        }
    }
}
