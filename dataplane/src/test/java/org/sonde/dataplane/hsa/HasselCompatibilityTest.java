package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.HeaderLayouts;

/** Known answers from hassel's transfer-function files and its header layout. */
class HasselCompatibilityTest {

    private static final String X16 = "x".repeat(16);

    private static long ip(int a, int b, int c, int d) {
        return ((long) a << 24) | (b << 16) | (c << 8) | d;
    }

    @Test
    void hasselLayoutIs128BitsInHasselFieldOrder() {
        HeaderLayout layout = HeaderLayouts.HASSEL;
        HeaderAlgebra algebra = new HeaderAlgebra(layout);
        assertThat(layout.widthBits()).isEqualTo(128);
        assertThat(algebra.variableCount()).isEqualTo(128);
        assertThat(layout.names()).containsExactly("vlan", "ip_src", "ip_dst", "ip_proto", "tp_src", "tp_dst", "tcp_ctrl");
        assertThat(algebra.var("ip_dst", 0)).isEqualTo(48);
        // Text order starts with tcp_ctrl's MSB and ends with vlan's LSB.
        int[] order = algebra.hasselOrder();
        assertThat(order[0]).isEqualTo(algebra.var("tcp_ctrl", 0));
        assertThat(order[127]).isEqualTo(algebra.var("vlan", 15));
    }

    @Test
    void matchEndingInVlanBitsMeansThatVlan() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayouts.HASSEL);
        HeaderSpace match = algebra.wildcard("x".repeat(112) + "0000000111010110");
        assertThat(match).isEqualTo(algebra.equal("vlan", 470));
        assertThat(match.pick().orElseThrow().get("vlan")).isEqualTo(470);
        assertThat(match.count()).isEqualTo(BigInteger.ONE.shiftLeft(112));
    }

    @Test
    void byteSeparatedWildcardsAndTheEmptyBit() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.builder("ip").field("ip_dst", 32).build());
        HeaderSpace dotted = algebra.wildcard("00001010,xxxxxxxx, xxxxxxxx,xxxxxxxx");
        assertThat(dotted).isEqualTo(algebra.prefix("ip_dst", ip(10, 0, 0, 0), 8));
        assertThat(algebra.wildcard("z" + "x".repeat(31)).isEmpty()).isTrue();
        assertThatThrownBy(() -> algebra.wildcard("x".repeat(31))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> algebra.wildcard("2" + "x".repeat(31))).isInstanceOf(IllegalArgumentException.class);
    }

    /** bbra_rtr_1 of hassel's simple Stanford model (ip_dst only). */
    @Test
    void stanfordSimpleRule() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.builder("ip").field("ip_dst", 32).build());
        HeaderSpace match = algebra.wildcard("10000000000011000000000000000010");
        assertThat(match).isEqualTo(algebra.equal("ip_dst", ip(128, 12, 0, 2)));
    }

    /** atla_30 of hassel's Internet2 model: ip_dst at bytes 0-3, vlan at 4-5, text order vlan | ip_dst. */
    @Test
    void internet2RewriteRule() {
        HeaderLayout layout = HeaderLayout.builder("i2").field("ip_dst", 32).field("vlan", 16).build();
        HeaderAlgebra algebra = new HeaderAlgebra(layout);
        HeaderSpace match = algebra.wildcard(X16 + "01000000001110010001000001000000");
        assertThat(match).isEqualTo(algebra.equal("ip_dst", ip(64, 57, 16, 64)));

        HeaderSpace out = match.rewriteHassel(
                "000000000000000011111111111111111111111111111111",
                "000000000000101100000000000000000000000000000000");
        assertThat(out).isEqualTo(algebra.equal("ip_dst", ip(64, 57, 16, 64)).intersect(algebra.equal("vlan", 11)));
        // hassel's inverse_rewrite column is the same single header.
        assertThat(out).isEqualTo(algebra.wildcard("000000000000101101000000001110010001000001000000"));
        assertThat(out).isEqualTo(match.set("vlan", 11));
    }

    @Test
    void rewriteRejectsWildcardsAtRewrittenBits() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.builder("f").field("f", 4).build());
        assertThatThrownBy(() -> algebra.all().rewriteHassel("0111", "x000")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> algebra.all().rewriteHassel("x111", "0000")).isInstanceOf(IllegalArgumentException.class);
        assertThat(algebra.all().rewriteHassel("0111", "1xxx")).isEqualTo(algebra.ternary("f", 8, 8));
    }

    /** Text positions come from offsetBits; bits no field covers must stay 'x' in matches and kept by rewrites. */
    @Test
    void bitsOutsideEveryFieldMustBeWildcards() {
        // 12-bit header: b at text bits 0-3, a at 8-11, bits 4-7 in no field; listed a, b (BDD order).
        HeaderLayout gap = new HeaderLayout("gap", 12, List.of(new HeaderField("a", 8, 4), new HeaderField("b", 0, 4)));
        HeaderAlgebra algebra = new HeaderAlgebra(gap);
        assertThat(algebra.variableCount()).isEqualTo(8);
        assertThat(algebra.var("a", 0)).isZero();
        assertThat(algebra.var("b", 0)).isEqualTo(4);
        assertThat(algebra.hasselOrder()).containsExactly(4, 5, 6, 7, -1, -1, -1, -1, 0, 1, 2, 3);

        assertThat(algebra.wildcard("0010xxxx1001")).isEqualTo(algebra.equal("a", 9).intersect(algebra.equal("b", 2)));
        assertThat(algebra.wildcard("xxxxzxxxxxxx").isEmpty()).isTrue();
        assertThatThrownBy(() -> algebra.wildcard("0010xx1x1001"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hassel bit 6 is '1', but no field of layout gap covers it");

        HeaderSpace b2 = algebra.equal("b", 2);
        assertThat(b2.rewriteHassel("111111110000", "000000000101")).isEqualTo(b2.set("a", 5));
        assertThatThrownBy(() -> b2.rewriteHassel("111101111111", "000000000000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hassel bit 4 is rewritten, but no field of layout gap covers it");
        assertThatThrownBy(() -> algebra.wildcard("x".repeat(8))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void modelMatchIsTheIntersectionOfItsTernaries() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayouts.HASSEL);
        Match m = new Match(Map.of("vlan", Ternary.exact(470, 16), "ip_dst", Ternary.prefix(ip(10, 0, 0, 0), 8, 32)));
        assertThat(algebra.match(m)).isEqualTo(algebra.equal("vlan", 470).intersect(algebra.prefix("ip_dst", ip(10, 0, 0, 0), 8)));
        assertThat(algebra.match(Match.ANY)).isEqualTo(algebra.all());
        assertThatThrownBy(() -> algebra.match(new Match(Map.of("nope", Ternary.exact(1, 1)))))
                .isInstanceOf(java.util.NoSuchElementException.class);
    }
}
