package org.sonde.probe.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.Method;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;
import org.sonde.spark.SparkSessions;

class SparkLocalizationTest {
    private static final String MASTER = "local[2]";
    private static final Topology FAT = Generators.fatTree(4);
    private static final String LOSSY = "agg0-0->core0";
    private static SparkSession spark;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        spark = SparkSessions.session("sonde probe test", MASTER);
    }

    /**
     * Seeded records of agents probing two thirds of the other agents over 4 windows: tuples through
     * {@link #LOSSY} lose 30 % of their pings, others none, one tuple's round trips jump 80 ms in the last window, some tuples
     * are never traced, some traceroutes are incomplete, and a tuple is traced twice in a window
     * (the later traceroute must count).
     */
    private static List<ProbeRecord> records(long seed) {
        Random rnd = new Random(seed);
        Routes routes = new Routes(FAT);
        int lossy = FAT.linkIndex(LOSSY);
        List<ProbeRecord> out = new ArrayList<>();
        List<Agent> agents = FAT.agents();
        for (Agent a : agents) {
            for (Agent b : agents) {
                if (a == b || rnd.nextInt(3) == 0) continue;
                int sport = 30000 + rnd.nextInt(30000);
                boolean traced = rnd.nextInt(10) != 0, spiky = rnd.nextInt(40) == 0;
                int[] path = routes.between(a, b).path(node -> rnd.nextDouble());
                List<String> hops = new ArrayList<>();
                hops.add(FAT.node(FAT.link(path[0]).from()).name());
                boolean throughLossy = false;
                for (int l : path) {
                    hops.add(FAT.node(FAT.link(l).to()).name());
                    throughLossy |= l == lossy;
                }
                for (long w = 0; w < 4; w++) {
                    long t = 1_000_000 + w * 60_000;
                    if (traced && rnd.nextInt(5) != 0) {
                        out.add(record(w, t, ProbeRecord.Kind.TRACE, a, b, sport, ProbeRecord.Outcome.COMPLETE, 0.4, hops));
                        if (rnd.nextInt(6) == 0) // traced again later in the window: this one counts
                            out.add(record(w, t + 500, ProbeRecord.Kind.TRACE, a, b, sport, ProbeRecord.Outcome.COMPLETE, 0.4, hops));
                    } else if (rnd.nextBoolean()) {
                        out.add(record(w, t, ProbeRecord.Kind.TRACE, a, b, sport, ProbeRecord.Outcome.INCOMPLETE, Double.NaN, hops.subList(0, 2)));
                    }
                    int pings = 20 + rnd.nextInt(20);
                    for (int i = 0; i < pings; i++) {
                        boolean lost = throughLossy && rnd.nextInt(10) < 3;
                        double rtt = 0.1 + rnd.nextDouble() + (spiky && w == 3 ? 80 : 0);
                        ProbeRecord.Outcome o = lost ? ProbeRecord.Outcome.LOST : rnd.nextBoolean() ? ProbeRecord.Outcome.RST : ProbeRecord.Outcome.SYN_ACK;
                        out.add(record(w, t + 1000 + i, ProbeRecord.Kind.PING, a, b, sport, o, lost || rnd.nextInt(50) == 0 ? Double.NaN : rtt, List.of()));
                    }
                }
            }
        }
        return out;
    }

    private static ProbeRecord record(long window, long time, ProbeRecord.Kind kind, Agent a, Agent b, int sport, ProbeRecord.Outcome outcome,
                                      double rtt, List<String> hops) {
        return new ProbeRecord(window, time, kind, a.name(), b.name(), a.address(), sport, b.address(), 80, outcome, rtt, hops);
    }

    private Path csv(List<ProbeRecord> records, String name) throws IOException {
        StringWriter w = new StringWriter();
        ProbesCsv.write(w, records);
        Path p = dir.resolve(name);
        Files.writeString(p, w.toString());
        return p;
    }

    /** The same records as Parquet, written by Spark from the CSV (every column as text, as a data sink might keep them). */
    private Path textParquet(Path csv) {
        Path p = dir.resolve(csv.getFileName() + ".text.parquet");
        spark.read().option("header", "true").csv(csv.toString()).write().mode(SaveMode.Overwrite).parquet(p.toString());
        return p;
    }

    @Test
    void sparkGivesTheInProcessResultsOnCsvAndParquet() throws IOException {
        for (long seed = 1; seed <= 2; seed++) {
            List<ProbeRecord> records = records(seed);
            Path csv = csv(records, "records-" + seed + ".csv");
            Path text = textParquet(csv);
            Path typed = dir.resolve("records-" + seed + ".parquet");
            ProbeResults.write(typed, records);
            for (Diagnosis.Options o : List.of(Diagnosis.Options.defaults(),
                    new Diagnosis.Options(2, 0, 50, BadAgents.DEFAULT, Method.TOMOGRAPHY, 8),
                    new Diagnosis.Options(-1, 0.05, 20, null, Method.NETBOUNCER, 3))) {
                Diagnosis.Result local = Diagnosis.localize(FAT, csv, o);
                assertThat(local.probes()).isPositive();
                String expected = local.json();
                assertThat(SparkLocalization.localize(FAT, csv.toString(), o, MASTER).json()).as("seed %d, CSV, %s", seed, o).isEqualTo(expected);
                assertThat(SparkLocalization.localize(FAT, text.toString(), o, MASTER).json()).as("seed %d, Parquet of text, %s", seed, o).isEqualTo(expected);
                assertThat(SparkLocalization.localize(FAT, typed.toString(), o, MASTER).json()).as("seed %d, Parquet, %s", seed, o).isEqualTo(expected);
                assertThat(ProbeResults.localize(FAT, typed.toString(), o, null).json()).as("seed %d, Parquet in process, %s", seed, o).isEqualTo(expected);
            }
            Diagnosis.Result r = Diagnosis.localize(FAT, csv, Diagnosis.Options.defaults());
            // the records are made for these verdicts: the lossy link is found, and the untraced pings are counted
            assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isEqualTo(LOSSY);
            assertThat(r.untracedPings()).isPositive();
        }
    }

    @Test
    void theOrderOfTheRecordsChangesNothing() throws IOException {
        List<ProbeRecord> records = records(7);
        String inOrder = Diagnosis.localize(FAT, csv(records, "a.csv"), Diagnosis.Options.defaults()).json();
        Collections.shuffle(records, new Random(7));
        assertThat(Diagnosis.localize(FAT, csv(records, "b.csv"), Diagnosis.Options.defaults()).json()).isEqualTo(inOrder);
    }

    @Test
    void badRecordsAreErrorsNamingTheFileAndTheRecord() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, ProbesCsv.HEADER + "\n0,1,pong,h0,h4,10.0.0.1,40000,10.0.0.5,80,tcp,rst,0.1,\n");
        assertThatThrownBy(() -> SparkLocalization.localize(FAT, bad.toString(), Diagnosis.Options.defaults(), MASTER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("bad.csv").hasMessageContaining("kind").hasMessageContaining("pong");
        Path header = dir.resolve("header.csv");
        Files.writeString(header, "window,time\n0,1\n");
        assertThatThrownBy(() -> SparkLocalization.localize(FAT, header.toString(), Diagnosis.Options.defaults(), MASTER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("header.csv");
        Path noColumn = dir.resolve("nocolumn.parquet");
        spark.read().option("header", "true").csv(csv(records(1), "c.csv").toString()).drop("hops").write().parquet(noColumn.toString());
        assertThatThrownBy(() -> SparkLocalization.localize(FAT, noColumn.toString(), Diagnosis.Options.defaults(), MASTER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("hops");
    }

    @Test
    void pingsWithoutAnyTracedPathAreTheSameErrorAsInProcess() throws IOException {
        List<ProbeRecord> untraced = records(2).stream().filter(r -> r.kind() == ProbeRecord.Kind.PING).toList();
        Path p = csv(untraced, "untraced.csv");
        assertThatThrownBy(() -> Diagnosis.localize(FAT, p, Diagnosis.Options.defaults())).hasMessageContaining(ProbesCsv.NO_PATHS);
        assertThatThrownBy(() -> SparkLocalization.localize(FAT, p.toString(), Diagnosis.Options.defaults(), MASTER))
                .isInstanceOf(BadInputException.class).hasMessageContaining(ProbesCsv.NO_PATHS);
    }
}
