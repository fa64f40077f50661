package org.sonde.dataplane.io.hassel;

import org.sonde.dataplane.model.HeaderLayouts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.io.hassel.HasselExcerpts.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.model.HeaderLayout;

/** Random, mutated and truncated input: the parser either builds a network or says why not. */
class HasselFuzzTest {
    static void onlyBadInput(String portMap, Map<String, String> tfs, HeaderLayout layout) {
        try {
            assertThat(HasselImport.parse(portMap, tfs, layout).network()).isNotNull();
        } catch (BadInputException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> tokens = Arbitraries.of("$", "[", "]", ", ", "#", ";", "None", "fwd", "rw", "link", "x", "0", "1",
                "100001", "100015", "700009", "100000", "120001", "-1", "99999999999", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                "10000000000011000000000000000010", "\t", " ", ":", "\u00e9", "\n");
        return tokens.list().ofMaxSize(40).map(l -> String.join("", l));
    }

    @Property(tries = 500)
    void randomRuleLines(@ForAll("lines") String line, @ForAll @IntRange(min = 0, max = 4) int at) {
        List<String> rows = new java.util.ArrayList<>(BBRA_TF.lines().toList());
        rows.set(at, line);
        Map<String, String> tfs = new HashMap<>(stanfordTfs());
        tfs.put("bbra_rtr.tf", String.join("\n", rows));
        onlyBadInput(STANFORD_PORT_MAP, tfs, HeaderLayouts.HASSEL_IP_DST);
    }

    @Property(tries = 300)
    void randomPortMapLines(@ForAll("lines") String line, @ForAll @IntRange(min = 0, max = 4) int at) {
        List<String> rows = new java.util.ArrayList<>(STANFORD_PORT_MAP.lines().toList());
        rows.set(at, line);
        onlyBadInput(String.join("\n", rows), stanfordTfs(), HeaderLayouts.HASSEL_IP_DST);
    }

    @Property(tries = 500)
    void truncatedFiles(@ForAll @IntRange(min = 0, max = 2000) int cut, @ForAll boolean topology, @ForAll boolean internet2) {
        Map<String, String> tfs = new HashMap<>(internet2 ? i2Tfs() : stanfordTfs());
        String name = topology ? "topology.tf" : internet2 ? "atla.tf" : "bbra_rtr.tf";
        String text = tfs.get(name);
        tfs.put(name, text.substring(0, Math.min(cut, text.length())));
        onlyBadInput(internet2 ? I2_PORT_MAP : STANFORD_PORT_MAP, tfs, internet2 ? HeaderLayouts.HASSEL_VLAN_IP_DST : HeaderLayouts.HASSEL_IP_DST);
    }

    @Property(tries = 1000)
    void mutatedCharacters(@ForAll @IntRange(min = 0, max = 2000) int at, @ForAll("replacement") char c, @ForAll boolean internet2) {
        Map<String, String> tfs = new HashMap<>(internet2 ? i2Tfs() : stanfordTfs());
        String name = internet2 ? "atla.tf" : "bbra_rtr.tf";
        String text = tfs.get(name);
        int i = at % text.length();
        tfs.put(name, text.substring(0, i) + c + text.substring(i + 1));
        onlyBadInput(internet2 ? I2_PORT_MAP : STANFORD_PORT_MAP, tfs, internet2 ? HeaderLayouts.HASSEL_VLAN_IP_DST : HeaderLayouts.HASSEL_IP_DST);
    }

    @Provide
    Arbitrary<Character> replacement() {
        return Arbitraries.of('$', '[', ']', ',', '#', ';', 'x', '0', '1', '2', '9', ' ', '\n', 'N', '-');
    }
}
