package org.sonde.probe.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

class ProbesCsvTest {
    private static final Topology FAT = Generators.fatTree(4);
    private static final List<String> THERE = List.of("h0", "edge0-0", "agg0-0", "core0", "agg1-0", "edge1-0", "h4");
    private static final List<String> BACK = List.of("h4", "edge1-0", "agg1-1", "core2", "agg0-1", "edge0-0", "h0");

    private static ProbeRecord ping(long window, String outcome, double rtt) {
        ProbeRecord.Outcome o = ProbeRecord.Outcome.valueOf(outcome);
        return new ProbeRecord(window, 1000 + window, ProbeRecord.Kind.PING, "h0", "h4", "10.0.0.1", 40000, "10.0.0.5", 80, o, rtt, List.of());
    }

    private static ProbeRecord trace(long window, boolean forward, List<String> hops, boolean complete) {
        return forward
                ? new ProbeRecord(window, 1, ProbeRecord.Kind.TRACE, "h0", "h4", "10.0.0.1", 40000, "10.0.0.5", 80,
                        complete ? ProbeRecord.Outcome.COMPLETE : ProbeRecord.Outcome.INCOMPLETE, 0.5, hops)
                : new ProbeRecord(window, 1, ProbeRecord.Kind.TRACE, "h4", "h0", "10.0.0.5", 80, "10.0.0.1", 40000,
                        complete ? ProbeRecord.Outcome.COMPLETE : ProbeRecord.Outcome.INCOMPLETE, 0.5, hops);
    }

    @Test
    void pingsAreCountedPerWindowOnTheRoundTripTheLatestCompleteTraceroutesSaw() {
        List<ProbeRecord> records = new ArrayList<>();
        records.add(trace(0, true, THERE, true));
        records.add(trace(0, false, BACK, true));
        for (int i = 0; i < 99; i++) records.add(ping(0, "RST", 0.1 + i / 1000.0));
        records.add(ping(0, "RST", 7));
        // window 1: the traceroute there stops at a lossy hop; the window-0 path stands
        records.add(trace(1, true, List.of("h0", "edge0-0", "*"), false));
        for (int i = 0; i < 8; i++) records.add(ping(1, "SYN_ACK", 0.2));
        records.add(ping(1, "LOST", Double.NaN));
        records.add(ping(1, "UNREACHABLE", Double.NaN));
        ProbesCsv.Aggregated a = ProbesCsv.aggregate(records, "r.csv", FAT);
        assertThat(a.untracedPings()).isZero();
        assertThat(a.rows()).hasSize(2);
        ResultsCsv.Row w0 = a.rows().get(0), w1 = a.rows().get(1);
        assertThat(w0.sent()).isEqualTo(100);
        assertThat(w0.lost()).isZero();
        assertThat(w0.p99Millis()).isEqualTo(0.198); // the 99th of 100 round trips, not the 7 ms outlier
        assertThat(w1.window()).isEqualTo(1);
        assertThat(w1.sent()).isEqualTo(10);
        assertThat(w1.lost()).isEqualTo(2);
        List<String> roundTrip = new ArrayList<>(THERE);
        roundTrip.addAll(BACK.subList(1, BACK.size()));
        assertThat(names(w1.path())).isEqualTo(roundTrip.subList(1, roundTrip.size()));
    }

    @Test
    void withoutTheWayBackThePathIsTheWayThereAndWithoutAnyCompleteTraceThePingsAreCountedAsUntraced() {
        ProbesCsv.Aggregated oneWay = ProbesCsv.aggregate(List.of(trace(0, true, THERE, true), ping(0, "RST", 0.1)), "r.csv", FAT);
        assertThat(names(oneWay.rows().getFirst().path())).isEqualTo(THERE.subList(1, THERE.size()));
        ProbeRecord other = new ProbeRecord(0, 1, ProbeRecord.Kind.PING, "h1", "h4", "10.0.0.2", 40001, "10.0.0.5", 80, ProbeRecord.Outcome.LOST,
                Double.NaN, List.of());
        ProbesCsv.Aggregated some = ProbesCsv.aggregate(List.of(trace(0, true, THERE, true), ping(0, "RST", 0.1), other), "r.csv", FAT);
        assertThat(some.rows()).hasSize(1);
        assertThat(some.untracedPings()).isEqualTo(1);
        // a traceroute from a later window does not give an earlier window its path
        assertThatThrownBy(() -> ProbesCsv.aggregate(List.of(trace(1, true, THERE, true), ping(0, "RST", 0.1)), "r.csv", FAT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("no ping's 5-tuple has a complete traceroute");
    }

    @Test
    void localizeReadsTheRecordsAsTheyAre(@TempDir Path dir) throws Exception {
        List<ProbeRecord> records = new ArrayList<>(List.of(trace(0, true, THERE, true), trace(0, false, BACK, true)));
        for (int i = 0; i < 10; i++) records.add(ping(3, i < 4 ? "LOST" : "RST", i < 4 ? Double.NaN : 0.1));
        StringWriter w = new StringWriter();
        ProbesCsv.write(w, records);
        Path csv = dir.resolve("probes.csv");
        Files.writeString(csv, w.toString());
        Diagnosis.Result r = Diagnosis.localize(FAT, csv, Diagnosis.Options.defaults());
        assertThat(r.window()).isEqualTo(3);
        assertThat(r.probes()).isEqualTo(1);
        assertThat(r.badProbes()).isEqualTo(1);
        assertThat(r.suspects().getFirst().probes()).isEqualTo(1);
        assertThat(r.suspects().getFirst().worst().getFirst().lost()).isEqualTo(4);
    }

    @Property(tries = 50)
    void writtenRecordsReadBackTheSame(@ForAll @IntRange(min = 0, max = 5) int window, @ForAll @IntRange(min = 1, max = 65535) int port,
                                       @ForAll @IntRange(min = 0, max = 100_000) int micros, @ForAll boolean lost) {
        List<ProbeRecord> in = List.of(
                new ProbeRecord(window, 17, ProbeRecord.Kind.PING, "h0", "h4", "10.0.0.1", port, "10.0.0.5", 80,
                        lost ? ProbeRecord.Outcome.LOST : ProbeRecord.Outcome.SYN_ACK, lost ? Double.NaN : micros / 1000.0, List.of()),
                new ProbeRecord(window, 18, ProbeRecord.Kind.TRACE, "h0", "h4", "10.0.0.1", port, "10.0.0.5", 80, ProbeRecord.Outcome.INCOMPLETE,
                        Double.NaN, List.of("h0", "*", "agg0-0")));
        StringWriter w = new StringWriter();
        try {
            ProbesCsv.write(w, in);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        assertThat(ProbesCsv.parse(w.toString(), "r.csv")).isEqualTo(in);
    }

    @Test
    void aBadRecordNamesItsLineAndColumn() {
        String ok = "0,1,ping,h0,h4,10.0.0.1,40000,10.0.0.5,80,tcp,rst,0.100,";
        assertThatThrownBy(() -> ProbesCsv.parse(ProbesCsv.HEADER + "\n" + ok + "\n" + ok.replace("rst", "maybe"), "r.csv"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 3, outcome").hasMessageContaining("syn-ack");
        assertThatThrownBy(() -> ProbesCsv.parse(ProbesCsv.HEADER + "\n" + ok.replace(",tcp,", ",udp,"), "r.csv"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 2, protocol");
        assertThatThrownBy(() -> ProbesCsv.parse(ProbesCsv.HEADER + "\n" + ok.replace("ping", "trace"), "r.csv"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 2").hasMessageContaining("cannot have the outcome rst");
        assertThatThrownBy(() -> ProbesCsv.parse(ProbesCsv.HEADER + "\n" + ok.replace(",40000,", ",70000,"), "r.csv"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 2, sourcePort");
    }

    @Test
    void aRoundTripPathMustReachTheTargetOnceAndEndAtEitherEnd() {
        String head = ResultsCsv.HEADER + "\n1,h0,h4,40000,80,";
        assertThat(ResultsCsv.parse(head + String.join(" ", THERE) + " " + String.join(" ", BACK.subList(1, BACK.size())) + ",10,1,\n", "r.csv", FAT))
                .singleElement().satisfies(r -> assertThat(r.path()).hasSize(12));
        assertThatThrownBy(() -> ResultsCsv.parse(head + "h0 edge0-0 agg0-0 edge0-1 h2,10,1,\n", "r.csv", FAT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("never reaches the target h4");
        assertThatThrownBy(() -> ResultsCsv.parse(head + String.join(" ", THERE) + " edge1-0 agg1-0,10,1,\n", "r.csv", FAT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("neither at the target");
    }

    private static List<String> names(int[] path) {
        List<String> out = new ArrayList<>();
        for (int l : path) out.add(FAT.node(FAT.link(l).to()).name());
        return out;
    }
}
