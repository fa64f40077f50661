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
        validate(schema, read(document), document.toString());
    }

    /**
     * The same for a document in hand ({@code what} names it in failures). A document that is an
     * array (one element per thing) has the checks made on its first element.
     */
    public static void validate(String schema, JsonNode given, String what) {
        assertThat(errors(schema, given)).as("%s is a %s", what, schema).isEmpty();
        JsonNode document = given.deepCopy(); // altered below, field by field
        JsonNode declared = read(file(schema));
        if (document.isArray()) {
            assertThat(document).as("%s has an element to check the schema's items with", what).isNotEmpty();
            rejectsAMissingOrUnknownField(schema, declared.path("items").path("required"), document, (ObjectNode) document.get(0), what + "/0");
        } else {
            assertThat(document.isObject()).as("%s is an object or an array", what).isTrue();
            rejectsAMissingOrUnknownField(schema, declared.path("required"), document, (ObjectNode) document, what);
        }
    }

    /** With {@code object} (in {@code document}) short of each required field, or with its first field renamed, the document fails. */
    private static void rejectsAMissingOrUnknownField(String schema, JsonNode required, JsonNode document, ObjectNode object, String what) {
        assertThat(required).as("%s lists its required fields", schema).isNotEmpty();
        for (JsonNode field : required) {
            JsonNode removed = object.remove(field.asText());
            assertThat(errors(schema, document)).as("%s without %s", what, field).isNotEmpty();
            object.set(field.asText(), removed);
        }
        Iterator<String> names = object.fieldNames();
        String first = names.next();
        JsonNode value = object.remove(first);
        object.set(first + "Renamed", value);
        assertThat(errors(schema, document)).as("%s with %s renamed", what, first).isNotEmpty();
        object.remove(first + "Renamed");
        object.set(first, value);
    }

    private static JsonNode read(Path file) {
        try {
            return Json.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
