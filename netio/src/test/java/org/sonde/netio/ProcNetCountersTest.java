package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

/** The strict reader of /proc/net/snmp and /proc/net/netstat: what it reads back, and what it refuses with the line. */
class ProcNetCountersTest {
    /** One section: its name and its fields with values, in order. */
    record Section(String name, Map<String, Long> fields) {}

    @Provide
    Arbitrary<List<Section>> tables() {
        Arbitrary<String> field = Arbitraries.strings().withCharRange('A', 'Z').withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12);
        Arbitrary<Map<String, Long>> fields = Arbitraries.maps(field, Arbitraries.longs()).ofMinSize(1).ofMaxSize(12).map(LinkedHashMap::new);
        Arbitrary<String> name = Arbitraries.strings().withCharRange('A', 'Z').withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
        return Combinators.combine(name, fields).as(Section::new).list().ofMinSize(1).ofMaxSize(5).uniqueElements(Section::name);
    }

    static String text(List<Section> sections) {
        StringBuilder b = new StringBuilder();
        for (Section s : sections) {
            b.append(s.name()).append(':');
            s.fields().keySet().forEach(f -> b.append(' ').append(f));
            b.append('\n').append(s.name()).append(':');
            s.fields().values().forEach(v -> b.append(' ').append(v));
            b.append('\n');
        }
        return b.toString();
    }

    @Property
    void aWellFormedTableReadsBackEveryValue(@ForAll("tables") List<Section> sections) {
        Map<String, Long> expected = new LinkedHashMap<>();
        for (Section s : sections) s.fields().forEach((f, v) -> expected.put(s.name() + ":" + f, v));
        assertThat(ProcNetCounters.parse(text(sections), "t")).isEqualTo(expected);
    }

    @Property
    void aValueLineWithAFieldMissingOrANonNumberIsRefusedNamingItsLine(@ForAll("tables") List<Section> sections, @ForAll boolean drop) {
        String[] lines = text(sections).split("\n");
        int victim = 1 + 2 * (sections.size() - 1);
        String line = lines[victim];
        lines[victim] = drop ? line.substring(0, line.lastIndexOf(' ')) + (line.indexOf(' ') == line.lastIndexOf(' ') ? " 1 2" : "")
                : line.substring(0, line.lastIndexOf(' ')) + " 12x";
        String bad = String.join("\n", lines) + "\n";
        assertThatThrownBy(() -> ProcNetCounters.parse(bad, "t"))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.location()).isEqualTo("line " + (victim + 1)));
    }

    @Property
    void anyTextIsReadOrRefusedAsBadInputNeverAnythingElse(@ForAll("noise") String text) {
        try {
            Map<String, Long> m = ProcNetCounters.parse(text, "t");
            assertThat(m.keySet()).allMatch(k -> k.contains(":"));
        } catch (BadInputException e) {
            assertThat(e.location()).startsWith("line ");
        }
    }

    @Provide
    Arbitrary<String> noise() {
        // the characters /proc's tables are made of, mixed so that some inputs come close to valid ones
        return Arbitraries.strings().withChars("Tcp: 0123456789-\nAbx ").ofMaxLength(200);
    }

    @Test
    void aSectionWhoseValuesFollowAnotherHeaderIsRefused() {
        assertThatThrownBy(() -> ProcNetCounters.parse("Tcp: A B\nUdp: 1 2\n", "snmp"))
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.location()).isEqualTo("line 2");
                    assertThat(e.getMessage()).contains("Udp").contains("Tcp");
                });
        assertThatThrownBy(() -> ProcNetCounters.parse("Tcp: A B\n", "snmp")).isInstanceOf(BadInputException.class);
    }

    @Test
    void thisMachinesTablesRead() throws Exception {
        List<String> missing = new ArrayList<>();
        Map<String, Long> snmp = ProcNetCounters.parse(Files.readString(Path.of("/proc/net/snmp")), "/proc/net/snmp");
        Map<String, Long> netstat = ProcNetCounters.parse(Files.readString(Path.of("/proc/net/netstat")), "/proc/net/netstat");
        for (String k : List.of("Tcp:RetransSegs", "Tcp:ActiveOpens", "Tcp:MaxConn")) if (!snmp.containsKey(k)) missing.add(k);
        for (String k : List.of("TcpExt:ListenOverflows", "TcpExt:ListenDrops", "TcpExt:TCPTimeouts")) if (!netstat.containsKey(k)) missing.add(k);
        assertThat(missing).isEmpty();
        assertThat(snmp.get("Tcp:MaxConn")).isEqualTo(-1L);
        assertThat(ProcNetCounters.readThisThread()).containsKeys("Tcp:RetransSegs", "TcpExt:ListenOverflows");
    }
}
