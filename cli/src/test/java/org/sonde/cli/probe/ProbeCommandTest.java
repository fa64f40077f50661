package org.sonde.cli.probe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;
import org.sonde.probe.cover.CouponCollector;

public class ProbeCommandTest {
    /** Probe records of a k=4 fat-tree in which two probes through agg0-0 lose packets (JsonSchemasTest reads them too). */
    public static final String RESULTS = """
                window,source,target,sourcePort,destinationPort,path,sent,lost,p99Millis
                1,h0,h2,40000,80,h0 edge0-0 agg0-0 edge0-1 h2,100,9,
                1,h0,h2,40001,80,h0 edge0-0 agg0-1 edge0-1 h2,100,0,
                1,h1,h3,40002,80,h1 edge0-0 agg0-0 edge0-1 h3,100,12,
                1,h4,h6,40003,80,h4 edge1-0 agg1-0 edge1-1 h6,100,0,
                1,h2,h0,40004,80,h2 edge0-1 agg0-0 edge0-0 h0,100,0,
                """;

    @Test
    void coverWritesTheSmallestTupleCount(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("cover.json");
        CliRun r = CliRun.of("probe", "cover", "--next-hops", "16", "--confidence", "0.99", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode n = Json.mapper().readTree(json.toFile());
        int k = n.get("tuples").asInt();
        assertThat(n.get("probability").asDouble()).isGreaterThanOrEqualTo(0.99).isEqualTo(CouponCollector.probability(16, k));
        assertThat(CouponCollector.probability(16, k - 1)).isLessThan(0.99);
        assertThat(r.out()).contains(k + " tuples cover 16 next hops");
    }

    @Test
    void aSimulationsRecordsLocaliseAlikeAsCsvOrParquetInProcessAndOnSpark(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("r.csv"), parquet = dir.resolve("r.parquet");
        String failed = null;
        for (Path records : new Path[] {csv, parquet}) {
            CliRun r = CliRun.of("probe", "simulate", "--topology", "fattree:4", "--trials", "1", "--pings", "40", "--record-windows", "2",
                    "--records", records.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            Matcher m = Pattern.compile("wrote " + Pattern.quote(records.toString())
                    + ": [\\d,]+ records of 2 window\\(s\\), failed (\\S+)").matcher(r.out());
            assertThat(m.find()).as(r.out()).isTrue();
            failed = m.group(1);
        }
        String expected = null;
        List<List<String>> ways = List.of(List.of(csv.toString()), List.of(parquet.toString()),
                List.of(csv.toString(), "--backend", "spark", "--master", "local[2]"), List.of(parquet.toString(), "--backend", "spark", "--master", "local[2]"));
        for (List<String> how : ways) {
            Path json = dir.resolve("localized-" + ways.indexOf(how) + ".json");
            List<String> args = new ArrayList<>(List.of("probe", "localize", "--topology", "fattree:4", "--json", json.toString(), "--results"));
            args.addAll(how);
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(r.err()).isEqualTo(1); // bad probes
            String text = Files.readString(json);
            if (expected == null) expected = text;
            assertThat(text).as(String.join(" ", how)).isEqualTo(expected);
            assertThat(Json.mapper().readTree(text).get("suspects").get(0).get("link").asText()).isEqualTo(failed);
        }
    }

    @Test
    void badValuesAreUsageErrors() {
        assertThat(CliRun.of("probe", "cover", "--next-hops", "16", "--confidence", "1.5").exitCode()).isEqualTo(2);
        assertThat(CliRun.of("probe", "simulate", "--topology", "fattree:3", "--trials", "1").exitCode()).isEqualTo(2);
        assertThat(CliRun.of("probe", "plan", "--topology", "fattree:4", "--strategy", "best").exitCode()).isEqualTo(2);
    }

    @Test
    void agentOptionsAreCheckedBeforeTheTestbedIsTouched(@TempDir Path dir) {
        Path plan = dir.resolve("plan");
        assertThat(CliRun.of("probe", "plan", "--topology", "fattree:4", "--out", plan.toString()).exitCode()).isZero();
        String p = plan.resolve("plan.json").toString(), out = dir.resolve("r.csv").toString();
        CliRun both = CliRun.of("probe", "agent", "--plan", p, "--lossy", "agg0-0->core0=0.1", "--down", "agg0-0->core0", "--results", out);
        assertThat(both.exitCode()).isEqualTo(2);
        CliRun unknown = CliRun.of("probe", "agent", "--plan", p, "--down", "agg0-0->core9", "--results", out);
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no link agg0-0->core9");
        assertThat(CliRun.of("probe", "agent", "--plan", p, "--lossy", "agg0-0->core0=1.5", "--results", out).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("probe", "agent", "--plan", p, "--slow", "agg0-0->core0=fast", "--results", out).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("probe", "agent", "--plan", p, "--slow", "agg0-0->core0=1k", "--results", out).err()).contains("at least 8 kbit/s");
        assertThat(CliRun.of("probe", "agent", "--plan", p, "--down", "agg0-0->core0", "--windows", "1", "--results", out).exitCode()).isEqualTo(2);
        CliRun otherTopology = CliRun.of("probe", "agent", "--topology", "idn:4:3:1", "--plan", p, "--results", out);
        assertThat(otherTopology.exitCode()).isEqualTo(3); // the plan's agents are not that topology's
    }

    @Test
    void planWritesValidatedFilesAndATopologyFileErrorNamesTheLine(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("probe", "plan", "--topology", "fattree:4", "--alpha", "2", "--out", dir.resolve("plan").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(dir.resolve("plan/agents/h15.json")).exists();
        JsonNode plan = Json.mapper().readTree(dir.resolve("plan/plan.json").toFile());
        assertThat(plan.get("summary").get("coveredLinks").asInt()).isEqualTo(96);
        Path topo = dir.resolve("net.txt");
        Files.writeString(topo, "router r1\nhost h1 agent 1\nlink h1 r2\n");
        CliRun bad = CliRun.of("probe", "plan", "--topology", topo.toString());
        assertThat(bad.exitCode()).isEqualTo(3);
        assertThat(bad.err()).contains("net.txt: line 3: unknown node r2");
    }

    @Test
    void simulateWritesAccuracyAndOverhead(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("sim.json");
        Path html = dir.resolve("sim.html");
        CliRun r = CliRun.of("probe", "simulate", "--topology", "fattree:4", "--failures", "1", "--trials", "40", "--alpha", "2", "--seed", "3",
                "--json", json.toString(), "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode n = Json.mapper().readTree(json.toFile());
        assertThat(n.get("trials").asInt()).isEqualTo(40);
        double top1 = n.get("accuracy").get("top1").asDouble();
        double top3 = n.get("accuracy").get("top3").asDouble();
        assertThat(top1).isBetween(0.0, 1.0).isLessThanOrEqualTo(top3);
        assertThat(n.get("probesPerRound").asInt()).isPositive();
        assertThat(n.get("methods").fieldNames()).toIterable().containsExactly("sherlock", "tomography", "007", "netbouncer");
        assertThat(Files.readString(html)).contains("Accuracy by method", "sherlock (reported)");
    }

    @Test
    void localizeNamesTheSuspect(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("r.csv");
        Files.writeString(csv, RESULTS);
        Path json = dir.resolve("s.json");
        Path html = dir.resolve("suspects.html");
        CliRun r = CliRun.of("probe", "localize", "--topology", "fattree:4", "--results", csv.toString(), "--json", json.toString(),
                "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(Files.readString(html)).contains("Links by suspicion", "<svg", "h1 edge0-0 agg0-0 edge0-1 h3");
        JsonNode n = Json.mapper().readTree(json.toFile());
        // edge0-0 -> agg0-0 and agg0-0 -> edge0-1 are both on exactly the two bad paths and no good one
        assertThat(n.get("suspects").get(0).get("link").asText()).isIn("edge0-0->agg0-0", "agg0-0->edge0-1");
        assertThat(n.get("suspects").get(0).get("badProbes").asInt()).isEqualTo(2);
        assertThat(n.get("badProbes").asInt()).isEqualTo(2);
    }
}
