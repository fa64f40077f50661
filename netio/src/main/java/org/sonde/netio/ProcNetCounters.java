package org.sonde.netio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;

/**
 * The kernel's protocol counters of a network namespace, as {@code /proc/net/snmp} and
 * {@code /proc/net/netstat} give them (what {@code nstat} reads): pairs of lines, a header
 * {@code "Tcp: RtoAlgorithm RtoMin ... RetransSegs ..."} and a line of values with the same section
 * and as many fields, {@code "Tcp: 1 200 ... 42 ..."}. Values are signed (snmp's {@code MaxConn} is
 * -1); everything else is refused with the line and what was expected, so a counter is never read
 * from the wrong column. Keys are {@code Section:Field}, e.g. {@code TcpExt:ListenOverflows}.
 */
public final class ProcNetCounters {
    private static final String HINT = "expected /proc/net/snmp or /proc/net/netstat: pairs of 'Section: names...' and 'Section: values...' lines";

    private ProcNetCounters() {}

    /** The counters of {@code text}, read from {@code source} (named in errors). */
    public static Map<String, Long> parse(String text, String source) {
        String[] lines = text.split("\n", -1);
        Map<String, Long> out = new LinkedHashMap<>();
        Set<String> sections = new HashSet<>();
        int i = 0;
        while (i < lines.length) {
            if (lines[i].isEmpty() && i == lines.length - 1) break; // the final newline
            String[] names = fields(lines[i], source, i);
            if (i + 1 >= lines.length || lines[i + 1].isEmpty()) {
                throw new BadInputException(source, "line " + (i + 2), "section " + names[0] + " has a header and no line of values", HINT, null);
            }
            String[] values = fields(lines[i + 1], source, i + 1);
            String at = "line " + (i + 2);
            if (!names[0].equals(values[0])) {
                throw new BadInputException(source, at, "values of section " + values[0] + " follow the header of " + names[0], HINT, null);
            }
            if (names.length != values.length) {
                throw new BadInputException(source, at, names[0] + " has " + (names.length - 1) + " names and " + (values.length - 1) + " values", HINT, null);
            }
            if (!sections.add(names[0])) throw new BadInputException(source, "line " + (i + 1), "section " + names[0] + " appears twice", HINT, null);
            for (int j = 1; j < names.length; j++) {
                long v;
                try {
                    v = Long.parseLong(values[j]);
                } catch (NumberFormatException e) {
                    throw new BadInputException(source, at, names[0] + " " + names[j] + ": expected an integer, got '" + clip(values[j]) + "'", HINT, e);
                }
                if (out.put(names[0] + ":" + names[j], v) != null) {
                    throw new BadInputException(source, "line " + (i + 1), names[0] + " names " + names[j] + " twice", HINT, null);
                }
            }
            i += 2;
        }
        return out;
    }

    /** A line split at single spaces: the section (without its colon) and its fields. */
    private static String[] fields(String line, String source, int index) {
        int colon = line.indexOf(": ");
        String at = "line " + (index + 1);
        if (colon <= 0 || !line.substring(0, colon).chars().allMatch(Character::isLetterOrDigit)) {
            throw new BadInputException(source, at, "expected 'Section: ...', got '" + clip(line) + "'", HINT, null);
        }
        String[] rest = line.substring(colon + 2).split(" ", -1);
        String[] f = new String[rest.length + 1];
        f[0] = line.substring(0, colon);
        for (int k = 0; k < rest.length; k++) {
            if (rest[k].isEmpty()) throw new BadInputException(source, at, "an empty field in section " + f[0] + " (fields are separated by one space)", HINT, null);
            f[k + 1] = rest[k];
        }
        return f;
    }

    /**
     * Both files of the calling thread's network namespace ({@code /proc/thread-self/net}: a thread
     * that entered a namespace through {@link NetNamespace#call} reads that namespace's counters).
     */
    public static Map<String, Long> readThisThread() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String f : new String[] {"snmp", "netstat"}) {
            Path p = Path.of("/proc/thread-self/net", f);
            try {
                out.putAll(parse(Files.readString(p), p.toString()));
            } catch (IOException e) {
                throw new EnvironmentException("cannot read " + p + ": " + e.getMessage(), "the kernel's counters need procfs mounted at /proc", e);
            }
        }
        return out;
    }

    private static String clip(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
