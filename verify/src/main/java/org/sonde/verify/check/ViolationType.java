package org.sonde.verify.check;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a violation is; the words are those of the JSON output. */
public enum ViolationType {
    LOOP("loop"),
    BLACKHOLE("blackhole"),
    UNREACHABLE("unreachable"),
    WAYPOINT_BYPASS("waypoint");

    private final String word;

    ViolationType(String word) {
        this.word = word;
    }

    @JsonValue
    public String word() {
        return word;
    }

    public static ViolationType ofWord(String word) {
        for (ViolationType t : values()) if (t.word.equals(word)) return t;
        throw new IllegalArgumentException("unknown violation type '" + word + "'");
    }
}
