package org.sonde.dataplane.io.hassel;

import org.sonde.testkit.Datasets;
import org.sonde.dataplane.model.HeaderLayouts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.io.hassel.HasselExcerpts.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.hsa.HeaderAlgebra;
import org.sonde.dataplane.hsa.HeaderSpace;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;

/**
 * The imported model and hassel's own strings denote the same header spaces: a rule's
 * {@link org.sonde.dataplane.model.Match} (ternary per field, placed by {@code offsetBits}) equals
 * the hassel match string read in the algebra's text order, and its {@link Action.SetField}s equal
 * hassel's masked rewrite.
 */
class HasselSpacesTest {

    /** Compares every rule of {@code file}; returns how many rules had a match string. */
    static int sameSpaces(String portMap, String file, String tfText, HeaderLayout layout) {
        Network n = HasselImport.parse(portMap, Map.of(file, tfText), layout).network();
        HeaderAlgebra algebra = new HeaderAlgebra(layout);
        int matched = 0;
        for (TfText.TfRule r : TfText.parse(file, tfText, layout).rules()) {
            Rule rule = n.rule(file + "#" + (r.index() + 1)).orElseThrow();
            HeaderSpace fromModel = algebra.match(rule.match());
            HeaderSpace fromHassel = r.match() == null ? algebra.all() : algebra.wildcard(r.match());
            assertThat(fromModel).as(rule.id()).isEqualTo(fromHassel);
            if (r.match() != null) matched++;
            if (r.mask() != null) {
                HeaderSpace rewritten = fromModel;
                for (Action a : rule.actions())
                    if (a instanceof Action.SetField s) rewritten = rewritten.rewrite(s.field(), s.mask(), s.value());
                assertThat(rewritten).as(rule.id() + " rewrite").isEqualTo(fromHassel.rewriteHassel(r.mask(), r.rewrite()));
            }
        }
        return matched;
    }

    @Test
    void excerptMatchesAndRewritesAgreeWithHasselStrings() {
        assertThat(sameSpaces(STANFORD_PORT_MAP, "bbra_rtr.tf", BBRA_TF, HeaderLayouts.HASSEL_IP_DST)).isEqualTo(3);
        assertThat(sameSpaces(I2_PORT_MAP, "atla.tf", ATLA_TF, HeaderLayouts.HASSEL_VLAN_IP_DST)).isEqualTo(2);
    }

    @Test
    @Tag("datasets")
    void wholeRouterFilesAgreeWithHasselStrings() throws IOException {
        Path stanford = Datasets.dir("stanford-hassel-ip");
        assertThat(sameSpaces(read(stanford, "port_map.txt"), "bbra_rtr.tf", read(stanford, "bbra_rtr.tf"), HeaderLayouts.HASSEL_IP_DST))
                .isEqualTo(869);
        Path i2 = Datasets.dir("internet2-hassel");
        assertThat(sameSpaces(read(i2, "port_map.txt"), "atla.tf", read(i2, "atla.tf"), HeaderLayouts.HASSEL_VLAN_IP_DST))
                .isPositive();
    }

    private static String read(Path dir, String file) throws IOException {
        return Files.readString(dir.resolve(file), StandardCharsets.ISO_8859_1);
    }
}
