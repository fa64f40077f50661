package org.sonde.atpg;

import org.sonde.testkit.Datasets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.Port;

/** {@code --format internet2}: the raw Internet2 files as a model source. */
@Tag("datasets")
class Internet2SourceTest {
    @Test
    void terminalsAreThePortMapsPorts() {
        ModelSource.Loaded loaded = new ModelSource("internet2", Datasets.dir("internet2").toString()).load();
        assertThat(loaded.model().stages()).isEqualTo(1);
        assertThat(loaded.model().outputTwins()).isEmpty();
        assertThat(loaded.terminals()).hasSize(345).isEqualTo(loaded.model().network().ports().stream().map(Port::id).toList());
        // 33 point-to-point links join 66 ports; the other 279 are the edge.
        Set<Integer> linked = loaded.model().network().links().stream().map(l -> l.fromPortId()).collect(Collectors.toSet());
        assertThat(linked).hasSize(66);
        assertThat(ModelSource.edge(loaded)).hasSize(279).doesNotContainAnyElementsOf(linked);
    }
}
