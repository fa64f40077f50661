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
import org.sonde.dataplane.io.junos.JunosExcerpts;

/** Random, mutated and truncated Internet2 files: the import either builds a network or says why not, with a BadInputException. */
class Internet2JunosFuzzTest {
    /** The excerpt's files; index into this list to pick one. */
    static final List<String> FILES = List.of(JunosExcerpts.ATLA, JunosExcerpts.WASH, Internet2JunosImport.PORT_MAP, Internet2JunosImport.INTERFACES);

    static void onlyBadInput(Map<String, String> files) {
        try {
            assertThat(Internet2JunosImport.parse(files).network()).isNotNull();
        } catch (BadInputException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> tokens = Arbitraries.of(" ", " ", "\t", "<", ">", "/", "\"", "=", "<vn>", "</vn>", "<router name=\"atla\">", "</router>",
                "Routing table:", "default.inet", "default.inet6", "Internet:", "Destination", "Type", "RtRef", "Next", "hop", "Index", "NhRef", "Netif",
                "default", "user", "perm", "intf", "dest", "iddn", "ucst", "indr", "ulst", "rslv", "hold", "locl", "recv", "bcst", "mcst", "mcrt",
                "mdsc", "rjct", "dscd", "Pop", "0", "1", "36", "2097182", "99999999999", "64.57.28.7", "64.57.28.6/31", "1.8.1.0/24", "1.8.1.1/24",
                "0.0.0.0/33", "256.1.1.1/8", "224.0.1.1.130.155.16.254/64", "0:60:dd:47:a1:df", "ae8.10", "ae9.10", "ge-6/0/0.0", "xe-1/0/2.11",
                "et-3/0/0:0.10", "dsc.0", "ae8", "$atla", "$paix", "xe-0/0/3:100020", "xe-0/0/3:200020", "lo0:100000", ":", "<name>", "</name>",
                "<physical-interface>", "</physical-interface>", "<logical-interface>", "</logical-interface>", "<address-family>",
                "<address-family-name>", "inet", "aenet", "<ae-bundle-name>", "<interface-address>", "<ifa-local>", "<ifa-destination>",
                "64.57.24/24", "&amp;", "&", "<!DOCTYPE x>", "\u00e9", "\n");
        return tokens.list().ofMaxSize(24).map(l -> String.join("", l));
    }

    @Property(tries = 1500)
    void randomLines(@ForAll("lines") String line, @ForAll @IntRange(min = 0, max = 3) int file, @ForAll @IntRange(min = 0, max = 320) int at) {
        onlyBadInput(FileMutations.replaceLine(JunosExcerpts.files(), FILES.get(file), at, line));
    }

    @Property(tries = 500)
    void truncatedFiles(@ForAll @IntRange(min = 0, max = 9000) int cut, @ForAll @IntRange(min = 0, max = 3) int file) {
        onlyBadInput(FileMutations.truncate(JunosExcerpts.files(), FILES.get(file), cut));
    }

    @Property(tries = 1500)
    void mutatedCharacters(@ForAll @IntRange(min = 0, max = 9000) int at, @ForAll("replacement") char c, @ForAll @IntRange(min = 0, max = 3) int file) {
        onlyBadInput(FileMutations.replaceCharacter(JunosExcerpts.files(), FILES.get(file), at, c));
    }

    @Provide
    Arbitrary<Character> replacement() {
        return Arbitraries.of('0', '1', '2', '5', '9', ' ', '\n', '\t', '_', '/', '.', '-', ':', '<', '>', '&', '"', 'x', 'a', 'e', '\0');
    }

    @Property(tries = 300)
    void droppedOrDuplicatedLines(@ForAll @IntRange(min = 0, max = 3) int file, @ForAll @IntRange(min = 0, max = 320) int at, @ForAll boolean duplicate) {
        onlyBadInput(FileMutations.duplicateOrDropLine(JunosExcerpts.files(), FILES.get(file), at, duplicate));
    }
}
