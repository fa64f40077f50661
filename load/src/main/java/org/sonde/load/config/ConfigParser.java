package org.sonde.load.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;

/**
 * Reads dperf's configuration syntax: one {@code keyword args...} per line, {@code #} starts a
 * comment, a keyword given twice is an error (except {@code client} and {@code server}, which
 * add ranges). Every error is a {@link BadInputException} naming the file, the line and what is
 * wrong, with a hint saying how to fix it.
 */
public final class ConfigParser {
    public static final int HTTP_DATA_MIN_SIZE = 85;
    /**
     * The user-space engine's default MSS over IPv4 on a 1500-byte MTU: the longest request (one segment, as in dperf);
     * 'jumbo' raises it, and a server's response may be longer ('send_window').
     */
    public static final int USERSPACE_PAYLOAD_MAX = 1460;
    public static final int PAYLOAD_MAX = 16 << 20;
    public static final int HTTP_HOST_MAX = 128;
    public static final int HTTP_PATH_MAX = 256;
    public static final int RANGES_MAX = 32;
    public static final long DEFAULT_CPS = 1000;
    public static final long DEFAULT_DURATION_SECONDS = 60;
    public static final int DEFAULT_WAIT_SECONDS = 3;
    public static final int DEFAULT_SLOW_START_SECONDS = 30;
    public static final int DEFAULT_RTO_SECONDS = 2;
    public static final int DEFAULT_LAUNCH_NUM = 4;
    public static final String DEFAULT_HTTP_HOST = "dperf";
    /** Linux's default ephemeral range 32768-60999: the ports the kernel picks from per source address. */
    public static final int EPHEMERAL_PORTS = 28232;

    private ConfigParser() {}

    /** A parsed configuration and the warnings about keywords that were accepted but have no effect. */
    public record Parsed(LoadConfig config, List<String> warnings) {}

    public static Parsed parse(Path file) {
        return parse(file, InputFiles.readUtf8(file, "configuration file", "give a dperf configuration file ('sonde load keywords' lists the keywords)"));
    }

    /** Parses {@code text} as if read from {@code file} (named in errors; its directory anchors payload_file). */
    public static Parsed parse(Path file, String text) {
        String name = file.toString();
        ConfigDraft draft = new ConfigDraft();
        String[] lines = text.split("\r?\n", -1);
        // 'engine userspace' gives dperf's 'port' its meaning, wherever in the file it is
        boolean userspace = false;
        for (String l : lines) if (l.replaceFirst("#.*", "").strip().matches("engine[ \t]+userspace")) userspace = true;
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash);
            line = line.strip();
            if (line.isEmpty()) continue;
            List<String> words = new ArrayList<>(Arrays.asList(line.split("[ \t]+")));
            String keyword = words.removeFirst();
            Keywords.Keyword userspaceKeyword = userspace ? Keywords.USERSPACE.get(keyword) : null;
            // the reason is the selected engine's: a user-space file is not told what kernel sockets do
            String reason = (userspace ? EngineLimits.USERSPACE : EngineLimits.KERNEL).get(keyword);
            if (reason != null && userspaceKeyword == null) {
                throw new BadInputException(name, "line " + lineNo, "'" + keyword + "' is a DPDK keyword that Sonde's "
                        + (userspace ? "user-space" : "kernel-socket") + " engine rejects", capitalised(reason) + ".", null);
            }
            Keywords.Keyword k = userspaceKeyword != null ? userspaceKeyword : Keywords.ALL.get(keyword);
            if (k == null) {
                String near = nearest(keyword);
                throw new BadInputException(name, "line " + lineNo, "unknown keyword '" + keyword + "'",
                        (near != null ? "did you mean '" + near + "'? " : "") + "'sonde load keywords' lists every keyword", null);
            }
            if (!k.repeatable() && draft.lines.containsKey(keyword)) {
                throw new BadInputException(name, "line " + lineNo, "duplicate '" + keyword + "' (first on line " + draft.lines.get(keyword) + ")",
                        "keep one of the two lines", null);
            }
            try {
                k.handler().apply(draft, words);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(name, "line " + lineNo, keyword + ": " + e.getMessage(),
                        "syntax: " + keyword + (k.syntax().isEmpty() ? " (no arguments)" : " " + k.syntax()), null);
            }
            draft.lines.putIfAbsent(keyword, lineNo);
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            return new Parsed(draft.finish(file, dir), List.copyOf(draft.warnings));
        } catch (ConfigDraft.RuleBroken e) {
            Integer line = e.keyword == null ? null : draft.lines.get(e.keyword);
            throw new BadInputException(name, line == null ? null : "line " + line, e.getMessage(), e.hint, null);
        }
    }

    /** Each accepted keyword with its syntax and meaning, like {@code dperf -m}. */
    public static List<String> manual() {
        List<String> out = new ArrayList<>();
        for (Keywords.Keyword k : Keywords.ALL.values()) {
            out.add(String.format("%-20s %-44s %s", k.name(), k.syntax(), k.meaning()));
        }
        for (Keywords.Keyword k : Keywords.USERSPACE.values()) {
            out.add(String.format("%-20s %-44s %s", k.name(), k.syntax(), "with 'engine userspace': " + k.meaning()));
        }
        return out;
    }

    /** The DPDK keywords that are rejected, each with why, per engine (a keyword the user-space engine takes says so). */
    public static List<String> rejected() {
        java.util.SortedSet<String> names = new java.util.TreeSet<>(EngineLimits.KERNEL.keySet());
        names.addAll(EngineLimits.USERSPACE.keySet());
        List<String> out = new ArrayList<>();
        for (String k : names) {
            String kernel = EngineLimits.KERNEL.get(k);
            String user = EngineLimits.USERSPACE.get(k);
            if (kernel != null) out.add(String.format("%-20s %s", k, "kernel engine: " + kernel));
            if (user != null) out.add(String.format("%-20s %s", kernel != null ? "" : k, "user-space engine: " + user));
            else out.add(String.format("%-20s %s", kernel != null ? "" : k, "user-space engine: accepted (see above)"));
        }
        return out;
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The known keyword closest to a misspelt one, if it is close (edit distance at most 2). */
    private static String nearest(String word) {
        String best = null;
        int bestDistance = 3;
        for (String k : Keywords.ALL.keySet()) {
            int d = distance(word, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 2 || a.length() > 64) return 3;
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
