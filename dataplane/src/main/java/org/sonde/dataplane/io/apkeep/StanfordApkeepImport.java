package org.sonde.dataplane.io.apkeep;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.badName;
import static org.sonde.dataplane.io.text.Text.clip;
import static org.sonde.dataplane.io.text.Text.ip;
import static org.sonde.dataplane.io.text.Text.longNumber;
import static org.sonde.dataplane.io.text.Text.nonBlankLines;
import static org.sonde.dataplane.io.text.Text.number;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Range;
import org.sonde.dataplane.io.text.Text;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
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
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;

/**
 * Builds a {@link Network} over {@link HeaderLayouts#APKEEP} from APKeep's preprocessed Stanford
 * snapshot: {@code updates} (its {@code +} lines before the first {@code -} are the snapshot),
 * {@code topo.txt}, {@code vlan.txt} and {@code acls/}.
 *
 * <ul>
 *   <li>Devices are the routers with forwarding rules; every other file may only name them.
 *       Ports are the names the files use, numbered {@code d*100000 + k} with d the device's and
 *       k the port's 1-based position in name order.</li>
 *   <li>Forwarding rules ({@code + fwd dev ip len out len}) become one {@link MatchPolicy#FIRST_MATCH}
 *       table per device, longest prefix first (file order among equal lengths), id
 *       {@code updates#<line>}, priority the prefix length, in-ports all of the device's ports.
 *       {@code self} is a drop; {@code vlanN} forwards to the ports {@code vlan.txt} lists for N
 *       on that device (APKeep's VLAN expansion; its split horizon is a traversal rule, not
 *       encoded here).</li>
 *   <li>ACLs are the files {@code acls/<device>_<acl>}, id the file name. Each line keeps its
 *       protocol and port ranges in {@link Import#aclLines()}; in the model a range becomes its
 *       smallest ternary cover, so one line may give several consecutive entries of one verdict,
 *       which decide exactly what the range does. The snapshot's {@code + acl} lines must be
 *       exactly the files' lines.</li>
 *   <li>Bindings come from {@code acls/<device>_usage} ({@code port in|out acl…}), in the order
 *       listed; a port may chain several ACLs per direction.</li>
 *   <li>{@code topo.txt} links run between router ports, possibly through APKeep's inserted ACL
 *       nodes ({@code <device>_<acl>_<port>_in|out}); such a chain becomes one link (id
 *       {@code topo.txt#<first line>}, origin lines the whole chain), and its nodes must be the
 *       source port's out-bindings and the destination port's in-bindings.</li>
 *   <li>{@code vlan.txt} gives each listed port a trunk membership carrying its VLANs. The file
 *       does not say which VLAN is untagged, so the native VLAN is IOS's default 1: an
 *       assumption, not data.</li>
 * </ul>
 * Nothing in the data is left out, so there is no unsupported list: every construct either maps
 * to the model exactly (ranges by their ternary cover, chained ACLs by the model's per-direction
 * binding lists) or is rejected with file, line and expectation. {@code parameters.json} is
 * APKeep's own tuning and is not read.
 */
public final class StanfordApkeepImport {
    /** File names inside the snapshot directory. */
    public static final String UPDATES = "updates", TOPOLOGY = "topo.txt", VLANS = "vlan.txt", ACL_DIR = "acls";

    static final String USAGE_SUFFIX = "_usage";
    static final int DEVICE_STRIDE = 100_000;
    private static final Pattern DEVICE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Pattern PORT_NAME = Pattern.compile("[a-z]+[0-9]+(/[0-9]+)*");
    private static final Pattern VLAN_PORT = Pattern.compile("vlan([0-9]{1,4})");
    private static final int MAX_VLAN = 4095;
    /** The only value APKeep's ACL files carry between the ranges and the priority. */
    private static final String ACL_FILE_FILLER = "-1";

    /**
     * One ACL line as the data gives it, and where it went in the model.
     *
     * @param file       {@code acls/<device>_<acl>}
     * @param firstEntry index of its first entry in the ACL's model entries
     * @param entryCount how many model entries its ranges became
     */
    record AclLine(String aclId, String file, int line, AclEntry.Verdict verdict, Range proto, Ternary srcIp, Range srcPort,
                          Ternary dstIp, Range dstPort, int priority, int firstEntry, int entryCount) {}

    /**
     * The snapshot as a network, with what the model does not keep verbatim.
     *
     * @param aclLines   every ACL line, by ACL file name then line
     * @param insertions {@code +} lines of {@code updates} (the snapshot)
     * @param deletions  {@code -} lines after them (APKeep's update workload, not applied)
     */
    public record Import(Network network, List<AclLine> aclLines, int insertions, int deletions) {
        public Import {
            aclLines = List.copyOf(aclLines);
        }
    }

    private StanfordApkeepImport() {}

    /** Reads the snapshot directory (see the class comment for the files). */
    public static Import load(Path dir) {
        try {
            Path acls = dir.resolve(ACL_DIR);
            if (!Files.isDirectory(acls)) throw new BadInputException(dir.toString(), "", "expected a directory " + ACL_DIR);
            Map<String, String> aclFiles = new TreeMap<>();
            try (Stream<Path> files = Files.list(acls)) {
                for (Path p : files.sorted().toList()) aclFiles.put(p.getFileName().toString(), read(dir, p));
            }
            return parse(read(dir, dir.resolve(TOPOLOGY)), read(dir, dir.resolve(VLANS)), read(dir, dir.resolve(UPDATES)), aclFiles);
        } catch (IOException e) {
            throw Text.unreadable("the APKeep snapshot", dir, e);
        }
    }

    private static String read(Path dir, Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new BadInputException(dir.toString(), "", "expected a file " + dir.relativize(file));
        return Text.read(file);
    }

    /** Builds the network from the files' texts; {@code aclFiles} maps names inside {@code acls/} to texts. */
    public static Import parse(String topology, String vlans, String updates, Map<String, String> aclFiles) {
        Updates u = Updates.parse(updates);
        Builder b = new Builder(u.fwd().stream().map(Fwd::device).collect(Collectors.toCollection(TreeSet::new)));
        Map<String, String> acls = new TreeMap<>(aclFiles);
        for (Map.Entry<String, String> e : acls.entrySet())
            if (!e.getKey().endsWith(USAGE_SUFFIX)) b.acl(e.getKey(), e.getValue());
        for (Map.Entry<String, String> e : acls.entrySet())
            if (e.getKey().endsWith(USAGE_SUFFIX)) b.usage(e.getKey(), e.getValue());
        b.requireInsertedAcls(u.aclText());
        b.vlans(vlans);
        b.topology(topology);
        for (Fwd f : u.fwd()) b.port(f);
        Network network;
        try {
            network = b.network(u.fwd());
        } catch (BadInputException e) {
            throw new BadInputException("stanford-apkeep", e.location(), e.problem(), e.hint(), e);
        }
        return new Import(network, b.aclLines(), u.insertions(), u.deletions());
    }

    static String portName(String file, int line, String s) {
        if (!PORT_NAME.matcher(s).matches())
            throw bad(file, line, "expected a port name like te1/3 or gi4/16, got \"" + clip(s) + "\"");
        return s;
    }

    /** A forwarding rule of the snapshot. */
    record Fwd(int line, String device, long address, int length, String out) {}

    /** The {@code updates} file: the snapshot's forwarding rules and the text of its ACL lines. */
    record Updates(List<Fwd> fwd, Map<String, List<Line>> aclText, int insertions, int deletions) {
        static Updates parse(String text) {
            List<Fwd> fwd = new ArrayList<>();
            Map<String, List<Line>> acl = new TreeMap<>();
            Set<String> prefixes = new HashSet<>();
            int insertions = 0, deletions = 0;
            for (Line l : nonBlankLines(text)) {
                List<String> t = l.tokens();
                String op = t.get(0);
                if (!op.equals("+") && !op.equals("-"))
                    throw bad(UPDATES, l.number(), "expected + (insert) or - (delete), got \"" + clip(op) + "\"");
                if (op.equals("+") && deletions > 0)
                    throw bad(UPDATES, l.number(), "expected the snapshot's insertions before every deletion, got an insertion after one");
                String kind = t.size() > 1 ? t.get(1) : "";
                if (kind.equals("fwd")) {
                    Fwd f = fwd(l);
                    if (op.equals("+")) {
                        if (!prefixes.add(f.device() + " " + f.address() + "/" + f.length()))
                            throw bad(UPDATES, l.number(), "device " + f.device() + " already has a rule for this prefix");
                        fwd.add(f);
                    }
                } else if (kind.equals("acl")) {
                    if (t.size() != 17)
                        throw bad(UPDATES, l.number(), "expected 17 fields \"± acl <device>_<acl> access-list <acl> permit|deny <proto lo> <proto hi> <src> <src wildcard> "
                                + "<src port lo> <src port hi> <dst> <dst wildcard> <dst port lo> <dst port hi> <priority>\", got " + t.size());
                    String aclId = t.get(2);
                    if (!aclId.endsWith("_" + t.get(4)))
                        throw bad(UPDATES, l.number(), "expected the ACL id " + clip(aclId) + " to end with _ and the access-list name " + clip(t.get(4)));
                    if (op.equals("+")) acl.computeIfAbsent(aclId, k -> new ArrayList<>()).add(new Line(l.number(), l.text(), t.subList(3, 17)));
                } else {
                    throw bad(UPDATES, l.number(), "expected fwd or acl after " + op + ", got \"" + clip(kind) + "\"");
                }
                if (op.equals("+")) insertions++;
                else deletions++;
            }
            if (fwd.isEmpty()) throw bad(UPDATES, 1, "expected the snapshot to insert at least one fwd rule");
            return new Updates(fwd, acl, insertions, deletions);
        }

        private static Fwd fwd(Line l) {
            List<String> t = l.tokens();
            if (t.size() != 7)
                throw bad(UPDATES, l.number(), "expected 7 fields \"± fwd <device> <ip as unsigned 32-bit int> <prefix length> <port|vlanN|self> <priority>\", got " + t.size());
            long address = longNumber(UPDATES, l.number(), "address", t.get(3), 0, 0xFFFF_FFFFL);
            int length = number(UPDATES, l.number(), "prefix length", t.get(4), 0, 32);
            if (length < 32 && (address & (0xFFFF_FFFFL >>> length)) != 0)
                throw bad(UPDATES, l.number(), "address " + t.get(3) + " has bits set beyond its /" + length + " prefix");
            int priority = number(UPDATES, l.number(), "priority", t.get(6), 0, Integer.MAX_VALUE);
            if (priority != length)
                throw bad(UPDATES, l.number(), "expected the priority to equal the prefix length " + length + " (APKeep's longest-prefix order), got " + priority);
            if (!DEVICE_NAME.matcher(t.get(2)).matches())
                throw bad(UPDATES, l.number(), "expected a device name of letters, digits, '_', '.' or '-', got \"" + clip(t.get(2)) + "\"");
            return new Fwd(l.number(), t.get(2), address, length, t.get(5));
        }
    }

    /** Collects devices, ports, ACLs, bindings, VLANs and links as the files are read. */
    private static final class Builder {
        private final List<String> devices;
        private final Map<String, TreeSet<String>> portNames = new TreeMap<>();
        private final Map<String, Acl> acls = new TreeMap<>();
        private final Map<String, List<Line>> aclFileLines = new TreeMap<>();
        private final List<AclLine> aclLines = new ArrayList<>();
        /** device → port → direction → ACL ids in order. */
        private final Map<String, Map<String, Map<AclBinding.Direction, List<String>>>> usage = new TreeMap<>();
        /** device → vlan → ports, in vlan.txt order. */
        private final Map<String, Map<Integer, List<String>>> vlanPorts = new HashMap<>();
        private final List<PendingLink> links = new ArrayList<>();
        private Map<String, Integer> portIds;

        record PendingLink(String id, String fromDevice, String fromPort, String toDevice, String toPort, List<Integer> lines) {}

        Builder(Set<String> devices) {
            this.devices = List.copyOf(devices);
            for (String d : devices) portNames.put(d, new TreeSet<>());
        }

        List<AclLine> aclLines() {
            return aclLines;
        }

        void port(Fwd f) {
            String out = f.out();
            if (out.equals("self")) return;
            Matcher vlan = VLAN_PORT.matcher(out);
            if (vlan.matches()) {
                int id = Integer.parseInt(vlan.group(1));
                if (!vlanPorts.getOrDefault(f.device(), Map.of()).containsKey(id))
                    throw bad(UPDATES, f.line(), "forwards to vlan" + id + ", which " + VLANS + " does not list for " + f.device());
                return;
            }
            addPort(UPDATES, f.line(), f.device(), out);
        }

        private void addPort(String file, int line, String device, String name) {
            requireDevice(file, line, device);
            portNames.get(device).add(portName(file, line, name));
        }

        private void requireDevice(String file, int line, String device) {
            if (!portNames.containsKey(device))
                throw bad(file, line, "expected a device with forwarding rules in " + UPDATES + ", got \"" + clip(device) + "\"");
        }

        /** The longest device a {@code <device>_<rest>} name starts with, and the rest; null if none. */
        private String[] deviceAndRest(String name) {
            String best = null;
            for (String d : devices)
                if (name.startsWith(d + "_") && name.length() > d.length() + 1 && (best == null || d.length() > best.length())) best = d;
            return best == null ? null : new String[] {best, name.substring(best.length() + 1)};
        }

        private static String expectedDevicePrefix(String name) {
            return "expected a name <device>_… with a device of " + UPDATES + ", got \"" + clip(name) + "\"";
        }

        void acl(String name, String text) {
            String file = ACL_DIR + "/" + name;
            String[] dr = deviceAndRest(name);
            if (dr == null) throw badName(file, expectedDevicePrefix(name));
            String aclName = dr[1];
            List<AclEntry> entries = new ArrayList<>();
            List<Line> kept = new ArrayList<>();
            int previous = Integer.MAX_VALUE;
            for (Line l : nonBlankLines(text)) {
                List<String> t = l.tokens();
                if (t.size() != 15 || !t.get(0).equals("access-list"))
                    throw bad(file, l.number(), "expected 15 fields \"access-list <acl> permit|deny <proto lo> <proto hi> <src> <src wildcard> <src port lo> "
                            + "<src port hi> <dst> <dst wildcard> <dst port lo> <dst port hi> -1 <priority>\", got \"" + clip(l.body()) + "\"");
                if (!t.get(1).equals(aclName))
                    throw bad(file, l.number(), "expected access-list " + aclName + " (the file's ACL), got \"" + clip(t.get(1)) + "\"");
                if (!t.get(13).equals(ACL_FILE_FILLER))
                    throw bad(file, l.number(), "expected " + ACL_FILE_FILLER + " as field 14, got \"" + clip(t.get(13)) + "\"");
                AclLine a = aclLine(name, file, l.number(), t.subList(2, 13), t.get(14), entries.size());
                if (a.priority() >= previous)
                    throw bad(file, l.number(), "expected priorities to fall line by line, got " + a.priority() + " after " + previous);
                previous = a.priority();
                entries.addAll(entries(a));
                aclLines.add(a);
                kept.add(new Line(l.number(), l.text(), Stream.concat(t.subList(0, 13).stream(), Stream.of(t.get(14))).toList()));
            }
            if (kept.isEmpty()) throw bad(file, 1, "expected at least one access-list line");
            acls.put(name, new Acl(name, entries));
            aclFileLines.put(name, kept);
        }

        /** {@code permit|deny protoLo protoHi src srcWc sportLo sportHi dst dstWc dportLo dportHi}. */
        private static AclLine aclLine(String aclId, String file, int line, List<String> f, String priority, int firstEntry) {
            AclEntry.Verdict verdict = switch (f.get(0)) {
                case "permit" -> AclEntry.Verdict.PERMIT;
                case "deny" -> AclEntry.Verdict.DENY;
                default -> throw bad(file, line, "expected permit or deny, got \"" + clip(f.get(0)) + "\"");
            };
            Range proto = range(file, line, "protocol", f.get(1), f.get(2), 255);
            Ternary src = address(file, line, "source", f.get(3), f.get(4));
            Range srcPort = range(file, line, "source port", f.get(5), f.get(6), 65535);
            Ternary dst = address(file, line, "destination", f.get(7), f.get(8));
            Range dstPort = range(file, line, "destination port", f.get(9), f.get(10), 65535);
            int prio = number(file, line, "priority", priority, 0, Integer.MAX_VALUE);
            int count = proto.cover(8).size() * srcPort.cover(16).size() * dstPort.cover(16).size();
            return new AclLine(aclId, file, line, verdict, proto, src, srcPort, dst, dstPort, prio, firstEntry, count);
        }

        /**
         * {@code null null} (any), {@code low high} with low ≤ high ≤ max, or {@code low null}: up to
         * max, as APKeep reads it. (Its preprocessing writes IOS {@code gt 27000} as {@code 27000 null},
         * one port wider than IOS means; we follow APKeep's files, which is what it is compared on.)
         */
        private static Range range(String file, int line, String what, String low, String high, int max) {
            if (low.equals("null") && high.equals("null")) return new Range(0, max);
            int lo = number(file, line, what + " low", low, 0, max);
            int hi = high.equals("null") ? max : number(file, line, what + " high", high, 0, max);
            if (lo > hi) throw bad(file, line, what + ": expected low ≤ high, got " + lo + " > " + hi);
            return new Range(lo, hi);
        }

        /** {@code any null}, {@code a.b.c.d null} (the host) or {@code a.b.c.d w.x.y.z} (Cisco wildcard: 1 bits are free). */
        private static Ternary address(String file, int line, String what, String ip, String wildcard) {
            if (ip.equals("any")) {
                if (!wildcard.equals("null")) throw bad(file, line, what + ": expected wildcard null after any, got \"" + clip(wildcard) + "\"");
                return new Ternary(0, 0);
            }
            long value = ip(file, line, what + " address", ip);
            long free = wildcard.equals("null") ? 0 : ip(file, line, what + " wildcard", wildcard);
            if ((value & free) != 0)
                throw bad(file, line, what + ": address " + ip + " has bits set that wildcard " + wildcard + " leaves free");
            return new Ternary(value, 0xFFFF_FFFFL & ~free);
        }

        /** The model entries of one line: the product of its ranges' ternary covers, all with its verdict. */
        private static List<AclEntry> entries(AclLine a) {
            List<AclEntry> out = new ArrayList<>();
            for (Ternary proto : a.proto().cover(8))
                for (Ternary sport : a.srcPort().cover(16))
                    for (Ternary dport : a.dstPort().cover(16))
                        out.add(new AclEntry(a.verdict(), new Match(Map.of("ip_src", a.srcIp(), "ip_dst", a.dstIp(),
                                "ip_proto", proto, "tp_src", sport, "tp_dst", dport))));
            return out;
        }

        /** The snapshot's {@code + acl} lines must be the ACL files' lines, each once. */
        void requireInsertedAcls(Map<String, List<Line>> inserted) {
            for (Map.Entry<String, List<Line>> e : inserted.entrySet()) {
                List<Line> fileLines = aclFileLines.get(e.getKey());
                if (fileLines == null)
                    throw bad(UPDATES, e.getValue().getFirst().number(), "inserts into ACL " + clip(e.getKey()) + ", which has no file in " + ACL_DIR + "/");
                Map<List<String>, Integer> remaining = new HashMap<>();
                for (Line t : fileLines) remaining.merge(t.tokens(), 1, Integer::sum);
                for (Line t : e.getValue())
                    if (remaining.merge(t.tokens(), -1, Integer::sum) < 0)
                        throw bad(UPDATES, t.number(), "inserts an ACL line that " + ACL_DIR + "/" + e.getKey() + " does not have (or has fewer times)");
                for (Line t : fileLines)
                    if (remaining.get(t.tokens()) > 0)
                        throw bad(ACL_DIR + "/" + e.getKey(), t.number(), "expected " + UPDATES + " to insert this line, but it does not");
            }
            for (Map.Entry<String, List<Line>> e : aclFileLines.entrySet())
                if (!inserted.containsKey(e.getKey()))
                    throw bad(ACL_DIR + "/" + e.getKey(), e.getValue().getFirst().number(), "expected " + UPDATES + " to insert this ACL's lines, but it inserts none");
        }

        void usage(String name, String text) {
            String file = ACL_DIR + "/" + name;
            String device = name.substring(0, name.length() - USAGE_SUFFIX.length());
            if (!portNames.containsKey(device)) throw badName(file, "expected <device>" + USAGE_SUFFIX + " with a device of " + UPDATES + ", got \"" + clip(name) + "\"");
            Map<String, Map<AclBinding.Direction, List<String>>> byPort = new TreeMap<>();
            for (Line l : nonBlankLines(text)) {
                List<String> t = l.tokens();
                if (t.size() < 3) throw bad(file, l.number(), "expected \"<port> in|out <acl> …\", got \"" + clip(l.body()) + "\"");
                String port = portName(file, l.number(), t.get(0));
                AclBinding.Direction dir = switch (t.get(1)) {
                    case "in" -> AclBinding.Direction.IN;
                    case "out" -> AclBinding.Direction.OUT;
                    default -> throw bad(file, l.number(), "expected in or out, got \"" + clip(t.get(1)) + "\"");
                };
                List<String> bound = byPort.computeIfAbsent(port, p -> new TreeMap<>()).computeIfAbsent(dir, d -> new ArrayList<>());
                if (!bound.isEmpty()) throw bad(file, l.number(), "port " + port + " already has a line for direction " + t.get(1));
                for (String acl : t.subList(2, t.size())) {
                    String id = device + "_" + acl;
                    if (!acls.containsKey(id)) throw bad(file, l.number(), "ACL " + clip(acl) + " has no file " + ACL_DIR + "/" + clip(id));
                    if (bound.contains(id)) throw bad(file, l.number(), "ACL " + acl + " is listed twice");
                    bound.add(id);
                }
                addPort(file, l.number(), device, port);
            }
            usage.put(device, byPort);
        }

        void vlans(String text) {
            for (Line l : nonBlankLines(text)) {
                List<String> t = l.tokens();
                if (t.size() < 3) throw bad(VLANS, l.number(), "expected \"<device> vlan<N> <port> …\", got \"" + clip(l.body()) + "\"");
                requireDevice(VLANS, l.number(), t.get(0));
                Matcher m = VLAN_PORT.matcher(t.get(1));
                if (!m.matches() || Integer.parseInt(m.group(1)) > MAX_VLAN)
                    throw bad(VLANS, l.number(), "expected vlan<N> with N in 0.." + MAX_VLAN + ", got \"" + clip(t.get(1)) + "\"");
                int vlan = Integer.parseInt(m.group(1));
                Map<Integer, List<String>> ofDevice = vlanPorts.computeIfAbsent(t.get(0), d -> new HashMap<>());
                if (ofDevice.containsKey(vlan)) throw bad(VLANS, l.number(), t.get(0) + " vlan" + vlan + " already has a line");
                List<String> ports = t.subList(2, t.size());
                if (new HashSet<>(ports).size() != ports.size()) throw bad(VLANS, l.number(), "expected each port once");
                for (String p : ports) addPort(VLANS, l.number(), t.get(0), p);
                ofDevice.put(vlan, List.copyOf(ports));
            }
        }

        /**
         * Edges {@code dev port dev port}, {@code dev port node inport} and {@code node permit dev port
         * | node inport}: physical links, or chains through ACL nodes that end at a router port.
         */
        void topology(String text) {
            record Edge(int line, String from, String fromPort, String to, String toPort) {}
            Map<String, Edge> fromNode = new HashMap<>();
            List<Edge> fromRouter = new ArrayList<>();
            for (Line l : nonBlankLines(text)) {
                List<String> t = l.tokens();
                if (t.size() != 4) throw bad(TOPOLOGY, l.number(), "expected 4 fields \"<device> <port> <device> <port>\", got " + t.size());
                Edge e = new Edge(l.number(), t.get(0), t.get(1), t.get(2), t.get(3));
                if (e.fromPort().equals("permit")) {
                    aclNode(l.number(), e.from());
                    if (fromNode.putIfAbsent(e.from(), e) != null) throw bad(TOPOLOGY, l.number(), "ACL node " + e.from() + " already has a permit edge");
                } else {
                    addPort(TOPOLOGY, l.number(), e.from(), e.fromPort());
                    fromRouter.add(e);
                }
                if (e.toPort().equals("inport")) aclNode(l.number(), e.to());
                else addPort(TOPOLOGY, l.number(), e.to(), e.toPort());
            }
            Set<String> seen = new HashSet<>();
            for (Edge start : fromRouter) {
                List<Integer> lines = new ArrayList<>(List.of(start.line()));
                List<AclNode> chain = new ArrayList<>();
                Set<String> visited = new HashSet<>();
                Edge e = start;
                while (e != null && e.toPort().equals("inport")) {
                    if (!visited.add(e.to())) throw bad(TOPOLOGY, start.line(), "the ACL nodes after this edge form a cycle");
                    chain.add(aclNode(e.line(), e.to()));
                    e = fromNode.get(e.to());
                    if (e != null) lines.add(e.line());
                }
                if (e == null) continue; // the chain ends at an ACL on an unlinked port: a binding, not a link
                if (!seen.add(start.from() + " " + start.fromPort() + " " + e.to() + " " + e.toPort()))
                    throw bad(TOPOLOGY, start.line(), "duplicate link " + start.from() + " " + start.fromPort() + " → " + e.to() + " " + e.toPort());
                requireChainMatchesUsage(start.line(), start.from(), start.fromPort(), e.to(), e.toPort(), chain);
                links.add(new PendingLink(TOPOLOGY + "#" + start.line(), start.from(), start.fromPort(), e.to(), e.toPort(), lines));
            }
        }

        record AclNode(String device, String aclId, String port, AclBinding.Direction direction) {}

        /** {@code <device>_<acl>_<port>_in|out}: an ACL APKeep inserted on a link. */
        private AclNode aclNode(int line, String name) {
            String[] dr = deviceAndRest(name);
            if (dr == null) throw bad(TOPOLOGY, line, expectedDevicePrefix(name));
            int dirAt = dr[1].lastIndexOf('_'), portAt = dirAt < 0 ? -1 : dr[1].lastIndexOf('_', dirAt - 1);
            String dir = dirAt < 0 ? "" : dr[1].substring(dirAt + 1);
            if (portAt < 1 || !(dir.equals("in") || dir.equals("out")))
                throw bad(TOPOLOGY, line, "expected an ACL node <device>_<acl>_<port>_in|out, got \"" + clip(name) + "\"");
            String acl = dr[0] + "_" + dr[1].substring(0, portAt);
            if (!acls.containsKey(acl)) throw bad(TOPOLOGY, line, "ACL node " + clip(name) + " names ACL " + clip(acl) + ", which has no file in " + ACL_DIR + "/");
            String port = portName(TOPOLOGY, line, dr[1].substring(portAt + 1, dirAt));
            AclNode node = new AclNode(dr[0], acl, port, dir.equals("in") ? AclBinding.Direction.IN : AclBinding.Direction.OUT);
            if (!bound(node.device(), port, node.direction()).contains(acl))
                throw bad(TOPOLOGY, line, "ACL node " + clip(name) + ": " + ACL_DIR + "/" + node.device() + USAGE_SUFFIX + " does not bind " + acl + " " + dir + " on " + port);
            return node;
        }

        private List<String> bound(String device, String port, AclBinding.Direction dir) {
            return usage.getOrDefault(device, Map.of()).getOrDefault(port, Map.of()).getOrDefault(dir, List.of());
        }

        /** A chain's ACL nodes must be exactly the source port's out-ACLs and the destination port's in-ACLs. */
        private void requireChainMatchesUsage(int line, String from, String fromPort, String to, String toPort, List<AclNode> chain) {
            Set<AclNode> expected = new HashSet<>();
            for (String acl : bound(from, fromPort, AclBinding.Direction.OUT)) expected.add(new AclNode(from, acl, fromPort, AclBinding.Direction.OUT));
            for (String acl : bound(to, toPort, AclBinding.Direction.IN)) expected.add(new AclNode(to, acl, toPort, AclBinding.Direction.IN));
            if (!expected.equals(new HashSet<>(chain)) || chain.size() != expected.size())
                throw bad(TOPOLOGY, line, "the ACL nodes between " + from + " " + fromPort + " and " + to + " " + toPort + " are " + names(chain)
                        + ", but the usage files bind " + names(new ArrayList<>(expected)));
        }

        private static List<String> names(List<AclNode> nodes) {
            return nodes.stream().map(n -> n.aclId() + "_" + n.port() + "_" + n.direction().name().toLowerCase(java.util.Locale.ROOT)).sorted().toList();
        }

        private int portId(String device, String name) {
            return portIds.get(device + " " + name);
        }

        Network network(List<Fwd> fwd) {
            portIds = new HashMap<>();
            List<Port> ports = new ArrayList<>();
            for (int d = 0; d < devices.size(); d++) {
                int k = 1;
                for (String name : portNames.get(devices.get(d))) {
                    Port p = new Port((d + 1) * DEVICE_STRIDE + k++, devices.get(d), name);
                    ports.add(p);
                    portIds.put(p.deviceId() + " " + name, p.id());
                }
            }
            List<Link> modelLinks = links.stream().map(l -> new Link(l.id(), portId(l.fromDevice(), l.fromPort()), portId(l.toDevice(), l.toPort()),
                    new Origin("", TOPOLOGY, l.lines()))).toList();
            List<AclBinding> bindings = new ArrayList<>();
            usage.forEach((device, byPort) -> byPort.forEach((port, byDir) -> byDir.forEach((dir, ids) ->
                    ids.forEach(id -> bindings.add(new AclBinding(portId(device, port), dir, id))))));
            return new Network(HeaderLayouts.APKEEP, devices.stream().map(Device::new).toList(), ports, modelLinks, tables(fwd, ports),
                    List.copyOf(acls.values()), bindings, memberships(), List.of());
        }

        private List<RuleTable> tables(List<Fwd> fwd, List<Port> ports) {
            Map<String, List<Fwd>> byDevice = new TreeMap<>();
            for (Fwd f : fwd) byDevice.computeIfAbsent(f.device(), d -> new ArrayList<>()).add(f);
            List<RuleTable> out = new ArrayList<>();
            for (Map.Entry<String, List<Fwd>> e : byDevice.entrySet()) {
                Set<Integer> in = Set.copyOf(ports.stream().filter(p -> p.deviceId().equals(e.getKey())).map(Port::id).toList());
                if (in.isEmpty()) throw bad(UPDATES, e.getValue().getFirst().line(), "device " + e.getKey() + " has rules but no file names a port of it");
                List<Fwd> sorted = new ArrayList<>(e.getValue());
                sorted.sort(Comparator.comparingInt(Fwd::length).reversed()); // stable: file order among equal lengths
                List<Rule> rules = new ArrayList<>(sorted.size());
                for (Fwd f : sorted)
                    rules.add(new Rule(UPDATES + "#" + f.line(), f.length(), in,
                            f.length() == 0 ? Match.ANY : new Match(Map.of("ip_dst", Ternary.prefix(f.address(), f.length(), 32))),
                            List.of(action(f)), List.of(), new Origin(f.out(), UPDATES, List.of(f.line()))));
                out.add(new RuleTable(e.getKey(), MatchPolicy.FIRST_MATCH, rules));
            }
            return out;
        }

        private Action action(Fwd f) {
            if (f.out().equals("self")) return new Action.Drop();
            Matcher vlan = VLAN_PORT.matcher(f.out());
            if (vlan.matches())
                return new Action.Forward(vlanPorts.get(f.device()).get(Integer.parseInt(vlan.group(1))).stream().map(p -> portId(f.device(), p)).toList());
            return new Action.Forward(List.of(portId(f.device(), f.out())));
        }

        private List<VlanMembership> memberships() {
            Map<Integer, Set<Integer>> byPort = new TreeMap<>();
            vlanPorts.forEach((device, byVlan) -> byVlan.forEach((vlan, ports) ->
                    ports.forEach(p -> byPort.computeIfAbsent(portId(device, p), k -> new TreeSet<>()).add(vlan))));
            List<VlanMembership> out = new ArrayList<>();
            byPort.forEach((port, vlans) -> out.add(new VlanMembership(port, new SwitchportMode.Trunk(vlans, 1))));
            return out;
        }
    }
}
