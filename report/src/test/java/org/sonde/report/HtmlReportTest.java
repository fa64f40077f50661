package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

class HtmlReportTest {
    /** Every element a report may contain; an injected tag would show up as something else. */
    private static final Set<String> ELEMENTS = Set.of("html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "p",
            "dl", "dt", "dd", "nav", "ol", "ul", "li", "a", "main", "section", "div", "span", "strong", "code", "pre", "figure",
            "figcaption", "table", "caption", "thead", "tbody", "tr", "th", "td", "footer", "script",
            "svg", "g", "rect", "line", "path", "circle", "text");

    @Provide
    Arbitrary<String> hostile() {
        return SvgTest.hostile();
    }

    /** A report using s everywhere text can go. */
    private static HtmlReport everywhere(String s) {
        HtmlReport report = HtmlReport.titled(s).subtitle(s).meta(s, s).meta("seed", 42);
        Section section = report.section(s);
        section.paragraph(s).verdict(Verdict.WARNING, s).preformatted(s)
                .keyValues(new LinkedHashMap<>(Map.of(s, s)))
                .table(Table.of(s, "n").row(s, 1).caption(s))
                .chart(LineChart.titled(s).xAxis(s).yAxis(s).series(s, new double[] {1, 2}, new double[] {3, 4}))
                .chart(BarChart.titled(s).categories(s).series(s, new double[] {1}));
        report.section("second");
        return report;
    }

    @Property(tries = 200)
    void noTextCanBreakOutOfItsElement(@ForAll("hostile") String s) {
        String html = everywhere(s).render();
        Document doc = Probe.parse(html);
        String text = Svg.sanitized(s);

        assertAllElementsKnown(doc.getDocumentElement());
        assertThat(Probe.elements(doc, "script")).hasSize(1); // only the table sorter
        assertThat(Probe.elements(doc, "title").getFirst().getTextContent())
                .isEqualTo(s.isEmpty() ? "Sonde report" : text + " — " + text);
        assertThat(Probe.elements(doc, "h1").getFirst().getTextContent()).isEqualTo(text);
        assertThat(Probe.withClass(doc, "dl", "meta").getFirst().getElementsByTagName("dt").item(0).getTextContent()).isEqualTo(text);
        assertThat(Probe.withClass(doc, "dl", "meta").getFirst().getElementsByTagName("dd").item(0).getTextContent()).isEqualTo(text);
        assertThat(Probe.texts(Probe.elements(doc, "h2"))).contains(text);
        assertThat(Probe.elements(doc, "pre").getFirst().getTextContent()).isEqualTo(text);
        // empty captions and axis titles are left out rather than drawn empty
        assertThat(Probe.texts(Probe.elements(doc, "caption"))).isEqualTo(text.isEmpty() ? List.of() : List.of(text));
        assertThat(Probe.texts(Probe.withClass(doc, "text", "axis-title"))).isEqualTo(text.isEmpty() ? List.of() : List.of(text, text));
        assertThat(Probe.elements(doc, "th").getFirst().getTextContent()).isEqualTo(text);
        assertThat(Probe.elements(doc, "td").getFirst().getTextContent()).isEqualTo(text);
        Element kv = Probe.withClass(doc, "dl", "kv").getFirst();
        assertThat(kv.getElementsByTagName("dt").item(0).getTextContent()).isEqualTo(text);
        assertThat(kv.getElementsByTagName("dd").item(0).getTextContent()).isEqualTo(text);
        for (Element svg : Probe.elements(doc, "svg")) assertThat(svg.getAttribute("aria-label")).isEqualTo(text);
        // paragraphs only gain code and strong elements; their text is the input minus the delimiters
        Element p = Probe.elements(doc, "p").stream().filter(e -> e.getAttribute("class").isEmpty()).findFirst().orElseThrow();
        for (Node n = p.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) assertThat(e.getTagName()).isIn("code", "strong");
        }
        assertThat(strip(p.getTextContent())).isEqualTo(strip(text));
    }

    private static String strip(String s) {
        return s.replace("`", "").replace("*", "");
    }

    private static void assertAllElementsKnown(Element e) {
        assertThat(e.getTagName()).isIn(ELEMENTS);
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) assertAllElementsKnown(child);
        }
    }

    record Result(String name, List<String> notes, Map<String, Double> values) {}

    @Test
    void aPageWithoutAResultSaysSoWhenItsJsonIsAskedFor() {
        String html = HtmlReport.titled("t").render();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HtmlReport.embeddedJson(html))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("embeds no result");
    }

    @Property(tries = 200)
    void embeddedJsonCannotEndItsScriptAndParsesBackToTheSameValue(@ForAll("hostile") String s, @ForAll("hostile") String key) {
        Result result = new Result(s, List.of(s, "</script><script>alert(1)</script>", "<!--"), Map.of(key, 1.5));
        String html = HtmlReport.titled("t").attachJson(result).render();

        String open = "<script type=\"application/json\" id=\"sonde-data\">";
        int start = html.indexOf(open) + open.length();
        // an HTML parser ends a script at the first "</script" in any ASCII case (lower-casing the
        // whole page instead would shift indexes where a character lower-cases to two, like 'İ')
        java.util.regex.Matcher close = java.util.regex.Pattern.compile("</script", java.util.regex.Pattern.CASE_INSENSITIVE)
                .matcher(html);
        assertThat(close.find(start)).isTrue();
        int end = close.start();
        String embedded = html.substring(start, end);
        assertThat(embedded).doesNotContain("<", ">", "&");
        // what a program reads back is exactly what the page's parser sees
        assertThat(HtmlReport.embeddedJson(html)).isEqualTo(embedded);

        JsonNode expected = Json.mapper().valueToTree(result);
        JsonNode parsed;
        try {
            parsed = Json.mapper().readTree(embedded);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(parsed).isEqualTo(expected);
        Document doc = Probe.parse(html);
        assertThat(Probe.elements(doc, "script").getFirst().getTextContent()).isEqualTo(embedded);
    }

    private static HtmlReport sample() {
        HtmlReport report = HtmlReport.titled("Capture inspection").subtitle("trace.pcap")
                .meta("command", "sonde pcap inspect trace.pcap").meta("version", "0.1.0").meta("seed", 7);
        report.section("Summary").verdict(Verdict.OK, "no loops").paragraph("See `trace.pcap` and **this**.");
        report.section("Protocols")
                .table(Table.of("protocol", "packets", "bytes").row("RoCEv2", 1200, 1.5e6).row("TCP", 34, null).row("UDP", 5, 60).maxRows(2))
                .chart(CdfChart.titled("FCT").samples("a", new double[] {1, 2, 3}))
                .chart(ScatterChart.titled("s").series("a", new double[] {1}, new double[] {1}))
                .chart(BarChart.titled("b").categories("x").series("a", new double[] {1}).horizontal());
        report.attachJson(Map.of("packets", 1239, "url", "http://example.com/"));
        return report;
    }

    @Test
    void reportsReferenceNothingOutsideTheFile() {
        String html = sample().render();
        assertThat(Pattern.compile("(?i)\\b(src|href|action|poster|data)\\s*=\\s*[\"']?\\s*(https?:|//|file:)").matcher(html).find()).isFalse();
        assertThat(html).doesNotContainIgnoringCase("<link").doesNotContainIgnoringCase("<img").doesNotContainIgnoringCase("<iframe")
                .doesNotContainIgnoringCase("@import").doesNotContainIgnoringCase("url(");
        Document doc = Probe.parse(html);
        for (Element a : Probe.elements(doc, "a")) assertThat(a.getAttribute("href")).startsWith("#");
        for (Element s : Probe.elements(doc, "script")) assertThat(s.getAttribute("src")).isEmpty();
    }

    @Test
    void linksGoOnlyToRelativePathsInsideTheOutput() {
        HtmlReport report = HtmlReport.titled("Demo");
        report.section("Simulation").link("the simulation's own report", "sim/report.html");
        Document doc = Probe.parse(report.render());
        Element a = Probe.elements(doc, "a").stream().filter(x -> x.getAttribute("href").equals("sim/report.html")).findFirst().orElseThrow();
        assertThat(a.getTextContent()).isEqualTo("the simulation's own report");
        for (String bad : List.of("/etc/passwd", "../elsewhere.html", "sim/../../x", "javascript:alert(1)", "https://example.com/", "a\\b", " "))
            assertThatThrownBy(() -> report.section("x").link("x", bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void severalSectionsGetAContentsListLinkingToThem() {
        Document doc = Probe.parse(sample().render());
        List<String> targets = Probe.elements(doc, "a").stream().map(a -> a.getAttribute("href").substring(1)).toList();
        List<String> ids = Probe.elements(doc, "section").stream().map(s -> s.getAttribute("id")).toList();
        assertThat(targets).containsExactly("s1-summary", "s2-protocols").isEqualTo(ids);

        HtmlReport single = HtmlReport.titled("t");
        single.section("Only");
        assertThat(Probe.elements(Probe.parse(single.render()), "nav")).isEmpty();
    }

    @Test
    void tablesAlignNumbersRightCapRowsAndSortByValue() {
        Document doc = Probe.parse(sample().render());
        List<Element> th = Probe.elements(doc, "th");
        assertThat(th.stream().map(e -> e.getAttribute("class")).toList()).containsExactly("", "num", "num");
        List<Element> td = Probe.elements(doc, "td");
        assertThat(Probe.texts(td)).containsExactly("RoCEv2", "1,200", "1,500,000", "TCP", "34", "");
        assertThat(td.get(1).getAttribute("class")).isEqualTo("num");
        assertThat(td.get(2).getAttribute("data-v")).isEqualTo("1500000.0");
        assertThat(Probe.texts(Probe.withClass(doc, "p", "more"))).containsExactly("1 more row not shown.");
        assertThat(Probe.withClass(doc, "table", "sortable")).hasSize(1);
        assertThatThrownBy(() -> Table.of("a", "b").row(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 cells for 2 columns");
    }

    @Test
    void verdictsCarryTheirWordAndParagraphsTheirMarkup() {
        Document doc = Probe.parse(sample().render());
        Element callout = Probe.withClass(doc, "div", "callout").getFirst();
        assertThat(callout.getAttribute("class")).isEqualTo("callout ok");
        assertThat(callout.getTextContent()).contains("OK").contains("no loops");
        assertThat(Probe.texts(Probe.elements(doc, "code"))).contains("trace.pcap");
        assertThat(Probe.texts(Probe.elements(doc, "strong"))).containsExactly("this");
        assertThat(Page.inline("a `b` `c")).isEqualTo("a <code>b</code> `c");
        assertThat(Page.inline("**<i>**")).isEqualTo("<strong>&lt;i&gt;</strong>");
    }

    @Test
    void chartNotesAppearUnderTheirChart() {
        HtmlReport report = HtmlReport.titled("t");
        report.section("s").chart(LineChart.titled("c").series("x", new double[] {1, 2}, new double[] {Double.NaN, 2}));
        Document doc = Probe.parse(report.render());
        assertThat(Probe.texts(Probe.elements(doc, "li"))).containsExactly("“x”: 1 point not shown (NaN, infinite or out of range)");
    }

    @Test
    void sameInputsGiveTheSameBytes() {
        assertThat(sample().render()).isEqualTo(sample().render());
        HtmlReport r = sample();
        assertThat(r.render()).isEqualTo(r.render());
        Map<String, Integer> unordered = new java.util.HashMap<>(Map.of("b", 2, "a", 1, "c", 3));
        HtmlReport k = HtmlReport.titled("t");
        k.section("s").keyValues(unordered);
        assertThat(Probe.texts(Probe.elements(Probe.parse(k.render()), "dt"))).containsExactly("a", "b", "c");
    }

    /** A result whose serialization fails halfway. */
    public static final class Exploding {
        public String getName() {
            return "fine";
        }

        public String getValue() {
            throw new IllegalStateException("boom");
        }
    }

    @Test
    void writeToReplacesTheFileWholeOrNotAtAll(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("report.html");
        sample().writeTo(target);
        assertThat(Files.readString(target)).isEqualTo(sample().render());

        HtmlReport broken = HtmlReport.titled("broken").attachJson(new Exploding());
        assertThatThrownBy(() -> broken.writeTo(target)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot serialize").hasMessageContaining("broken");
        assertThat(Files.readString(target)).isEqualTo(sample().render());
        Path fresh = dir.resolve("fresh.html");
        assertThatThrownBy(() -> broken.writeTo(fresh)).isInstanceOf(IllegalStateException.class);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("report.html");
        }
    }
}
