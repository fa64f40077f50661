package org.sonde.search.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.search.Comparison;
import org.sonde.search.Method;
import org.sonde.search.SearchOptions;
import org.sonde.search.SearchResult;
import org.sonde.search.SearchTarget;

/** The search reports read as text: a verdict first, tables of the features anomalies need, no Java list syntax. */
class SearchReportTest {
    /** The page a reader sees, without the embedded data and the script. */
    private static String page(String html) {
        return html.substring(0, html.indexOf("<script"));
    }

    @Test
    void aRunListsOnlyTheFeaturesSomeAnomalyNeeds() {
        SearchResult r = SearchTarget.parse("sim:f-like").search(SearchOptions.defaults(Method.COLLIE, 2, 1));
        assertThat(r.anomalies()).isNotEmpty();
        String html = page(SearchReport.of(r, "v").render());
        assertThat(html).containsSubsequence("class=\"callout", "<table", "mechanism (the simulator", "<table", "direction");
        // a column empty in every row is said once, not drawn
        int features = html.lastIndexOf("<table", html.indexOf("direction", html.indexOf("mechanism (the simulator")));
        String table = html.substring(features, html.indexOf("</table>", features));
        List<List<String>> rows = new java.util.ArrayList<>();
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("<tr>(.*?)</tr>", java.util.regex.Pattern.DOTALL).matcher(table);
        while (row.find()) {
            List<String> cells = new java.util.ArrayList<>();
            java.util.regex.Matcher cell = java.util.regex.Pattern.compile("<td[^>]*>(.*?)</td>", java.util.regex.Pattern.DOTALL).matcher(row.group(1));
            while (cell.find()) cells.add(cell.group(1));
            if (!cells.isEmpty()) rows.add(cells);
        }
        assertThat(rows).hasSize(r.anomalies().size());
        for (int col = 1; col < rows.getFirst().size(); col++) {
            int c = col;
            assertThat(rows).as("column %d has a value in some row", c).anyMatch(x -> !x.get(c).isEmpty());
        }
        if (html.contains("No anomaly needs ")) {
            String unneeded = html.substring(html.indexOf("No anomaly needs ") + 17, html.indexOf(": those columns are left out."));
            for (String f : unneeded.split(", ")) assertThat(table).as(f).doesNotContain(">" + f + "<");
        }
        assertThat(html).doesNotContain("[loopback", "[bidirectional");
        // each MFS as perftest command lines, after the MFS table
        assertThat(html).containsSubsequence("direction", "Reproducing each MFS with perftest", "$DEV", "MFSs are reproduced exactly by perftest");
    }

    @Test
    void aComparisonLeadsWithWhichMethodFoundMost() {
        Comparison c = Comparison.run(SearchTarget.parse("sim:f-like"), List.of(Method.RANDOM, Method.COLLIE), 2, 1, 1, SearchOptions.SCREEN, line -> { });
        Comparison.MethodSummary best = c.methods().stream().max(java.util.Comparator.comparingDouble(Comparison.MethodSummary::meanFound)).orElseThrow();
        String html = page(SearchReport.of(c, "v").render());
        assertThat(html).contains(String.format(java.util.Locale.ROOT, "Most distinct anomalies per seed: %s, %.1f on average over 2 seeds",
                best.method().cliName(), best.meanFound()));
        assertThat(html.indexOf("Most distinct anomalies")).isLessThan(html.indexOf("<svg"));
        for (Comparison.MethodSummary m : c.methods()) {
            assertThat(html).contains(">" + String.join(", ", m.found().stream().map(String::valueOf).toList()) + "<");
            assertThat(html).doesNotContain(m.found().toString());
        }
    }
}
