package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;
import static org.sonde.dataplane.io.text.Text.number;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Cisco IOS parsers share beyond {@link org.sonde.dataplane.io.text.Text}: MAC addresses,
 * VLANs and interface names. Public for the interface names, which importers of IOS files compare.
 */
public final class CiscoText {
    private static final Pattern MAC = Pattern.compile("([0-9a-fA-F]{4})\\.([0-9a-fA-F]{4})\\.([0-9a-fA-F]{4})");
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

    /** {@code aaaa.bbbb.cccc} as a 48-bit number. */
    static long mac(String file, int line, String s) {
        Matcher m = MAC.matcher(s);
        if (!m.matches()) throw bad(file, line, "expected a MAC address like 0011.21b3.cb00, got \"" + clip(s) + "\"");
        return Long.parseLong(m.group(1) + m.group(2) + m.group(3), 16);
    }

    static int vlan(String file, int line, String s) {
        return number(file, line, "VLAN", s, 1, MAX_VLAN);
    }

    /**
     * An interface name, long ({@code TenGigabitEthernet1/1.3}) or short ({@code Te1/1}), in the short
     * lowercase form ({@code te1/1.3}) so names from every file and from a topology file agree.
     */
    public static String interfaceName(String file, int line, String s) {
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
    public static int sviVlan(String shortName) {
        return shortName.startsWith("vlan") ? Integer.parseInt(shortName.substring(4)) : -1;
    }

    /** Whether a short name is a physical (or port-channel) port rather than a logical interface. */
    public static boolean physical(String shortName) {
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
