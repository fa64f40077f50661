package org.sonde.dataplane.io.junos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

class JunosForwardingTableTest {
    private static final String F = "t.xml";
    private static final String HEAD = """
            <vn> <router name="seat">

            Routing table: default.inet
            Internet:
            Destination        Type RtRef Next hop           Type Index NhRef Netif
            """;
    private static final String TAIL = "\n</router>\n</vn>\n";

    private static JunosForwardingTable parse(String rows) {
        return JunosForwardingTable.parse(F, HEAD + rows + TAIL);
    }

    @Test
    void entriesWithTheirNextHopNodes() {
        JunosForwardingTable t = JunosForwardingTable.parse(JunosExcerpts.ATLA, JunosExcerpts.FIB_ATLA);
        assertThat(t.router()).isEqualTo("atla");
        assertThat(t.entries()).hasSize(18);
        JunosForwardingTable.Entry indr = t.entries().get(2);
        assertThat(indr.prefix()).isEqualTo("2.22.55.0/24");
        assertThat(indr.routeType()).isEqualTo("user");
        assertThat(indr.lines()).containsExactly(8, 9);
        assertThat(indr.nextHops()).containsExactly(new JunosForwardingTable.NextHop(8, "", "indr", ""),
                new JunosForwardingTable.NextHop(9, "64.57.28.7", "ucst", "ae8.10"));
        assertThat(indr.leaf()).isEqualTo(indr.nextHops().get(1));
        // An overflowing next hop keeps its text; its type is on the next line.
        JunosForwardingTable.Entry overflow = t.entries().stream().filter(e -> e.line() == 17).findFirst().orElseThrow();
        assertThat(overflow.nextHops()).containsExactly(new JunosForwardingTable.NextHop(18, "0.15.c5.f0.43.1b.0.90.69.fd.8e.f2.81.0.0.c.8.0", "ucst", "ge-7/0/0.12"));
        assertThat(t.entries().getFirst().prefix()).isEqualTo("default");
        assertThat(t.otherDestinations()).isEqualTo(1);
        assertThat(t.otherTables()).containsExactlyInAnyOrderEntriesOf(Map.of("default.iso", 2, "default.inet6", 3, "default.mpls", 3));
    }

    @Test
    void anOverflowingDestinationTakesItsRouteFromTheNextLine() {
        JunosForwardingTable t = parse("""
                64.57.28.241/32
                                   dest     0                    locl  2081     1
                131.107.0.0/16     user     0                    ulst 1048605     5
                                                                 indr 1048604     2
                                              207.231.240.7      ucst  1184     4 xe-2/2/0.706
                                                                 indr 1048601     2
                                              207.231.241.7      ucst  1191     4 xe-2/2/0.776""");
        assertThat(t.entries()).extracting(JunosForwardingTable.Entry::lines).containsExactly(List.of(6, 7), List.of(8, 9, 10, 11, 12));
        assertThat(t.entries().getFirst().nextHops()).containsExactly(new JunosForwardingTable.NextHop(7, "", "locl", ""));
        assertThat(t.entries().get(1).leaf().iface()).isEqualTo("xe-2/2/0.706");
        assertThat(t.entries().get(1).nextHops()).extracting(JunosForwardingTable.NextHop::type).containsExactly("ulst", "indr", "ucst", "indr", "ucst");
    }

    @Test
    void malformedRowsNameTheLineAndWhatWasExpected() {
        assertBad("64.57.28.241/32\n", 7, "expected the route type of the destination at line 6 on this line");
        assertBad("1.0.0.0/8          user     0                    indr 2097182  2819\n", 6, "expected the next hops that indr stands for after this line");
        assertBad("1.0.0.0/8          user     0 64.57.28.112\n2.0.0.0/8 user 0 rjct 36 3\n", 7,
                "expected the type of next hop 64.57.28.112 (line 6) on this line");
        assertBad("1.0.0.0/8          user     0                    rjct    36\n", 6, "expected Index and NhRef (numbers) after next-hop type rjct");
        assertBad("1.0.0.0/8          user     0                    rjct    36     3 dsc.0 x\n", 6, "expected at most an interface after NhRef, got \"dsc.0 x\"");
        assertBad("1.0.0.0/8          user     0                    rjct    36     3 dsc\n", 6,
                "expected a logical interface like ge-6/1/0.0, ae8.10 or et-3/0/0:0.10, got \"dsc\"");
        assertBad("1.0.0.0/8          usr      0                    rjct    36     3\n", 6,
                "expected a route type (cach, clon, dest, iddn, ifdn, ignr, intf, perm, user) after the destination, got \"usr\"");
        assertBad("1.0.0.0/8          user     0                    rjct    36     3\n    user 0 rjct 36 3\n", 7, "expected one route per destination, got a second route type user");
        assertBad("1.0.0.0/33         user     0                    rjct    36     3\n", 6, "prefix length: expected an integer 0..32, got \"33\"");
        assertBad("1.0.0.256/32       user     0                    rjct    36     3\n", 6, "destination: expected octets 0..255, got 1.0.0.256");
        assertBad("1.2.3/24           user     0                    rjct    36     3\n", 6,
                "destination: expected a dotted IPv4 address, got \"1.2.3\"");
        assertBad("fe80::/64          user     0                    rjct    36     3\n", 6,
                "expected a destination (default, an IPv4 prefix a.b.c.d/len or a multicast key), got \"fe80::/64\"");
        assertBad("ge-7/1/5.0  (CCC)  user     0                    indr 2097286     2\n", 6,
                "expected a destination (default, an IPv4 prefix a.b.c.d/len or a multicast key), got \"ge-7/1/5.0\"");
        assertBad("    user 0 rjct 36 3\n", 6, "expected a destination before this indented line, got \"user 0 rjct 36 3\"");
    }

    private static void assertBad(String rows, int line, String problem) {
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD + rows + TAIL)).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line " + line + ": " + problem);
    }

    @Test
    void theWrapperAndSectionsAreChecked() {
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, "")).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 1: expected <vn> <router name=\"…\">, but the file is empty");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, "<vn>\n" + HEAD)).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 1: expected <vn> <router name=\"…\">, got \"<vn>\"");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD.replace("Internet:\n", ""))).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(F + ": line 4: expected the family line of table default.inet");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD.replace("NhRef Netif", "NhRef") + TAIL)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(F + ": line 5: expected the header \"Destination Type RtRef Next hop Type Index NhRef Netif\"");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD + "default perm 0 rjct 36 1\n</router>\n")).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 8: expected </vn> after </router>, but the file ends first");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD + "default perm 0 rjct 36 1" + TAIL + "x\n")).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 9: expected nothing after </vn>, got \"x\"");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, "<vn> <router name=\"seat\">\nhello\n" + TAIL)).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 2: expected \"Routing table: <name>\", got \"hello\"");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD.replace("default.inet", "default.inet6") + TAIL)).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 7: expected a \"Routing table: default.inet\" section before </router>");
        assertThatThrownBy(() -> JunosForwardingTable.parse(F, HEAD + "\n" + HEAD.substring(HEAD.indexOf("Routing")) + TAIL)).isInstanceOf(BadInputException.class)
                .hasMessage(F + ": line 7: table default.inet appears twice");
    }
}
