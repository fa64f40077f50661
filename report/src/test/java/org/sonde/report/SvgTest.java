package org.sonde.report;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SvgTest {

    /** Arbitrary text, biased towards the characters that could break markup. */
    @Provide
    static Arbitrary<String> hostile() {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(40),
                Arbitraries.strings().withChars("<>&\"'`*/!-[]=; \t\n\r\u0000\u2028\uD800scriptSCRIPT").ofMaxLength(60),
                Arbitraries.of("</script>", "<script>alert(1)</script>", "<!--", "]]>", "&amp;", "&#0;", "\" onload=\"x", "'><svg/onload=x>",
                        "</title><b>x</b>", "`</code><i>`", "**</strong>**"));
    }

    @Property(tries = 500)
    void escapedTextAndAttributesReadBackAsTheSanitizedInput(@ForAll("hostile") String s) {
        Document doc = Probe.parse("<a title=\"" + Svg.escape(s) + "\">" + Svg.escape(s) + "</a>");
        Element a = doc.getDocumentElement();
        assertThat(a.getChildNodes().getLength()).isLessThanOrEqualTo(1);
        assertThat(a.getTextContent()).isEqualTo(Svg.sanitized(s));
        assertThat(a.getAttribute("title")).isEqualTo(Svg.sanitized(s));
    }

    @Test
    void sanitizingOnlyReplacesCharactersXmlForbids() {
        assertThat(Svg.sanitized("a<b>&\"c'\t\n\r😀")).isEqualTo("a<b>&\"c'\t\n\r😀");
        assertThat(Svg.sanitized("x\u0000y\u0008\uD800z\uFFFF")).isEqualTo("x\uFFFDy\uFFFD\uFFFDz\uFFFD");
        assertThat(Svg.escape("<&>")).isEqualTo("&lt;&amp;&gt;");
    }

    @Test
    void coordinatesAreShortAndLocaleIndependent() {
        assertThat(Svg.coord(0)).isEqualTo("0");
        assertThat(Svg.coord(-0.001)).isEqualTo("0");
        assertThat(Svg.coord(12.5)).isEqualTo("12.5");
        assertThat(Svg.coord(12.345)).isIn("12.35", "12.34");
        assertThat(Svg.coord(-3.07)).isEqualTo("-3.07");
        assertThat(Svg.coord(100)).isEqualTo("100");
    }

    @Test
    void numbersAreGroupedAndRounded() {
        assertThat(Numbers.format(1200)).isEqualTo("1,200");
        assertThat(Numbers.format(-1234567L)).isEqualTo("-1,234,567");
        assertThat(Numbers.format(1.5e6)).isEqualTo("1,500,000");
        assertThat(Numbers.format(0.1)).isEqualTo("0.1");
        assertThat(Numbers.format(1234.56789)).isEqualTo("1,234.57");
        assertThat(Numbers.format(1e-5)).isEqualTo("1e-5");
        assertThat(Numbers.format(2.5e20)).isEqualTo("2.5e20");
        assertThat(Numbers.format(Double.NaN)).isEqualTo("NaN");
        assertThat(Numbers.format(-0.0)).isEqualTo("0");
        assertThat(Numbers.format(new java.math.BigDecimal("12345.50"))).isEqualTo("12,345.50");
    }

    @Test
    void paletteStartsWithEightDistinctColoursAndVariesShapes() {
        java.util.Set<String> colours = new java.util.HashSet<>();
        for (int i = 0; i < Palette.size(); i++) colours.add(Palette.colour(i));
        assertThat(colours).hasSize(8).contains("#0072B2", "#E69F00", "#009E73");
        assertThat(Palette.colour(8)).isEqualTo(Palette.colour(0));
        assertThat(Palette.dash(8)).isNotEqualTo(Palette.dash(0));
        assertThat(Palette.shape(0)).isNotEqualTo(Palette.shape(1));
    }
}
