package org.sonde.cli.interop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields tshark printed, one row per frame (row 0 is frame 1). A field occurs once per header
 * that carries it: a VXLAN packet has two {@code ip.src}, outer first, as tshark lists them.
 * Values are tshark's text: decimal or {@code 0x} hex numbers, {@code 1}/{@code 0} booleans,
 * addresses, hex strings for byte fields. An absent field reads as no occurrences (or {@code ""}).
 */
public final class TsharkRows {
    private final List<String> fields;
    private final Map<String, Integer> columns = new HashMap<>();
    /** Per row, per column, the occurrences. */
    private final List<List<List<String>>> rows;

    private TsharkRows(List<String> fields, List<List<List<String>>> rows) {
        this.fields = List.copyOf(fields);
        for (int i = 0; i < fields.size(); i++) columns.putIfAbsent(fields.get(i), i);
        this.rows = rows;
    }

    /** Parses {@code tshark -T fields} output: tab-separated columns, occurrences joined by {@link Tshark#AGGREGATOR}. */
    static TsharkRows parse(List<String> fields, String output) {
        List<List<List<String>>> rows = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.isEmpty()) continue;
            String[] cells = line.split("\t", -1);
            if (cells.length != fields.size()) {
                throw new IllegalArgumentException("line " + (rows.size() + 1) + " has " + cells.length
                        + " tab-separated columns, expected " + fields.size() + ": " + line);
            }
            List<List<String>> row = new ArrayList<>(cells.length);
            for (String cell : cells) {
                row.add(cell.isEmpty() ? List.of() : List.of(cell.split(String.valueOf(Tshark.AGGREGATOR), -1)));
            }
            rows.add(row);
        }
        return new TsharkRows(fields, rows);
    }

    /** Number of frames. */
    public int size() {
        return rows.size();
    }

    /** The requested field names, in column order. */
    public List<String> fields() {
        return fields;
    }

    /** Every occurrence of {@code name} in frame {@code row}, outermost first; empty when absent. */
    public List<String> occurrences(int row, String name) {
        Integer column = columns.get(name);
        if (column == null) throw new IllegalArgumentException("field " + name + " was not requested; requested: " + fields);
        return rows.get(row).get(column);
    }

    /** All occurrences joined by commas, as {@code tshark -E aggregator=,} prints them; {@code ""} when absent. */
    public String field(int row, String name) {
        return String.join(",", occurrences(row, name));
    }

    /** The first occurrence (e.g. the outer header of a tunnel), or {@code ""} when absent. */
    String outermost(int row, String name) {
        List<String> all = occurrences(row, name);
        return all.isEmpty() ? "" : all.getFirst();
    }

    /** The last occurrence (e.g. the inner header of a tunnel), or {@code ""} when absent. */
    public String innermost(int row, String name) {
        List<String> all = occurrences(row, name);
        return all.isEmpty() ? "" : all.getLast();
    }

    /** One frame's fields as {@code name=value} text, for failure messages. */
    public String describe(int row) {
        StringBuilder sb = new StringBuilder("frame ").append(row + 1).append(':');
        for (int i = 0; i < fields.size(); i++) {
            List<String> all = rows.get(row).get(i);
            if (!all.isEmpty()) sb.append(' ').append(fields.get(i)).append('=').append(String.join(",", all));
        }
        return sb.toString();
    }
}
