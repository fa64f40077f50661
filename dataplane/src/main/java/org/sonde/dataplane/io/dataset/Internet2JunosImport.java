package org.sonde.dataplane.io.dataset;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.badName;
import static org.sonde.dataplane.io.text.Text.clip;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.hassel.PortMapText;
import org.sonde.dataplane.io.junos.JunosForwardingTable;
import org.sonde.dataplane.io.junos.JunosInterfaces;
import org.sonde.dataplane.io.text.ImportNote;
import org.sonde.dataplane.io.text.Text;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.packet.Ipv4Address;

/**
 * Builds a {@link Network} over {@link HeaderLayouts#HASSEL_IP_DST} from the raw Internet2 (Juniper)
 * files: {@code port_map.txt} and {@code show_interfaces.xml} (both required) and, per router,
 * {@code <router>-show_route_forwarding-table_table_default.xml} (see {@link JunosForwardingTable};
 * a missing one is listed in {@link Import#missingFiles()} and the router gets no rules).
 *
 * <ul>
 *   <li>One device per router of {@code port_map.txt}, in its order. The ports are exactly the
 *       port map's, with its numbers and names, so ids agree with hassel's model of the same data
 *       ({@code internet2-hassel}); the port map writes {@code et-3/0/0:0} as {@code et-3/0/0-0}.
 *       The port map lists the physical interfaces that have logical units, except aggregated
 *       bundles ({@code aeN}); the interfaces it leaves out are not ports: the bundles forward
 *       through their members (below), and interfaces without units carry no traffic and no
 *       forwarding entry names them. A port-map port missing from {@code show_interfaces.xml} is
 *       listed in {@link Import#ignored()}.</li>
 *   <li>Forwarding: one {@link MatchPolicy#FIRST_MATCH} rule per IPv4 destination of the
 *       {@code default.inet} table, longest prefix first (file order among equal lengths), id
 *       {@code <file>#<line of the destination>}, priority the prefix length, origin the entry's
 *       lines with its next-hop types and interface as label. A prefix that an earlier entry
 *       already has (Junos lists a local address both as an {@code intf} and a {@code dest} route,
 *       with the same next hop) is not a second rule; it is listed in
 *       {@link Import#duplicates()}. In-ports are the router's ports that have an {@code inet}
 *       unit, or are members of a bundle that has one: a packet arriving elsewhere (VPLS or
 *       tunnel units, unused ports) is not routed by this table.</li>
 *   <li>Actions, by the entry's first next hop that is neither indirect nor a unilist:
 *       {@code ucst} forwards out of the port of its interface (the logical unit's physical
 *       interface; VLAN tags of units are not modelled, every unit of a port feeds the one IPv4
 *       table); {@code rslv} with an interface (a connected subnet whose hosts are not yet
 *       resolved) forwards there too, like the Cisco import's {@code attached}. An interface that
 *       is a bundle forwards out of its first member port in {@code show_interfaces.xml} order,
 *       counted in {@link Import#lagEntries()}: the model has no hash-based choice among members,
 *       so one member stands for the bundle, as the first next hop stands for an ECMP route.
 *       {@code indr} resolves through the node after it; {@code ulst} (equal-cost unilist) takes
 *       its first member, like the Cisco import and hassel, and the further unicast next hops are
 *       counted in {@link Import#ecmpAlternatives()}. Packets for the router itself ({@code locl},
 *       {@code recv}, subnet broadcast {@code bcst}, link-local multicast {@code mcst}) are
 *       dropped, as the Cisco import drops {@code receive}; so are {@code rjct}, {@code dscd}
 *       and {@code mdsc} (reject and discard), and multicast ({@code mcrt}, {@code rslv} without
 *       interface). A {@code hold} next hop (waiting for ARP) drops and is listed in
 *       {@link Import#unresolved()}, as is an interface that is neither a port nor a bundle with a
 *       member port.</li>
 *   <li>Links: the files hold no topology. Two units of different routers whose IPv4 addresses
 *       lie in the same /30 or /31 subnet, with no third unit in it, are a point-to-point link
 *       between their ports: both directions, id {@code show_interfaces.xml#<line>-<line>} (the
 *       two {@code <physical-interface>} lines, source first), origin the subnets as label and
 *       those lines with the addresses' lines. Several subnets over the same ports (the VLANs of a
 *       bundle) make one link. Between two bundles, members are paired by a word of their
 *       descriptions that names exactly one member on each side (Internet2's circuit ids, such as
 *       {@code I2-ATLA-WASH-10GE-05251}); members left over are paired in document order when
 *       both sides have as many left, else listed in {@link Import#ignored()}. Subnets on more than
 *       two units, or twice on one router, are listed there too.</li>
 *   <li>Not modelled, and counted: destinations of {@code default.inet} that are not IPv4
 *       prefixes (multicast (S,G) keys) in {@link Import#otherDestinations()}, and the tables
 *       {@code default.inet6}, {@code default.iso} and {@code default.mpls} (destination lines)
 *       in {@link Import#otherTables()}.</li>
 * </ul>
 * Anything malformed is a {@link BadInputException} naming the file, the line and what was
 * expected.
 */
public final class Internet2JunosImport {
    /** File names in the Internet2 directory; a router's forwarding table is {@code <router>} + {@link #FIB_SUFFIX}. */
    public static final String PORT_MAP = "port_map.txt", INTERFACES = "show_interfaces.xml",
            FIB_SUFFIX = "-show_route_forwarding-table_table_default.xml";

    /**
     * The network and what did not go into it.
     *
     * @param missingFiles      absent forwarding tables of port-map routers
     * @param nextHopTypes      rules by the type of their entry's first next hop, over all routers
     * @param ecmpAlternatives  unicast next hops after an entry's first (unilist members), not used
     * @param lagEntries        rules whose interface is a bundle, forwarded out of its first member
     * @param unresolved        entries that could not be resolved as written (they drop)
     * @param duplicates        entries for a prefix an earlier entry of the table already has
     * @param otherDestinations {@code default.inet} destinations that are not IPv4 prefixes
     * @param otherTables       destination lines of the other tables, summed over routers
     * @param ignored           port-map ports without interface, subnets that make no link, unpaired members
     */
    public record Import(Network network, List<String> missingFiles, Map<String, Integer> nextHopTypes, int ecmpAlternatives,
                         int lagEntries, List<ImportNote> unresolved, List<ImportNote> duplicates, int otherDestinations,
                         Map<String, Integer> otherTables, List<ImportNote> ignored) {
        public Import {
            missingFiles = List.copyOf(missingFiles);
            nextHopTypes = Collections.unmodifiableMap(new TreeMap<>(nextHopTypes));
            unresolved = List.copyOf(unresolved);
            duplicates = List.copyOf(duplicates);
            otherTables = Collections.unmodifiableMap(new TreeMap<>(otherTables));
            ignored = List.copyOf(ignored);
        }
    }

    private Internet2JunosImport() {}

    /** Reads the port map, the interfaces and every forwarding table of {@code dir}. */
    public static Import load(Path dir) {
        try {
            Map<String, String> files = new TreeMap<>();
            for (String name : List.of(PORT_MAP, INTERFACES)) {
                Path p = dir.resolve(name);
                if (!Files.isRegularFile(p)) throw new BadInputException(dir.toString(), "", "expected a file " + name);
                files.put(name, Text.read(p));
            }
            files.putAll(Text.readFiles(dir, p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(FIB_SUFFIX)));
            return parse(files);
        } catch (IOException e) {
            throw Text.unreadable("the Internet2 files", dir, e);
        }
    }

    /** Builds the network from file texts by name (names that are none of the files above are ignored). */
    public static Import parse(Map<String, String> files) {
        for (String name : List.of(PORT_MAP, INTERFACES))
            if (!files.containsKey(name)) throw new BadInputException(name, "", "expected this file beside the forwarding tables, but it is missing");
        PortMapText map = PortMapText.parse(PORT_MAP, files.get(PORT_MAP));
        JunosInterfaces interfaces = JunosInterfaces.parse(INTERFACES, files.get(INTERFACES));
        for (String name : new TreeSet<>(files.keySet()))
            if (name.endsWith(FIB_SUFFIX) && !map.indexByRouter().containsKey(name.substring(0, name.length() - FIB_SUFFIX.length())))
                throw badName(name, "expected <router>" + FIB_SUFFIX + " for a router of " + PORT_MAP + ", but "
                        + clip(name.substring(0, name.length() - FIB_SUFFIX.length())) + " is not one");
        Map<String, JunosForwardingTable> tables = parseTables(map.routers(), files);
        Builder b = new Builder(map, interfaces);
        for (String router : map.routers()) b.device(router, tables.get(router));
        b.links();
        return b.build();
    }

    /**
     * The routers' forwarding tables that are present, parsed on all processors (they are the bulk
     * of the input). Should several be malformed, the first in router order is reported, as a
     * sequential parse would.
     */
    private static Map<String, JunosForwardingTable> parseTables(List<String> routers, Map<String, String> files) {
        List<Object> results = routers.parallelStream().map(r -> {
            String text = files.get(r + FIB_SUFFIX);
            try {
                return text == null ? null : (Object) JunosForwardingTable.parse(r + FIB_SUFFIX, text);
            } catch (BadInputException e) {
                return e;
            }
        }).toList();
        Map<String, JunosForwardingTable> out = new HashMap<>();
        for (int i = 0; i < routers.size(); i++) {
            if (results.get(i) instanceof BadInputException e) throw e;
            if (results.get(i) instanceof JunosForwardingTable t) out.put(routers.get(i), t);
        }
        return out;
    }

    /** The port map's name of a Junos interface: {@code et-3/0/0:0} is {@code et-3/0/0-0}. */
    static String portName(String junosName) {
        return junosName.replace(':', '-');
    }

    private static final class Builder {
        private final PortMapText map;
        private final JunosInterfaces interfaces;
        private final List<Device> devices = new ArrayList<>();
        private final List<Port> ports = new ArrayList<>();
        private final Map<String, Integer> portIds = new HashMap<>();
        /** router → physical port-map name → its show_interfaces entry. */
        private final Map<String, Map<String, JunosInterfaces.Physical>> physical = new HashMap<>();
        /** router → bundle name ({@code ae8}) → members in document order. */
        private final Map<String, Map<String, List<JunosInterfaces.Physical>>> bundles = new HashMap<>();
        private final List<RuleTable> tables = new ArrayList<>();
        private final List<Link> links = new ArrayList<>();
        private final List<String> missing = new ArrayList<>();
        private final Map<String, Integer> nextHopTypes = new TreeMap<>(), otherTables = new TreeMap<>();
        private final List<ImportNote> unresolved = new ArrayList<>(), duplicates = new ArrayList<>(), ignored = new ArrayList<>();
        private int ecmp, lag, otherDestinations;
        /** Shared immutable parts: the routers' tables hold mostly the same prefixes and few distinct actions. */
        private final Map<Long, Match> matches = new HashMap<>();
        private final Map<Integer, List<Action>> forwards = new HashMap<>();
        private static final List<Action> DROP = List.of(new Action.Drop());

        Builder(PortMapText map, JunosInterfaces interfaces) {
            this.map = map;
            this.interfaces = interfaces;
        }

        private Integer port(String router, String name) {
            return portIds.get(router + " " + name);
        }

        void device(String router, JunosForwardingTable t) {
            List<JunosInterfaces.Physical> phys = interfaces.routers().get(router);
            if (phys == null)
                throw new BadInputException(INTERFACES, "", "expected a <router name=\"" + router + "\"> element for router " + router + " of " + PORT_MAP);
            devices.add(new Device(router));
            Map<String, JunosInterfaces.Physical> byName = new HashMap<>();
            Map<String, List<JunosInterfaces.Physical>> members = new LinkedHashMap<>();
            for (JunosInterfaces.Physical p : phys) {
                byName.put(portName(p.name()), p);
                for (JunosInterfaces.Logical u : p.units()) {
                    if (u.aeBundle().isEmpty()) continue;
                    List<JunosInterfaces.Physical> m = members.computeIfAbsent(portName(bundleOf(u.aeBundle())), k -> new ArrayList<>());
                    if (!m.contains(p)) m.add(p);
                }
            }
            physical.put(router, byName);
            bundles.put(router, members);
            Set<String> inet = new HashSet<>();
            for (JunosInterfaces.Physical p : phys)
                if (p.units().stream().anyMatch(u -> u.families().contains("inet"))) inet.add(portName(p.name()));
            Set<Integer> in = new HashSet<>();
            for (PortMapText.MappedPort mp : map.portsById().values()) {
                if (!mp.router().equals(router)) continue;
                ports.add(new Port(mp.id(), router, mp.name()));
                portIds.put(router + " " + mp.name(), mp.id());
                if (!byName.containsKey(mp.name()))
                    ignored.add(new ImportNote(PORT_MAP, mp.line(), "port " + mp.name() + " of " + router + " is not an interface in " + INTERFACES + ": no packet is routed in by it"));
                if (inet.contains(mp.name())) in.add(mp.id());
            }
            members.forEach((bundle, ms) -> {
                if (!inet.contains(bundle)) return;
                for (JunosInterfaces.Physical m : ms) {
                    Integer id = port(router, portName(m.name()));
                    if (id != null) in.add(id);
                }
            });
            String file = router + FIB_SUFFIX;
            if (t == null) {
                missing.add(file);
                return;
            }
            if (!t.router().equals(router))
                throw bad(file, 1, "expected <router name=\"" + router + "\"> as the file name says, got the name \"" + clip(t.router()) + "\"");
            otherDestinations += t.otherDestinations();
            t.otherTables().forEach((name, count) -> otherTables.merge(name, count, Integer::sum));
            if (t.entries().isEmpty()) {
                tables.add(new RuleTable(router, MatchPolicy.FIRST_MATCH, List.of()));
                return;
            }
            if (in.isEmpty())
                throw new BadInputException(INTERFACES, "router " + router, "expected a port of " + PORT_MAP + " with an inet unit, since "
                        + file + " has IPv4 entries");
            tables.add(rules(router, file, t, Set.copyOf(in)));
        }

        private static String bundleOf(String unit) {
            int dot = unit.lastIndexOf('.');
            return dot < 0 ? unit : unit.substring(0, dot);
        }

        private RuleTable rules(String router, String file, JunosForwardingTable t, Set<Integer> in) {
            List<JunosForwardingTable.Entry> sorted = new ArrayList<>(t.entries());
            sorted.sort(Comparator.comparingInt(JunosForwardingTable.Entry::length).reversed()); // stable: file order among equal lengths
            Map<Long, Integer> seen = new HashMap<>();
            List<Rule> rules = new ArrayList<>(sorted.size());
            for (JunosForwardingTable.Entry e : sorted) {
                Integer first = seen.putIfAbsent(e.address() << 6 | e.length(), e.line());
                if (first != null) {
                    duplicates.add(new ImportNote(file, e.line(), "prefix " + e.prefix() + " already has the entry at line " + first));
                    continue;
                }
                nextHopTypes.merge(e.nextHops().getFirst().type(), 1, Integer::sum);
                JunosForwardingTable.NextHop leaf = e.leaf();
                boolean after = false;
                for (JunosForwardingTable.NextHop h : e.nextHops()) {
                    if (after && h.type().equals("ucst")) ecmp++;
                    if (h == leaf) after = true;
                }
                Match m = matches.computeIfAbsent(e.address() << 6 | e.length(),
                        k -> e.length() == 0 ? Match.ANY : new Match(Map.of("ip_dst", Ternary.prefix(e.address(), e.length(), 32))));
                rules.add(new Rule(file + "#" + e.line(), e.length(), in, m, actions(router, file, leaf), List.of(),
                        new Origin(label(e, leaf), file, e.lines())));
            }
            return new RuleTable(router, MatchPolicy.FIRST_MATCH, rules);
        }

        /** {@code indr ucst ge-6/1/0.0}: the first node's type, the leaf's when it differs, the interface. */
        private static String label(JunosForwardingTable.Entry e, JunosForwardingTable.NextHop leaf) {
            String first = e.nextHops().getFirst().type();
            return first + (leaf.type().equals(first) ? "" : " " + leaf.type()) + (leaf.iface().isEmpty() ? "" : " " + leaf.iface());
        }

        private List<Action> actions(String router, String file, JunosForwardingTable.NextHop leaf) {
            switch (leaf.type()) {
                case "ucst" -> {
                    return forward(router, file, leaf);
                }
                case "rslv" -> {
                    return leaf.iface().isEmpty() ? DROP : forward(router, file, leaf);
                }
                case "hold" -> {
                    unresolved.add(new ImportNote(file, leaf.line(), "next hop " + (leaf.address().isEmpty() ? "" : leaf.address() + " ")
                            + (leaf.iface().isEmpty() ? "" : "on " + leaf.iface() + " ") + "is held (not resolved): dropped"));
                    return DROP;
                }
                default -> {
                    return DROP;
                }
            }
        }

        private List<Action> forward(String router, String file, JunosForwardingTable.NextHop leaf) {
            String iface = leaf.iface();
            String name = portName(bundleOf(iface));
            Integer id = port(router, name);
            if (id != null) return forwards.computeIfAbsent(id, p -> List.of(new Action.Forward(List.of(p))));
            List<JunosInterfaces.Physical> members = bundles.get(router).get(name);
            if (members != null) {
                for (JunosInterfaces.Physical m : members) {
                    Integer member = port(router, portName(m.name()));
                    if (member != null) {
                        lag++;
                        return forwards.computeIfAbsent(member, p -> List.of(new Action.Forward(List.of(p))));
                    }
                }
                unresolved.add(new ImportNote(file, leaf.line(), "bundle " + name + " of " + iface + " has no member in " + PORT_MAP + ": dropped"));
                return DROP;
            }
            unresolved.add(new ImportNote(file, leaf.line(), "interface " + iface + " is neither a port of " + PORT_MAP + " nor a bundle: dropped"));
            return DROP;
        }

        /** A unit's end of a point-to-point subnet. */
        private record End(String router, JunosInterfaces.Physical phys, JunosInterfaces.Logical unit, JunosInterfaces.Address address) {
            String where() {
                return router + " " + unit.name();
            }
        }

        /** A physical link found so far: its ports, their lines, and the evidence. */
        private record Pending(int a, int b, int aLine, int bLine, List<String> subnets, Set<Integer> lines) {}

        void links() {
            Map<Long, List<End>> bySubnet = new TreeMap<>();
            for (Map.Entry<String, List<JunosInterfaces.Physical>> r : interfaces.routers().entrySet()) {
                if (!map.indexByRouter().containsKey(r.getKey())) continue;
                for (JunosInterfaces.Physical p : r.getValue())
                    for (JunosInterfaces.Logical u : p.units())
                        for (JunosInterfaces.Address a : u.inet())
                            if (a.length() == 30 || a.length() == 31)
                                bySubnet.computeIfAbsent(a.subnet() << 6 | a.length(), k -> new ArrayList<>()).add(new End(r.getKey(), p, u, a));
            }
            Map<String, Pending> pending = new LinkedHashMap<>();
            for (List<End> ends : bySubnet.values()) {
                if (ends.size() < 2) continue; // the other end is outside the data
                End x = ends.get(0), y = ends.get(1);
                String subnet = Ipv4Address.format((int) x.address().subnet()) + "/" + x.address().length();
                if (ends.size() > 2 || x.router().equals(y.router())) {
                    ignored.add(new ImportNote(INTERFACES, x.address().line(), "subnet " + subnet + " is on " + ends.size() + " units ("
                            + String.join(", ", ends.stream().map(End::where).toList()) + "): not a point-to-point link between routers"));
                    continue;
                }
                List<JunosInterfaces.Physical> xs = sides(x), ys = sides(y);
                if (xs.isEmpty() || ys.isEmpty()) {
                    ignored.add(new ImportNote(INTERFACES, x.address().line(), "subnet " + subnet + " joins " + x.where() + " and " + y.where()
                            + ", but " + (xs.isEmpty() ? x.where() : y.where()) + " has no port in " + PORT_MAP));
                    continue;
                }
                for (JunosInterfaces.Physical[] pair : pair(x, xs, y, ys, subnet)) {
                    int a = port(x.router(), portName(pair[0].name())), b = port(y.router(), portName(pair[1].name()));
                    String key = Math.min(a, b) + " " + Math.max(a, b);
                    Pending l = pending.computeIfAbsent(key, k -> new Pending(a, b, pair[0].line(), pair[1].line(), new ArrayList<>(), new TreeSet<>()));
                    if (!l.subnets().contains(subnet)) l.subnets().add(subnet);
                    l.lines().addAll(List.of(pair[0].line(), pair[1].line(), x.address().line(), y.address().line()));
                }
            }
            for (Pending l : pending.values()) {
                Origin o = new Origin(String.join(" ", l.subnets()), INTERFACES, List.copyOf(l.lines()));
                links.add(new Link(INTERFACES + "#" + l.aLine() + "-" + l.bLine(), l.a(), l.b(), o));
                links.add(new Link(INTERFACES + "#" + l.bLine() + "-" + l.aLine(), l.b(), l.a(), o));
            }
        }

        /** The mapped physical interfaces a unit sends on: its own, or its bundle's members. */
        private List<JunosInterfaces.Physical> sides(End e) {
            String name = portName(e.phys().name());
            List<JunosInterfaces.Physical> members = bundles.get(e.router()).get(name);
            List<JunosInterfaces.Physical> out = new ArrayList<>();
            for (JunosInterfaces.Physical p : members == null ? List.of(e.phys()) : members)
                if (port(e.router(), portName(p.name())) != null) out.add(p);
            return out;
        }

        /** Pairs the two sides' members (see the class comment); lists those left unpaired. */
        private List<JunosInterfaces.Physical[]> pair(End x, List<JunosInterfaces.Physical> xs, End y, List<JunosInterfaces.Physical> ys, String subnet) {
            List<JunosInterfaces.Physical[]> out = new ArrayList<>();
            if (xs.size() == 1 && ys.size() == 1) {
                out.add(new JunosInterfaces.Physical[] {xs.getFirst(), ys.getFirst()});
                return out;
            }
            List<JunosInterfaces.Physical> leftX = new ArrayList<>(xs), leftY = new ArrayList<>(ys);
            for (JunosInterfaces.Physical a : xs) {
                for (String word : words(a.description())) {
                    List<JunosInterfaces.Physical> onX = xs.stream().filter(p -> words(p.description()).contains(word)).toList();
                    List<JunosInterfaces.Physical> onY = ys.stream().filter(p -> words(p.description()).contains(word)).toList();
                    if (onX.size() == 1 && onY.size() == 1 && leftY.contains(onY.getFirst())) {
                        out.add(new JunosInterfaces.Physical[] {a, onY.getFirst()});
                        leftX.remove(a);
                        leftY.remove(onY.getFirst());
                        break;
                    }
                }
            }
            if (leftX.size() == leftY.size()) {
                for (int i = 0; i < leftX.size(); i++) out.add(new JunosInterfaces.Physical[] {leftX.get(i), leftY.get(i)});
            } else {
                ignored.add(new ImportNote(INTERFACES, x.address().line(), "subnet " + subnet + " joins " + x.where() + " and " + y.where()
                        + ", whose members " + names(leftX) + " and " + names(leftY) + " cannot be paired: no link for them"));
            }
            return out;
        }

        private static List<String> names(List<JunosInterfaces.Physical> ps) {
            return ps.stream().map(JunosInterfaces.Physical::name).toList();
        }

        /** The words of a description, in order, split at blanks and '|'. */
        private static Set<String> words(String description) {
            Set<String> out = new java.util.LinkedHashSet<>();
            for (String w : description.split("[\\s|]+")) if (!w.isEmpty()) out.add(w);
            return out;
        }

        Import build() {
            Network n;
            try {
                n = Network.forwarding(HeaderLayouts.HASSEL_IP_DST, devices, ports, links, tables);
            } catch (BadInputException e) {
                throw new BadInputException("internet2", e.location(), e.problem(), e.hint(), e);
            }
            return new Import(n, missing, nextHopTypes, ecmp, lag, unresolved, duplicates, otherDestinations, otherTables, ignored);
        }
    }
}
