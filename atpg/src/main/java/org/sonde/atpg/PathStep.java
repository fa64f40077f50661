package org.sonde.atpg;

import java.util.List;
import java.util.Optional;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;

/**
 * What one element of a path's history does to headers, for rebuilding the header to inject: its
 * match and its actions. Rules have both; an ACL entry matches and changes nothing, which still
 * constrains the header (an entry restricted to VLAN 20 before a rule rewrites the VLAN); links
 * have neither.
 */
record PathStep(Match match, List<Action> actions) {
    static Optional<PathStep> of(Network network, String id) {
        var rule = network.rule(id);
        if (rule.isPresent()) return Optional.of(new PathStep(rule.get().match(), rule.get().actions()));
        return network.aclEntry(id).map(e -> new PathStep(e.match(), List.of()));
    }
}
