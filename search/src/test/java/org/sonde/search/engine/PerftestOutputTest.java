package org.sonde.search.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

/** perftest's bandwidth table in both units, with and without CPU utilisation; anything else is a typed error naming the line. */
class PerftestOutputTest {
    @Test
    void readsAClientOutputInMiBPerSecond() {
        String out = PerftestTables.clientOutput(false, List.of(new PerftestOutput.Row(65536, 5000, 11634.33, 11633.51, 0.186136, null)));
        PerftestOutput p = PerftestOutput.parse(out, "client");
        assertThat(p.gbits()).isFalse();
        assertThat(p.rows()).singleElement().satisfies(r -> {
            assertThat(r.bytes()).isEqualTo(65536);
            assertThat(r.average()).isEqualTo(11633.51);
        });
        assertThat(p.averageBitsPerSec()).isEqualTo(11633.51 * 1048576 * 8);
        assertThat(p.messagesPerSec()).isEqualTo(186136.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void readsReportGbitsAndCpuUtil() {
        String t = PerftestTables.table(true, true, List.of(new PerftestOutput.Row(1048576, 23422, 0.00, 196.45, 0.023419, 4.25)));
        PerftestOutput p = PerftestOutput.parse(t, "client");
        assertThat(p.gbits()).isTrue();
        assertThat(p.cpuUtil()).isTrue();
        assertThat(p.averageBitsPerSec()).isEqualTo(196.45e9, org.assertj.core.data.Offset.offset(1.0));
        assertThat(p.rows().get(0).cpuUtilPercent()).isEqualTo(4.25);
    }

    @Test
    void aMissingTableIsAnErrorNotZero() {
        assertThatThrownBy(() -> PerftestOutput.parse(" Couldn't connect to 10.0.0.2:18515\nUnable to open file descriptor for socket connection\n", "client on A"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("client on A").hasMessageContaining("no result table");
    }

    @Test
    void aBadNumberNamesTheLineAndColumn() {
        String t = PerftestTables.table(false, false, List.of(new PerftestOutput.Row(65536, 5000, 1.0, 2.0, 0.5, null))).replace("2.00", "-nan");
        assertThatThrownBy(() -> PerftestOutput.parse(t, "out")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("line 3").hasMessageContaining("BW average");
    }

    @Test
    void aHeaderWithoutRowsIsAnError() {
        String t = PerftestTables.LINE + "\n #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n" + PerftestTables.LINE + "\n";
        assertThatThrownBy(() -> PerftestOutput.parse(t, "out")).isInstanceOf(BadInputException.class).hasMessageContaining("at least one result row");
    }

    @Test
    void theLatencyTableIsRefusedByItsHeader() {
        String t = " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]\n 2       1000          1.23           4.56         1.30\n";
        assertThatThrownBy(() -> PerftestOutput.parse(t, "out")).isInstanceOf(BadInputException.class).hasMessageContaining("line 1");
    }

    @Provide
    Arbitrary<PerftestOutput.Row> rows() {
        Arbitrary<Long> bytes = Arbitraries.longs().between(1, 1L << 23);
        Arbitrary<Long> iters = Arbitraries.longs().between(5, 100_000_000);
        Arbitrary<Double> bw = Arbitraries.longs().between(0, 9_999_999_99L).map(c -> c / 100.0);
        Arbitrary<Double> mpps = Arbitraries.longs().between(0, 999_999_999L).map(u -> u / 1e6);
        return Combinators.combine(bytes, iters, bw, bw, mpps).as((b, i, p, a, m) -> new PerftestOutput.Row(b, i, p, a, m, null));
    }

    @Provide
    Arbitrary<List<PerftestOutput.Row>> rowLists() {
        return rows().list().ofMinSize(1).ofMaxSize(6);
    }

    @Property(tries = 200)
    void validTablesRoundTrip(@ForAll("rowLists") List<PerftestOutput.Row> rows, @ForAll boolean gbits) {
        if (rows.isEmpty()) return;
        PerftestOutput p = PerftestOutput.parse(PerftestTables.table(gbits, false, rows), "t");
        assertThat(p.gbits()).isEqualTo(gbits);
        assertThat(p.rows()).isEqualTo(rows);
    }

    @Property(tries = 300)
    void truncatedTablesParseOrFailTyped(@ForAll("rowLists") List<PerftestOutput.Row> rows, @ForAll @IntRange(min = 0, max = 2000) int cut) {
        if (rows.isEmpty()) return;
        String t = PerftestTables.clientOutput(true, rows);
        String prefix = t.substring(0, Math.min(cut * t.length() / 2000, t.length()));
        try {
            PerftestOutput p = PerftestOutput.parse(prefix, "t");
            // what parses is a prefix of the rows, the last one possibly cut inside its last number
            assertThat(p.rows().size()).isBetween(1, rows.size());
            assertThat(p.rows().subList(0, p.rows().size() - 1)).isEqualTo(rows.subList(0, p.rows().size() - 1));
        } catch (BadInputException expected) {
            assertThat(expected.getMessage()).startsWith("t: ");
        }
    }

    @Property(tries = 500)
    void arbitraryTextNeverThrowsAnythingButBadInput(@ForAll("noise") String text) {
        try {
            PerftestOutput p = PerftestOutput.parse(text, "t");
            assertThat(p.rows()).isNotEmpty();
        } catch (BadInputException expected) {
            assertThat(expected.getMessage()).startsWith("t: ");
        }
    }

    @Provide
    Arbitrary<String> noise() {
        Arbitrary<String> pieces = Arbitraries.of(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]",
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]    CPU_Util[%]", PerftestTables.LINE, " 65536      5000  1.00  2.00  0.100000",
                " 65536 5000 1.00 2.00 0.1 3.5", "", "\t", " 1e9 5 nan inf -1", "99999999999999999999 1 1 1 1");
        Arbitrary<String> junk = Arbitraries.strings().ofMaxLength(40);
        return Arbitraries.oneOf(pieces, junk).list().ofMaxSize(8).map(l -> String.join("\n", l));
    }

    @Test
    void severalSizesAreSeveralRows() {
        List<PerftestOutput.Row> rows = new ArrayList<>();
        for (int k = 1; k <= 23; k++) rows.add(new PerftestOutput.Row(1L << k, 5000, k, k, k / 1000.0, null));
        assertThat(PerftestOutput.parse(PerftestTables.table(false, false, rows), "all").rows()).hasSize(23);
    }
}
