package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class ChartsTest {
    private static final double[] XS = {1, 2, 3, 4, 5};
    private static final double[] YS = {10, 30, 20, 50, 40};

    static Stream<Chart> everyKind() {
        return Stream.of(
                LineChart.titled("Queue depth").xAxis("time (µs)").yAxis("depth (bytes)")
                        .series("port 1", XS, YS).series("port 2", XS, new double[] {5, 6, 7, 8, 9}).markers(),
                LineChart.titled("Counter").xAxis("time (µs)").yAxis("pauses").series("port 1", XS, YS).step(),
                ScatterChart.titled("Throughput").xAxis("size (bytes)").yAxis("rate (Gbit/s)").logX()
                        .series("RC", XS, YS).series("UD", XS, new double[] {1, 2, 3, 4, 5}),
                CdfChart.titled("FCT").xAxis("completion time (ms)").yAxis("fraction of flows")
                        .samples("DCTCP", YS).samples("Cubic", XS),
                BarChart.titled("Packets").categories("a", "b", "c").series("tx", new double[] {3, 5, 1})
                        .series("rx", new double[] {2, 4, 6}).valueAxis("packets").categoryAxis("protocol"),
                BarChart.titled("Packets").categories("a long category label", "b", "c").series("tx", new double[] {3, -5, 1})
                        .series("rx", new double[] {2, 4, 6}).valueAxis("packets").categoryAxis("protocol").horizontal());
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void everyKindIsWellFormedWithLegendAxisTitlesAndMarksInsideThePlot(Chart chart) {
        Chart.Rendered r = chart.render();
        Document svg = Probe.parse(r.svg());

        List<String> legend = Probe.elements(svg, "g").stream()
                .filter(g -> g.getAttribute("class").equals("legend-item"))
                .map(g -> g.getElementsByTagName("title").item(0).getTextContent()).toList();
        List<String> axisTitles = Probe.texts(Probe.withClass(svg, "text", "axis-title"));
        switch (chart) {
            case LineChart c when c.title().equals("Counter") -> {
                assertThat(legend).containsExactly("port 1");
                assertThat(axisTitles).containsExactlyInAnyOrder("time (µs)", "pauses");
            }
            case LineChart c -> {
                assertThat(legend).containsExactly("port 1", "port 2");
                assertThat(axisTitles).containsExactlyInAnyOrder("time (µs)", "depth (bytes)");
            }
            case ScatterChart c -> {
                assertThat(legend).containsExactly("RC", "UD");
                assertThat(axisTitles).containsExactlyInAnyOrder("size (bytes)", "rate (Gbit/s)");
            }
            case CdfChart c -> {
                assertThat(legend).containsExactly("DCTCP", "Cubic");
                assertThat(axisTitles).containsExactlyInAnyOrder("completion time (ms)", "fraction of flows");
            }
            case BarChart c -> {
                assertThat(legend).containsExactly("tx", "rx");
                assertThat(axisTitles).containsExactlyInAnyOrder("packets", "protocol");
                assertThat(Probe.withClass(svg, "rect", "bar")).hasSize(6);
            }
            case GraphChart c -> throw new AssertionError("a network has no axes: GraphChartTest draws it");
        }
        assertThat(Probe.texts(Probe.elements(svg, "text"))).contains(chart.title());
        assertMarksInsidePlot(svg);
        assertThat(r.notes()).isEmpty();
        assertThat(chart.render().svg()).as("deterministic").isEqualTo(r.svg());
    }

    /** Every data mark (line vertices, circle markers, bars) lies within the plot area. */
    static void assertMarksInsidePlot(Document svg) {
        double[] area = Probe.plotArea(svg);
        double eps = 0.011;
        List<double[]> points = new ArrayList<>();
        for (Element path : Probe.withClass(svg, "path", "line")) points.addAll(Probe.vertices(path));
        for (Element c : Probe.elements(svg, "circle")) {
            if (c.getAttribute("class").equals("pt")) points.add(new double[] {Probe.num(c, "cx"), Probe.num(c, "cy")});
        }
        for (Element bar : Probe.withClass(svg, "rect", "bar")) {
            double x = Probe.num(bar, "x"), y = Probe.num(bar, "y");
            points.add(new double[] {x, y});
            points.add(new double[] {x + Probe.num(bar, "width"), y + Probe.num(bar, "height")});
        }
        assertThat(points).isNotEmpty();
        for (double[] p : points) {
            assertThat(p[0]).isBetween(area[0] - eps, area[2] + eps);
            assertThat(p[1]).isBetween(area[1] - eps, area[3] + eps);
        }
    }

    @Provide
    Arbitrary<double[][]> series() {
        // values of one magnitude per series: from 1e-9 to 1e12, with an offset so ranges need not include 0
        return Combinators.combine(Arbitraries.integers().between(1, 60), Arbitraries.integers().between(-9, 12),
                        Arbitraries.doubles().between(-5, 5), Arbitraries.longs())
                .as((n, e, offset, seed) -> {
                    java.util.Random r = new java.util.Random(seed);
                    double scale = Math.pow(10, e);
                    double[] xs = new double[n], ys = new double[n];
                    for (int i = 0; i < n; i++) {
                        xs[i] = (offset + r.nextDouble()) * scale;
                        ys[i] = (offset + r.nextGaussian()) * scale;
                    }
                    return new double[][] {xs, ys};
                });
    }

    @Property(tries = 150)
    void randomDataIsDrawnInsideThePlotArea(@ForAll("series") double[][] a, @ForAll("series") double[][] b) {
        Document line = Probe.parse(LineChart.titled("t").series("a", a[0], a[1]).series("b", b[0], b[1]).markers().render().svg());
        assertMarksInsidePlot(line);
        assertThat(Probe.withClass(line, "circle", "pt")).hasSize(a[0].length);
        Document scatter = Probe.parse(ScatterChart.titled("t").series("a", a[0], a[1]).render().svg());
        assertMarksInsidePlot(scatter);
        assertThat(Probe.withClass(scatter, "circle", "pt")).hasSize(a[0].length);
        Document cdf = Probe.parse(CdfChart.titled("t").samples("a", a[1]).samples("b", b[1]).render().svg());
        assertMarksInsidePlot(cdf);
    }

    @Test
    void nanAndInfiniteValuesAreSkippedAndCounted() {
        double[] ys = {1, Double.NaN, 3, Double.POSITIVE_INFINITY, 5};
        Chart.Rendered r = LineChart.titled("t").series("s", XS, ys).render();
        assertThat(r.notes()).containsExactly("“s”: 2 points not shown (NaN, infinite or out of range)");
        Document svg = Probe.parse(r.svg());
        assertThat(Probe.vertices(Probe.withClass(svg, "path", "line").getFirst())).hasSize(3);

        Chart.Rendered bars = BarChart.titled("t").categories("a", "b").series("s", new double[] {Double.NaN, 2}).render();
        assertThat(bars.notes()).containsExactly("“s”: 1 value not shown (NaN, infinite or out of range)");
        assertThat(Probe.withClass(Probe.parse(bars.svg()), "rect", "bar")).hasSize(1);
    }

    @Test
    void logAxesSkipNonPositiveValuesWithANote() {
        double[] ys = {-1, 0, 10, 100, 1000};
        Chart.Rendered r = ScatterChart.titled("t").yAxis("rate").logY().series("s", XS, ys).render();
        assertThat(r.notes()).containsExactly("“s”: 2 points not shown (≤ 0 on the log scale)");
        Document svg = Probe.parse(r.svg());
        assertThat(Probe.withClass(svg, "circle", "pt")).hasSize(3);
        assertMarksInsidePlot(svg);
        // the remaining points sit at their decades on the log axis
        Probe.Mapping my = Probe.mapping(svg, "y", true);
        List<Double> drawn = Probe.withClass(svg, "circle", "pt").stream().map(c -> my.value(Probe.num(c, "cy"))).toList();
        assertThat(drawn.get(0)).isCloseTo(10, within(0.1));
        assertThat(drawn.get(2)).isCloseTo(1000, within(10.0));

        Chart.Rendered cdf = CdfChart.titled("t").logX().samples("s", new double[] {0, 0, 1, 10}).render();
        assertThat(cdf.notes()).containsExactly("“s”: the log axis cannot show 2 samples ≤ 0; the curve starts at 0.5");
        Chart.Rendered bar = BarChart.titled("t").categories("a", "b").series("s", new double[] {0, 20}).logScale().render();
        assertThat(bar.notes()).containsExactly("“s”: 1 value not shown (≤ 0 on the log scale)");
    }

    @Test
    void emptyChartsSayNoData() {
        for (Chart c : List.<Chart>of(LineChart.titled("t"), ScatterChart.titled("t").series("s", new double[0], new double[0]),
                CdfChart.titled("t").samples("s", new double[] {Double.NaN}), BarChart.titled("t"),
                BarChart.titled("t").categories("a").series("s", new double[] {Double.NaN}).horizontal(),
                LineChart.titled("t").logX().logY().series("s", new double[] {-1}, new double[] {-1}))) {
            Document svg = Probe.parse(c.render().svg());
            assertThat(Probe.texts(Probe.withClass(svg, "text", "no-data"))).containsExactly("no data");
            assertThat(Probe.withClass(svg, "line", "grid")).isNotEmpty();
        }
        Document withData = Probe.parse(LineChart.titled("t").series("s", XS, YS).render().svg());
        assertThat(Probe.withClass(withData, "text", "no-data")).isEmpty();
    }

    @Test
    void aSinglePointGetsAMarkerInsideANonDegenerateAxis() {
        Document svg = Probe.parse(LineChart.titled("t").series("s", new double[] {7}, new double[] {42}).render().svg());
        assertThat(Probe.withClass(svg, "circle", "pt")).hasSize(1);
        assertMarksInsidePlot(svg);
        Element c = Probe.withClass(svg, "circle", "pt").getFirst();
        assertThat(Probe.mapping(svg, "x", false).value(Probe.num(c, "cx"))).isCloseTo(7, within(0.01));
        assertThat(Probe.mapping(svg, "y", false).value(Probe.num(c, "cy"))).isCloseTo(42, within(0.01));
    }

    @Test
    void stepModeHoldsEachValueUntilTheNextPoint() {
        Document svg = Probe.parse(LineChart.titled("t").series("s", new double[] {0, 1, 2}, new double[] {0, 1, 3}).step().render().svg());
        Probe.Mapping mx = Probe.mapping(svg, "x", false), my = Probe.mapping(svg, "y", false);
        List<double[]> drawn = Probe.vertices(Probe.withClass(svg, "path", "line").getFirst()).stream()
                .map(p -> new double[] {Math.round(mx.value(p[0]) * 100) / 100.0, Math.round(my.value(p[1]) * 100) / 100.0}).toList();
        assertThat(drawn).containsExactly(new double[] {0, 0}, new double[] {1, 0}, new double[] {1, 1}, new double[] {2, 1}, new double[] {2, 3});
    }

    @Test
    void hugeSeriesAreThinnedButKeepTheirSpike() {
        int n = 200_000;
        double[] xs = new double[n], ys = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i;
            ys[i] = 100 + (i % 10);
        }
        ys[123_457] = 5000;
        ys[7] = -20;
        Chart.Rendered r = LineChart.titled("t").series("s", xs, ys).render();
        assertThat(r.notes()).singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .matches("“s”: 200,000 points drawn as [0-9,]+ \\(the extremes of each stretch are kept\\)");
        Document svg = Probe.parse(r.svg());
        List<double[]> drawn = Probe.vertices(Probe.withClass(svg, "path", "line").getFirst());
        assertThat(drawn.size()).isLessThanOrEqualTo(4000);
        Probe.Mapping my = Probe.mapping(svg, "y", false);
        double top = drawn.stream().mapToDouble(p -> p[1]).min().orElseThrow();
        double bottom = drawn.stream().mapToDouble(p -> p[1]).max().orElseThrow();
        assertThat(my.value(top)).isCloseTo(5000, within(1.0));
        assertThat(my.value(bottom)).isCloseTo(-20, within(1.0));
        assertThat(r.svg().length()).isLessThan(200_000);
    }

    @Test
    void negativeBarsHangFromTheZeroLine() {
        Document svg = Probe.parse(BarChart.titled("t").categories("up", "down").series("s", new double[] {4, -2}).render().svg());
        Probe.Mapping my = Probe.mapping(svg, "y", false);
        List<Element> bars = Probe.withClass(svg, "rect", "bar");
        Element up = bars.get(0), down = bars.get(1);
        assertThat(my.value(Probe.num(up, "y") + Probe.num(up, "height"))).isCloseTo(0, within(0.01));
        assertThat(my.value(Probe.num(up, "y"))).isCloseTo(4, within(0.01));
        assertThat(my.value(Probe.num(down, "y"))).isCloseTo(0, within(0.01));
        assertThat(my.value(Probe.num(down, "y") + Probe.num(down, "height"))).isCloseTo(-2, within(0.01));
    }

    @Test
    void absentValuesHaveNoBarAndReadNoneWhileNegativesHangBelowZero() {
        for (boolean horizontal : new boolean[] {false, true}) {
            BarChart c = BarChart.titled("t").categories("up", "missing", "down").series("s", java.util.Arrays.asList(4.0, null, -2.0));
            Chart.Rendered r = (horizontal ? c.horizontal() : c).render();
            Document svg = Probe.parse(r.svg());
            List<Element> bars = Probe.withClass(svg, "rect", "bar");
            assertThat(bars).hasSize(2);
            Probe.Mapping m = Probe.mapping(svg, horizontal ? "x" : "y", false);
            Element down = bars.get(1);
            double far = horizontal ? Probe.num(down, "x") : Probe.num(down, "y") + Probe.num(down, "height");
            assertThat(m.value(far)).isCloseTo(-2, within(0.01));
            assertThat(Probe.texts(Probe.withClass(svg, "text", "absent"))).containsExactly("none");
            // absent is not a plotting failure: no footnote
            assertThat(r.notes()).isEmpty();
        }
    }

    @Test
    void longCategoryLabelsAreCutWithTheFullTextAsTooltip() {
        String longLabel = "a very long category label that would not fit anywhere sensible in a chart at all, really";
        Document svg = Probe.parse(BarChart.titled("t").categories(longLabel, "b").series("s", new double[] {1, 2}).horizontal().render().svg());
        Element label = Probe.withClass(svg, "text", "category").getFirst();
        assertThat(label.getElementsByTagName("title").item(0).getTextContent()).isEqualTo(longLabel);
        assertThat(label.getTextContent()).endsWith("…").hasSizeLessThan(longLabel.length() * 2);
    }

    @Test
    void manyCategoriesAreLabelledSparselyButAllDrawn() {
        String[] categories = new String[300];
        double[] values = new double[300];
        for (int i = 0; i < 300; i++) {
            categories[i] = "flow " + i;
            values[i] = i;
        }
        Document svg = Probe.parse(BarChart.titled("t").categories(categories).series("s", values).render().svg());
        assertThat(Probe.withClass(svg, "rect", "bar")).hasSize(300);
        int labels = Probe.withClass(svg, "text", "category").size();
        assertThat(labels).isBetween(10, 100);
        assertThat(Probe.withClass(svg, "text", "value")).as("no value labels on crowded charts").isEmpty();
    }

    @Test
    void misuseIsRejectedWithClearMessages() {
        assertThatThrownBy(() -> LineChart.titled("t").series("s", new double[2], new double[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("“s”").hasMessageContaining("2").hasMessageContaining("3");
        assertThatThrownBy(() -> BarChart.titled("t").categories("a", "b").series("s", new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 values for 2 categories");
        assertThatThrownBy(() -> CdfChart.titled("t").samples("s", XS).samples("s", XS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LineChart.titled("t").maxPoints(2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void seriesArraysAreCopiedWhenAdded() {
        double[] ys = YS.clone();
        LineChart chart = LineChart.titled("t").series("s", XS, ys);
        String before = chart.render().svg();
        Arrays.fill(ys, 0);
        assertThat(chart.render().svg()).isEqualTo(before);
    }
}
