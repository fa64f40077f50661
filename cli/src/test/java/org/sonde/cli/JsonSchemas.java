package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.sonde.core.Json;

/**
 * The schemas of {@code docs/schemas} as tests use them: {@link #validate} checks a document a
 * command wrote against its schema, and that the schema is not vacuous for it (the document with a
 * required field removed, or its first field renamed, is rejected). {@code JsonSchemasTest} uses
 * it for the outputs it produces; the tests of commands that need root or take long validate the
 * document their own run wrote, so that each output is produced once.
 */
public final class JsonSchemas {
    static final Path DIR = Path.of("..", "docs", "schemas");

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private JsonSchemas() {}

    static Path file(String schema) {
        return DIR.resolve(schema + ".schema.json");
    }

    static Schema schema(String name) {
        try {
            return REGISTRY.getSchema(Files.readString(file(name)), InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What is wrong with {@code document} as a {@code schema}: empty when it conforms. */
    static List<String> errors(String schema, JsonNode document) {
        return schema(schema).validate(document).stream().map(Error::toString).toList();
    }

    /** {@code document} (a file a command wrote) conforms to {@code schema}, and would not without a required field or with an unknown one. */
    public static void validate(String schema, Path document) {
        try {
            validate(schema, Json.mapper().readTree(document.toFile()), document.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same for a document in hand ({@code what} names it in failures). */
    public static void validate(String schema, JsonNode document, String what) {
        assertThat(errors(schema, document)).as("%s is a %s", what, schema).isEmpty();
        assertThat(document.isObject()).as("%s is an object", what).isTrue();
        ObjectNode original = (ObjectNode) document;
        JsonNode required;
        try {
            required = Json.mapper().readTree(file(schema).toFile()).get("required");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(required).as("%s lists its required fields", schema).isNotEmpty();
        for (JsonNode field : required) {
            ObjectNode without = original.deepCopy();
            without.remove(field.asText());
            assertThat(errors(schema, without)).as("%s without %s", what, field).isNotEmpty();
        }
        ObjectNode renamed = original.deepCopy();
        Iterator<String> names = renamed.fieldNames();
        String first = names.next();
        renamed.set(first + "Renamed", renamed.remove(first));
        assertThat(errors(schema, renamed)).as("%s with %s renamed", what, first).isNotEmpty();
    }
}
