package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;

class SuiteFilesTest {
    @TempDir
    Path dir;

    @Test
    void suiteRoundTripsAndThePcapHoldsOneFramePerRegularTest() throws Exception {
        Path net = dir.resolve("net.json");
        NetworkJson.write(Examples.threeSwitch(), net);
        ModelSource source = new ModelSource("json", net.toString());
        ModelSource.Loaded loaded = source.load();
        assertThat(loaded.terminals()).contains(Examples.PA, Examples.PB, Examples.PC);
        assertThat(ModelSource.edge(loaded)).containsExactly(Examples.PA, Examples.PB, Examples.PC);
        Suite suite = Selector.select(loaded.model(), SelectOptions.of(ModelSource.edge(loaded), Cover.RULES));
        SuiteFiles.write(dir.resolve("out"), source, loaded.model().network(), suite, Map.of("select", 0.1));
        SuiteFiles.SuiteFile back = SuiteFiles.readSuite(dir.resolve("out"));
        assertThat(back.suite()).isEqualTo(suite);
        assertThat(back.network()).isEqualTo(source);
        assertThat(Files.readString(dir.resolve("out/summary.json"))).contains("\"regularPackets\"", "\"coverage\"", "\"seconds\"");
        byte[] pcap = Files.readAllBytes(dir.resolve("out/tests.pcap"));
        long frames = suite.tests().stream().mapToLong(t -> SuiteFiles.frame(t, loaded.model().network()).encode().length + 16).sum();
        assertThat(pcap.length).isEqualTo(24 + frames);
        // The frame carries the test's destination address.
        TestPacket first = suite.tests().getFirst();
        byte[] f = SuiteFiles.frame(first, loaded.model().network()).encode();
        long ipDst = ((f[30] & 0xffL) << 24) | ((f[31] & 0xffL) << 16) | ((f[32] & 0xffL) << 8) | (f[33] & 0xffL);
        assertThat(ipDst).isEqualTo(first.header().get("ip_dst"));
    }

    @Test
    void brokenFilesNameTheLine() throws Exception {
        Path bad = dir.resolve("suite.json");
        Files.writeString(bad, "{\n  \"schema\": \"sonde.atpg.suite\",\n  \"version\": x\n}\n");
        assertThatThrownBy(() -> SuiteFiles.readSuite(bad)).isInstanceOf(BadInputException.class).hasMessageContaining("line 3");
        Files.writeString(bad, "{\"schema\": \"other\"}");
        assertThatThrownBy(() -> SuiteFiles.readSuite(bad)).isInstanceOf(BadInputException.class).hasMessageContaining("sonde.atpg.suite");
        assertThatThrownBy(() -> new ModelSource("cisco", "x")).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new ModelSource("stanford", "x")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("expected a topology").hasMessageContaining("stanford-apkeep");
        assertThatThrownBy(() -> new ModelSource("json", "x", "t.txt")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("only --format stanford takes a topology");
        // Suites written before the topology existed read back without one.
        Files.writeString(bad, "{\"schema\": \"sonde.atpg.suite\", \"version\": 1, \"network\": {\"format\": \"json\", \"path\": \"n.json\"},"
                + " \"suite\": {\"cover\": \"RULES\", \"tests\": [], \"reserved\": [], \"summary\": null}}");
        assertThat(SuiteFiles.readSuite(bad).network()).isEqualTo(new ModelSource("json", "n.json"));
        assertThat(ModelSource.sample(List.of(1, 2, 3, 4), 50, 7)).hasSize(2);
    }
}
