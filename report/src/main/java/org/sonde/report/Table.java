package org.sonde.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of strings and numbers. Numbers are right-aligned, formatted by {@link Numbers} and sort
 * numerically when a reader clicks a column header. Beyond {@link #maxRows(int)} rows (500 by
 * default) the rest is left out with a note, so a huge result cannot make a report unreadable;
 * the full data belongs in the attached JSON.
 *
 * <pre>{@code
 * Table.of("protocol", "packets", "bytes").row("RoCEv2", 1200, 1.5e6).caption("Per protocol");
 * }</pre>
 */
public final class Table {
    private final List<String> headers;
    private final List<Object[]> rows = new ArrayList<>();
    private String caption = "";
    private int maxRows = 500;
    private final java.util.BitSet whole = new java.util.BitSet();

    private Table(List<String> headers) {
        this.headers = headers;
    }

    /** A table with these column headers. */
    public static Table of(String... headers) {
        if (headers.length == 0) throw new IllegalArgumentException("a table needs at least one column");
        return new Table(List.of(headers));
    }

    /** Adds a row: one cell per column; a cell is a {@link Number}, any other object (shown as text), or null (empty). */
    public Table row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("row " + (rows.size() + 1) + " has " + cells.length + " cells for "
                    + headers.size() + " columns " + headers);
        }
        rows.add(cells.clone());
        return this;
    }

    /** A caption shown above the table. */
    public Table caption(String caption) {
        this.caption = caption == null ? "" : caption;
        return this;
    }

    /** Shows at most this many rows and says how many more there are. */
    public Table maxRows(int maxRows) {
        if (maxRows < 1) throw new IllegalArgumentException("maxRows must be positive, got " + maxRows);
        this.maxRows = maxRows;
        return this;
    }

    /**
     * Keeps the cells of these columns on one line: names a reader copies whole ({@code hous:xe-1/2/0},
     * {@code agg2-1->edge2-0}), which a narrow column would otherwise break at their hyphens.
     */
    public Table whole(int... columns) {
        for (int c : columns) {
            if (c < 0 || c >= headers.size()) throw new IllegalArgumentException("no column " + c + " in " + headers);
            whole.set(c);
        }
        return this;
    }

    boolean isWhole(int column) {
        return whole.get(column);
    }

    /** Number of rows added (shown or not). */
    public int size() {
        return rows.size();
    }

    List<String> headers() {
        return headers;
    }

    List<Object[]> rows() {
        return rows;
    }

    String caption() {
        return caption;
    }

    int maxRows() {
        return maxRows;
    }

    /** A column is numeric, and right-aligned, when all its non-empty cells are numbers. */
    boolean numeric(int column) {
        boolean any = false;
        for (Object[] row : rows) {
            Object cell = row[column];
            if (cell == null) continue;
            if (!(cell instanceof Number)) return false;
            any = true;
        }
        return any;
    }

    @Override
    public String toString() {
        return "Table" + headers + " with " + rows.size() + " rows" + (rows.isEmpty() ? "" : ", first " + Arrays.toString(rows.getFirst()));
    }
}
