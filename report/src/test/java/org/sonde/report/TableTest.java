package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableTest {
    @Test
    void wholeColumnsKeepTheirCellsOnOneLineAndOthersWrap() {
        Table t = Table.of("link", "path", "probes").row("agg2-1->edge2-0", "h0 edge0-0 agg0-1 core3", 21).whole(0);
        HtmlReport report = HtmlReport.titled("t");
        report.section("s").table(t);
        String html = report.render();
        assertThat(html).contains("<td class=\"whole\">agg2-1-&gt;edge2-0</td>", "<td>h0 edge0-0 agg0-1 core3</td>", "td.num,td.whole{white-space:nowrap}");
        assertThatThrownBy(() -> t.whole(3)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no column 3");
    }
}
