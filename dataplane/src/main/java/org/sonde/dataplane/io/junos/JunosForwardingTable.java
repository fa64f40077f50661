package org.sonde.dataplane.io.junos;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;
import static org.sonde.dataplane.io.text.Text.tokens;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sonde.dataplane.io.text.Text;
import org.sonde.packet.Ipv4Address;

/**
 * A Junos {@code show route forwarding-table} text as Internet2 published it: wrapped in
 * {@code <vn> <router name="r">} … {@code </router>} {@code </vn>}, then one section per table, each
 * opened by {@code Routing table: <name>}, a family line ({@code Internet:}) and the column header
 * {@code Destination Type RtRef Next hop Type Index NhRef Netif}.
 *
 * <p>Only {@code default.inet} is read entry by entry. A destination starts at column 0 and the
 * indented lines after it belong to it. Each line holds {@code [<route type> <RtRef>] [<next hop>]
 * <next-hop type> <Index> <NhRef> [<interface>]}: the route type once per destination, then one
 * next-hop node per line in Junos' order, an indirect ({@code indr}) or unilist ({@code ulst})
 * node followed by the nodes it resolves to. Junos breaks a line where a column overflows: a
 * destination too long for its column stands alone (its route type starts the next line), and a
 * long next hop ends its line (its type starts the next). Every entry must end in a node that is
 * neither {@code indr} nor {@code ulst}, and a {@code ucst} node must name its interface.
 *
 * <p>Not read entry by entry, but counted: destinations of {@code default.inet} that are not IPv4
 * prefixes (multicast (S,G) keys such as {@code 224.0.1.1.130.155.16.254/64}, and longer keys),
 * in {@link #otherDestinations()}, and the destination lines of every other table
 * ({@code default.inet6}, {@code default.iso}, {@code default.mpls}, …) in {@link #otherTables()}.
 *
 * @param router the wrapper's router name
 */
public record JunosForwardingTable(String router, List<Entry> entries, int otherDestinations, Map<String, Integer> otherTables) {
    public JunosForwardingTable {
        entries = List.copyOf(entries);
        otherTables = Collections.unmodifiableMap(new TreeMap<>(otherTables));
    }

    /** The IPv4 table, the one read entry by entry. */
    public static final String INET = "default.inet";
    /** Route types ({@code Type} after the destination). */
    public static final Set<String> ROUTE_TYPES = Set.of("user", "perm", "intf", "dest", "iddn", "ifdn", "clon", "cach", "ignr");
    /** Next-hop types ({@code Type} after the next hop). */
    public static final Set<String> NEXT_HOP_TYPES = Set.of("ucst", "indr", "ulst", "rslv", "hold", "locl", "recv", "bcst", "mcst",
            "mcrt", "mdsc", "rjct", "dscd");
    /** Next-hop types that stand for the nodes after them. */
    public static final Set<String> INTERIOR = Set.of("indr", "ulst");

    private static final List<String> HEADER = List.of("Destination", "Type", "RtRef", "Next", "hop", "Type", "Index", "NhRef", "Netif");
    private static final Pattern WRAPPER = Pattern.compile("<vn>\\s*<router name=\"([^\"]*)\">");
    private static final Pattern LOGICAL = Pattern.compile("[a-z][a-z0-9]*(-[0-9]+(/[0-9]+)*(:[0-9]+)?)?\\.[0-9]{1,10}");
    private static final Pattern KEY = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){4,}/[0-9]{1,3}");

    /**
     * One IPv4 destination.
     *
     * @param line      the destination's line
     * @param lines     every line of the entry, the destination's first
     * @param routeType {@code user}, {@code intf}, … (see {@link #ROUTE_TYPES})
     * @param nextHops  the next-hop nodes in Junos' order
     */
    public record Entry(int line, List<Integer> lines, long address, int length, String routeType, List<NextHop> nextHops) {
        public Entry {
            lines = List.copyOf(lines);
            nextHops = List.copyOf(nextHops);
        }

        /** The first node that is neither indirect nor a unilist: what the entry resolves to first. */
        public NextHop leaf() {
            for (NextHop h : nextHops) if (!INTERIOR.contains(h.type())) return h;
            throw new IllegalStateException("entry at line " + line + " has no leaf next hop");
        }

        /** {@code a.b.c.d/len}, or {@code default}. */
        public String prefix() {
            return length == 0 && address == 0 ? "default" : Ipv4Address.format((int) address) + "/" + length;
        }
    }

    /**
     * One next-hop node.
     *
     * @param address the next hop as written (an address, a MAC, …), or "" when the column is empty
     * @param type    {@code ucst}, {@code indr}, … (see {@link #NEXT_HOP_TYPES})
     * @param iface   the logical interface ({@code ge-6/1/0.0}, {@code ae8.10}), or "" when absent
     */
    public record NextHop(int line, String address, String type, String iface) {}

    /** Parses one file's text; {@code file} names it in error messages. */
    public static JunosForwardingTable parse(String file, String text) {
        return new Parser(file).run(text);
    }

    /** Reads the text line by line; one instance per file. */
    private static final class Parser {
        private final String file;
        private final List<Entry> entries = new ArrayList<>();
        private final Map<String, Integer> otherTables = new TreeMap<>();
        private int otherDestinations;
        private String section;
        /** 2: the family line comes next, 1: the column header, 0: rows. */
        private int sectionHeader;
        private boolean sawInet;

        // The entry being read.
        private int entryLine = -1;
        private boolean skipping;
        private long address;
        private int length;
        private String routeType;
        private final List<Integer> lines = new ArrayList<>();
        private final List<NextHop> hops = new ArrayList<>();
        private String pendingHop;
        /** Interface names already checked: a table names few, many times. */
        private final Set<String> interfaces = new java.util.HashSet<>();

        Parser(String file) {
            this.file = file;
        }

        JunosForwardingTable run(String text) {
            List<String> all = text.lines().toList();
            int i = 0;
            while (i < all.size() && all.get(i).isBlank()) i++;
            if (i == all.size()) throw bad(file, 1, "expected <vn> <router name=\"…\">, but the file is empty");
            Matcher w = WRAPPER.matcher(all.get(i).strip());
            if (!w.matches()) throw bad(file, i + 1, "expected <vn> <router name=\"…\">, got \"" + clip(all.get(i).strip()) + "\"");
            String router = w.group(1);
            if (router.isBlank()) throw bad(file, i + 1, "expected a router name in <router name=\"…\">");
            int end = -1;
            for (i = i + 1; i < all.size(); i++) {
                String s = all.get(i);
                int n = i + 1;
                if (s.isBlank()) {
                    blank(n);
                    continue;
                }
                if (s.strip().equals("</router>")) {
                    finish(n);
                    end = n;
                    break;
                }
                if (s.startsWith("Routing table:")) {
                    table(n, s);
                } else if (section == null) {
                    throw bad(file, n, "expected \"Routing table: <name>\", got \"" + clip(s.strip()) + "\"");
                } else if (sectionHeader > 0) {
                    header(n, s);
                } else if (section.equals(INET)) {
                    row(n, s);
                } else if (!Character.isWhitespace(s.charAt(0))) {
                    otherTables.merge(section, 1, Integer::sum);
                }
            }
            if (end < 0) throw bad(file, all.size() + 1, "expected </router> and </vn> at the end, but the file ends first (is it cut short?)");
            int vn = end;
            while (vn < all.size() && all.get(vn).isBlank()) vn++;
            if (vn == all.size() || !all.get(vn).strip().equals("</vn>"))
                throw bad(file, vn + 1, "expected </vn> after </router>" + (vn == all.size() ? ", but the file ends first" : ", got \"" + clip(all.get(vn).strip()) + "\""));
            for (int k = vn + 1; k < all.size(); k++)
                if (!all.get(k).isBlank()) throw bad(file, k + 1, "expected nothing after </vn>, got \"" + clip(all.get(k).strip()) + "\"");
            if (!sawInet) throw bad(file, end, "expected a \"Routing table: " + INET + "\" section before </router>");
            return new JunosForwardingTable(router, entries, otherDestinations, otherTables);
        }

        private void table(int n, String s) {
            finish(n);
            String name = s.substring("Routing table:".length()).strip();
            if (name.isEmpty() || name.contains(" ")) throw bad(file, n, "expected a table name after \"Routing table:\", got \"" + clip(name) + "\"");
            if (name.equals(INET)) {
                if (sawInet) throw bad(file, n, "table " + INET + " appears twice");
                sawInet = true;
            } else if (otherTables.containsKey(name)) {
                throw bad(file, n, "table " + name + " appears twice");
            } else {
                otherTables.put(name, 0);
            }
            section = name;
            sectionHeader = 2;
        }

        private void header(int n, String s) {
            List<String> t = tokens(s);
            if (sectionHeader == 2) {
                if (t.size() != 1 || !t.getFirst().endsWith(":"))
                    throw bad(file, n, "expected the family line of table " + section + " (such as \"Internet:\"), got \"" + clip(s.strip()) + "\"");
            } else if (!t.equals(HEADER)) {
                throw bad(file, n, "expected the header \"Destination Type RtRef Next hop Type Index NhRef Netif\", got \"" + clip(s.strip()) + "\"");
            }
            sectionHeader--;
        }

        private void blank(int n) {
            if (sectionHeader > 0 && section != null) throw bad(file, n, "expected the header of table " + section + ", got a blank line");
            finish(n);
        }

        private void row(int n, String s) {
            List<String> t = tokens(s);
            if (!Character.isWhitespace(s.charAt(0))) {
                finish(n);
                String dest = t.getFirst();
                if (!destination(n, dest)) {
                    otherDestinations++;
                    skipping = true;
                    entryLine = n;
                    return;
                }
                entryLine = n;
                lines.add(n);
                if (t.size() > 1) node(n, t.subList(1, t.size()));
                return;
            }
            if (entryLine < 0) throw bad(file, n, "expected a destination before this indented line, got \"" + clip(s.strip()) + "\"");
            if (skipping) return;
            lines.add(n);
            node(n, t);
        }

        /** Reads an IPv4 destination into the entry; false for a longer (multicast) key. */
        private boolean destination(int n, String d) {
            if (d.equals("default")) {
                address = 0;
                length = 0;
                return true;
            }
            int slash = d.indexOf('/');
            if (d.isEmpty() || d.charAt(0) < '0' || d.charAt(0) > '9') slash = -1; // an interface name (CCC), not an address
            if (slash > 0 && d.chars().limit(slash).filter(c -> c == '.').count() > 3 && KEY.matcher(d).matches()) return false;
            if (slash < 0) throw bad(file, n, "expected a destination (default, an IPv4 prefix a.b.c.d/len or a multicast key), got \"" + clip(d) + "\"");
            address = Text.ip(file, n, "destination", d.substring(0, slash));
            length = Text.number(file, n, "prefix length", d.substring(slash + 1), 0, 32);
            if (length < 32 && (address & (0xFFFF_FFFFL >>> length)) != 0)
                throw bad(file, n, "destination " + d + " has bits set beyond its length");
            return true;
        }

        /** One line's {@code [route type, RtRef] [next hop] type Index NhRef [interface]}. */
        private void node(int n, List<String> t) {
            int i = 0;
            if (ROUTE_TYPES.contains(t.getFirst())) {
                if (routeType != null) throw bad(file, n, "expected one route per destination, got a second route type " + t.getFirst());
                if (pendingHop != null) throw bad(file, n, "expected the type of next hop " + clip(pendingHop) + ", got route type " + t.getFirst());
                if (t.size() < 2 || !number(t.get(1)))
                    throw bad(file, n, "expected RtRef (a number) after route type " + t.getFirst());
                routeType = t.getFirst();
                i = 2;
            } else if (routeType == null) {
                throw bad(file, n, "expected a route type (" + String.join(", ", new java.util.TreeSet<>(ROUTE_TYPES)) + ") after the destination, got \""
                        + clip(t.getFirst()) + "\"");
            }
            String hop = "";
            if (i < t.size() && !NEXT_HOP_TYPES.contains(t.get(i))) {
                if (word(t.get(i)))
                    throw bad(file, n, "expected a next-hop type (" + String.join(", ", new java.util.TreeSet<>(NEXT_HOP_TYPES)) + ") or a next hop, got \""
                            + clip(t.get(i)) + "\"");
                if (pendingHop != null) throw bad(file, n, "expected the type of next hop " + clip(pendingHop) + ", got another next hop");
                hop = t.get(i++);
            }
            if (i == t.size()) {
                if (hop.isEmpty()) throw bad(file, n, "expected a next hop or a next-hop type after RtRef");
                pendingHop = hop; // the column overflowed: the type follows on the next line
                return;
            }
            String type = t.get(i);
            if (t.size() < i + 3 || !number(t.get(i + 1)) || !number(t.get(i + 2)))
                throw bad(file, n, "expected Index and NhRef (numbers) after next-hop type " + type);
            if (t.size() > i + 4) throw bad(file, n, "expected at most an interface after NhRef, got \"" + clip(String.join(" ", t.subList(i + 3, t.size()))) + "\"");
            String iface = t.size() == i + 4 ? t.get(i + 3) : "";
            if (!iface.isEmpty() && !interfaces.contains(iface) && !(LOGICAL.matcher(iface).matches() && interfaces.add(iface)))
                throw bad(file, n, "expected a logical interface like ge-6/1/0.0, ae8.10 or et-3/0/0:0.10, got \"" + clip(iface) + "\"");
            if (type.equals("ucst") && iface.isEmpty()) throw bad(file, n, "expected the interface of unicast next hop " + (hop.isEmpty() ? "" : hop + " ") + "after NhRef");
            if (pendingHop != null) {
                hop = pendingHop;
                pendingHop = null;
            }
            hops.add(new NextHop(n, hop, type, iface));
        }

        /** Digits only, at most 10 of them. */
        private static boolean number(String s) {
            if (s.isEmpty() || s.length() > 10) return false;
            for (int k = 0; k < s.length(); k++) if (s.charAt(k) < '0' || s.charAt(k) > '9') return false;
            return true;
        }

        private static boolean word(String s) {
            for (int k = 0; k < s.length(); k++) if (!Character.isLetter(s.charAt(k))) return false;
            return true;
        }

        /** Closes the entry being read, at line {@code n} (the line after it). */
        private void finish(int n) {
            if (entryLine >= 0 && !skipping) {
                if (pendingHop != null) throw bad(file, n, "expected the type of next hop " + clip(pendingHop) + " (line " + (n - 1) + ") on this line");
                if (routeType == null) throw bad(file, n, "expected the route type of the destination at line " + entryLine + " on this line");
                if (hops.isEmpty()) throw bad(file, entryLine, "expected a next hop for this destination");
                if (INTERIOR.contains(hops.getLast().type()))
                    throw bad(file, hops.getLast().line(), "expected the next hops that " + hops.getLast().type() + " stands for after this line");
                entries.add(new Entry(entryLine, lines, address, length, routeType, hops));
            }
            entryLine = -1;
            skipping = false;
            routeType = null;
            pendingHop = null;
            lines.clear();
            hops.clear();
        }
    }
}
