package org.sonde.core;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one JSON configuration every result of Sonde is written with, and how JSON input errors read. */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();
    /** Jackson's own pointers into its sources and classes, which mean nothing to a user. */
    private static final Pattern INTERNALS = Pattern.compile(
            "\\s*\\((?:for |through reference chain|from `|class |Source:)[^)]*\\)|\\s*\\[Source:.*$", Pattern.DOTALL);
    /** "Cannot deserialize value of type `int` from String "many"", "... from Array value (token ...)". */
    private static final Pattern MISMATCH = Pattern.compile("Cannot deserialize value of type `([^`]+)` from (\\w+)(?:[- ]point)?(?: value)?(?: \"([^\"]*)\")?");

    private Json() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * {@code value} as indented JSON text, newline included: what {@code --json} and result files hold. A value
     * Jackson cannot write (a type without accessors) is a bug here, not bad input.
     */
    public static String text(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getName() + " as JSON", e);
        }
    }

    /** {@code text} as a JSON string literal: also a YAML double-quoted scalar, escaping everything that needs it. */
    public static String quote(String text) {
        try {
            return MAPPER.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a string always serialises", e);
        }
    }

    /**
     * {@code file}'s JSON as a {@code type}: a missing or unreadable file ({@code what}, as {@link InputFiles} says it),
     * bad syntax or a value of the wrong shape is bad input naming the file, line, column and field.
     */
    public static <T> T read(Path file, Class<T> type, String what, String hint) {
        String text = InputFiles.readUtf8(file, what, hint);
        try {
            return MAPPER.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw badInput(file.toString(), e, hint);
        }
    }

    /**
     * A JSON or YAML parse or mapping error as bad input: the location is the line and column (and
     * the field path where the document was well-formed but a value was wrong), the problem is
     * Jackson's message without its internal class names and source pointers.
     */
    public static BadInputException badInput(String source, JsonProcessingException e, String hint) {
        StringBuilder where = new StringBuilder();
        JsonLocation l = e.getLocation();
        if (l != null && l.getLineNr() > 0) where.append("line ").append(l.getLineNr()).append(", column ").append(l.getColumnNr());
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            String path = fieldPath(m);
            if (!path.isEmpty()) where.append(where.isEmpty() ? "" : ", ").append(path);
        }
        return new BadInputException(source, where.toString(), describe(e), hint, e);
    }

    /** What is wrong, in words: limits named as limits, types as a user knows them, Jackson's internals left out. */
    public static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) m = "malformed";
        if (e instanceof StreamConstraintsException) {
            if (m.contains("nesting depth")) return "nested too deeply (more than 1000 levels)";
            if (m.toLowerCase(java.util.Locale.ROOT).contains("number value length")) return "a number with too many digits";
            if (m.toLowerCase(java.util.Locale.ROOT).contains("string value length")) return "a string too long to read";
            return "exceeds a reading limit";
        }
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> known = u.getKnownPropertyIds() == null ? List.of()
                    : u.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
            return "unknown field \"" + u.getPropertyName() + "\"" + (known.isEmpty() ? "" : "; known fields: " + String.join(", ", known));
        }
        if (e instanceof ValueInstantiationException v) {
            // a record's own checks: an argument it rejects says what; a null it trips on is a missing field
            Throwable cause = v.getCause();
            if (cause instanceof IllegalArgumentException && cause.getMessage() != null) return cause.getMessage();
            return "incomplete: a required field is missing or empty";
        }
        Matcher mismatch = MISMATCH.matcher(m);
        if (mismatch.find()) {
            String found = switch (mismatch.group(2)) {
                case "Array" -> "a list";
                case "Object" -> "an object";
                case "String" -> mismatch.group(3) == null ? "text" : "\"" + mismatch.group(3) + "\"";
                case "Integer", "Floating" -> "a number";
                case "Boolean" -> "true or false";
                default -> mismatch.group(2).toLowerCase(java.util.Locale.ROOT);
            };
            return "expected " + typeName(mismatch.group(1)) + ", found " + found;
        }
        String clean = INTERNALS.matcher(m).replaceAll("").strip();
        return clean.isEmpty() ? "malformed" : clean;
    }

    /** A Java type as a user would name what goes there. */
    private static String typeName(String javaType) {
        return switch (javaType) {
            case "int", "long", "short", "byte", "java.lang.Integer", "java.lang.Long", "java.lang.Short" -> "a whole number";
            case "double", "float", "java.lang.Double", "java.lang.Float" -> "a number";
            case "boolean", "java.lang.Boolean" -> "true or false";
            case "java.lang.String", "char" -> "text";
            default -> javaType.matches("java\\.util\\.\\w*(List|Set|Collection|Deque)\\b.*") || javaType.endsWith("[]") ? "a list" : "an object";
        };
    }

    /** {@code tests[3].id}: the path of the field a mapping error stopped at. */
    private static String fieldPath(JsonMappingException m) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                if (!sb.isEmpty()) sb.append('.');
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }
}
