package org.sonde.dataplane.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Ternary;

/** A written range as the ternaries model ACL entries match (moved from StanfordApkeepImportTest with the cover). */
class RangeTest {
    @Test
    void rangeCoverIsExactAndSmallest() {
        assertThat(new Range(0, 65535).cover(16)).containsExactly(new Ternary(0, 0));
        assertThat(new Range(20, 21).cover(16)).containsExactly(new Ternary(20, 0xFFFE));
        assertThat(new Range(1, 6).cover(8)).containsExactly(Ternary.exact(1, 8), new Ternary(2, 0xFE), new Ternary(4, 0xFE), Ternary.exact(6, 8));
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < 200; i++) {
            int lo = rnd.nextInt(256), hi = lo + rnd.nextInt(256 - lo);
            List<Ternary> cover = new Range(lo, hi).cover(8);
            for (int v = 0; v < 256; v++) {
                int value = v;
                long hits = cover.stream().filter(t -> (value & t.mask()) == t.value()).count();
                assertThat(hits).as("%d in [%d, %d]", v, lo, hi).isEqualTo(v >= lo && v <= hi ? 1 : 0);
            }
        }
    }
}
