package org.sonde.dataplane.io.text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.packet.Ipv4Address;

/**
 * What the text importers share: reading a directory's files, numbered lines and their fields,
 * numbers and IPv4 addresses checked against what the format expects, and errors naming the file,
 * the line and what was expected there.
 */
public final class Text {
    private static final Pattern IP = Pattern.compile("([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,10}");
    /** How much of a field messages quote. */
    private static final int CLIP = 60;

    private Text() {}

    /** Malformed input at a line of a file. */
    public static BadInputException bad(String file, int line, String problem) {
        return new BadInputException(file, "line " + line, problem);
    }

    /** A problem with a file's name rather than its text. */
    public static BadInputException badName(String file, String problem) {
        return new BadInputException(file, "file name", problem);
    }

    /** Long fields are cut in messages so one bad line does not flood the output. */
    public static String clip(String s) {
        return s.length() <= CLIP ? s : s.substring(0, CLIP) + "…";
    }

    /** As {@link #clip}, but in ASCII and {@value #CLIP} characters in all: hassel's messages, about files that are ASCII. */
    public static String clipAscii(String s) {
        return s.length() <= CLIP ? s : s.substring(0, CLIP - 3) + "...";
    }

    /**
     * The texts of the files of {@code dir} that {@code keep} accepts, by file name. Read as
     * ISO-8859-1: every byte is a character, so the datasets' stray bytes reach the parsers (and
     * their messages) instead of failing the read.
     */
    public static Map<String, String> readFiles(Path dir, Predicate<Path> keep) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.filter(keep).sorted().toList()) out.put(p.getFileName().toString(), read(p));
        }
        return out;
    }

    /** An I/O failure reading the files of a directory: what they are, where, and the failure in words. */
    public static EnvironmentException unreadable(String what, Path dir, IOException e) {
        return new EnvironmentException("cannot read " + what + " in " + dir + ": " + InputFiles.describe(e), "check that the directory exists and is readable", e);
    }

    /** One file's text, read as {@link #readFiles} reads them. */
    public static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.ISO_8859_1);
    }

    /** Every line of a text, blank ones included (their tokens are empty). */
    public static List<Line> lines(String text) {
        List<Line> out = new ArrayList<>();
        List<String> all = text.lines().toList();
        for (int i = 0; i < all.size(); i++) {
            String s = all.get(i).stripTrailing();
            out.add(new Line(i + 1, s, tokens(s)));
        }
        return out;
    }

    /** The lines of a text that are not blank, with their numbers in the whole text. */
    public static List<Line> nonBlankLines(String text) {
        return lines(text).stream().filter(l -> !l.tokens().isEmpty()).toList();
    }

    /** The whitespace-separated fields of a line (whitespace as {@link String#strip()} sees it). */
    public static List<String> tokens(String s) {
        // By hand, not String.split: the Junos tables have a million lines.
        List<String> out = new ArrayList<>(10);
        int n = s.length(), i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) i++;
            int start = i;
            while (i < n && !Character.isWhitespace(s.charAt(i))) i++;
            if (i > start) out.add(s.substring(start, i));
        }
        return out;
    }

    /** A decimal integer {@code min..max}; {@code what} names the field in the message. */
    public static int number(String file, int line, String what, String s, int min, int max) {
        return (int) longNumber(file, line, what, s, min, max);
    }

    /** As {@link #number(String, int, String, String, int, int)}, for bounds beyond an int (unsigned 32-bit values). */
    public static long longNumber(String file, int line, String what, String s, long min, long max) {
        if (!NUMBER.matcher(s).matches() || Long.parseLong(s) < min || Long.parseLong(s) > max)
            throw bad(file, line, what + ": expected an integer " + min + ".." + max + ", got \"" + clip(s) + "\"");
        return Long.parseLong(s);
    }

    /** Whether {@code s} has the shape of a dotted IPv4 address (its octets may still be over 255). */
    public static boolean isIp(String s) {
        return IP.matcher(s).matches();
    }

    /** A dotted IPv4 address as a 32-bit number. */
    public static long ip(String file, int line, String what, String s) {
        long v = Ipv4Address.parseValue(s, 0, s.length());
        if (v >= 0) return v;
        if (!isIp(s)) throw bad(file, line, what + ": expected a dotted IPv4 address, got \"" + clip(s) + "\"");
        throw bad(file, line, what + ": expected octets 0..255, got " + s);
    }
}
