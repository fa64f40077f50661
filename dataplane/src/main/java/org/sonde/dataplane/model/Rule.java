package org.sonde.dataplane.model;

import java.util.List;
import java.util.Set;

/**
 * One rule of a device's table. It applies to packets arriving on one of {@code inPortIds} whose
 * header satisfies {@code match}, minus the headers claimed by earlier rules as the table's
 * {@link MatchPolicy} says ({@code shadowedBy} lists them for {@link MatchPolicy#EXPLICIT}).
 *
 * @param id         stable, network-wide unique id
 * @param priority   higher first; a table lists its rules in non-increasing priority
 * @param actions    header changes, then one terminal forward or drop
 * @param shadowedBy ids of earlier rules of the same table that take precedence (explicit policy)
 */
public record Rule(String id, int priority, Set<Integer> inPortIds, Match match, List<Action> actions,
                   List<String> shadowedBy, Origin origin) {
    public Rule {
        Invalid.requireId(id, "rule");
        String where = "rule " + id;
        inPortIds = Set.copyOf(Invalid.requireNonNull(inPortIds, where, "in-ports"));
        if (inPortIds.isEmpty()) throw Invalid.at(where, "expected at least one in-port");
        Invalid.requireNonNull(match, where, "match");
        actions = List.copyOf(Invalid.requireNonNull(actions, where, "actions"));
        shadowedBy = List.copyOf(Invalid.requireNonNull(shadowedBy, where, "shadowed-by list"));
        Invalid.requireNonNull(origin, where, "origin");
        if (actions.isEmpty() || !actions.getLast().terminal())
            throw Invalid.at(where, "expected the actions to end with forward or drop");
        for (int i = 0; i < actions.size() - 1; i++)
            if (actions.get(i).terminal()) throw Invalid.at(where, "action " + (i + 1) + " (" + actions.get(i) + ") must be last");
        if (shadowedBy.stream().distinct().count() != shadowedBy.size())
            throw Invalid.at(where, "duplicate id in shadowed-by list " + shadowedBy);
    }

    /** A rule without shadowing list or provenance. */
    public Rule(String id, int priority, Set<Integer> inPortIds, Match match, List<Action> actions) {
        this(id, priority, inPortIds, match, actions, List.of(), Origin.NONE);
    }
}
