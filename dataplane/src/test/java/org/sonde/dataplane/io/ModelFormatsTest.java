package org.sonde.dataplane.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.model.Network;

/** The registry of network formats, and ModelSource checking and loading through it. */
class ModelFormatsTest {
    @Test
    void everyFormatInHelpOrder() {
        assertThat(ModelFormats.names()).containsExactly("hassel", "stanford-apkeep", "stanford", "internet2", "json");
        assertThat(ModelFormats.all()).filteredOn(ModelFormat::needsTopology).extracting(ModelFormat::name).containsExactly("stanford");
        assertThat(ModelFormats.withTopology()).isEqualTo("stanford");
        assertThat(ModelFormats.find("stanford").orElseThrow().topology().why()).contains("no inter-router links", "stanford-apkeep");
        assertThat(ModelFormats.find("cisco")).isEmpty();
    }

    @Test
    void helpListsEachFormatWithWhatItIs() {
        // The text --format's help had before the registry wrote it.
        assertThat(ModelFormats.help()).isEqualTo("hassel (hassel .tf files and port_map.txt), stanford-apkeep (APKeep's Stanford snapshot: FIB, ACLs,"
                + " VLANs, topology), stanford (the raw Stanford backbone: Cisco configs, FIBs, ARP, MAC and spanning-tree"
                + " tables; needs --topology), internet2 (the raw Internet2 Junos files) or json (Sonde's model).");
    }

    @Test
    void aSourceNamesARegisteredFormatAndATopologyExactlyWhereOneIsNeeded() {
        assertThatThrownBy(() -> new ModelSource("cisco", "x")).isInstanceOf(BadInputException.class)
                .hasMessage("--format: cisco: unknown network format (expected one of [hassel, stanford-apkeep, stanford, internet2, json])");
        assertThatThrownBy(() -> new ModelSource("stanford", "x", " ")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--format stanford: x: expected a topology: the raw Stanford backbone files hold no inter-router links");
        assertThatThrownBy(() -> new ModelSource("hassel", "x", "t.txt")).isInstanceOf(BadInputException.class)
                .hasMessage("--topology: t.txt: only --format stanford takes a topology; hassel models hold their links");
        assertThat(new ModelSource("stanford", "x", "t.txt").topology()).isEqualTo("t.txt");
    }

    @Test
    void loadsThroughTheFormatsLoader(@TempDir Path dir) throws IOException {
        Network n = Examples.threeSwitch();
        Files.writeString(dir.resolve("network.json"), NetworkJson.write(n));
        ModelSource.Loaded loaded = new ModelSource("json", dir.toString()).load();
        assertThat(loaded.model().network()).isEqualTo(n);
        assertThat(loaded.model().stages()).isEqualTo(1);
        // json models offer every port that some rule takes packets from.
        assertThat(loaded.terminals()).isNotEmpty().allMatch(p -> n.tables().stream().anyMatch(t -> t.rules().stream().anyMatch(r -> r.inPortIds().contains(p))));
    }
}
