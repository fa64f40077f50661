package org.sonde.report;

import java.util.List;

/** Wording shared by the notes charts attach to their drawings. */
final class Notes {
    private Notes() {}

    /** “name”, as notes quote series. */
    static String quote(String name) {
        return "“" + name + "”";
    }

    /** {@code 1 point}, {@code 1,500 points}. */
    static String count(long n, String noun) {
        return Numbers.group(Long.toString(n)) + " " + noun + (n == 1 ? "" : "s");
    }

    /** Notes for values an axis could not show, if any: "“s”: 2 points not shown (NaN, infinite or out of range)". */
    static void skipped(List<String> notes, String series, int nonFinite, int nonPositive, String noun) {
        if (nonFinite > 0) notes.add(quote(series) + ": " + count(nonFinite, noun) + " not shown (NaN, infinite or out of range)");
        if (nonPositive > 0) notes.add(quote(series) + ": " + count(nonPositive, noun) + " not shown (≤ 0 on the log scale)");
    }
}
