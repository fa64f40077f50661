package org.sonde.inject.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.BadInputException;

/**
 * A YAML document read into plain maps, lists and scalars, remembering the line of every key path
 * ({@code traffic.data-pkt-events[1].psn}) so that an error found later, while the values are
 * interpreted, can still say where in the file it is. Duplicate keys are errors, not last-one-wins.
 */
public final class YamlTree {
    private static final YAMLFactory FACTORY = new YAMLFactory();

    private final String source;
    private final Object root;
    private final Map<String, Integer> lines = new HashMap<>();

    private YamlTree(String source, String text) {
        this.source = source;
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            root = first == null ? null : value(p, "");
        } catch (JsonProcessingException e) {
            var l = e.getLocation();
            throw new BadInputException(source, l == null ? "" : "line " + l.getLineNr() + ", column " + l.getColumnNr(),
                    "not valid YAML: " + e.getOriginalMessage(), "fix the YAML syntax", e);
        } catch (IOException e) {
            throw new BadInputException(source, "", "cannot read YAML: " + e.getMessage(), null, e);
        }
    }

    public static YamlTree parse(String source, String text) {
        return new YamlTree(source, text);
    }

    public Object root() {
        return root;
    }

    String source() {
        return source;
    }

    /** "line N" of the key path, or of its nearest enclosing key that has one; "" if none. */
    public String lineOf(String path) {
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
        JsonToken t = p.currentToken();
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String key = p.currentName();
                    String child = path.isEmpty() ? key : path + "." + key;
                    int line = p.currentTokenLocation().getLineNr();
                    if (m.containsKey(key)) {
                        throw new BadInputException(source, "line " + line, child + ": key given twice (first on " + lineOf(child) + ")",
                                "keep one of them", null);
                    }
                    lines.put(child, line);
                    p.nextToken();
                    m.put(key, value(p, child));
                }
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
    }
}
