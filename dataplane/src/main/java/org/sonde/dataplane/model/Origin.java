package org.sonde.dataplane.model;

import java.util.List;

/**
 * Where a rule or link came from, kept so results can be compared with the tool that produced
 * the input: the producer's own label (e.g. hassel's {@code bbra_rtr_13}), its source file and
 * the source lines the item stands for. Empty strings and list when unknown.
 */
public record Origin(String label, String file, List<Integer> lines) {
    /** No provenance. */
    public static final Origin NONE = new Origin("", "", List.of());

    public Origin {
        label = Invalid.requireNonNull(label, "origin", "label");
        file = Invalid.requireNonNull(file, "origin", "file");
        lines = List.copyOf(Invalid.requireNonNull(lines, "origin", "lines"));
        for (int line : lines) if (line < 1) throw Invalid.at("origin " + label, "line " + line + " is not positive");
    }
}
