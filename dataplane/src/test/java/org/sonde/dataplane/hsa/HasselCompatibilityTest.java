package org.sonde.dataplane.hsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Known answers from hassel's transfer-function files and its header layout. */
class HasselCompatibilityTest {

    private static final String X16 = "x".repeat(16);

    private static long ip(int a, int b, int c, int d) {
        return ((long) a << 24) | (b << 16) | (c << 8) | d;
    }

    @Test
    void hasselLayoutIs128BitsInHasselFieldOrder() {
        HeaderLayout layout = HeaderLayout.hassel();
        assertThat(layout.totalBits()).isEqualTo(128);
        assertThat(layout.names()).containsExactly("vlan", "ip_src", "ip_dst", "ip_proto", "tp_src", "tp_dst", "tcp_ctrl");
        assertThat(layout.field("ip_dst").firstVar()).isEqualTo(48);
        // Text order starts with tcp_ctrl's MSB and ends with vlan's LSB.
        int[] order = layout.hasselOrder();
        assertThat(order[0]).isEqualTo(layout.field("tcp_ctrl").var(0));
        assertThat(order[127]).isEqualTo(layout.field("vlan").var(15));
    }

    @Test
    void matchEndingInVlanBitsMeansThatVlan() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.hassel());
        HeaderSpace match = algebra.wildcard("x".repeat(112) + "0000000111010110");
        assertThat(match).isEqualTo(algebra.equal("vlan", 470));
        assertThat(match.pick().orElseThrow().get("vlan")).isEqualTo(470);
        assertThat(match.count()).isEqualTo(BigInteger.ONE.shiftLeft(112));
    }

    @Test
    void byteSeparatedWildcardsAndTheEmptyBit() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.builder().field("ip_dst", 32).build());
        HeaderSpace dotted = algebra.wildcard("00001010,xxxxxxxx, xxxxxxxx,xxxxxxxx");
        assertThat(dotted).isEqualTo(algebra.prefix("ip_dst", ip(10, 0, 0, 0), 8));
        assertThat(algebra.wildcard("z" + "x".repeat(31)).isEmpty()).isTrue();
        assertThatThrownBy(() -> algebra.wildcard("x".repeat(31))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> algebra.wildcard("2" + "x".repeat(31))).isInstanceOf(IllegalArgumentException.class);
    }

    /** bbra_rtr_1 of hassel's simple Stanford model (ip_dst only). */
    @Test
    void stanfordSimpleRule() {
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.builder().field("ip_dst", 32).build());
        HeaderSpace match = algebra.wildcard("10000000000011000000000000000010");
        assertThat(match).isEqualTo(algebra.equal("ip_dst", ip(128, 12, 0, 2)));
    }

    /** atla_30 of hassel's Internet2 model: ip_dst at bytes 0-3, vlan at 4-5, text order vlan | ip_dst. */
    @Test
    void internet2RewriteRule() {
        HeaderLayout layout = HeaderLayout.builder().field("ip_dst", 32).field("vlan", 16).build();
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
        HeaderAlgebra algebra = new HeaderAlgebra(HeaderLayout.builder().field("f", 4).build());
        assertThatThrownBy(() -> algebra.all().rewriteHassel("0111", "x000")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> algebra.all().rewriteHassel("x111", "0000")).isInstanceOf(IllegalArgumentException.class);
        assertThat(algebra.all().rewriteHassel("0111", "1xxx")).isEqualTo(algebra.ternary("f", 8, 8));
    }
}
