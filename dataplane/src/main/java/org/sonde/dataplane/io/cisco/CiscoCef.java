package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.util.ArrayList;
import java.util.List;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;

/**
 * A {@code show ip cef} table: a header {@code Prefix Next Hop Interface}, then one row per
 * prefix. An indented row (an address and interface only) is a further equal-cost next hop of
 * the row above; like hassel, Sonde keeps the first next hop and counts these continuation
 * lines in {@link #ecmpContinuations()}.
 */
public record CiscoCef(List<Route> routes, int ecmpContinuations) {
    public CiscoCef {
        routes = List.copyOf(routes);
    }

    /** What the next-hop column says. */
    public enum Kind { ADDRESS, ATTACHED, RECEIVE, DROP, MULTICAST }

    /**
     * One prefix row.
     *
     * @param nextHop   the next-hop address when {@code kind} is ADDRESS, else 0
     * @param iface     the interface in short lowercase form ({@code vlan22}, {@code te2/1.3}), or "" when absent
     */
    public record Route(int line, long address, int length, Kind kind, long nextHop, String iface) {}

    private static final List<String> HEADER = List.of("Prefix", "Next", "Hop", "Interface");

    /** Parses a table; {@code file} names it in error messages. */
    public static CiscoCef parse(String file, String text) {
        List<Route> routes = new ArrayList<>();
        int continuations = 0;
        boolean header = false;
        for (Line l : Text.lines(text)) {
            List<String> t = l.tokens();
            if (t.isEmpty()) continue;
            if (!header) {
                if (!t.equals(HEADER)) throw bad(file, l.number(), "expected the header \"Prefix Next Hop Interface\", got \"" + clip(l.text()) + "\"");
                header = true;
            } else if (l.indented()) {
                if (routes.isEmpty() || t.size() != 2 || !Text.isIp(t.get(0)))
                    throw bad(file, l.number(), "expected an equal-cost continuation \"<next hop> <interface>\" after a prefix row, got \"" + clip(l.body()) + "\"");
                Text.ip(file, l.number(), "next hop", t.get(0));
                CiscoText.interfaceName(file, l.number(), t.get(1));
                continuations++;
            } else {
                routes.add(row(file, l));
            }
        }
        if (!header) throw bad(file, 1, "expected the header \"Prefix Next Hop Interface\", but the file is empty");
        return new CiscoCef(routes, continuations);
    }

    private static Route row(String file, Line l) {
        List<String> t = l.tokens();
        if (t.size() < 2 || t.size() > 3) throw bad(file, l.number(), "expected \"<prefix> <next hop> [<interface>]\", got \"" + clip(l.text()) + "\"");
        String p = t.get(0);
        int slash = p.indexOf('/');
        if (slash < 0) throw bad(file, l.number(), "expected a prefix a.b.c.d/len, got \"" + clip(p) + "\"");
        long address = Text.ip(file, l.number(), "prefix", p.substring(0, slash));
        int length = Text.number(file, l.number(), "prefix length", p.substring(slash + 1), 0, 32);
        if (length < 32 && (address & (0xFFFF_FFFFL >>> length)) != 0)
            throw bad(file, l.number(), "prefix " + p + " has bits set beyond its length");
        String iface = t.size() == 3 ? CiscoText.interfaceName(file, l.number(), t.get(2)) : "";
        String hop = t.get(1);
        Kind kind = switch (hop) {
            case "attached" -> Kind.ATTACHED;
            case "receive" -> Kind.RECEIVE;
            case "drop" -> Kind.DROP;
            case "multicast" -> Kind.MULTICAST;
            default -> {
                if (!Text.isIp(hop)) throw bad(file, l.number(), "expected a next hop (an address, attached, receive, drop or multicast), got \"" + clip(hop) + "\"");
                yield Kind.ADDRESS;
            }
        };
        if ((kind == Kind.ADDRESS || kind == Kind.ATTACHED) && iface.isEmpty())
            throw bad(file, l.number(), "expected an interface after next hop " + hop);
        long nextHop = kind == Kind.ADDRESS ? Text.ip(file, l.number(), "next hop", hop) : 0;
        return new Route(l.number(), address, length, kind, nextHop, iface);
    }
}
