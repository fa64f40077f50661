package org.sonde.cli.inject;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.sonde.cli.CliRun;
import org.sonde.cli.interop.RequiresTshark;
import org.sonde.cli.interop.Tshark;
import org.sonde.cli.interop.TsharkRows;
import org.sonde.core.Json;

/** {@code sonde inject run} of the TCP Listing 2 on Linux (needs root), and Wireshark's reading of its trace. */
@Tag("netns")
@RequiresTshark
class InjectTcpNetnsTest {
    static final String TCP_LISTING_2 = Path.of("..", "examples", "inject", "tcp-listing2.yaml").toString();

    @TempDir
    Path dir;

    @Test
    void tcpListing2RunsOnLinuxAndWiresharkReadsTheEventsInItsTrace(Tshark tshark) throws Exception {
        Path out = dir.resolve("tcp");
        CliRun r = CliRun.of("inject", "run", TCP_LISTING_2, "--out", out.toString(), "--json", dir.resolve("a.json").toString());
        if (r.exitCode() == 4 && (r.err().contains("root") || r.err().contains("not installed"))) {
            String why = "the netns tests need root, iproute2, ethtool, iptables and libnetfilter-queue1: " + r.err();
            Assumptions.assumeFalse("1".equals(System.getenv("SONDE_SKIP_NETNS")), why);
            throw new AssertionFailedError(why);
        }
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("tcp-listing2 on linux", "integrity   pass", "recovery    pass conn 3 seg 10 iter 1: tlp",
                "recovery    pass conn 2 seg 5 iter 3: rto", "ECN         pass conn 1 seg 3", "SACK        pass");
        JsonNode analysis = Json.mapper().readTree(out.resolve("analysis.json").toFile());
        assertThat(Json.mapper().readTree(dir.resolve("a.json").toFile())).isEqualTo(analysis);
        JsonNode result = Json.mapper().readTree(out.resolve("result.json").toFile());
        assertThat(result.get("complete").asBoolean()).isTrue();
        assertThat(result.get("connections")).hasSize(3);
        assertThat(Files.readString(out.resolve("report.html"))).contains("tcp-listing2", "<svg");

        // every packet the injector saw, in order, with the event the test asked for in its comment
        TsharkRows rows = tshark.fields(out.resolve("trace.pcapng"), List.of("frame.comment", "tcp.dstport"), Map.of());
        assertThat(rows.size()).isEqualTo(result.get("packets").asInt());
        List<String> events = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            String comment = rows.field(i, "frame.comment");
            assertThat(comment).as(rows.describe(i)).startsWith("seq=" + (i + 1) + " event=");
            if (!comment.contains("event=none")) events.add(comment.replaceFirst("^seq=\\d+ ", ""));
        }
        assertThat(events).containsExactlyInAnyOrder("event=ecn conn=1 seg=3 iter=1", "event=drop conn=2 seg=5 iter=1",
                "event=drop conn=2 seg=5 iter=2", "event=drop conn=2 seg=5 iter=3", "event=drop conn=3 seg=10 iter=1");
    }
}
