package org.sonde.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Second;

class LoadReportTest {
    private static Map<String, Long> zeros() {
        return Arrays.stream(Counter.values()).collect(Collectors.toMap(Counter::dperfName, c -> 0L, (a, b) -> a, LinkedHashMap::new));
    }

    private static Second second(long n, String phase, long responses, long skCon) {
        Map<String, Long> c = zeros();
        c.put("http2XX", responses);
        return new Second(n, phase, c, skCon, List.of(1), Map.of(), 70, 120, 300);
    }

    /** Second 1 before any connection (all zero), two measured seconds of 900 and 1100 responses, a drain second. */
    private static String report(Path dir) throws IOException {
        List<Second> seconds = List.of(second(1, "duration", 0, 0), second(2, "duration", 900, 4), second(3, "duration", 1100, 4), second(4, "drain", 10, 0));
        Map<String, Long> all = zeros();
        LoadResult r = new LoadResult("client", "2026-01-01T00:00:00Z", false, 4, 3, 2010, 2010, 0, 0, 4, 4, 4, 670, 1.3,
                new LoadResult.Latency(2000, 80, 12.5, 70, 75, 90, 120, 300, 1500), 40, 1 << 20, 1 << 21, 0, 0, 0, all, Map.of(), seconds,
                true, 2000, 3 << 20, 1 << 20, 771193.5, 310713.0, List.of(all));
        Path html = dir.resolve("load.html");
        LoadReport.write(html, "sonde load run c.conf", r);
        return Files.readString(html);
    }

    @Test
    void ratesAreWrittenWithUnitsAsWrkDoes(@TempDir Path dir) throws IOException {
        // the page without its attached JSON, which keeps the numbers
        String html = report(dir);
        html = html.substring(0, html.indexOf("<script"));
        assertThat(html).contains("753.12KB/s read, 303.43KB/s written").doesNotContain("771193.5");
        assertThat(html).contains("80.00us / 12.50us / 1.50ms");
    }

    @Test
    void countsPerSecondAreStepsOverTheirSecondAndTheUntouchedFirstSecondIsLeftOutWithTheReason(@TempDir Path dir) throws IOException {
        String html = report(dir);
        assertThat(html).contains("Left out of these charts: the first second (phase duration), in which no counter moved")
                .contains("the drain (1 second after the duration");
        String chart = html.substring(html.indexOf("Responses and new connections per second"));
        Matcher path = Pattern.compile("<path class=\"line\" d=\"([^\"]+)\"").matcher(chart);
        assertThat(path.find()).isTrue();
        List<double[]> v = new ArrayList<>();
        Matcher m = Pattern.compile("[ML](-?[0-9.]+) (-?[0-9.]+)").matcher(path.group(1));
        while (m.find()) v.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        // seconds 2 and 3, each held over its whole second: two levels, joined by vertical and horizontal segments only
        assertThat(v).hasSize(4);
        for (int i = 1; i < v.size(); i++) assertThat(v.get(i)[0] == v.get(i - 1)[0] || v.get(i)[1] == v.get(i - 1)[1]).isTrue();
        assertThat(v.stream().map(p -> p[1]).distinct().count()).isEqualTo(2);
    }
}
