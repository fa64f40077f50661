package org.sonde.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeMap;

/**
 * A headed part of a report holding paragraphs, verdicts, tables, charts, key/value blocks and
 * preformatted text, shown in the order they are added. Obtained from {@link HtmlReport#section}.
 */
public final class Section {
    /** The content of a section. */
    sealed interface Block {
        record Paragraph(String text) implements Block {}

        record Callout(Verdict verdict, String text) implements Block {}

        record TableBlock(Table table) implements Block {}

        record ChartBlock(Chart chart) implements Block {}

        record KeyValues(List<Map.Entry<String, Object>> entries) implements Block {}

        record Preformatted(String text) implements Block {}

        record Link(String text, String href) implements Block {}
    }

    private final String title;
    private final List<Block> blocks = new ArrayList<>();

    Section(String title) {
        this.title = title == null ? "" : title;
    }

    String title() {
        return title;
    }

    List<Block> blocks() {
        return blocks;
    }

    /**
     * A paragraph of text. Everything is escaped; two bits of markup are understood:
     * {@code `code`} and {@code **bold**}.
     */
    public Section paragraph(String text) {
        blocks.add(new Block.Paragraph(text == null ? "" : text));
        return this;
    }

    /** A callout box with the verdict's colour and word; the text takes the markup of {@link #paragraph}. */
    public Section verdict(Verdict verdict, String text) {
        blocks.add(new Block.Callout(verdict, text == null ? "" : text));
        return this;
    }

    public Section table(Table table) {
        blocks.add(new Block.TableBlock(table));
        return this;
    }

    /** A chart, drawn when the report is rendered; notes about skipped or thinned data go below it. */
    public Section chart(Chart chart) {
        blocks.add(new Block.ChartBlock(chart));
        return this;
    }

    /**
     * A block of labelled values (numbers formatted like table cells). Ordered maps keep their order;
     * others are sorted by key, so that output does not depend on hashing.
     */
    public Section keyValues(Map<String, ?> entries) {
        Map<String, ?> ordered = entries instanceof SequencedMap<String, ?> ? entries : new TreeMap<>(entries);
        List<Map.Entry<String, Object>> copy = new ArrayList<>();
        ordered.forEach((k, v) -> copy.add(new java.util.AbstractMap.SimpleImmutableEntry<>(k, v)));
        blocks.add(new Block.KeyValues(copy));
        return this;
    }

    /**
     * A link to another file of the same output, e.g. a step's own report ({@code sim/report.html}):
     * {@code href} is a relative path (no scheme, not absolute, no {@code ..}), so the reports stay
     * right when their directory moves and no input can make the link go elsewhere.
     */
    public Section link(String text, String href) {
        if (href == null || href.isBlank() || href.startsWith("/") || href.contains(":") || href.contains("\\")
                || java.util.Arrays.asList(href.split("/")).contains(".."))
            throw new IllegalArgumentException("a report links only to a relative path inside its own directory, not " + href);
        blocks.add(new Block.Link(text == null ? href : text, href));
        return this;
    }

    /** Monospaced text kept as is: command lines, hex dumps, configuration excerpts. */
    public Section preformatted(String text) {
        blocks.add(new Block.Preformatted(text == null ? "" : text));
        return this;
    }
}
