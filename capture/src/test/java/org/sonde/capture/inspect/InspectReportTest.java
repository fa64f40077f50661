package org.sonde.capture.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.core.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class InspectReportTest {
    @TempDir
    Path dir;

    private static Inspection inspect(Path capture) {
        try (CaptureReader reader = CaptureReader.open(capture)) {
            return Inspection.of(reader);
        }
    }

    @Test
    void theReportHasItsSectionsAndItsJsonBesideIt() throws IOException {
        Path capture = TestCaptures.synth(dir.resolve("roce.pcapng"), 200 << 10, 1);
        Inspection inspection = inspect(capture);
        Path html = dir.resolve("out/inspect.html");
        Files.createDirectories(html.getParent());
        InspectReport.write(html, "roce.pcapng", inspection, "sonde pcap inspect roce.pcapng", "1.2.3 (abc)");

        assertThat(InspectReport.jsonPath(html)).isEqualTo(dir.resolve("out/inspect.json"));
        JsonNode json = Json.mapper().readTree(InspectReport.jsonPath(html).toFile());
        assertThat(json.get("capture").asText()).isEqualTo("roce.pcapng");
        assertThat(json.get("totals").get("packets").asLong()).isEqualTo(inspection.totals().getPackets()).isPositive();
        assertThat(json.get("totals").get("roceOpcodes").has("RC RDMA Write First")).isTrue();
        assertThat(json.get("firstPackets")).hasSize((int) inspection.totals().getPackets());

        String page = Files.readString(html);
        assertThat(page).contains("Capture inspection", "roce.pcapng", "sonde pcap inspect roce.pcapng", "1.2.3 (abc)",
                "Summary", "Protocols", "RoCEv2 opcodes", "Frame sizes", "Packets", "sonde-data");
    }

    @Test
    void sectionsCarryTheirPrefixAndMalformedPacketsAWarning() {
        Inspection inspection = inspect(TestCaptures.mixed(dir.resolve("mixed.pcapng"), 200, 2));
        var report = org.sonde.report.HtmlReport.titled("demo");
        InspectReport.addSections(report, "mixed.pcapng: ", inspection);
        String page = report.render();
        assertThat(page).contains("mixed.pcapng: Summary", "mixed.pcapng: Protocols", "mixed.pcapng: Frame sizes", "malformed packets");
    }

    @Test
    void theTotalsAsText() {
        Inspection inspection = inspect(TestCaptures.mixed(dir.resolve("mixed.pcapng"), 200, 2));
        ProtocolTotals t = inspection.totals();
        String text = t.text();
        assertThat(text).startsWith(String.format("%,d packets, %,d bytes, ", t.getPackets(), t.getBytes()))
                .contains("protocol", "malformed", "tcp", "roce", "RoCE opcode", "RC Send Only")
                .endsWith(String.format("bad IPv4 header checksums: %d, bad TCP/UDP/ICMP checksums: %d, bad RoCE ICRCs: %d%n",
                        t.getBadIpv4Checksums(), t.getBadL4Checksums(), t.getBadIcrcs()));
        assertThat(t.getBadIcrcs()).isPositive();
    }
}
