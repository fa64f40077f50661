package org.sonde.dataplane.io.text;

import java.util.List;

/**
 * One line of a text file.
 *
 * @param number its 1-based line number
 * @param text   the line without trailing blanks (leading ones kept: some formats indent continuations)
 * @param tokens its whitespace-separated fields, empty for a blank line
 */
public record Line(int number, String text, List<String> tokens) {
    public Line {
        tokens = List.copyOf(tokens);
    }

    /** Whether the line starts with a blank. */
    public boolean indented() {
        return !text.isEmpty() && Character.isWhitespace(text.charAt(0));
    }

    /** Field {@code i}, or "" past the last. */
    public String token(int i) {
        return i < tokens.size() ? tokens.get(i) : "";
    }

    /** The text without leading or trailing blanks, as messages quote it. */
    public String body() {
        return text.strip();
    }
}
