package org.sonde.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.config.ConfigMap.ConfigException;

class YamlTreeTest {
    @Test
    void keysRememberTheirLinesAndErrorsFoundLaterNameThem() {
        YamlTree t = YamlTree.parse("t.yaml", "a: 1\nb:\n  c: [x, y]\n  d: {e: 5}\n");
        assertThat(t.lineOf("b.c")).isEqualTo("line 3");
        assertThat(t.lineOf("b.d.e")).isEqualTo("line 4");
        assertThat(t.lineOf("b.c[1]")).isEqualTo("line 3");
        assertThat(t.lineOf("nothing")).isEmpty();
        assertThatThrownBy(() -> t.interpret(root -> root.section("b").section("d").integer("e", 0, 0, 3), "see the manual"))
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.source()).isEqualTo("t.yaml");
                    assertThat(e.location()).isEqualTo("line 4, b.d.e");
                    assertThat(e.problem()).isEqualTo("5 is outside 0..3");
                    assertThat(e.hint()).isEqualTo("see the manual");
                });
        // a hint of the error's own wins over the reader's general one
        assertThatThrownBy(() -> t.interpret(root -> {
            throw new ConfigException("a", "is odd", "make it even");
        }, "see the manual")).isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.hint()).isEqualTo("make it even"));
    }

    @Test
    void aliasesAndMergeKeysWork() {
        YamlTree t = YamlTree.parse("t.yaml", """
                defaults: &link {rate: 10Gbps, delay: 1us}
                fast:
                  <<: *link
                  rate: 40Gbps
                copy: *link
                both:
                  <<: [*link, {mtu: 9000}]
                """);
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) t.root();
        assertThat(root.get("fast")).isEqualTo(Map.of("rate", "40Gbps", "delay", "1us"));
        assertThat(root.get("copy")).isEqualTo(Map.of("rate", "10Gbps", "delay", "1us"));
        assertThat(root.get("both")).isEqualTo(Map.of("rate", "10Gbps", "delay", "1us", "mtu", 9000));
    }

    @Test
    void aBillionLaughsIsAnErrorNotAFullHeap() {
        StringBuilder y = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i <= 9; i++) {
            y.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 10; j++) y.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            y.append("]\n");
        }
        assertThatThrownBy(() -> YamlTree.parse("bomb.yaml", y.toString())).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line 6");
            assertThat(e.problem()).startsWith("the document holds more than 1000000 values");
        });
    }

    @Test
    void malformedDocumentsAreOneLineErrorsWithTheirPlace() {
        assertThatThrownBy(() -> YamlTree.parse("t.yaml", "a: [1, 2\n")).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line 2, column 1");
            assertThat(e.problem()).isEqualTo("not valid YAML: expected ',' or ']', but got <stream end> (while parsing a flow sequence)");
        });
        assertThatThrownBy(() -> YamlTree.parse("t.yaml", "a: 1\na: 2\n")).hasMessage("t.yaml: line 2: a: key given twice (first on line 1)");
        assertThatThrownBy(() -> YamlTree.parse("t.yaml", "a: *nowhere\n")).hasMessage("t.yaml: line 1: alias *nowhere has no anchor &nowhere before it");
        assertThatThrownBy(() -> YamlTree.parse("t.yaml", "? [a, b]\n: 1\n")).hasMessageEndingWith("got this instead: a sequence");
        assertThatThrownBy(() -> YamlTree.parse("t.yaml", "[".repeat(3000) + "]".repeat(3000)))
                .hasMessage("t.yaml: not valid YAML: nested too deeply (more than 1000 levels)");
        for (String bad : List.of("\t a: 1\n", "key: \"open\n", "- a\nb: c\n", "%YAML 9.9\n---\na: 1\n", "a: <<\n<<: 3\n")) {
            assertThatThrownBy(() -> YamlTree.parse("t.yaml", bad)).isInstanceOfSatisfying(BadInputException.class, e -> {
                assertThat(e.getMessage()).as(bad).startsWith("t.yaml: line ").doesNotContain("\n").doesNotContain("org.yaml").doesNotContain("Source:");
            });
        }
    }

    /** YAML-ish text: the characters that make YAML's structure, and a few words. */
    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> yamlish() {
        return net.jqwik.api.Arbitraries.of("a", "b: ", "- ", "\n", "  ", "[", "]", "{", "}", ", ", "&x ", "*x", "<<: ", "\"", "'", "#", "? ",
                "!!str ", "|\n", ">\n", "---\n", "%YAML 1.2\n", "\t", "1", "1e999", "~", ":").list().ofMaxSize(40).map(l -> String.join("", l));
    }

    /** Whatever the text, reading it gives a tree or bad input: never another exception. */
    @net.jqwik.api.Property(tries = 3000)
    void anyTextIsATreeOrBadInput(@net.jqwik.api.ForAll("yamlish") String text) {
        try {
            YamlTree.parse("t.yaml", text).root();
        } catch (BadInputException e) {
            assertThat(e.getMessage()).startsWith("t.yaml: ").doesNotContain("org.yaml").doesNotContain("Source:").doesNotContain("\n");
        }
    }

    @Test
    void filesAreReadAsUtf8WithTheirDirectoryAsBase(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("s.yaml"), "sizes: web.cdf\n");
        YamlTree t = YamlTree.read(f, "scenario", "give a scenario");
        assertThat(t.source()).isEqualTo(f.toString());
        Path sizes = t.interpret(root -> root.file(root.string("sizes", null)), null);
        assertThat(sizes).isEqualTo(dir.toAbsolutePath().resolve("web.cdf"));

        assertThatThrownBy(() -> YamlTree.read(dir.resolve("none.yaml"), "scenario", "give a scenario"))
                .isInstanceOf(EnvironmentException.class).hasMessage("scenario " + dir.resolve("none.yaml") + " does not exist");
        Path utf16 = Files.write(dir.resolve("u.yaml"), "a: 1\n".getBytes(StandardCharsets.UTF_16));
        assertThatThrownBy(() -> YamlTree.read(utf16, "scenario", null)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line 1 (byte offset 0)");
            assertThat(e.problem()).isEqualTo("byte 0xfe is not UTF-8: the scenario must be UTF-8 text");
        });
        assertThatThrownBy(() -> YamlTree.read(dir, "scenario", null)).isInstanceOf(BadInputException.class)
                .hasMessage(dir + ": is a directory, not a scenario file");
    }
}
