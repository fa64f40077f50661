package org.sonde.dataplane.io.apkeep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.io.apkeep.ApkeepExcerpts.*;

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

/** Random, mutated and truncated snapshot files: the import either builds a network or says why not. */
class StanfordApkeepFuzzTest {
    /** The excerpt's files by name; index into {@link #FILES} to pick one. */
    static final List<String> FILES = List.of("topo.txt", "vlan.txt", "updates", "goza_rtr_157", "goza_rtr_100", "goza_rtr_usage", "gozb_rtr_usage");

    static Map<String, String> excerpt() {
        Map<String, String> files = new java.util.HashMap<>(acls());
        files.put("topo.txt", TOPOLOGY);
        files.put("vlan.txt", VLANS);
        files.put("updates", UPDATES);
        return files;
    }

    static void onlyBadInput(Map<String, String> files) {
        Map<String, String> acls = new java.util.TreeMap<>(files);
        acls.keySet().removeAll(List.of("topo.txt", "vlan.txt", "updates"));
        try {
            assertThat(StanfordApkeepImport.parse(files.get("topo.txt"), files.get("vlan.txt"), files.get("updates"), acls).network()).isNotNull();
        } catch (BadInputException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> tokens = Arbitraries.of(" ", " ", "\t", "+", "-", "fwd", "acl", "access-list", "permit", "deny", "inport", "null", "any", "self",
                "goza_rtr", "gozb_rtr", "goza_rtr_157", "goza_rtr_100_te2/3_out", "gozb_rtr_100_te2/3_in", "te2/3", "gi4/16", "vlan10", "vlan4096",
                "157", "100", "in", "out", "0", "6", "8", "20", "32", "33", "65535", "65536", "-1", "137", "139", "4294967295", "4294967296",
                "171921408", "172.17.0.0", "0.0.255.255", "256.1.1.1", "_", "/", "\u00e9", "\n");
        return tokens.list().ofMaxSize(24).map(l -> String.join("", l));
    }

    @Property(tries = 1000)
    void randomLines(@ForAll("lines") String line, @ForAll @IntRange(min = 0, max = 6) int file, @ForAll @IntRange(min = 0, max = 20) int at) {
        onlyBadInput(FileMutations.replaceLine(excerpt(), FILES.get(file), at, line));
    }

    @Property(tries = 500)
    void truncatedFiles(@ForAll @IntRange(min = 0, max = 2000) int cut, @ForAll @IntRange(min = 0, max = 6) int file) {
        onlyBadInput(FileMutations.truncate(excerpt(), FILES.get(file), cut));
    }

    @Property(tries = 1500)
    void mutatedCharacters(@ForAll @IntRange(min = 0, max = 2000) int at, @ForAll("replacement") char c, @ForAll @IntRange(min = 0, max = 6) int file) {
        onlyBadInput(FileMutations.replaceCharacter(excerpt(), FILES.get(file), at, c));
    }

    @Provide
    Arbitrary<Character> replacement() {
        return Arbitraries.of('0', '1', '2', '5', '9', ' ', '\n', '\t', '_', '/', '.', '-', '+', 'x', 'n', 'a');
    }

    @Property(tries = 300)
    void droppedOrDuplicatedLines(@ForAll @IntRange(min = 0, max = 6) int file, @ForAll @IntRange(min = 0, max = 20) int at, @ForAll boolean duplicate) {
        onlyBadInput(FileMutations.duplicateOrDropLine(excerpt(), FILES.get(file), at, duplicate));
    }
}
