package org.sonde.capture.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Display filters: their grammar, Wireshark's semantics of multi-valued fields, and errors that say where. */
class DisplayFilterTest {
    private static PacketSummary tcp(String src, int sport, String dst, int dport, List<String> analysis, String flags) {
        return new PacketSummary(7, 0, 0.5, 60, 60, "tcp", null, src, dst, sport, dport, 64, 0,
                new PacketSummary.Tcp(1, 1001, 1L, 2002, flags, 502, 0, analysis, null, 0x10), null, null, null, null, null,
                null, null, true, true, null, null, null);
    }

    private static final PacketSummary RETRANSMISSION = tcp("10.1.0.1", 40000, "10.2.0.1", 443, List.of("fast-retransmission"), "ACK");
    private static final PacketSummary SYN = tcp("10.1.0.1", 40001, "192.168.0.9", 80, List.of(), "SYN");
    private static final PacketSummary ICMP = new PacketSummary(8, 0, 0.6, 98, 98, "icmp", null, "10.1.0.1", "10.2.0.1", null, null, 64, 0,
            null, new PacketSummary.Icmp(8, 0), null, null, null, null, null, null, true, null, null, null, null);

    private static boolean m(String filter, PacketSummary s) {
        return DisplayFilter.parse(filter).matches(s);
    }

    @Test
    void fieldsComparisonsAndLogic() {
        assertThat(m("tcp", RETRANSMISSION)).isTrue();
        assertThat(m("tcp", ICMP)).isFalse();
        assertThat(m("icmp && ip.src == 10.1.0.1", ICMP)).isTrue();
        assertThat(m("tcp.analysis.retransmission", RETRANSMISSION)).as("a fast retransmission is a retransmission").isTrue();
        assertThat(m("tcp.analysis.fast_retransmission", RETRANSMISSION)).isTrue();
        assertThat(m("tcp.analysis.flags", SYN)).isFalse();
        assertThat(m("tcp.port == 443", RETRANSMISSION)).isTrue();
        assertThat(m("tcp.port eq 40000", RETRANSMISSION)).isTrue();
        assertThat(m("tcp.dstport > 100 and tcp.dstport <= 443", RETRANSMISSION)).isTrue();
        assertThat(m("ip.addr == 10.2.0.0/16", RETRANSMISSION)).isTrue();
        assertThat(m("ip.addr == 10.2.0.0/16", SYN)).isFalse();
        assertThat(m("tcp.flags.syn", RETRANSMISSION)).as("a field alone is its presence").isTrue();
        assertThat(m("tcp.flags.syn == 1", RETRANSMISSION)).isFalse();
        assertThat(m("tcp.flags.syn == 1", SYN)).isTrue();
        assertThat(m("!(tcp.port == 443) || icmp", SYN)).isTrue();
        assertThat(m("not tcp and not icmp", ICMP)).isFalse();
        assertThat(m("frame.number == 7 && frame.len >= 60", RETRANSMISSION)).isTrue();
        assertThat(m("tcp.window_size_value == 0x1f6", RETRANSMISSION)).isTrue();
    }

    /** Wireshark 4: a field with several values equals a value when any does, and != is the negation of ==. */
    @Test
    void multiValuedFieldsAsInWireshark() {
        assertThat(m("ip.addr == 10.1.0.1", RETRANSMISSION)).isTrue();
        assertThat(m("ip.addr != 10.1.0.1", RETRANSMISSION)).isFalse();
        assertThat(m("ip.addr != 10.9.9.9", RETRANSMISSION)).isTrue();
        assertThat(m("tcp.port != 443", ICMP)).as("no port at all: none equals 443").isTrue();
    }

    @Test
    void errorsNameTheColumnAndWhatWasExpected() {
        assertThatThrownBy(() -> DisplayFilter.parse("")).hasMessageContaining("the filter is empty");
        assertThatThrownBy(() -> DisplayFilter.parse("tcp.prot == 3")).hasMessageStartingWith("column 1: unknown field 'tcp.prot'; fields: ");
        assertThatThrownBy(() -> DisplayFilter.parse("tcp and (udp")).hasMessage("column 13: expected ')' at the end");
        assertThatThrownBy(() -> DisplayFilter.parse("tcp.port ==")).hasMessage("column 12: expected a value after the comparison");
        assertThatThrownBy(() -> DisplayFilter.parse("tcp udp")).hasMessage("column 5: expected 'and', 'or' or the end, got 'udp'");
        assertThatThrownBy(() -> DisplayFilter.parse("tcp &&")).hasMessage("column 7: expected a field or '(' at the end");
    }

    /** Any text either parses or is an IllegalArgumentException naming a column; nothing else escapes. */
    @Property(tries = 500)
    void anyTextParsesOrSaysWhere(@ForAll("filterish") String text) {
        try {
            DisplayFilter f = DisplayFilter.parse(text);
            f.matches(RETRANSMISSION);
            f.matches(ICMP);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).matches("(?s)(column \\d+: .*|the filter is empty.*)");
        }
    }

    /** and, or and not mean what they say, for any two filters drawn from the fields. */
    @Property(tries = 300)
    void connectivesAreBoolean(@ForAll("atoms") String a, @ForAll("atoms") String b) {
        for (PacketSummary s : List.of(RETRANSMISSION, SYN, ICMP)) {
            boolean x = m(a, s), y = m(b, s);
            assertThat(m(a + " && " + b, s)).isEqualTo(x && y);
            assertThat(m("(" + a + ") or (" + b + ")", s)).isEqualTo(x || y);
            assertThat(m("!(" + a + ")", s)).isEqualTo(!x);
            assertThat(m("not " + a + " || " + b, s)).isEqualTo(!x || y);
        }
    }

    @Provide
    Arbitrary<String> filterish() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withChars("tcpudipor.=!<>&|() 0123456789/:xafn").ofMaxLength(30),
                atoms().list().ofMinSize(1).ofMaxSize(4).map(l -> String.join(" and ", l)));
    }

    @Provide
    Arbitrary<String> atoms() {
        return Arbitraries.of("tcp", "icmp", "udp", "ip.addr == 10.1.0.1", "ip.dst == 10.2.0.0/16", "tcp.port == 443", "tcp.srcport < 40001",
                "tcp.analysis.retransmission", "tcp.flags.syn == 1", "frame.len > 60", "ip.addr != 192.168.0.9", "icmp && ip.ttl == 64");
    }
}
