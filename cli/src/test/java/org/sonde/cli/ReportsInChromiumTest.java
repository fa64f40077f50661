package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import org.sonde.testkit.Prerequisites;

/**
 * Every report the demo writes (its own, each capture's inspection, the ATPG suite, the Libra check, the
 * simulation, both load runs, the injection and NetSonar's) and those of commands it does not run (reachability), rendered by headless Chromium in a
 * 1280 x 800 window as a reader first sees it: the verdict is on the first screen, no chart is empty and no table is wider than the page.
 * A script added to a copy of each report measures the rendered page; Chromium prints the DOM after it ran.
 */
@Tag("chromium")
class ReportsInChromiumTest {
    static final int WIDTH = 1280, HEIGHT = 800;

    /** Measures the rendered page into a pre element: where the first verdict is, and what each chart drew. */
    static final String PROBE = """
            <script>
            (function () {
              const out = {height: window.innerHeight, verdictTop: -1, verdictBottom: -1, charts: []};
              const callout = document.querySelector('.callout');
              if (callout) { const r = callout.getBoundingClientRect(); out.verdictTop = r.top; out.verdictBottom = r.bottom; }
              document.querySelectorAll('svg.sonde-chart').forEach(svg => {
                let marks = 0;
                svg.querySelectorAll('.series *, rect.bar, circle, line.link, path.link').forEach(m => {
                  if (typeof m.getBBox !== 'function') return; // a tooltip's title, not a drawn mark
                  const b = m.getBBox(); if (b.width > 0 || b.height > 0) marks++;
                });
                out.charts.push({title: svg.getAttribute('aria-label') || '', width: svg.getBoundingClientRect().width, marks: marks, noData: svg.querySelector('.no-data') !== null});
              });
              // a table wider than the page scrolls sideways inside its wrapper: the reader misses its last columns
              out.tables = [];
              document.querySelectorAll('.table-wrap').forEach(w => {
                const head = w.querySelector('th');
                out.tables.push({first: head ? head.textContent : '', width: w.scrollWidth, room: w.clientWidth});
              });
              const pre = document.createElement('pre');
              pre.id = 'sonde-measured';
              pre.textContent = JSON.stringify(out);
              document.body.appendChild(pre);
            })();
            </script>
            """;

    @TempDir
    Path dir;

    @Test
    void everyReportOfTheDemoLeadsWithItsVerdictAndDrawsEveryChart() throws Exception {
        Path out = dir.resolve("demo");
        CliRun run = CliRun.of("demo", "--out", out.toString(), "--roce-size", "2M");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        List<Path> reports;
        try (Stream<Path> files = Files.walk(out)) {
            reports = files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
        }
        // the demo, 3 captures, ATPG, Libra, the simulation, 2 load runs, the injection, NetSonar and Collie
        assertThat(reports).hasSizeGreaterThanOrEqualTo(12);
        List<String> kinds = new ArrayList<>();
        for (Path report : reports) {
            String name = out.relativize(report).toString();
            kinds.add(name);
            assertReadable(name, measure(report));
        }
        assertThat(kinds).contains("report.html", "sim/report.html", "inject/neutral/report.html", "probe/report.html", "atpg/report.html",
                "verify/report.html", "load/keepalive.html", "search/report.html");
    }

    /** Reports of commands the demo does not run. */
    @Test
    void theReachabilityReportLeadsWithItsVerdictAndDrawsItsChart() throws Exception {
        Path net = dir.resolve("three-switch.json"), html = dir.resolve("reach.html");
        org.sonde.dataplane.io.json.NetworkJson.write(org.sonde.dataplane.model.Examples.threeSwitch(), net);
        CliRun run = CliRun.of("reach", "--network", net.toString(), "--format", "json", "--report", html.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode m = measure(html);
        assertThat(m.get("charts")).as("reach: the ports each source reaches").hasSize(1);
        assertReadable("reach", m);
    }

    /** The verdict is on the first screen and every chart draws its data within the window. */
    private static void assertReadable(String name, JsonNode m) {
        // the first screen: the viewport a 1280 x 800 window leaves (headless Chromium keeps room for its frame)
        double screen = m.get("height").asDouble();
        assertThat(screen).as(name).isGreaterThan(HEIGHT / 2.0).isLessThanOrEqualTo(HEIGHT);
        assertThat(m.get("verdictTop").asDouble()).as(name + ": a verdict, on the first screen").isGreaterThanOrEqualTo(0);
        assertThat(m.get("verdictBottom").asDouble()).as(name + ": the verdict ends on the first screen").isLessThanOrEqualTo(screen);
        for (JsonNode chart : m.get("charts")) {
            String title = name + ": chart '" + chart.get("title").asText() + "'";
            assertThat(chart.get("noData").asBoolean()).as(title + " has data").isFalse();
            assertThat(chart.get("marks").asInt()).as(title + " draws its data").isPositive();
            assertThat(chart.get("width").asDouble()).as(title + " fits the window").isPositive().isLessThanOrEqualTo(WIDTH);
        }
        for (JsonNode table : m.get("tables")) {
            assertThat(table.get("width").asDouble()).as(name + ": the table starting with column '" + table.get("first").asText() + "' fits the page")
                    .isLessThanOrEqualTo(table.get("room").asDouble() + 1);
        }
    }

    /** Renders a copy of {@code report} with {@link #PROBE} added and returns what it measured. */
    private JsonNode measure(Path report) throws IOException, InterruptedException {
        Path copy = report.resolveSibling("measured-" + report.getFileName());
        String html = Files.readString(report);
        Files.writeString(copy, html.replace("</body>", PROBE + "</body>"));
        ProcessBuilder chromium = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--window-size=" + WIDTH + "," + HEIGHT, "--virtual-time-budget=5000", "--dump-dom", copy.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = chromium.start();
        } catch (IOException e) {
            throw Prerequisites.missing("SONDE_SKIP_CHROMIUM", "chromium is not installed (" + e.getMessage() + "); install Debian's chromium package", e);
        }
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        Files.delete(copy);
        int start = dom.indexOf("<pre id=\"sonde-measured\">");
        assertThat(start).as(report + ": the measuring script ran (" + dom.length() + " characters of DOM)").isNotNegative();
        String text = dom.substring(dom.indexOf('>', start) + 1, dom.indexOf("</pre>", start));
        return Json.mapper().readTree(text.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
    }
}
