package org.sonde.report;

/** The kind of a callout: a verdict (ok, warning, failure) or a neutral note. */
public enum Verdict {
    OK("ok", "✓", "OK"),
    WARNING("warning", "!", "Warning"),
    FAILURE("failure", "✗", "Failure"),
    /** Not a verdict: information the reader should not miss. */
    INFO("info", "i", "Note");

    private final String cssClass;
    private final String symbol;
    private final String label;

    Verdict(String cssClass, String symbol, String label) {
        this.cssClass = cssClass;
        this.symbol = symbol;
        this.label = label;
    }

    String cssClass() {
        return cssClass;
    }

    String symbol() {
        return symbol;
    }

    /** The word shown with the colour, so the verdict never depends on colour alone. */
    public String label() {
        return label;
    }
}
