package org.sonde.report;

import java.util.List;
import java.util.Map;

/**
 * Writes a {@link HtmlReport} as one HTML document. The markup is polyglot (valid HTML that is also
 * well-formed XML) so that tests can parse whole reports with the JDK's XML parser; the inline CSS
 * and script therefore avoid the characters {@code <} and {@code &}.
 */
final class Page {
    private Page() {}

    static final String CSS = """
            :root{--ink:#1f2328;--muted:#59636e;--line:#d8dee4;--soft:#f6f8fa}
            *{box-sizing:border-box}
            body{margin:0 auto;max-width:1040px;padding:32px 28px 48px;color:var(--ink);background:#fff;\
            font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
            header{border-bottom:1px solid var(--line);padding-bottom:1rem;margin-bottom:1.5rem}
            h1{font-size:1.75rem;line-height:1.2;margin:0 0 .25rem}
            .subtitle{margin:0 0 .9rem;color:var(--muted);font-size:1.05rem}
            dl.meta,dl.kv{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1.25rem;margin:0}
            dl.meta{font-size:.85rem}
            dl.meta dt,dl.kv dt{color:var(--muted)}
            dl.meta dd,dl.kv dd{margin:0;overflow-wrap:anywhere}
            dl.meta dd{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
            dl.kv{margin:0 0 1.2rem;font-size:.9rem;font-variant-numeric:tabular-nums}
            nav.toc{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.7rem 1.2rem;margin:0 0 2rem;font-size:.9rem}
            nav.toc h2{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 .3rem;border:0;padding:0}
            nav.toc ol{margin:0;padding-left:1.4rem;columns:2 18rem}
            a{color:#0b5cad}
            section{margin:0 0 2.5rem}
            section h2{font-size:1.3rem;margin:0 0 .8rem;padding-bottom:.3rem;border-bottom:1px solid var(--line)}
            p{margin:0 0 .8rem;max-width:80ch}
            code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.86em}
            code{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 .25em}
            pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.7rem 1rem;overflow-x:auto;margin:0 0 1.2rem}
            .callout{display:flex;gap:.75rem;align-items:baseline;border:1px solid;border-left-width:5px;border-radius:6px;padding:.6rem .9rem;margin:0 0 1.2rem}
            .callout .badge{flex:none;font-weight:700;font-size:.78rem;letter-spacing:.05em;text-transform:uppercase}
            .callout .badge span{display:inline-block;width:1.35em;height:1.35em;line-height:1.35em;text-align:center;border-radius:50%;color:#fff;margin-right:.35em;text-transform:none}
            .callout p{margin:0}
            .callout.ok{border-color:#009E73;background:#eef8f4}.callout.ok .badge{color:#00694c}.callout.ok .badge span{background:#009E73}
            .callout.warning{border-color:#E69F00;background:#fdf6e7}.callout.warning .badge{color:#7f5200}.callout.warning .badge span{background:#c98a00}
            .callout.failure{border-color:#D55E00;background:#fcefe8}.callout.failure .badge{color:#a33e00}.callout.failure .badge span{background:#D55E00}
            .callout.info{border-color:#56B4E9;background:#eef6fc}.callout.info .badge{color:#0b5cad}.callout.info .badge span{background:#0072B2}
            figure{margin:0 0 1.6rem}
            .table-wrap{overflow-x:auto}
            table{border-collapse:collapse;font-size:.875rem}
            caption{caption-side:top;text-align:left;font-weight:600;padding:0 0 .45rem}
            th,td{padding:.34rem .8rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
            thead th{background:var(--soft);border-bottom:2px solid var(--line);font-weight:600}
            td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
            td.num,td.whole{white-space:nowrap}
            tbody tr:nth-child(even){background:#fafbfc}
            table.sortable th{cursor:pointer;user-select:none}
            table.sortable th::after{content:"\\2195";color:#a0a8b0;margin-left:.35em;font-size:.8em}
            table.sortable th[aria-sort=ascending]::after{content:"\\25B2";color:var(--ink)}
            table.sortable th[aria-sort=descending]::after{content:"\\25BC";color:var(--ink)}
            .more{font-size:.8rem;color:var(--muted);margin:.45rem 0 0}
            figure.chart svg{display:block;max-width:100%;height:auto}
            figcaption{font-size:.8rem;color:var(--muted);margin-top:.3rem}
            figcaption ul{margin:0;padding-left:1.1rem}
            footer{margin-top:3rem;padding-top:.75rem;border-top:1px solid var(--line);font-size:.8rem;color:var(--muted)}
            @page{margin:14mm}
            @media print{
            body{max-width:none;padding:0;font-size:10.5pt}
            section h2,caption{break-after:avoid}
            figure.chart,.callout,dl,pre,tr{break-inside:avoid}
            thead{display:table-header-group}
            .table-wrap{overflow:visible}
            table.sortable th::after{content:none}
            a{color:inherit;text-decoration:none}
            *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
            }
            """;

    /** Sorts a table by the clicked column: numerically by data-v where both cells have one, else as text. */
    static final String SORT_JS = """
            document.querySelectorAll("table.sortable").forEach(function (table) {
              var heads = table.querySelectorAll("thead th");
              heads.forEach(function (th, col) {
                th.tabIndex = 0;
                function sort() {
                  var asc = th.getAttribute("aria-sort") !== "ascending";
                  heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
                  th.setAttribute("aria-sort", asc ? "ascending" : "descending");
                  var body = table.tBodies[0];
                  var rows = Array.prototype.slice.call(body.rows);
                  rows.sort(function (r, s) {
                    var a = r.cells[col], b = s.cells[col];
                    var x = a.getAttribute("data-v"), y = b.getAttribute("data-v");
                    var d = x === null || y === null ? a.textContent.localeCompare(b.textContent, undefined, {numeric: true}) : x - y;
                    return asc ? d : -d;
                  });
                  rows.forEach(function (r) { body.appendChild(r); });
                }
                th.addEventListener("click", sort);
                th.addEventListener("keydown", function (e) {
                  if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
                });
              });
            });
            """;

    static String render(HtmlReport report) {
        String json = report.json();
        StringBuilder out = new StringBuilder(64 * 1024);
        String docTitle = report.title().isEmpty() ? "Sonde report"
                : report.subtitle().isEmpty() ? report.title() : report.title() + " — " + report.subtitle();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<meta name=\"generator\" content=\"Sonde\"/>\n")
                .append("<title>").append(Svg.escape(docTitle)).append("</title>\n")
                .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");

        out.append("<header>\n<h1>").append(Svg.escape(report.title())).append("</h1>\n");
        if (!report.subtitle().isEmpty()) out.append("<p class=\"subtitle\">").append(Svg.escape(report.subtitle())).append("</p>\n");
        if (!report.meta().isEmpty()) definitions(out, "meta", List.copyOf(report.meta().entrySet()));
        out.append("</header>\n");

        List<Section> sections = report.sections();
        if (sections.size() >= 2) {
            out.append("<nav class=\"toc\" aria-label=\"Contents\">\n<h2>Contents</h2>\n<ol>\n");
            for (int i = 0; i < sections.size(); i++) {
                out.append("<li><a href=\"#").append(id(i, sections.get(i).title())).append("\">")
                        .append(Svg.escape(sections.get(i).title())).append("</a></li>\n");
            }
            out.append("</ol>\n</nav>\n");
        }

        out.append("<main>\n");
        boolean tables = false;
        for (int i = 0; i < sections.size(); i++) {
            Section s = sections.get(i);
            out.append("<section id=\"").append(id(i, s.title())).append("\">\n<h2>").append(Svg.escape(s.title())).append("</h2>\n");
            for (Section.Block block : s.blocks()) {
                tables |= block instanceof Section.Block.TableBlock;
                block(out, block);
            }
            out.append("</section>\n");
        }
        out.append("</main>\n<footer>Made with Sonde.");
        if (json != null) out.append(" The machine-readable result is embedded in this file (script element <code>sonde-data</code>).");
        out.append("</footer>\n");
        if (json != null) {
            out.append(HtmlReport.DATA_OPEN).append(scriptSafe(json)).append("</script>\n");
        }
        if (tables) out.append("<script>\n").append(SORT_JS).append("</script>\n");
        return out.append("</body>\n</html>\n").toString();
    }

    private static void block(StringBuilder out, Section.Block block) {
        switch (block) {
            case Section.Block.Paragraph p -> out.append("<p>").append(inline(p.text())).append("</p>\n");
            case Section.Block.Callout c -> out.append("<div class=\"callout ").append(c.verdict().cssClass())
                    .append("\" role=\"note\"><span class=\"badge\"><span>").append(c.verdict().symbol()).append("</span>")
                    .append(c.verdict().label()).append("</span><p>").append(inline(c.text())).append("</p></div>\n");
            case Section.Block.TableBlock t -> table(out, t.table());
            case Section.Block.ChartBlock c -> chart(out, c.chart().render());
            case Section.Block.KeyValues kv -> definitions(out, "kv", kv.entries());
            case Section.Block.Preformatted p -> out.append("<pre>").append(Svg.escape(p.text())).append("</pre>\n");
            case Section.Block.Link l -> out.append("<p class=\"link\"><a href=\"").append(Svg.escape(l.href())).append("\">")
                    .append(Svg.escape(l.text())).append("</a></p>\n");
        }
    }

    private static void definitions(StringBuilder out, String cssClass, List<? extends Map.Entry<String, ?>> entries) {
        out.append("<dl class=\"").append(cssClass).append("\">\n");
        for (Map.Entry<String, ?> e : entries) {
            out.append("<dt>").append(Svg.escape(e.getKey())).append("</dt><dd>").append(Svg.escape(text(e.getValue()))).append("</dd>\n");
        }
        out.append("</dl>\n");
    }

    private static String text(Object value) {
        return switch (value) {
            case null -> "";
            case Number n -> Numbers.format(n);
            default -> String.valueOf(value);
        };
    }

    private static void table(StringBuilder out, Table table) {
        List<String> headers = table.headers();
        boolean[] numeric = new boolean[headers.size()];
        for (int c = 0; c < numeric.length; c++) numeric[c] = table.numeric(c);
        out.append("<figure class=\"table\"><div class=\"table-wrap\"><table class=\"sortable\">");
        if (!table.caption().isEmpty()) out.append("<caption>").append(Svg.escape(table.caption())).append("</caption>");
        out.append("\n<thead><tr>");
        for (int c = 0; c < numeric.length; c++) {
            out.append(numeric[c] ? "<th class=\"num\" scope=\"col\">" : "<th scope=\"col\">")
                    .append(Svg.escape(headers.get(c))).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        List<Object[]> rows = table.rows();
        int shown = Math.min(rows.size(), table.maxRows());
        for (int r = 0; r < shown; r++) {
            out.append("<tr>");
            Object[] row = rows.get(r);
            for (int c = 0; c < row.length; c++) {
                Object cell = row[c];
                if (cell instanceof Number n) {
                    double v = n.doubleValue();
                    out.append("<td class=\"num\"");
                    if (Double.isFinite(v)) out.append(" data-v=\"").append(v).append('"');
                    out.append('>').append(Svg.escape(Numbers.format(n))).append("</td>");
                } else {
                    out.append(table.isWhole(c) ? "<td class=\"whole\">" : "<td>").append(Svg.escape(text(cell))).append("</td>");
                }
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>");
        if (rows.size() > shown) {
            out.append("<p class=\"more\">").append(Notes.count(rows.size() - shown, "more row"))
                    .append(" not shown.</p>");
        }
        out.append("</figure>\n");
    }

    private static void chart(StringBuilder out, Chart.Rendered chart) {
        out.append("<figure class=\"chart\">").append(chart.svg());
        if (!chart.notes().isEmpty()) {
            out.append("<figcaption><ul>");
            for (String note : chart.notes()) out.append("<li>").append(Svg.escape(note)).append("</li>");
            out.append("</ul></figcaption>");
        }
        out.append("</figure>\n");
    }

    /**
     * Escaped text with {@code `code`} and {@code **bold**} turned into elements. Delimiters without
     * a partner stay literal; nothing else is interpreted, so no input can produce other markup.
     */
    static String inline(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        while (i < text.length()) {
            if (text.charAt(i) == '`') {
                int end = text.indexOf('`', i + 1);
                if (end > i + 1) {
                    out.append("<code>").append(Svg.escape(text.substring(i + 1, end))).append("</code>");
                    i = end + 1;
                    continue;
                }
            } else if (text.startsWith("**", i)) {
                int end = text.indexOf("**", i + 2);
                if (end > i + 2) {
                    out.append("<strong>").append(Svg.escape(text.substring(i + 2, end))).append("</strong>");
                    i = end + 2;
                    continue;
                }
            }
            int next = nextDelimiter(text, i + 1);
            out.append(Svg.escape(text.substring(i, next)));
            i = next;
        }
        return out.toString();
    }

    private static int nextDelimiter(String text, int from) {
        int tick = text.indexOf('`', from);
        int star = text.indexOf("**", from);
        int next = text.length();
        if (tick >= 0) next = tick;
        if (star >= 0) next = Math.min(next, star);
        return next;
    }

    /**
     * JSON made safe inside a script element: {@code <}, {@code >} and {@code &} (which can only occur
     * inside JSON strings) become {@code \\u} escapes, so no {@code </script>} or {@code <!--} can
     * appear, and the text stays the same JSON value.
     */
    static String scriptSafe(String json) {
        StringBuilder out = new StringBuilder(json.length() + 16);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<' -> out.append("\\u003c");
                case '>' -> out.append("\\u003e");
                case '&' -> out.append("\\u0026");
                case '\u2028' -> out.append("\\u2028");
                case '\u2029' -> out.append("\\u2029");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c >= 0x7F && c <= 0x9F || Character.isSurrogate(c) || c >= 0xFFFE) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** A stable, unique element id for section {@code i}: {@code s2-protocols}. */
    static String id(int i, String title) {
        StringBuilder slug = new StringBuilder();
        for (char c : title.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
            if (slug.length() >= 40) break;
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
                slug.append(c);
            } else if (!slug.isEmpty() && slug.charAt(slug.length() - 1) != '-') {
                slug.append('-');
            }
        }
        while (!slug.isEmpty() && slug.charAt(slug.length() - 1) == '-') slug.setLength(slug.length() - 1);
        return "s" + (i + 1) + (slug.isEmpty() ? "" : "-" + slug);
    }
}
