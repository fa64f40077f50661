package org.sonde.verify.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.sonde.packet.Ipv4Prefix;

class SubnetTrieTest {
    /** Prefixes crowded into a few /8s, so that nesting and shared bits are common. */
    @Provide
    Arbitrary<Ipv4Prefix> prefixes() {
        Arbitrary<Integer> address = Combinators.combine(Arbitraries.of(10, 11, 192), Arbitraries.integers().between(0, 255),
                Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 255)).as((a, b, c, d) -> a << 24 | b << 16 | c << 8 | d);
        Arbitrary<Integer> length = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 7)),
                net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(8, 24)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(25, 32)));
        return Combinators.combine(address, length).as(Ipv4Prefix::covering);
    }

    @Property(tries = 300)
    void findsExactlyTheSubnetsInsideTheRule(@ForAll("subnetLists") List<Ipv4Prefix> subnetList, @ForAll("ruleLists") List<Ipv4Prefix> rules) {
        Ipv4Prefix[] subnets = new TreeSet<>(subnetList).toArray(new Ipv4Prefix[0]);
        SubnetTrie trie = new SubnetTrie(subnets);
        for (Ipv4Prefix rule : rules) {
            List<Ipv4Prefix> bruteForce = new ArrayList<>();
            for (Ipv4Prefix s : subnets) if (rule.contains(s)) bruteForce.add(s);
            long range = trie.matching(rule.address(), rule.length());
            List<Ipv4Prefix> found = new ArrayList<>();
            for (int i = SubnetTrie.first(range); i < SubnetTrie.end(range); i++) found.add(trie.subnet(i));
            assertThat(found).as("subnets inside %s", rule).isEqualTo(bruteForce);
        }
    }

    @Provide
    Arbitrary<List<Ipv4Prefix>> subnetLists() {
        return prefixes().list().ofMaxSize(60);
    }

    @Provide
    Arbitrary<List<Ipv4Prefix>> ruleLists() {
        return prefixes().list().ofMinSize(1).ofMaxSize(30);
    }

    @Test
    void theDissertationsExample() {
        // Fig. 4.9: rule 10.1.0.0/16 matches the subnets below 10.1.0.0/30, not 10.2.0.0/24
        Ipv4Prefix[] subnets = {Ipv4Prefix.parse("10.1.0.1/32"), Ipv4Prefix.parse("10.1.0.2/32"), Ipv4Prefix.parse("10.2.0.0/24")};
        SubnetTrie trie = new SubnetTrie(subnets);
        long range = trie.matching(Ipv4Prefix.parse("10.1.0.0/16").address(), 16);
        assertThat(SubnetTrie.first(range)).isZero();
        assertThat(SubnetTrie.end(range)).isEqualTo(2);
        assertThat(trie.matching(Ipv4Prefix.parse("10.3.0.0/16").address(), 16)).isZero();
        // the mapper example of §4.4.1: 192.168.1.0/28 and 192.168.0.0/16 both match 192.168.1.1/32
        SubnetTrie t2 = new SubnetTrie(new Ipv4Prefix[] {Ipv4Prefix.parse("192.168.1.1/32"), Ipv4Prefix.parse("192.168.1.2/32")});
        assertThat(SubnetTrie.end(t2.matching(Ipv4Prefix.parse("192.168.1.0/28").address(), 28))).isEqualTo(2);
        assertThat(SubnetTrie.end(t2.matching(Ipv4Prefix.parse("192.168.0.0/16").address(), 16))).isEqualTo(2);
        assertThat(SubnetTrie.end(t2.matching(0, 0))).isEqualTo(2);
    }
}
