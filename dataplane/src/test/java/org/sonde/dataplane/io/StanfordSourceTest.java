package org.sonde.dataplane.io;

import org.sonde.testkit.Datasets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.dataset.StanfordCiscoImport;

/** The raw Stanford backbone as a model source, with its topology from a file or from the APKeep snapshot. */
@Tag("datasets")
class StanfordSourceTest {
    @Test
    void topologyFromAFileOrTheApkeepSnapshot(@TempDir Path tmp) throws Exception {
        Path backbone = Datasets.dir("stanford-backbone"), apkeep = Datasets.dir("stanford-apkeep");
        ModelSource.Loaded fromSnapshot = new ModelSource("stanford", backbone.toString(), apkeep.toString()).load();
        Path file = tmp.resolve("links.txt");
        Files.writeString(file, StanfordCiscoImport.topologyFromApkeep(apkeep));
        ModelSource.Loaded fromFile = new ModelSource("stanford", backbone.toString(), file.toString()).load();
        assertThat(fromFile.model().network().links()).hasSize(74);
        assertThat(fromSnapshot.model().network().ports()).isEqualTo(fromFile.model().network().ports());
        assertThat(fromSnapshot.model().network().acls()).hasSize(380);
        // Every port of the twelve routers with a FIB takes packets from some rule.
        assertThat(fromSnapshot.terminals()).hasSize(716);
        assertThatThrownBy(() -> new ModelSource("stanford", backbone.toString(), tmp.toString()).load())
                .isInstanceOf(BadInputException.class).hasMessageContaining("expected a topology file or an APKeep snapshot directory");
    }
}
