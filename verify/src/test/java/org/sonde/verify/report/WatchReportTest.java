package org.sonde.verify.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.verify.check.Check;
import org.sonde.verify.stable.Watcher;

/** A watch's report: the verdict at the end of the stream first, then one row per stable state. */
class WatchReportTest {
    private static String report(WatchJson watch, int initial) {
        Map<String, Object> json = watch.of("toy", 50, EnumSet.of(Check.LOOPS), 0.5, 3, 0, List.of());
        return WatchReport.of(watch, "toy", 50, 3, initial, 0.5, List.of(), "c", "v", json).render();
    }

    @Test
    void everyStableStateIsARowAndTheVerdictComesFirst() {
        WatchJson watch = new WatchJson();
        watch.add(new Watcher.StableState(1_500_000_000L, 2, 0, 0, 4, List.of(), List.of(), 0, new long[] {1_000}, new long[] {2_000_000}));
        watch.add(new Watcher.StableState(3_100_000_000L, 1, 1, 0, 2, List.of(), List.of(), 0, new long[] {5_000}, new long[] {3_000_000}));
        String html = report(watch, 1);
        assertThat(html).contains("No violation after the last stable state", "Violations over the stable states", "1.500", "3.100")
                .doesNotContain("Violations at the end");
        // the last: a list of contents at the top names the section too
        assertThat(html.indexOf("No violation after the last stable state")).isLessThan(html.lastIndexOf("Violations over the stable states"));
    }

    @Test
    void withoutStatesThereIsNoChartOfThem() {
        String html = report(new WatchJson(), 0);
        assertThat(html).contains("No violation after the last stable state").doesNotContain("Violations over the stable states");
    }
}
