package org.sonde.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;

/**
 * A self-contained HTML report: one file with inline CSS and SVG that opens offline, needs no
 * JavaScript to show its content (a few lines sort tables on click) and prints cleanly. The same
 * inputs always render to the same bytes; nothing time- or host-dependent is added unless passed in
 * as {@link #meta}.
 *
 * <pre>{@code
 * HtmlReport report = HtmlReport.titled("Capture inspection").subtitle("trace.pcap")
 *         .meta("command", "sonde pcap inspect trace.pcap").meta("version", "0.1.0");
 * report.section("Protocols").table(table).chart(chart);
 * report.attachJson(result);
 * report.writeTo(Path.of("inspect.html"));
 * }</pre>
 */
public final class HtmlReport {
    private final String title;
    private String subtitle = "";
    private final Map<String, Object> meta = new LinkedHashMap<>();
    private final List<Section> sections = new ArrayList<>();
    private Object result;
    private boolean hasResult;

    private HtmlReport(String title) {
        this.title = title == null ? "" : title;
    }

    public static HtmlReport titled(String title) {
        return new HtmlReport(title);
    }

    /** A line under the title, typically the input: {@code trace.pcap}. */
    public HtmlReport subtitle(String subtitle) {
        this.subtitle = subtitle == null ? "" : subtitle;
        return this;
    }

    /**
     * Run metadata shown under the title, in insertion order: command, version, seed, date. Setting
     * a key again replaces its value in place.
     */
    public HtmlReport meta(String key, Object value) {
        meta.put(key, value);
        return this;
    }

    /** Adds a section and returns it for filling; sections appear (and are listed in the contents) in order. */
    public Section section(String title) {
        Section s = new Section(title);
        sections.add(s);
        return s;
    }

    /**
     * Embeds the machine-readable result, serialized with {@link Json#mapper()} when the report is
     * rendered, in {@code <script type="application/json" id="sonde-data">}.
     */
    public HtmlReport attachJson(Object result) {
        this.result = result;
        this.hasResult = true;
        return this;
    }

    /** The open tag of the element {@link #attachJson} writes the result into. */
    static final String DATA_OPEN = "<script type=\"application/json\" id=\"sonde-data\">";

    /**
     * The machine-readable result a rendered report embeds ({@link #attachJson}), as JSON text: what a
     * program reads back from a report file. Its escapes (such as {@code <\/}) are JSON's own.
     *
     * @throws IllegalArgumentException when {@code html} embeds none
     */
    public static String embeddedJson(String html) {
        int at = html.indexOf(DATA_OPEN);
        if (at < 0) throw new IllegalArgumentException("the page embeds no result (no script element sonde-data)");
        int start = at + DATA_OPEN.length();
        return html.substring(start, html.indexOf("</script>", start));
    }

    String title() {
        return title;
    }

    String subtitle() {
        return subtitle;
    }

    Map<String, Object> meta() {
        return meta;
    }

    List<Section> sections() {
        return sections;
    }

    /** The attached result as JSON text, or null when none is attached. */
    String json() {
        if (!hasResult) return null;
        try {
            return Json.mapper().writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the result attached to report " + Notes.quote(title)
                    + ": " + e.getOriginalMessage(), e);
        }
    }

    /** The whole report as one HTML document. */
    public String render() {
        return Page.render(this);
    }

    /**
     * Renders the report and writes it to {@code target} atomically: readers see the old file or the
     * complete new one, and a failure while rendering leaves nothing behind.
     */
    public void writeTo(Path target) {
        String html = render();
        AtomicFiles.writeString(target, html);
    }
}
