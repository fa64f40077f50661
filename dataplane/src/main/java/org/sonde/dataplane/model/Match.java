package org.sonde.dataplane.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ternary constraints per header field name; a field without a constraint is a wildcard.
 * All-wildcard constraints are dropped so that equal matches are equal records.
 */
public record Match(Map<String, Ternary> fields) {
    /** The match every header satisfies. */
    public static final Match ANY = new Match(Map.of());

    public Match {
        Invalid.requireNonNull(fields, "match", "fields");
        Map<String, Ternary> kept = new LinkedHashMap<>();
        fields.forEach((name, t) -> {
            Invalid.requireId(name, "match field");
            if (!Invalid.requireNonNull(t, "match field " + name, "constraint").isWildcard()) kept.put(name, t);
        });
        fields = Map.copyOf(kept);
    }

    /** The match with one more constraint (replacing any earlier one on {@code field}). */
    public Match and(String field, Ternary constraint) {
        Map<String, Ternary> more = new LinkedHashMap<>(fields);
        more.put(field, constraint);
        return new Match(more);
    }
}
