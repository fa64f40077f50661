package org.sonde.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTest {
    record Test1(String id, int count, List<Test1> children) {
        Test1 {
            if (count < 0) throw new IllegalArgumentException("count must not be negative, got " + count);
            if (children != null) children = List.copyOf(children);
        }
    }

    private static BadInputException error(String json) {
        try {
            Json.mapper().copy().enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).readValue(json, Test1.class);
        } catch (JsonProcessingException e) {
            return Json.badInput("r.json", e, "fix it");
        }
        throw new AssertionError("no error for " + json);
    }

    @Test
    void aFileIsReadOrItsErrorNamesTheFileAndWhere(@TempDir Path dir) throws Exception {
        Path good = Files.writeString(dir.resolve("good.json"), "{\"id\": \"a\", \"count\": 2}");
        assertThat(Json.read(good, Test1.class, "test file", "fix it")).isEqualTo(new Test1("a", 2, null));
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\n  \"id\": \"a\",\n  \"count\": \"many\"\n}");
        assertThatThrownBy(() -> Json.read(bad, Test1.class, "test file", "fix it"))
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(bad.toString());
                    assertThat(e.location()).startsWith("line 3").endsWith("count");
                    assertThat(e.hint()).isEqualTo("fix it");
                });
        assertThatThrownBy(() -> Json.read(dir.resolve("none.json"), Test1.class, "test file", "fix it"))
                .isInstanceOf(EnvironmentException.class).hasMessageContaining("test file " + dir.resolve("none.json") + " does not exist");
    }

    @Test
    void syntaxErrorsNameLineAndColumnWithoutJacksonsInternals() {
        BadInputException e = error("{\n  \"id\": \"a\",\n  \"count\": 1,,\n}");
        assertThat(e.source()).isEqualTo("r.json");
        assertThat(e.location()).isEqualTo("line 3, column 14");
        assertThat(e.problem()).startsWith("Unexpected character (',' (code 44))").doesNotContain("Source:").doesNotContain("\n");
        assertThat(e.hint()).isEqualTo("fix it");
    }

    @Test
    void mappingErrorsNameTheFieldPath() {
        BadInputException e = error("{\"id\": \"a\", \"count\": 1, \"children\": [{\"id\": \"b\", \"count\": \"many\"}]}");
        assertThat(e.location()).endsWith("children[0].count");
        assertThat(e.problem()).isEqualTo("expected a whole number, found \"many\"");
        BadInputException unknown = error("{\"id\": \"a\", \"count\": 1, \"colour\": 1}");
        assertThat(unknown.location()).endsWith("colour");
        assertThat(unknown.problem()).isEqualTo("unknown field \"colour\"; known fields: children, count, id");
        assertThat(error("[1, 2]").problem()).isEqualTo("expected an object, found a list");
        assertThat(error("{\"children\": 5}").problem()).isEqualTo("expected a list, found a number");
    }

    @Test
    void aRecordsOwnChecksAndMissingFieldsAreSaidPlainly() {
        assertThat(error("{\"id\": \"a\", \"count\": -2}").problem()).isEqualTo("count must not be negative, got -2");
        BadInputException nulls = error("{\"id\": \"a\", \"count\": 1, \"children\": [null]}");
        assertThat(nulls.problem()).isEqualTo("incomplete: a required field is missing or empty");
    }

    @Test
    void readingLimitsAreNamedAsLimits() {
        try {
            Json.mapper().readTree("[".repeat(1500) + "]".repeat(1500));
            throw new AssertionError("read");
        } catch (JsonProcessingException e) {
            assertThat(Json.badInput("r.json", e, null).problem()).isEqualTo("nested too deeply (more than 1000 levels)");
        }
        assertThat(error("{\"count\": " + "9".repeat(2000) + "}").problem()).isEqualTo("a number with too many digits");
    }
}
