package org.sonde.dataplane.io.hassel;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clipAscii;

import java.util.ArrayList;
import java.util.List;

/**
 * One hassel {@code .tf} file, syntax only: the header line and every rule's fields, checked
 * for shape (counts, numbers, ternary strings of the header's width) but not yet meaningful.
 *
 * @param lengthField the header line's first field: hassel's byte-array length, which encodes each
 *                    header bit in 2 bits, so it counts 4 header bits per unit (8 for 32 bits)
 */
record TfText(String file, int lengthField, String name, List<TfRule> rules) {
    /** Fields of a rule line, in hassel's order (the line ends with {@code $}). */
    static final String[] FIELDS = {"action", "in_ports", "match", "mask", "rewrite", "inverse_match",
            "inverse_rewrite", "out_ports", "affected_by", "influence_on", "source_file", "source_lines", "rule_id"};

    /** A rule line; absent ternary strings ({@code None}) are {@code null}. */
    record TfRule(int index, int line, String action, List<Integer> inPorts, String match, String mask, String rewrite,
                  List<Integer> outPorts, List<Integer> affectedBy, List<Integer> influenceOn, String sourceFile,
                  List<Integer> sourceLines, String label) {}

    /** Parses a file whose header must be {@code layout}'s width. */
    static TfText parse(String file, String text, org.sonde.dataplane.model.HeaderLayout layout) {
        List<String> lines = text.lines().toList();
        int last = lines.size();
        while (last > 0 && lines.get(last - 1).isBlank()) last--;
        if (last < 2) throw bad(file, Math.max(1, last + 1), "expected a header line \"L$name$nrules$0$0$\" and a line \"#\"");
        String[] head = lines.get(0).split("\\$", -1);
        if (head.length != 6 || !head[5].isEmpty())
            throw bad(file, 1, "expected a header line \"L$name$nrules$0$0$\", got \"" + clipAscii(lines.get(0)) + "\"");
        int length = number(file, 1, "header length", head[0]);
        if (length < 1) throw bad(file, 1, "expected a positive header length, got " + length);
        if (length * 4 != layout.widthBits())
            throw bad(file, 1, "header length " + length + " means " + length * 4
                    + " header bits, but layout " + layout.name() + " has " + layout.widthBits());
        int declared = number(file, 1, "rule count", head[2]);
        if (!lines.get(1).equals("#")) throw bad(file, 2, "expected \"#\", got \"" + clipAscii(lines.get(1)) + "\"");
        int bits = length * 4;
        if (declared != last - 2)
            throw bad(file, 1, "header declares " + declared + " rules but the file has " + (last - 2));
        List<TfRule> rules = new ArrayList<>(declared);
        for (int i = 2; i < last; i++) rules.add(rule(file, i + 1, i - 2, declared, bits, lines.get(i)));
        return new TfText(file, length, head[1], List.copyOf(rules));
    }

    private static TfRule rule(String file, int line, int index, int nrules, int bits, String text) {
        String[] f = text.split("\\$", -1);
        if (f.length != FIELDS.length + 1 || !f[FIELDS.length].isEmpty())
            throw bad(file, line, "expected " + FIELDS.length + " fields each ended by '$' ("
                    + String.join(", ", FIELDS) + "), got " + (f.length - 1));
        String action = f[0];
        if (!action.equals("fwd") && !action.equals("rw") && !action.equals("link"))
            throw bad(file, line, "expected action fwd, rw or link, got \"" + clipAscii(action) + "\"");
        List<Integer> in = ports(file, line, "in_ports", f[1]);
        String match = ternary(file, line, "match", f[2], bits, true);
        String mask = ternary(file, line, "mask", f[3], bits, false);
        String rewrite = ternary(file, line, "rewrite", f[4], bits, false);
        ternary(file, line, "inverse_match", f[5], bits, true);
        ternary(file, line, "inverse_rewrite", f[6], bits, true);
        List<Integer> out = ports(file, line, "out_ports", f[7]);
        List<Integer> affectedBy = affectedBy(file, line, f[8], index, bits);
        List<Integer> influenceOn = influenceOn(file, line, f[9], index, nrules);
        List<Integer> sourceLines = sourceLines(file, line, f[11]);
        if (f[12].isBlank()) throw bad(file, line, "expected a rule_id, got an empty field");
        return new TfRule(index, line, action, in, match, mask, rewrite, out, affectedBy, influenceOn, f[10], sourceLines, f[12]);
    }

    /** {@code None} (null), or a string of {@code bits} characters {@code 0}, {@code 1} (and {@code x} when allowed). */
    private static String ternary(String file, int line, String field, String s, int bits, boolean wildcards) {
        if (s.equals("None")) return null;
        if (s.length() != bits)
            throw bad(file, line, field + ": expected None or " + bits + " characters, got " + s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '0' && c != '1' && !(wildcards && c == 'x'))
                throw bad(file, line, field + ": expected only " + (wildcards ? "0, 1 and x" : "0 and 1") + ", got '" + c + "' at character " + (i + 1));
        }
        return s;
    }

    /** {@code [p, q, ...]}, {@code []} or {@code None} (empty). */
    static List<Integer> ports(String file, int line, String field, String s) {
        if (s.equals("None") || s.equals("[]")) return List.of();
        if (s.length() < 2 || s.charAt(0) != '[' || s.charAt(s.length() - 1) != ']')
            throw bad(file, line, field + ": expected None or a port list like [100001, 100002], got \"" + clipAscii(s) + "\"");
        List<Integer> out = new ArrayList<>();
        for (String p : s.substring(1, s.length() - 1).split(",", -1)) out.add(number(file, line, field, p.strip()));
        return List.copyOf(out);
    }

    /** {@code #} or {@code #i;ternary;[ports]#...#}: earlier rules whose matches take precedence. */
    private static List<Integer> affectedBy(String file, int line, String s, int index, int bits) {
        List<Integer> out = new ArrayList<>();
        for (String entry : hashList(file, line, "affected_by", s)) {
            String[] parts = entry.split(";", -1);
            if (parts.length != 3)
                throw bad(file, line, "affected_by: expected entries \"index;intersection;[ports]\", got \"" + clipAscii(entry) + "\"");
            int earlier = number(file, line, "affected_by", parts[0]);
            if (earlier >= index)
                throw bad(file, line, "affected_by: rule index " + earlier + " is not an earlier rule (this is rule index " + index + ")");
            ternary(file, line, "affected_by intersection", parts[1], bits, true);
            ports(file, line, "affected_by ports", parts[2]);
            out.add(earlier);
        }
        return List.copyOf(out);
    }

    /** {@code #} or {@code #i#j#}: later rules this one shadows (hassel's inverse of affected_by). */
    private static List<Integer> influenceOn(String file, int line, String s, int index, int nrules) {
        List<Integer> out = new ArrayList<>();
        for (String entry : hashList(file, line, "influence_on", s)) {
            int i = number(file, line, "influence_on", entry);
            if (i >= nrules || i == index)
                throw bad(file, line, "influence_on: rule index " + i + " is not another rule of the file's " + nrules);
            out.add(i);
        }
        return List.copyOf(out);
    }

    private static List<String> hashList(String file, int line, String field, String s) {
        if (s.isEmpty() || s.equals("#")) return List.of();
        if (s.length() < 3 || s.charAt(0) != '#' || s.charAt(s.length() - 1) != '#')
            throw bad(file, line, field + ": expected \"#\" or entries between '#' like #3#7#, got \"" + clipAscii(s) + "\"");
        return List.of(s.substring(1, s.length() - 1).split("#", -1));
    }

    /** Empty, or line numbers each followed by a comma: {@code 148,151,}. */
    private static List<Integer> sourceLines(String file, int line, String s) {
        if (s.isEmpty()) return List.of();
        String body = s.endsWith(",") ? s.substring(0, s.length() - 1) : s;
        List<Integer> out = new ArrayList<>();
        for (String n : body.split(",", -1)) {
            int v = number(file, line, "source_lines", n);
            if (v < 1) throw bad(file, line, "source_lines: expected positive line numbers, got " + v);
            out.add(v);
        }
        return List.copyOf(out);
    }

    static int number(String file, int line, String field, String s) {
        if (!s.matches("[0-9]{1,9}"))
            throw bad(file, line, field + ": expected a non-negative integer, got \"" + clipAscii(s) + "\"");
        return Integer.parseInt(s);
    }
}
