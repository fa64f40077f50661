package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class GraphChartTest {
    private static GraphChart triangle() {
        return GraphChart.titled("net").scale("share bad")
                .node("a", 0, 1).node("b", 1, 1).node("c", 0.5, 0)
                .edge("a", "b", 0, "a->b: 0 of 4").edge("b", "a", 1, "b->a: 4 of 4", true).edge("a", "c", Double.NaN, "a->c: no probes");
    }

    @Test
    void linksAreColouredByTheirValueWithTheirTooltipAndMarkedOnesThick() {
        Chart.Rendered r = triangle().render();
        Document svg = Probe.parse(r.svg());
        List<Element> lines = Probe.elements(svg, "line").stream().filter(l -> l.getParentNode().getNodeName().equals("g")
                && ((Element) l.getParentNode()).getElementsByTagName("title").getLength() == 1).toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).getAttribute("stroke")).isEqualTo(GraphChart.colour(0)).isEqualTo("#fde0d2");
        assertThat(lines.get(1).getAttribute("stroke")).isEqualTo("#99000d");
        assertThat(Double.parseDouble(lines.get(1).getAttribute("stroke-width"))).isGreaterThan(Double.parseDouble(lines.get(0).getAttribute("stroke-width")));
        assertThat(lines.get(2).getAttribute("stroke-dasharray")).isEqualTo("3 3");
        assertThat(Probe.texts(Probe.elements(svg, "title"))).contains("a->b: 0 of 4", "b->a: 4 of 4", "a->c: no probes", "a", "b", "c");
        assertThat(r.notes()).containsExactly("1 of 3 links without a value (dashed)");
        // the two directions of a-b are drawn apart, so both colours show
        assertThat(Probe.num(lines.get(0), "y1")).isNotEqualTo(Probe.num(lines.get(1), "y1"));
    }

    @Test
    void badInputIsRefused() {
        assertThatThrownBy(() -> GraphChart.titled("x").node("a", 1.5, 0)).hasMessageContaining("outside [0, 1]");
        assertThatThrownBy(() -> GraphChart.titled("x").node("a", 0, 0).edge("a", "b", 0, null)).hasMessageContaining("not added");
        assertThatThrownBy(() -> GraphChart.titled("x").node("a", 0, 0).node("b", 1, 1).edge("a", "b", 2, null)).hasMessageContaining("not in [0, 1]");
    }
}
