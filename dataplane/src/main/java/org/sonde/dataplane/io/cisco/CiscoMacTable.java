package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;

/**
 * A {@code show mac address-table}: a header and a dashed rule, then rows
 * {@code * <vlan|---> <mac> static|dynamic Yes|No <age|-> [<ports>]}, where ports are comma-separated
 * and a long list continues on following lines that hold only ports. Besides interfaces, a port
 * may be {@code Router} or {@code Switch} (the device itself).
 */
public record CiscoMacTable(List<Entry> entries) {
    public CiscoMacTable {
        entries = List.copyOf(entries);
    }

    /** Port names that stand for the device itself rather than an interface. */
    public static final Set<String> SELF = Set.of("Router", "Switch");

    /** The VLAN of a row written {@code ---} (the router's internal entries). */
    public static final int NO_VLAN = -1;

    /** One row with its continuation lines; {@code ports} in short lowercase form, or {@code Router}/{@code Switch}. */
    public record Entry(int line, int vlan, long mac, boolean dynamic, List<String> ports) {
        public Entry {
            ports = List.copyOf(ports);
        }
    }

    private static final List<String> HEADER = List.of("vlan", "mac", "address", "type", "learn", "age", "ports");
    private static final Set<String> FLAGS = Set.of("*", "R", "D", "S", "O", "C", "X");

    /** Parses a table; {@code file} names it in error messages. */
    public static CiscoMacTable parse(String file, String text) {
        List<Entry> entries = new ArrayList<>();
        List<String> ports = null;
        Entry pending = null;
        int state = 0; // 0: before the header, 1: before the rule, 2: rows
        for (Line l : Text.lines(text)) {
            List<String> t = l.tokens();
            if (t.isEmpty()) continue;
            if (state == 0) {
                if (!t.equals(HEADER)) throw bad(file, l.number(), "expected the header \"vlan mac address type learn age ports\", got \"" + clip(l.body()) + "\"");
                state = 1;
            } else if (state == 1) {
                if (!l.body().matches("[-+]+")) throw bad(file, l.number(), "expected the dashed rule under the header, got \"" + clip(l.body()) + "\"");
                state = 2;
            } else if (l.indented() && t.size() == 1 && !FLAGS.contains(t.getFirst())) {
                if (pending == null) throw bad(file, l.number(), "expected a table row before a continuation of ports");
                ports.addAll(ports(file, l.number(), t.getFirst()));
            } else {
                if (pending != null) entries.add(new Entry(pending.line(), pending.vlan(), pending.mac(), pending.dynamic(), ports));
                int at = FLAGS.contains(t.getFirst()) ? 1 : 0;
                if (t.size() - at < 5 || t.size() - at > 6)
                    throw bad(file, l.number(), "expected \"* <vlan> <mac> <type> <learn> <age> [<ports>]\", got \"" + clip(l.body()) + "\"");
                int vlan = t.get(at).equals("---") ? NO_VLAN : CiscoText.vlan(file, l.number(), t.get(at));
                long mac = CiscoText.mac(file, l.number(), t.get(at + 1));
                boolean dynamic = switch (t.get(at + 2)) {
                    case "dynamic" -> true;
                    case "static" -> false;
                    default -> throw bad(file, l.number(), "expected type static or dynamic, got \"" + clip(t.get(at + 2)) + "\"");
                };
                if (!Set.of("Yes", "No").contains(t.get(at + 3))) throw bad(file, l.number(), "expected learn Yes or No, got \"" + clip(t.get(at + 3)) + "\"");
                if (!t.get(at + 4).equals("-")) Text.number(file, l.number(), "age", t.get(at + 4), 0, Integer.MAX_VALUE);
                ports = new ArrayList<>(t.size() - at == 6 ? ports(file, l.number(), t.getLast()) : List.of());
                pending = new Entry(l.number(), vlan, mac, dynamic, List.of());
            }
        }
        if (state < 2) throw bad(file, 1, "expected the header \"vlan mac address type learn age ports\" and its dashed rule");
        if (pending != null) entries.add(new Entry(pending.line(), pending.vlan(), pending.mac(), pending.dynamic(), ports));
        return new CiscoMacTable(entries);
    }

    private static List<String> ports(String file, int line, String list) {
        List<String> out = new ArrayList<>();
        for (String p : list.split(",", -1)) {
            if (p.isEmpty()) continue; // a list that continues on the next line ends with a comma
            out.add(SELF.contains(p) ? p : CiscoText.interfaceName(file, line, p));
        }
        return out;
    }
}
