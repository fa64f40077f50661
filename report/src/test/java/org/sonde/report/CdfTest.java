package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class CdfTest {

    @Provide
    Arbitrary<double[]> samples() {
        return Arbitraries.oneOf(
                        Arbitraries.doubles().between(-1e6, 1e6),
                        Arbitraries.integers().between(-3, 3).map(i -> (double) i),
                        Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, -0.0, 0.0))
                .array(double[].class).ofMaxSize(300);
    }

    @Property(tries = 500)
    void cdfIsTheShareOfFiniteSamplesAtOrBelowEachDistinctValue(@ForAll("samples") double[] samples) {
        Cdf cdf = Cdf.of(samples);
        double[] finite = Arrays.stream(samples).filter(Double::isFinite).toArray();
        TreeSet<Double> distinct = new TreeSet<>();
        for (double v : finite) distinct.add(v == 0 ? 0.0 : v);

        assertThat(cdf.skipped()).isEqualTo(samples.length - finite.length);
        assertThat(cdf.count()).isEqualTo(finite.length);
        assertThat(cdf.values()).containsExactly(distinct.stream().mapToDouble(Double::doubleValue).toArray());
        for (int i = 0; i < cdf.values().length; i++) {
            double v = cdf.values()[i];
            long atOrBelow = Arrays.stream(finite).filter(x -> x <= v).count();
            assertThat(cdf.fractions()[i]).isEqualTo((double) atOrBelow / finite.length);
        }
    }

    @Provide
    Arbitrary<double[]> smallIntegers() {
        return Arbitraries.oneOf(Arbitraries.integers().between(0, 40).map(i -> (double) i), Arbitraries.just(Double.NaN))
                .array(double[].class).ofMinSize(1).ofMaxSize(200)
                .filter(a -> Arrays.stream(a).anyMatch(Double::isFinite));
    }

    /** Reads the drawn curve back through the axes' grid lines and compares it with the ECDF corners. */
    @Property(tries = 150)
    void renderedStepCurveIsTheEmpiricalCdf(@ForAll("smallIntegers") double[] samples) {
        Chart.Rendered r = CdfChart.titled("FCT").xAxis("time (ms)").samples("a", samples).render();
        Document svg = Probe.parse(r.svg());
        Element path = Probe.withClass(svg, "path", "line").getFirst();
        Probe.Mapping mx = Probe.mapping(svg, "x", false);
        Probe.Mapping my = Probe.mapping(svg, "y", false);

        double[] finite = Arrays.stream(samples).filter(Double::isFinite).sorted().toArray();
        List<double[]> expected = new ArrayList<>();
        double below = 0;
        for (double v : new TreeSet<>(Arrays.stream(finite).boxed().toList())) {
            double at = (double) Arrays.stream(finite).filter(x -> x <= v).count() / finite.length;
            expected.add(new double[] {v, below});
            expected.add(new double[] {v, at});
            below = at;
        }
        List<double[]> drawn = Probe.vertices(path);
        assertThat(drawn).hasSize(expected.size());
        for (int i = 0; i < drawn.size(); i++) {
            assertThat(mx.value(drawn.get(i)[0])).isCloseTo(expected.get(i)[0], within(0.02 * mx.unitsPerPixel()));
            assertThat(my.value(drawn.get(i)[1])).isCloseTo(expected.get(i)[1], within(0.02 * my.unitsPerPixel()));
        }
        long nan = Arrays.stream(samples).filter(Double::isNaN).count();
        if (nan > 0) assertThat(r.notes()).contains("“a”: " + nan + " sample" + (nan == 1 ? "" : "s") + " not shown (NaN, infinite or out of range)");
        else assertThat(r.notes()).isEmpty();
    }
}
