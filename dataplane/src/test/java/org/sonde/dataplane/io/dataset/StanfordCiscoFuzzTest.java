package org.sonde.dataplane.io.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.FileMutations;
import org.sonde.dataplane.io.cisco.CiscoExcerpts;

/** Random, mutated and truncated Cisco files: the import either builds a network or says why not, with a BadInputException. */
class StanfordCiscoFuzzTest {
    /** The goza excerpt's files and the topology; index into this list to pick one. */
    static final List<String> FILES = List.of("goza_rtr_config.txt", "goza_rtr_route.txt", "goza_rtr_arp_table.txt",
            "goza_rtr_mac_table.txt", "goza_rtr_spanning_tree.txt", "bbra_rtr_config.txt", "topology.txt");

    static Map<String, String> excerpt() {
        Map<String, String> files = CiscoExcerpts.files();
        files.put("topology.txt", CiscoExcerpts.TOPOLOGY);
        return files;
    }

    static void onlyBadInput(Map<String, String> files) {
        String topology = files.remove("topology.txt");
        try {
            assertThat(StanfordCiscoImport.parse(files, "topology.txt", topology).network()).isNotNull();
        } catch (BadInputException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> tokens = Arbitraries.of(" ", " ", "\t", "!", "*", "-", "---", "interface", "Vlan20", "Vlan83", "Te2/1", "Gi4/6.17",
                "TenGigabitEthernet2/1", "Null0", "Vlan99999999999", "Vlan20.5", "Gi4/4.7", "Lo0.3", "Te2/1.99999999999", "switchport", "mode", "trunk",
                        "access", "allowed", "vlan", "add", "native", "encapsulation",
                "dot1Q", "shutdown", "no", "ip", "access-group", "access-list", "extended", "standard", "in", "out", "permit", "deny", "remark",
                "tcp", "udp", "icmp", "any", "host", "eq", "neq", "lt", "gt", "range", "www", "established", "log", "banner", "^C",
                "attached", "receive", "drop", "multicast", "Internet", "ARPA", "Incomplete", "dynamic", "static", "Yes", "Router", "VLAN0020",
                "Desg", "FWD", "BLK", "P2p", "goza_rtr", "bbra_rtr", "te1/3", "0", "1", "5", "17", "20", "101", "137", "139", "4094", "4095",
                "65535", "65536", "10.0.0.0/8", "10.0.0.1/8", "10.0.0.0/33", "172.20.20.2", "0.0.255.255", "256.1.1.1", "0014.c240.a576",
                "0011.22", ",", "/", ".", "#", "\u00e9", "\n");
        return tokens.list().ofMaxSize(24).map(l -> String.join("", l));
    }

    @Property(tries = 1500)
    void randomLines(@ForAll("lines") String line, @ForAll @IntRange(min = 0, max = 6) int file, @ForAll @IntRange(min = 0, max = 80) int at) {
        onlyBadInput(FileMutations.replaceLine(excerpt(), FILES.get(file), at, line));
    }

    @Property(tries = 500)
    void truncatedFiles(@ForAll @IntRange(min = 0, max = 3000) int cut, @ForAll @IntRange(min = 0, max = 6) int file) {
        onlyBadInput(FileMutations.truncate(excerpt(), FILES.get(file), cut));
    }

    @Property(tries = 1500)
    void mutatedCharacters(@ForAll @IntRange(min = 0, max = 3000) int at, @ForAll("replacement") char c, @ForAll @IntRange(min = 0, max = 6) int file) {
        onlyBadInput(FileMutations.replaceCharacter(excerpt(), FILES.get(file), at, c));
    }

    @Provide
    Arbitrary<Character> replacement() {
        return Arbitraries.of('0', '1', '2', '5', '9', ' ', '\n', '\t', '_', '/', '.', '-', ',', '*', 'x', 'n', 'a', '\0');
    }

    @Property(tries = 300)
    void droppedOrDuplicatedLines(@ForAll @IntRange(min = 0, max = 6) int file, @ForAll @IntRange(min = 0, max = 80) int at, @ForAll boolean duplicate) {
        onlyBadInput(FileMutations.duplicateOrDropLine(excerpt(), FILES.get(file), at, duplicate));
    }
}
