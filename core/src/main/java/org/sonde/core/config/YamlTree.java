package org.sonde.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML document read into plain maps, lists and scalars, remembering the line of every key path
 * ({@code traffic.data-pkt-events[1].psn}) so that an error found later, while the values are
 * interpreted, can still say where in the file it is. Duplicate keys are errors, not last-one-wins.
 * Anchors, aliases and merge keys ({@code <<: *defaults}) work; what aliases expand to is bounded
 * (a "billion laughs" document is an error, not a full heap), and YAML's own limits (nesting depth,
 * document size) hold.
 *
 * <p>Reading a configuration file is two steps, each with its errors in the user's terms:
 * <pre>{@code
 * YamlTree tree = YamlTree.read(file, "scenario", "see examples/sim/README.md");
 * Scenario s = tree.interpret(root -> Scenario.from(root), "see examples/sim/README.md");
 * }</pre>
 */
public final class YamlTree {
    private static final YAMLFactory FACTORY = new YAMLFactory();
    /** Far beyond any configuration; a bound on what aliases can expand to. */
    static final long MAX_VALUES = 1_000_000;
    private static final String MERGE_KEY = "<<";
    private static final java.util.regex.Pattern EVENT = java.util.regex.Pattern.compile("<org\\.yaml\\.snakeyaml\\.events\\.(\\w+)Event\\(.*?\\)>", java.util.regex.Pattern.DOTALL);

    private final String source;
    private final Path baseDirectory;
    private final Object root;
    private final Map<String, Integer> lines = new HashMap<>();
    private final Map<String, Anchored> anchors = new HashMap<>();
    /** Values read, aliases counted with their anchors' sizes. */
    private long values;

    private YamlTree(String source, String text, Path baseDirectory) {
        this.source = source;
        this.baseDirectory = baseDirectory;
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            root = first == null ? null : value(p, "");
        } catch (JsonProcessingException e) {
            throw syntaxError(source, e);
        } catch (IOException e) {
            throw new BadInputException(source, "", "cannot read YAML: " + InputFiles.describe(e), null, e);
        }
    }

    /** A document from text; {@code source} names it in errors. Relative file names in it are relative to the working directory. */
    public static YamlTree parse(String source, String text) {
        return new YamlTree(source, text, Path.of(""));
    }

    /**
     * A document from a file, which must be UTF-8: a missing file is an environment error, text
     * that is not UTF-8 or not YAML is bad input. File names in the document are relative to its directory.
     *
     * @param what what the file is ("scenario", "NIC profile"), for messages
     * @param hint how to find or write a good one
     */
    public static YamlTree read(Path file, String what, String hint) {
        String text = InputFiles.readUtf8(file, what, hint);
        Path dir = file.toAbsolutePath().getParent();
        return new YamlTree(file.toString(), text, dir == null ? Path.of("") : dir);
    }

    /**
     * Interprets the document with {@code reader}; a {@link ConfigException} it throws becomes bad
     * input naming this source, the line of the key and the key's path.
     */
    public <T> T interpret(Function<ConfigMap, T> reader, String hint) {
        try {
            return reader.apply(ConfigMap.of("", root, baseDirectory));
        } catch (ConfigException e) {
            throw locate(e, hint);
        }
    }

    /** {@code e} with this document's source and the line of its key; {@code hint} unless it has its own. */
    BadInputException locate(ConfigException e, String hint) {
        String line = lineOf(e.key());
        return new BadInputException(source, (line.isEmpty() ? "" : line + ", ") + e.key(), e.problem(),
                e.hint() != null ? e.hint() : hint, e);
    }

    /** A YAML syntax error in one line: where the parser stopped and what it expected there. */
    private static BadInputException syntaxError(String source, JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException y && y.getProblemMark() != null) {
            String problem = y.getProblem() == null ? "malformed" : y.getProblem().strip();
            if (y.getContext() != null) problem = problem + " (" + y.getContext().strip() + ")";
            return new BadInputException(source, "line " + (y.getProblemMark().getLine() + 1) + ", column " + (y.getProblemMark().getColumn() + 1),
                    "not valid YAML: " + problem.replaceAll("\\s+", " "), "fix the YAML syntax", e);
        }
        BadInputException b = Json.badInput(source, e, "fix the YAML syntax");
        // "got this instead: <org.yaml.snakeyaml.events.SequenceStartEvent(anchor=null, ...)>" names a sequence
        String problem = EVENT.matcher(b.problem()).replaceAll(r -> switch (r.group(1)) {
            case "SequenceStart" -> "a sequence";
            case "MappingStart" -> "a mapping";
            case "Alias" -> "an alias";
            case "Scalar" -> "a value";
            default -> "a " + r.group(1).toLowerCase(java.util.Locale.ROOT);
        });
        return new BadInputException(b.source(), b.location(), "not valid YAML: " + problem, b.hint(), e);
    }

    public Object root() {
        return root;
    }

    public String source() {
        return source;
    }

    /** "line N" of the key path, or of its nearest enclosing key that has one; "" if none. */
    String lineOf(String path) {
        String p = path;
        while (true) {
            Integer line = lines.get(p);
            if (line != null) return "line " + line;
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) return "";
            p = p.substring(0, cut);
        }
    }

    private Object value(JsonParser p, String path) throws IOException {
        lines.putIfAbsent(path, p.currentTokenLocation().getLineNr());
        YAMLParser y = (YAMLParser) p;
        if (y.isCurrentAlias()) return alias(p, y.getText());
        String anchor = y.getObjectId();
        long before = values;
        values++;
        if (values > MAX_VALUES) throw tooLarge(p);
        JsonToken t = p.currentToken();
        Object v = switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                Map<String, Object> merged = new LinkedHashMap<>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String key = p.currentName();
                    String child = path.isEmpty() ? key : path + "." + key;
                    int line = p.currentTokenLocation().getLineNr();
                    if (m.containsKey(key)) {
                        throw new BadInputException(source, "line " + line, child + ": key given twice (first on " + lineOf(child) + ")",
                                "keep one of them", null);
                    }
                    p.nextToken();
                    if (key.equals(MERGE_KEY)) {
                        merge(merged, value(p, child), line);
                        continue;
                    }
                    lines.put(child, line);
                    m.put(key, value(p, child));
                }
                // YAML's merge key: the merged mappings' keys, unless the mapping gives them itself
                for (Map.Entry<String, Object> e : merged.entrySet()) m.putIfAbsent(e.getKey(), e.getValue());
                yield m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p, path + "[" + l.size() + "]"));
                yield l;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getNumberValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new BadInputException(source, "line " + p.currentTokenLocation().getLineNr(),
                    "unexpected YAML token " + t, null, null);
        };
        if (anchor != null) anchors.put(anchor, new Anchored(v, values - before));
        return v;
    }

    /**
     * An alias stands for its anchor's value, shared rather than copied; its values still count
     * towards {@link #MAX_VALUES}, so nested aliases ("billion laughs") cannot blow a document up.
     */
    private Object alias(JsonParser p, String name) throws IOException {
        Anchored a = anchors.get(name);
        if (a == null) {
            throw new BadInputException(source, "line " + p.currentTokenLocation().getLineNr(), "alias *" + name + " has no anchor &" + name + " before it",
                    "define the anchor before its first use", null);
        }
        values += a.values();
        if (values > MAX_VALUES) throw tooLarge(p);
        return a.value();
    }

    @SuppressWarnings("unchecked")
    private void merge(Map<String, Object> into, Object merged, int line) {
        if (merged instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) into.putIfAbsent(String.valueOf(e.getKey()), e.getValue());
        } else if (merged instanceof List<?> l && l.stream().allMatch(x -> x instanceof Map)) {
            for (Object x : l) merge(into, x, line);
        } else {
            throw new BadInputException(source, "line " + line, "<<: merges a mapping or a list of mappings, not "
                    + (merged instanceof List ? "a list of other values" : merged == null ? "nothing" : "a single value"),
                    "write <<: *anchor with an anchored mapping", null);
        }
    }

    private BadInputException tooLarge(JsonParser p) {
        return new BadInputException(source, "line " + p.currentTokenLocation().getLineNr(),
                "the document holds more than " + MAX_VALUES + " values (aliases count as often as they are used)",
                "configuration files are small; check for aliases nested in one another", null);
    }

    private record Anchored(Object value, long values) {}
}
