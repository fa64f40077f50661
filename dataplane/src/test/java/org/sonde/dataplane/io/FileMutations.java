package org.sonde.dataplane.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The edits the importers' fuzz tests make to one file of a multi-file input: each returns the
 * map with that file changed. Shared so that every importer is fuzzed the same way.
 */
public final class FileMutations {
    private FileMutations() {}

    /** Line {@code at} replaced by {@code line} (appended when the file is shorter). */
    public static Map<String, String> replaceLine(Map<String, String> files, String name, int at, String line) {
        List<String> rows = new ArrayList<>(files.get(name).lines().toList());
        if (at < rows.size()) rows.set(at, line);
        else rows.add(line);
        files.put(name, String.join("\n", rows));
        return files;
    }

    /** The file cut after {@code cut} characters. */
    public static Map<String, String> truncate(Map<String, String> files, String name, int cut) {
        String text = files.get(name);
        files.put(name, text.substring(0, Math.min(cut, text.length())));
        return files;
    }

    /** Character {@code at} (modulo the length) replaced by {@code c}. */
    public static Map<String, String> replaceCharacter(Map<String, String> files, String name, int at, char c) {
        String text = files.get(name);
        int i = at % text.length();
        files.put(name, text.substring(0, i) + c + text.substring(i + 1));
        return files;
    }

    /** Line {@code at} (modulo the line count) duplicated, or removed. */
    public static Map<String, String> duplicateOrDropLine(Map<String, String> files, String name, int at, boolean duplicate) {
        List<String> rows = new ArrayList<>(files.get(name).lines().toList());
        int i = at % rows.size();
        if (duplicate) rows.add(i, rows.get(i));
        else rows.remove(i);
        files.put(name, String.join("\n", rows));
        return files;
    }
}
