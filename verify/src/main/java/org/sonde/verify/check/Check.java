package org.sonde.verify.check;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The properties a forwarding graph is checked for (§4.5). */
public enum Check {
    /** No switch can send the subnet's packets round in a cycle (a strongly connected component). */
    LOOPS,
    /** No switch that is sent the subnet's packets lacks a rule for them (explicit drops and last hops are fine). */
    BLACKHOLES,
    /** Every switch of the network can reach the subnet. */
    REACHABILITY,
    /** Traffic to a subnet with waypoints passes one of them. */
    WAYPOINTS;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads a comma-separated list such as {@code loops,blackholes}; throws {@link IllegalArgumentException} naming the unknown word. */
    public static Set<Check> parseList(String text) {
        EnumSet<Check> checks = EnumSet.noneOf(Check.class);
        for (String word : text.split(",")) {
            String w = word.strip().toLowerCase(Locale.ROOT);
            if (w.isEmpty()) continue;
            Check found = null;
            for (Check c : values()) if (c.word().equals(w) || (c == BLACKHOLES && w.equals("black-holes"))) found = c;
            if (found == null) throw new IllegalArgumentException("unknown check '" + word + "' (expected loops, blackholes, reachability, waypoints)");
            checks.add(found);
        }
        if (checks.isEmpty()) throw new IllegalArgumentException("expected at least one check (loops, blackholes, reachability, waypoints)");
        return checks;
    }
}
