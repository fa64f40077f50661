package org.sonde.dataplane.io.dataset;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.dataplane.io.apkeep.StanfordApkeepImport;
import org.sonde.dataplane.io.cisco.CiscoAclLine;
import org.sonde.dataplane.io.cisco.CiscoArp;
import org.sonde.dataplane.io.cisco.CiscoCef;
import org.sonde.dataplane.io.cisco.CiscoConfig;
import org.sonde.dataplane.io.cisco.CiscoMacTable;
import org.sonde.dataplane.io.cisco.CiscoSpanningTree;
import org.sonde.dataplane.io.cisco.CiscoText;
import org.sonde.dataplane.io.text.ImportNote;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MacEntry;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;
import org.sonde.packet.Ipv4Address;

/**
 * Builds a {@link Network} over {@link HeaderLayouts#HASSEL} from the raw Stanford backbone
 * files: per router {@code <r>_config.txt}, {@code _arp_table.txt}, {@code _mac_table.txt},
 * {@code _spanning_tree.txt} (all required) and {@code _route.txt} (optional: a missing FIB is
 * listed in {@link Import#missingFiles()} and the device gets no forwarding rules).
 *
 * <ul>
 *   <li>One device per {@code _config.txt}, in name order. Ports are the physical interfaces and
 *       port-channels of the configuration (not subinterfaces, SVIs, loopbacks or tunnels), in
 *       short lowercase names ({@code te1/1}), numbered {@code d*100000 + k} (d: 1-based device
 *       position, k: position in the configuration).</li>
 *   <li>Forwarding: one first-match rule per FIB row, longest prefix first (file order among equal
 *       lengths), id {@code <file>#<line>}, in-ports every port of the device, resolved as hassel's
 *       parser does: {@code VlanN} + next hop → ARP gives the MAC, the MAC table (VLAN N) the port,
 *       and the rule sets VLAN N and forwards there; {@code VlanN} + {@code attached} → set VLAN N
 *       and flood to the VLAN's STP-forwarding ports; a routed port forwards, a dot1Q subinterface
 *       sets its VLAN and forwards by its parent; Null, Loopback, {@code receive}, {@code drop} and
 *       {@code multicast} drop. On coza/cozb/soza/sozb VLAN 83 stands for 580 (hassel's quirk).
 *       Where resolution fails the row still becomes a rule (so it shadows shorter prefixes) and
 *       is listed in {@link Import#unresolved()}: a next hop without ARP entry drops (the router
 *       would only ARP for it); a MAC unknown in the VLAN floods (what the switch does); tunnels,
 *       MACs that point at the router itself and VLANs without forwarding ports drop.</li>
 *   <li>ACLs: every numbered and named ACL, id {@code <device>:<name>}. An {@code ip access-group}
 *       on a port binds the ACL there; on an SVI {@code VlanN} (or a dot1Q subinterface) it binds a
 *       derived ACL {@code <device>:<name>@vlanN} to every port carrying VLAN N (the parent, for a
 *       subinterface): the original entries restricted to VLAN N, then deny VLAN N, then permit the
 *       rest, so other VLANs pass. Like hassel's model this also filters bridged (not routed)
 *       traffic of that VLAN. A binding of an undefined ACL permits everything in IOS and is
 *       listed in {@link Import#ignored()}.</li>
 *   <li>VLAN membership: access ports in their access VLAN; trunks with their allowed and native
 *       VLANs; a routed port with dot1Q subinterfaces as a trunk of their VLANs. A switchport left
 *       dynamic runs as access unless DTP negotiated a trunk with its neighbour; the spanning-tree
 *       table tells which happened: forwarding in a VLAN other than its access VLAN makes it a trunk
 *       with its configured allowed and native VLANs (the zone routers' {@code Te2/3} pairs, whose
 *       configurations list allowed VLANs without {@code switchport mode trunk}), else it is an
 *       access port. Reachability filters on membership, so a trunk read as access would cut
 *       those links.</li>
 *   <li>MAC entries: rows whose ports are all ports of the device; rows for the device itself
 *       ({@code Router}/{@code Switch}), without ports or without VLAN ({@code ---}) are counted in {@link Import#macRowsSkipped()}.</li>
 *   <li>Links: the raw files hold no topology, and the anchor note does not list hassel's 37
 *       tuples, so they come from a topology text, one directed link per line
 *       {@code <device> <port> <device> <port>} (short port names; {@code #} starts a comment),
 *       id {@code <topology file>#<line>} — the format of APKeep's ACL-free {@code topo.txt}.</li>
 * </ul>
 */
public final class StanfordCiscoImport {
    /** File name suffixes of one router's files. */
    public static final String CONFIG = "_config.txt", ROUTE = "_route.txt", ARP = "_arp_table.txt", MAC = "_mac_table.txt",
            STP = "_spanning_tree.txt";
    /** Routers whose VLAN 83 hassel's parser reads as 580. */
    public static final Set<String> VLAN_83_AS_580 = Set.of("coza_rtr", "cozb_rtr", "soza_rtr", "sozb_rtr");
    static final int DEVICE_STRIDE = 100_000;

    /**
     * The network and what did not go into it.
     *
     * @param missingFiles        absent optional files ({@code _route.txt})
     * @param devicesWithoutRules devices imported without forwarding rules
     * @param nextHopKinds        FIB rows by next-hop kind, over all FIB files
     * @param ecmpContinuations   equal-cost continuation lines (ignored), over all FIB files
     * @param unresolved          FIB rows that could not be resolved as written (see the class comment)
     * @param ignored             configuration lines and bindings without effect in the model
     * @param macRowsSkipped      MAC rows for the device itself, without ports or without VLAN
     * @param configs             each device's parsed configuration (ACL lines as written, interfaces)
     */
    public record Import(Network network, Map<String, CiscoConfig> configs, List<String> missingFiles, List<String> devicesWithoutRules,
                         Map<CiscoCef.Kind, Integer> nextHopKinds, int ecmpContinuations, List<ImportNote> unresolved,
                         List<ImportNote> ignored, int macRowsSkipped) {
        public Import {
            configs = java.util.Collections.unmodifiableMap(new TreeMap<>(configs));
            missingFiles = List.copyOf(missingFiles);
            devicesWithoutRules = List.copyOf(devicesWithoutRules);
            nextHopKinds = java.util.Collections.unmodifiableMap(new EnumMap<>(nextHopKinds));
            unresolved = List.copyOf(unresolved);
            ignored = List.copyOf(ignored);
        }
    }

    private StanfordCiscoImport() {}

    /** Reads every {@code <router>_config.txt} of {@code dir} and the router's other files, and the topology file. */
    public static Import load(Path dir, Path topology) {
        String text;
        try {
            text = Text.read(topology);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the topology file " + topology + ": " + InputFiles.describe(e), "check that the file exists and is readable", e);
        }
        return load(dir, topology.getFileName().toString(), text);
    }

    /** Reads the router files of {@code dir} as {@link #load(Path, Path)} does, with a topology text named {@code topologyName} in messages. */
    public static Import load(Path dir, String topologyName, String topology) {
        try {
            return parse(Text.readFiles(dir, p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".txt")), topologyName, topology);
        } catch (IOException e) {
            throw Text.unreadable("the Stanford backbone files", dir, e);
        }
    }

    /**
     * The backbone's topology as this import reads it, from APKeep's snapshot of the same network
     * ({@code stanford-apkeep}): its {@code topo.txt} links with the ACL nodes APKeep inserted
     * collapsed, one {@code <device> <port> <device> <port>} line per directed link (74 for
     * Stanford: hassel's 37 tuples both ways). The raw files hold no inter-router links.
     */
    public static String topologyFromApkeep(Path apkeepDir) {
        Network n = StanfordApkeepImport.load(apkeepDir).network();
        StringBuilder out = new StringBuilder("# from " + apkeepDir.resolve(StanfordApkeepImport.TOPOLOGY) + ", ACL nodes collapsed\n");
        for (Link l : n.links()) {
            Port a = n.port(l.fromPortId()).orElseThrow(), b = n.port(l.toPortId()).orElseThrow();
            out.append(a.deviceId()).append(' ').append(a.name()).append(' ').append(b.deviceId()).append(' ').append(b.name()).append('\n');
        }
        return out.toString();
    }

    /** Builds the network from file texts by name (other names are ignored) and a topology text. */
    public static Import parse(Map<String, String> files, String topologyName, String topology) {
        List<String> devices = files.keySet().stream().filter(n -> n.endsWith(CONFIG))
                .map(n -> n.substring(0, n.length() - CONFIG.length())).sorted().toList();
        if (devices.isEmpty()) throw new BadInputException("stanford-backbone", "", "expected at least one <router>" + CONFIG + " file");
        Builder b = new Builder();
        for (int d = 0; d < devices.size(); d++) b.device(d + 1, devices.get(d), files);
        b.topology(topologyName, topology);
        return b.build();
    }

    private static String required(Map<String, String> files, String name) {
        String text = files.get(name);
        if (text == null) throw new BadInputException(name, "", "expected this file beside the configuration, but it is missing");
        return text;
    }

    /** One device's parsed files. */
    private record Parsed(String device, CiscoConfig config, CiscoArp arp, CiscoMacTable mac, CiscoSpanningTree stp, CiscoCef cef) {}

    private static final class Builder {
        private final List<Device> devices = new ArrayList<>();
        private final Map<String, CiscoConfig> configs = new TreeMap<>();
        private final List<Port> ports = new ArrayList<>();
        private final Map<String, Integer> portIds = new HashMap<>();
        private final List<RuleTable> tables = new ArrayList<>();
        private final List<Acl> acls = new ArrayList<>();
        private final List<AclBinding> bindings = new ArrayList<>();
        private final List<VlanMembership> memberships = new ArrayList<>();
        private final List<MacEntry> macEntries = new ArrayList<>();
        private final List<Link> links = new ArrayList<>();
        private final List<String> missing = new ArrayList<>(), withoutRules = new ArrayList<>();
        private final Map<CiscoCef.Kind, Integer> kinds = new EnumMap<>(CiscoCef.Kind.class);
        private final List<ImportNote> unresolved = new ArrayList<>(), ignored = new ArrayList<>();
        private int ecmp, macSkipped;

        void device(int index, String device, Map<String, String> files) {
            String routeFile = device + ROUTE;
            CiscoCef cef = files.containsKey(routeFile) ? CiscoCef.parse(routeFile, files.get(routeFile)) : null;
            Parsed p = new Parsed(device, CiscoConfig.parse(device + CONFIG, required(files, device + CONFIG)),
                    CiscoArp.parse(device + ARP, required(files, device + ARP)),
                    CiscoMacTable.parse(device + MAC, required(files, device + MAC)),
                    CiscoSpanningTree.parse(device + STP, required(files, device + STP)), cef);
            devices.add(new Device(device));
            configs.put(device, p.config());
            int k = 1;
            for (CiscoConfig.Interface i : p.config().interfaces()) {
                if (!CiscoText.physical(i.name())) continue;
                Port port = new Port(index * DEVICE_STRIDE + k++, device, i.name());
                ports.add(port);
                portIds.put(device + " " + i.name(), port.id());
            }
            p.config().ignored().forEach(g -> ignored.add(new ImportNote(device + CONFIG, g.line(), g.reason() + ": " + g.text())));
            memberships(p);
            acls(p);
            macs(p);
            if (cef == null) {
                missing.add(routeFile);
                withoutRules.add(device);
            } else {
                tables.add(rules(p, routeFile));
            }
        }

        private Integer port(String device, String name) {
            return portIds.get(device + " " + name);
        }

        private List<Integer> devicePorts(String device) {
            return ports.stream().filter(x -> x.deviceId().equals(device)).map(Port::id).toList();
        }

        private void memberships(Parsed p) {
            Map<String, Set<Integer>> subVlans = new HashMap<>();
            for (CiscoConfig.Interface i : p.config().interfaces())
                if (i.dot1q() >= 0) subVlans.computeIfAbsent(parent(i.name()), x -> new TreeSet<>()).add(i.dot1q());
            Map<String, Set<Integer>> stpVlans = new HashMap<>();
            p.stp().forwarding().forEach((vlan, names) -> names.forEach(n -> stpVlans.computeIfAbsent(n, x -> new TreeSet<>()).add(vlan)));
            for (CiscoConfig.Interface i : p.config().interfaces()) {
                Integer id = port(p.device(), i.name());
                if (id == null) continue;
                // A dynamic port forwarding in another VLAN than its access VLAN negotiated a trunk (DTP).
                boolean trunked = i.mode() == CiscoConfig.Mode.DYNAMIC
                        && stpVlans.getOrDefault(i.name(), Set.of()).stream().anyMatch(v -> v != i.accessVlan());
                SwitchportMode mode = trunked ? new SwitchportMode.Trunk(i.trunkAllowed(), i.nativeVlan()) : switch (i.mode()) {
                    case ACCESS, DYNAMIC -> new SwitchportMode.Access(i.accessVlan());
                    case TRUNK -> new SwitchportMode.Trunk(i.trunkAllowed(), i.nativeVlan());
                    case ROUTED -> subVlans.containsKey(i.name()) ? new SwitchportMode.Trunk(subVlans.get(i.name()), 1) : null;
                };
                if (mode != null) memberships.add(new VlanMembership(id, mode));
            }
        }

        /** The port a subinterface runs on (a port with {@code encapsulation} itself is its own parent). */
        private static String parent(String sub) {
            int dot = sub.indexOf('.');
            return dot < 0 ? sub : sub.substring(0, dot);
        }

        /** The device's ports that carry VLAN {@code vlan}, by their membership. */
        private List<Integer> carrying(String device, int vlan) {
            Set<Integer> own = Set.copyOf(devicePorts(device));
            List<Integer> out = new ArrayList<>();
            for (VlanMembership m : memberships)
                if (own.contains(m.portId()) && switch (m.mode()) {
                    case SwitchportMode.Access a -> a.vlanId() == vlan;
                    case SwitchportMode.Trunk t -> t.allowedVlanIds().contains(vlan);
                }) out.add(m.portId());
            return out;
        }

        private void acls(Parsed p) {
            String file = p.device() + CONFIG;
            Map<String, Acl> byName = new LinkedHashMap<>();
            for (CiscoConfig.Acl a : p.config().acls().values()) {
                List<AclEntry> entries = new ArrayList<>();
                for (CiscoAclLine l : a.lines()) entries.addAll(l.entries());
                Acl acl = new Acl(p.device() + ":" + a.name(), entries);
                byName.put(a.name(), acl);
                acls.add(acl);
            }
            Map<String, Acl> derived = new HashMap<>();
            for (CiscoConfig.Interface i : p.config().interfaces()) {
                for (CiscoConfig.AccessGroup g : i.accessGroups()) {
                    Acl acl = byName.get(g.acl());
                    if (acl == null) {
                        ignored.add(new ImportNote(file, g.line(), "binds undefined ACL " + g.acl() + ", which IOS treats as permit-all"));
                        continue;
                    }
                    Integer id = port(p.device(), i.name());
                    if (id != null) {
                        bindings.add(new AclBinding(id, g.direction(), acl.id()));
                        continue;
                    }
                    int vlan = i.dot1q() >= 0 ? i.dot1q() : CiscoText.sviVlan(i.name());
                    Integer parent = port(p.device(), parent(i.name()));
                    List<Integer> on = i.dot1q() >= 0 ? (parent == null ? List.of() : List.of(parent)) : vlan >= 0 ? carrying(p.device(), vlan) : List.of();
                    if (on.isEmpty()) {
                        ignored.add(new ImportNote(file, g.line(), "binds ACL " + g.acl() + " on " + i.name() + ", which no port of the model carries"));
                        continue;
                    }
                    Acl scoped = derived.computeIfAbsent(acl.id() + "@vlan" + vlan, id2 -> {
                        Acl s = vlanScoped(id2, acl, vlan);
                        acls.add(s);
                        return s;
                    });
                    for (int portId : on) bindings.add(new AclBinding(portId, g.direction(), scoped.id()));
                }
            }
        }

        /** {@code acl} for packets of VLAN {@code vlan}; every other VLAN passes. */
        private static Acl vlanScoped(String id, Acl acl, int vlan) {
            Ternary v = Ternary.exact(vlan, 16);
            List<AclEntry> entries = new ArrayList<>();
            for (AclEntry e : acl.entries()) entries.add(new AclEntry(e.verdict(), e.match().and("vlan", v)));
            entries.add(new AclEntry(AclEntry.Verdict.DENY, new Match(Map.of("vlan", v)))); // the ACL's implicit deny, in its VLAN only
            entries.add(new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY));
            return new Acl(id, entries);
        }

        private void macs(Parsed p) {
            Set<String> seen = new java.util.HashSet<>();
            for (CiscoMacTable.Entry e : p.mac().entries()) {
                Set<Integer> ids = new LinkedHashSet<>();
                for (String name : e.ports()) {
                    if (CiscoMacTable.SELF.contains(name)) continue;
                    Integer id = port(p.device(), name);
                    if (id == null) throw bad(p.device() + MAC, e.line(), "port " + name + " is not an interface of " + p.device() + CONFIG);
                    ids.add(id);
                }
                if (ids.isEmpty() || ids.size() != e.ports().size() || e.vlan() == CiscoMacTable.NO_VLAN) {
                    macSkipped++;
                    continue;
                }
                if (!seen.add(e.vlan() + " " + e.mac())) throw bad(p.device() + MAC, e.line(), "VLAN " + e.vlan() + " MAC " + MacEntry.format(e.mac()) + " has a second row");
                macEntries.add(new MacEntry(p.device(), e.vlan(), e.mac(), ids));
            }
        }

        private RuleTable rules(Parsed p, String file) {
            CiscoCef cef = p.cef();
            ecmp += cef.ecmpContinuations();
            Set<Integer> in = Set.copyOf(devicePorts(p.device()));
            if (in.isEmpty()) throw bad(file, 1, "device " + p.device() + " has forwarding rules but its configuration has no port");
            Map<Long, Long> arp = new HashMap<>();
            for (CiscoArp.Entry e : p.arp().entries()) arp.putIfAbsent(e.ip(), e.mac());
            Map<String, List<String>> mac = new HashMap<>();
            for (CiscoMacTable.Entry e : p.mac().entries()) mac.putIfAbsent(e.vlan() + " " + e.mac(), e.ports());
            Map<String, CiscoConfig.Interface> ifaces = new HashMap<>();
            p.config().interfaces().forEach(i -> ifaces.put(i.name(), i));
            List<CiscoCef.Route> sorted = new ArrayList<>(cef.routes());
            sorted.sort(Comparator.comparingInt(CiscoCef.Route::length).reversed()); // stable: file order among equal lengths
            List<Rule> rules = new ArrayList<>(sorted.size());
            for (CiscoCef.Route r : sorted) {
                kinds.merge(r.kind(), 1, Integer::sum);
                Resolution res = resolve(p, r, arp, mac, ifaces);
                if (res.problem() != null) unresolved.add(new ImportNote(file, r.line(), res.problem()));
                Match m = r.length() == 0 ? Match.ANY : new Match(Map.of("ip_dst", Ternary.prefix(r.address(), r.length(), 32)));
                rules.add(new Rule(file + "#" + r.line(), r.length(), in, m, res.actions(), List.of(),
                        new Origin(r.kind().name().toLowerCase(java.util.Locale.ROOT) + (r.iface().isEmpty() ? "" : " " + r.iface()), file, List.of(r.line()))));
            }
            return new RuleTable(p.device(), MatchPolicy.FIRST_MATCH, rules);
        }

        /** A FIB row's actions, and why it could not be resolved as written (null when it could). */
        private record Resolution(List<Action> actions, String problem) {
            static Resolution drop(String problem) {
                return new Resolution(List.of(new Action.Drop()), problem);
            }
        }

        private Resolution resolve(Parsed p, CiscoCef.Route r, Map<Long, Long> arp, Map<String, List<String>> mac,
                                   Map<String, CiscoConfig.Interface> ifaces) {
            String iface = r.iface();
            switch (r.kind()) {
                case RECEIVE, DROP, MULTICAST -> {
                    return Resolution.drop(null);
                }
                default -> { }
            }
            if (iface.startsWith("null") || iface.startsWith("lo")) return Resolution.drop(null);
            if (iface.startsWith("tu")) return Resolution.drop("tunnel interface " + iface + " is not modelled");
            int svi = CiscoText.sviVlan(iface);
            if (svi >= 0) {
                int vlan = svi == 83 && VLAN_83_AS_580.contains(p.device()) ? 580 : svi;
                if (r.kind() == CiscoCef.Kind.ATTACHED) return flood(p, vlan, null);
                Long hw = arp.get(r.nextHop());
                if (hw == null) return Resolution.drop("no ARP entry for next hop " + Ipv4Address.format((int) r.nextHop()));
                List<String> out = mac.get(vlan + " " + hw);
                if (out == null) return flood(p, vlan, "MAC " + MacEntry.format(hw) + " of " + Ipv4Address.format((int) r.nextHop()) + " is not in VLAN " + vlan + "'s MAC table: flooded");
                List<Integer> ids = new ArrayList<>();
                for (String name : out) {
                    Integer id = port(p.device(), name);
                    if (id == null) return Resolution.drop("MAC " + MacEntry.format(hw) + " of " + Ipv4Address.format((int) r.nextHop()) + " points at " + name + ", not a port");
                    ids.add(id);
                }
                if (ids.isEmpty()) return Resolution.drop("MAC " + MacEntry.format(hw) + " of " + Ipv4Address.format((int) r.nextHop()) + " has no port");
                return new Resolution(List.of(new Action.SetVlan(vlan), new Action.Forward(ids)), null);
            }
            CiscoConfig.Interface i = ifaces.get(iface);
            if (i == null) return Resolution.drop("interface " + iface + " is not in the configuration");
            Integer id = port(p.device(), parent(iface));
            if (id == null) return Resolution.drop("interface " + iface + " is not a port");
            if (i.dot1q() >= 0) return new Resolution(List.of(new Action.SetVlan(i.dot1q()), new Action.Forward(List.of(id))), null);
            if (!iface.equals(parent(iface))) return Resolution.drop("subinterface " + iface + " has no encapsulation dot1Q");
            return new Resolution(List.of(new Action.Forward(List.of(id))), null);
        }

        /** Set VLAN {@code vlan} and send out of its STP-forwarding ports. */
        private Resolution flood(Parsed p, int vlan, String note) {
            List<Integer> ids = new ArrayList<>();
            for (String name : p.stp().forwarding().getOrDefault(vlan, List.of())) {
                Integer id = port(p.device(), name);
                if (id != null && !ids.contains(id)) ids.add(id);
            }
            if (ids.isEmpty()) return Resolution.drop("VLAN " + vlan + " has no STP-forwarding port");
            return new Resolution(List.of(new Action.SetVlan(vlan), new Action.Forward(ids)), note);
        }

        /** {@code <device> <port> <device> <port>} per line, {@code #} comments. */
        void topology(String file, String text) {
            Set<String> seen = new java.util.HashSet<>();
            for (Line l : Text.lines(text)) {
                String body = l.text().contains("#") ? l.text().substring(0, l.text().indexOf('#')) : l.text();
                List<String> t = body.isBlank() ? List.of() : List.of(body.strip().split("\\s+"));
                if (t.isEmpty()) continue;
                if (t.size() != 4) throw bad(file, l.number(), "expected \"<device> <port> <device> <port>\", got \"" + clip(l.body()) + "\"");
                int from = linkPort(file, l.number(), t.get(0), t.get(1)), to = linkPort(file, l.number(), t.get(2), t.get(3));
                if (from == to) throw bad(file, l.number(), "links a port to itself");
                if (!seen.add(from + " " + to)) throw bad(file, l.number(), "duplicate link " + String.join(" ", t));
                links.add(new Link(file + "#" + l.number(), from, to, new Origin("", file, List.of(l.number()))));
            }
        }

        private int linkPort(String file, int line, String device, String name) {
            Integer id = port(device, CiscoText.interfaceName(file, line, name));
            if (id == null) throw bad(file, line, "no port " + name + " on device " + clip(device) + " (expected a physical interface of its configuration)");
            return id;
        }

        Import build() {
            Network n;
            try {
                n = new Network(HeaderLayouts.HASSEL, devices, ports, links, tables, acls, bindings, memberships, macEntries);
            } catch (BadInputException e) {
                throw new BadInputException("stanford-backbone", e.location(), e.problem(), e.hint(), e);
            }
            return new Import(n, configs, missing, withoutRules, kinds, ecmp, unresolved, ignored, macSkipped);
        }
    }
}
