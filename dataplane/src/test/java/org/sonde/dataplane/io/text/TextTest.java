package org.sonde.dataplane.io.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;

/** The helpers every text importer reads its files with. */
class TextTest {
    @Test
    void linesKeepBlankLinesAndIndentation() {
        List<Line> lines = Text.lines("interface Te1/1\n switchport  mode\ttrunk  \n\n   \nend");
        assertThat(lines).containsExactly(new Line(1, "interface Te1/1", List.of("interface", "Te1/1")),
                new Line(2, " switchport  mode\ttrunk", List.of("switchport", "mode", "trunk")),
                new Line(3, "", List.of()), new Line(4, "", List.of()), new Line(5, "end", List.of("end")));
        assertThat(lines.get(1).indented()).isTrue();
        assertThat(lines.get(1).body()).isEqualTo("switchport  mode\ttrunk");
        assertThat(lines.get(1).token(2)).isEqualTo("trunk");
        assertThat(lines.get(1).token(3)).isEmpty();
        assertThat(Text.nonBlankLines("\n a b\n\t\nc\n")).extracting(Line::number).containsExactly(2, 4);
    }

    @Test
    void tokensSplitWhereStripWouldTrim() {
        assertThat(Text.tokens("  a\tb \u000Bc\fd\u001Ce  ")).containsExactly("a", "b", "c", "d", "e");
        assertThat(Text.tokens("a\u00A0b")).containsExactly("a\u00A0b"); // a no-break space joins, as strip() keeps it
        assertThat(Text.tokens(" \t ")).isEmpty();
    }

    @Test
    void linesSplitAsTokensDoes() {
        // A character strip() trims at the ends also separates fields inside the line, in every format.
        assertThat(Text.lines("\u001Cinterface\u001CTe1/1\u001C").getFirst().tokens()).containsExactly("interface", "Te1/1");
        assertThat(Text.nonBlankLines("+ fwd\u001Fr1 0 0 self 0").getFirst().tokens()).containsExactly("+", "fwd", "r1", "0", "0", "self", "0");
    }

    @Test
    void numbersNameTheFieldAndTheRange() {
        assertThat(Text.number("f", 3, "VLAN", "4094", 1, 4094)).isEqualTo(4094);
        assertThat(Text.longNumber("f", 3, "address", "4294967295", 0, 0xFFFF_FFFFL)).isEqualTo(0xFFFF_FFFFL);
        assertThatThrownBy(() -> Text.number("f", 3, "VLAN", "0", 1, 4094)).isInstanceOf(BadInputException.class)
                .hasMessage("f: line 3: VLAN: expected an integer 1..4094, got \"0\"");
        assertThatThrownBy(() -> Text.number("f", 3, "age", "-1", 0, 9)).hasMessage("f: line 3: age: expected an integer 0..9, got \"-1\"");
        assertThatThrownBy(() -> Text.number("f", 3, "age", "12345678901", 0, Integer.MAX_VALUE))
                .hasMessage("f: line 3: age: expected an integer 0..2147483647, got \"12345678901\"");
    }

    @Test
    void addressesSayWhetherTheShapeOrAnOctetIsWrong() {
        assertThat(Text.ip("f", 1, "next hop", "171.64.1.255")).isEqualTo(0xAB40_01FFL);
        assertThatThrownBy(() -> Text.ip("f", 2, "next hop", "171.64.1")).hasMessage("f: line 2: next hop: expected a dotted IPv4 address, got \"171.64.1\"");
        assertThatThrownBy(() -> Text.ip("f", 2, "next hop", "171.64.1.256")).hasMessage("f: line 2: next hop: expected octets 0..255, got 171.64.1.256");
        assertThat(Text.isIp("999.1.1.1")).isTrue(); // the shape only
    }

    @Provide
    Arbitrary<String> dottedish() {
        return Arbitraries.of("0", "1", "9", "25", "255", "256", "099", "1000", ".", "", "a", " ").list().ofMaxSize(9).map(l -> String.join("", l));
    }

    /** The hand-written parse accepts exactly what the dotted-quad pattern with octets up to 255 accepts. */
    @Property(tries = 2000)
    void ipAgreesWithThePattern(@ForAll("dottedish") String s) {
        Matcher m = Pattern.compile("([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})").matcher(s);
        boolean valid = m.matches();
        long expected = 0;
        for (int i = 1; valid && i <= 4; i++) {
            valid = Integer.parseInt(m.group(i)) <= 255;
            expected = expected << 8 | (valid ? Integer.parseInt(m.group(i)) : 0);
        }
        if (valid) {
            assertThat(Text.ip("f", 1, "a", s)).isEqualTo(expected);
        } else {
            assertThatThrownBy(() -> Text.ip("f", 1, "a", s)).isInstanceOf(BadInputException.class);
        }
    }

    @Test
    void clipsCutLongFields() {
        String s = "x".repeat(61);
        assertThat(Text.clip("x".repeat(60))).hasSize(60);
        assertThat(Text.clip(s)).isEqualTo("x".repeat(60) + "…");
        assertThat(Text.clipAscii(s)).isEqualTo("x".repeat(57) + "...");
    }

    @Test
    void readsTheKeptFilesOfADirectoryByteForByte(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("b.txt"), new byte[] {'h', (byte) 0xE9, '\n'});
        Files.writeString(dir.resolve("a.txt"), "a");
        Files.writeString(dir.resolve("c.xml"), "c");
        Files.createDirectory(dir.resolve("d.txt"));
        Map<String, String> files = Text.readFiles(dir, p -> Files.isRegularFile(p) && p.toString().endsWith(".txt"));
        assertThat(files).containsExactly(Map.entry("a.txt", "a"), Map.entry("b.txt", "h\u00e9\n"));
    }

    @Test
    void errorsNameFileAndLineOrTheFileName() {
        assertThat(Text.bad("a.txt", 7, "expected x")).hasMessage("a.txt: line 7: expected x");
        assertThat(Text.badName("acls/x", "expected y")).hasMessage("acls/x: file name: expected y");
    }
}
