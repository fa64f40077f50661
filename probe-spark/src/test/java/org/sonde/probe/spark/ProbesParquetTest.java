package org.sonde.probe.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.sonde.core.BadInputException;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;

class ProbesParquetTest {
    @Provide
    Arbitrary<List<ProbeRecord>> records() {
        Arbitrary<String> name = Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(8);
        Arbitrary<ProbeRecord> pings = Combinators.combine(Arbitraries.longs().between(0, 1 << 20), Arbitraries.longs().between(0, Long.MAX_VALUE / 2),
                        name, name, Arbitraries.integers().between(1, 65535), Arbitraries.of(ProbeRecord.Outcome.SYN_ACK, ProbeRecord.Outcome.RST,
                                ProbeRecord.Outcome.LOST, ProbeRecord.Outcome.UNREACHABLE), Arbitraries.doubles().between(0, 1e5).injectNull(0.3))
                .as((w, t, a, b, port, outcome, rtt) -> new ProbeRecord(w, t, ProbeRecord.Kind.PING, a, b, "10.0.0.1", port, "10.0.0.2", 80, outcome,
                        rtt == null ? Double.NaN : rtt, List.of()));
        Arbitrary<ProbeRecord> traces = Combinators.combine(Arbitraries.longs().between(0, 1 << 20), name, name, name.list().ofMinSize(1).ofMaxSize(8),
                        Arbitraries.of(ProbeRecord.Outcome.COMPLETE, ProbeRecord.Outcome.INCOMPLETE))
                .as((w, a, b, hops, outcome) -> new ProbeRecord(w, 5, ProbeRecord.Kind.TRACE, a, b, "10.0.0.1", 1234, "10.0.0.2", 443, outcome, 0.5, hops));
        return Arbitraries.oneOf(pings, traces).list().ofMaxSize(60);
    }

    /** What the CSV keeps of a record: its line; Parquet keeps the same. */
    private static List<String> lines(List<ProbeRecord> records) {
        return records.stream().map(ProbesCsv::line).toList();
    }

    @Property(tries = 60)
    void recordsComeBackAsTheCsvKeepsThem(@ForAll("records") List<ProbeRecord> records) throws IOException {
        Path dir = Files.createTempDirectory("probes-parquet");
        try {
            Path file = dir.resolve("r.parquet");
            ProbesParquet.write(file, records);
            assertThat(lines(ProbesParquet.read(file))).isEqualTo(lines(records));
            assertThat(dir.toFile().list()).containsExactly("r.parquet"); // no staged file left
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    @Property(tries = 40)
    void aTruncatedFileIsABadInputNamingIt(@ForAll("records") List<ProbeRecord> records, @ForAll @IntRange(min = 0, max = 1000) int cut) throws IOException {
        Path dir = Files.createTempDirectory("probes-parquet");
        Path file = dir.resolve("r.parquet"), truncated = dir.resolve("t.parquet");
        try {
            ProbesParquet.write(file, records);
            byte[] bytes = Files.readAllBytes(file);
            Files.write(truncated, Arrays.copyOf(bytes, Math.max(0, bytes.length - 1 - cut % bytes.length)));
            assertThatThrownBy(() -> ProbesParquet.read(truncated)).isInstanceOf(BadInputException.class).hasMessageContaining("t.parquet");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(truncated);
            Files.delete(dir);
        }
    }

    @Property(tries = 20)
    void aFileWithoutTheColumnsIsABadInput(@ForAll("records") List<ProbeRecord> records) throws IOException {
        // any other Parquet file: here one whose text is a CSV, not Parquet at all
        Path dir = Files.createTempDirectory("probes-parquet");
        Path file = dir.resolve("c.parquet");
        try {
            List<String> text = new ArrayList<>(List.of(ProbesCsv.HEADER));
            text.addAll(lines(records));
            Files.write(file, text);
            assertThatThrownBy(() -> ProbesParquet.read(file)).isInstanceOf(BadInputException.class).hasMessageContaining("c.parquet");
        } finally {
            Files.deleteIfExists(file);
            Files.delete(dir);
        }
    }
}
