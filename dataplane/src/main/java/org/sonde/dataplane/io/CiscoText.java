package org.sonde.dataplane.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sonde.core.BadInputException;

/** What the Cisco IOS parsers share: numbered lines, errors naming file and line, addresses and interface names. */
final class CiscoText {
    private static final Pattern IP = Pattern.compile("([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})");
    private static final Pattern MAC = Pattern.compile("([0-9a-fA-F]{4})\\.([0-9a-fA-F]{4})\\.([0-9a-fA-F]{4})");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,10}");
    /** IOS interface type prefixes, long and short, to the short lowercase form hassel and APKeep use. */
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("tengigabitethernet", "te"), Map.entry("te", "te"),
            Map.entry("gigabitethernet", "gi"), Map.entry("gi", "gi"),
            Map.entry("fastethernet", "fa"), Map.entry("fa", "fa"),
            Map.entry("port-channel", "po"), Map.entry("po", "po"),
            Map.entry("vlan", "vlan"), Map.entry("vl", "vlan"),
            Map.entry("loopback", "lo"), Map.entry("lo", "lo"),
            Map.entry("tunnel", "tu"), Map.entry("tu", "tu"),
            Map.entry("null", "null"), Map.entry("nu", "null"),
            Map.entry("group-async", "group-async"));
    private static final Pattern INTERFACE = Pattern.compile("([A-Za-z-]+?)([0-9]+(?:/[0-9]+)*)(?:\\.([0-9]+))?");
    static final int MAX_VLAN = 4094;

    private CiscoText() {}

    /** One line: its 1-based number, its text without trailing blanks, and its whitespace-separated tokens. */
    record Line(int number, String text, List<String> tokens) {
        boolean indented() {
            return !text.isEmpty() && Character.isWhitespace(text.charAt(0));
        }

        String token(int i) {
            return i < tokens.size() ? tokens.get(i) : "";
        }
    }

    /** Every line of a text, blank ones included (their tokens are empty). */
    static List<Line> lines(String text) {
        List<Line> out = new ArrayList<>();
        List<String> all = text.lines().toList();
        for (int i = 0; i < all.size(); i++) {
            String s = all.get(i).stripTrailing();
            String body = s.strip();
            out.add(new Line(i + 1, s, body.isEmpty() ? List.of() : List.of(body.split("\\s+"))));
        }
        return out;
    }

    // Same message shapes as the APKeep importer: one implementation of each.
    static BadInputException bad(String file, int line, String problem) {
        return StanfordApkeepImport.bad(file, line, problem);
    }

    static String clip(String s) {
        return StanfordApkeepImport.clip(s);
    }

    static long ip(String file, int line, String what, String s) {
        return StanfordApkeepImport.ip(file, line, what, s);
    }

    static boolean isIp(String s) {
        return IP.matcher(s).matches();
    }

    /** {@code aaaa.bbbb.cccc} as a 48-bit number. */
    static long mac(String file, int line, String s) {
        Matcher m = MAC.matcher(s);
        if (!m.matches()) throw bad(file, line, "expected a MAC address like 0011.21b3.cb00, got \"" + clip(s) + "\"");
        return Long.parseLong(m.group(1) + m.group(2) + m.group(3), 16);
    }

    static int number(String file, int line, String what, String s, int min, int max) {
        if (!NUMBER.matcher(s).matches() || Long.parseLong(s) < min || Long.parseLong(s) > max)
            throw bad(file, line, what + ": expected an integer " + min + ".." + max + ", got \"" + clip(s) + "\"");
        return Integer.parseInt(s);
    }

    static int vlan(String file, int line, String s) {
        return number(file, line, "VLAN", s, 1, MAX_VLAN);
    }

    /**
     * An interface name, long ({@code TenGigabitEthernet1/1.3}) or short ({@code Te1/1}), in the short
     * lowercase form ({@code te1/1.3}) so names from every file and from a topology file agree.
     */
    static String interfaceName(String file, int line, String s) {
        Matcher m = INTERFACE.matcher(s);
        String type = m.matches() ? TYPES.get(m.group(1).toLowerCase(Locale.ROOT)) : null;
        if (type == null)
            throw bad(file, line, "expected an interface name like TenGigabitEthernet1/1, Te1/1 or Vlan22, got \"" + clip(s) + "\"");
        if (type.equals("vlan") && (m.group(3) != null || m.group(2).contains("/")))
            throw bad(file, line, "expected an SVI name VlanN, got \"" + clip(s) + "\"");
        if (type.equals("vlan")) vlan(file, line, m.group(2));
        if (m.group(3) != null) number(file, line, "subinterface number", m.group(3), 0, Integer.MAX_VALUE);
        return type + m.group(2) + (m.group(3) == null ? "" : "." + m.group(3));
    }

    /** The VLAN of an SVI name {@code vlanN}, or -1 for another interface. */
    static int sviVlan(String shortName) {
        return shortName.startsWith("vlan") ? Integer.parseInt(shortName.substring(4)) : -1;
    }

    /** Whether a short name is a physical (or port-channel) port rather than a logical interface. */
    static boolean physical(String shortName) {
        return !shortName.contains(".") && (shortName.startsWith("te") || shortName.startsWith("gi") || shortName.startsWith("fa") || shortName.startsWith("po"));
    }

    /** A VLAN list such as {@code 1,4-9,11-4094}. */
    static java.util.Set<Integer> vlanList(String file, int line, String s) {
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        for (String part : s.split(",", -1)) {
            int dash = part.indexOf('-');
            int lo = vlan(file, line, dash < 0 ? part : part.substring(0, dash));
            int hi = dash < 0 ? lo : vlan(file, line, part.substring(dash + 1));
            if (hi < lo) throw bad(file, line, "VLAN range " + part + " runs backwards");
            for (int v = lo; v <= hi; v++) out.add(v);
        }
        return out;
    }
}
