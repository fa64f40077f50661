package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;

/**
 * A {@code show spanning-tree} listing: per {@code VLANnnnn} block, bridge details (skipped) and
 * an interface table {@code <port> <role> <status> <cost> <prio.nbr> <type> [Edge]}. Kept: each
 * VLAN's ports in status FWD, the ones a flood in that VLAN leaves by.
 */
public record CiscoSpanningTree(Map<Integer, List<String>> forwarding, int blocked) {
    public CiscoSpanningTree {
        Map<Integer, List<String>> copy = new LinkedHashMap<>();
        forwarding.forEach((v, ps) -> copy.put(v, List.copyOf(ps)));
        forwarding = Collections.unmodifiableMap(copy);
    }

    /** First words of the bridge-detail lines of a VLAN block. */
    private static final Set<String> DETAILS = Set.of("Spanning", "Root", "Address", "Hello", "Bridge", "Aging", "This", "Cost", "Port");
    private static final Set<String> ROLES = Set.of("Desg", "Root", "Altn", "Back", "Mstr", "Disa", "Bound", "Shr");
    private static final Set<String> STATUSES = Set.of("FWD", "BLK", "LRN", "LIS", "BKN", "DIS");

    /** Parses a listing; {@code file} names it in error messages. */
    public static CiscoSpanningTree parse(String file, String text) {
        Map<Integer, List<String>> fwd = new LinkedHashMap<>();
        int blocked = 0;
        List<String> current = null;
        boolean table = false;
        for (Line l : Text.lines(text)) {
            List<String> t = l.tokens();
            if (t.isEmpty()) continue;
            String first = t.getFirst();
            if (first.matches("VLAN[0-9]{4}") && t.size() == 1) {
                int vlan = CiscoText.vlan(file, l.number(), first.substring(4).replaceFirst("^0+(?=.)", ""));
                if (fwd.containsKey(vlan)) throw bad(file, l.number(), "VLAN " + vlan + " has a second block");
                current = new ArrayList<>();
                fwd.put(vlan, current);
                table = false;
            } else if (current == null) {
                throw bad(file, l.number(), "expected a VLANnnnn block header, got \"" + clip(l.body()) + "\"");
            } else if (first.equals("Interface")) {
                table = true;
            } else if (first.matches("-+")) {
                if (!table) throw bad(file, l.number(), "expected the interface table header before its dashed rule");
            } else if (!table && DETAILS.contains(first)) {
                continue; // bridge and root details do not affect which ports forward
            } else if (table && t.size() >= 6 && t.size() <= 7) {
                String port = CiscoText.interfaceName(file, l.number(), first);
                if (!ROLES.contains(t.get(1))) throw bad(file, l.number(), "expected a port role (Desg, Root, Altn, …), got \"" + clip(t.get(1)) + "\"");
                if (!STATUSES.contains(t.get(2))) throw bad(file, l.number(), "expected a port status (FWD, BLK, LRN, LIS, …), got \"" + clip(t.get(2)) + "\"");
                if (t.get(2).equals("FWD")) current.add(port);
                else blocked++;
            } else {
                throw bad(file, l.number(), "expected \"<port> <role> <status> <cost> <prio.nbr> <type>\" or a bridge detail, got \"" + clip(l.body()) + "\"");
            }
        }
        return new CiscoSpanningTree(fwd, blocked);
    }
}
