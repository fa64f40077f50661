package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;
import org.sonde.dataplane.model.AclBinding;

/**
 * The forwarding-relevant part of a Cisco IOS running configuration: interfaces (switchport
 * mode, access VLAN, trunk allowed and native VLANs, dot1Q subinterfaces, shutdown, ACL
 * bindings), numbered and named access lists, and VLAN definitions.
 *
 * <p>Every other command must be on an explicit allow-list of keywords that do not change which
 * packets leave which port (descriptions, HSRP, logging, …); the indented lines under a skipped
 * command are skipped with it. Anything else is an error naming file and line, so a construct
 * the model would silently miss cannot slip through. A few allowed keywords do affect forwarding
 * but are already reflected in the FIB ({@code router}, {@code ip route}); {@code ip policy}
 * (policy routing, whose route-maps the files do not contain) is kept in {@link #ignored()}.
 *
 * @param interfaces in file order
 * @param acls       by name (numbered ACLs by their number), in order of first appearance
 * @param vlans      the VLANs defined by {@code vlan N} blocks
 * @param ignored    forwarding-relevant lines the model does not represent
 */
public record CiscoConfig(List<Interface> interfaces, Map<String, Acl> acls, Set<Integer> vlans, List<Ignored> ignored) {
    public CiscoConfig {
        interfaces = List.copyOf(interfaces);
        acls = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(acls));
        vlans = Set.copyOf(vlans);
        ignored = List.copyOf(ignored);
    }

    /** Every VLAN, 1..4094: what a trunk allows unless told otherwise. */
    public static final Set<Integer> ALL_VLANS = IntStream.rangeClosed(1, CiscoText.MAX_VLAN).boxed().collect(Collectors.toUnmodifiableSet());

    /** How a layer-2 port carries VLANs; {@code ROUTED} is an interface without {@code switchport}. */
    public enum Mode { ROUTED, ACCESS, TRUNK, DYNAMIC }

    /**
     * One {@code interface} block, named in short lowercase form ({@code te1/1}, {@code vlan22},
     * {@code gi4/4.17}).
     *
     * @param trunkAllowed allowed VLANs on a trunk (IOS default: all, 1..4094)
     * @param dot1q        the subinterface's {@code encapsulation dot1Q} VLAN, or -1
     */
    public record Interface(String name, int line, Mode mode, int accessVlan, Set<Integer> trunkAllowed, int nativeVlan,
                            int dot1q, boolean shutdown, List<AccessGroup> accessGroups) {
        public Interface {
            trunkAllowed = Set.copyOf(trunkAllowed);
            accessGroups = List.copyOf(accessGroups);
        }
    }

    /** {@code ip access-group <acl> in|out} on an interface. */
    public record AccessGroup(String acl, AclBinding.Direction direction, int line) {}

    /** An access list: numbered or named, standard or extended, its lines in order. */
    public record Acl(String name, boolean standard, int line, List<CiscoAclLine> lines) {
        public Acl {
            lines = List.copyOf(lines);
        }
    }

    /** A line that matters for forwarding but that the model does not represent, and why. */
    public record Ignored(int line, String text, String reason) {}

    /** Top-level commands that do not change forwarding, or whose effect the FIB already shows. */
    static final Set<String> SKIPPED = Set.of("version", "service", "hostname", "boot", "logging", "enable", "username", "aaa",
            "clock", "no", "snmp-server", "snmp", "ntp", "line", "redundancy", "router", "control-plane", "spanning-tree", "vtp",
            "diagnostic", "mls", "cdp", "lldp", "crypto", "key", "alias", "archive", "tacacs-server", "radius-server", "errdisable",
            "power", "module", "monitor", "exception", "scheduler", "memory", "call-home", "port-channel", "fabric", "udld",
            "ipv6", "system", "privilege", "process", "end", "end!", "!", "");
    /** Global {@code ip …} commands that do not change forwarding beyond what the FIB shows. */
    static final Set<String> SKIPPED_IP = Set.of("route", "cef", "routing", "classless", "subnet-zero", "domain", "domain-name",
            "domain-lookup", "name-server", "host", "http", "ssh", "ftp", "tftp", "multicast-routing", "pim", "igmp", "dhcp",
            "flow-export", "flow-cache", "source-route", "sla", "scp", "tcp", "forward-protocol", "bootp", "finger",
            "gratuitous-arps", "arp", "default-gateway", "rcmd", "options", "icmp", "radius", "tacacs", "multicast", "msdp", "dvmrp");
    /** Interface commands that do not change which packets leave which port. */
    static final Set<String> SKIPPED_IN_INTERFACE = Set.of("standby", "description", "mtu", "spanning-tree", "ipv6", "media-type",
            "speed", "duplex", "channel-protocol", "channel-group", "tunnel", "load-interval", "logging", "cdp", "bandwidth", "delay",
            "keepalive", "hold-queue", "carrier-delay", "udld", "storm-control", "mls", "qos", "arp", "physical-layer", "negotiation",
            "flowcontrol", "snmp", "lldp", "priority-queue", "rcv-queue", "wrr-queue", "service-policy", "power", "ntp", "vrrp");
    /** Interface {@code ip …} commands that do not change forwarding (addresses: the FIB's receive entries show them). */
    static final Set<String> SKIPPED_IN_INTERFACE_IP = Set.of("address", "helper-address", "verify", "pim", "flow", "cgmp", "ospf",
            "dvmrp", "igmp", "redirects", "unreachables", "proxy-arp", "mroute-cache", "route-cache", "directed-broadcast", "mtu",
            "tcp", "multicast", "rip", "eigrp", "sap", "wccp", "accounting", "mask-reply", "information-reply", "split-horizon",
            "summary-address", "authentication", "hello-interval", "hold-time");
    private static final Set<String> SERIAL_FRAMING = Set.of("slip", "ppp", "hdlc", "frame-relay");
    private static final Set<String> SKIPPED_SWITCHPORT = Set.of("encapsulation", "nonegotiate", "port-security");

    /** Parses a configuration; {@code file} names it in error messages. */
    public static CiscoConfig parse(String file, String text) {
        return new Parser(file).run(Text.lines(text));
    }

    /** Numbered ACLs 1-99 and 1300-1999 are standard, 100-199 and 2000-2699 extended. */
    static Boolean numberedStandard(int n) {
        if (n >= 1 && n <= 99 || n >= 1300 && n <= 1999) return true;
        if (n >= 100 && n <= 199 || n >= 2000 && n <= 2699) return false;
        return null;
    }

    private static final class Parser {
        private final String file;
        private final List<Interface> interfaces = new ArrayList<>();
        private final Map<String, Acl> acls = new LinkedHashMap<>();
        private final Map<String, List<CiscoAclLine>> aclLines = new LinkedHashMap<>();
        private final Set<Integer> vlans = new TreeSet<>();
        private final List<Ignored> ignored = new ArrayList<>();

        Parser(String file) {
            this.file = file;
        }

        CiscoConfig run(List<Line> lines) {
            int i = 0;
            while (i < lines.size()) {
                Line l = lines.get(i);
                if (l.tokens().isEmpty() || l.tokens().getFirst().startsWith("!")) {
                    i++;
                    continue;
                }
                if (l.indented()) throw bad(file, l.number(), "expected a top-level command, got the indented line \"" + clip(l.body()) + "\"");
                int end = i + 1;
                while (end < lines.size() && lines.get(end).indented()) end++;
                List<Line> body = lines.subList(i + 1, end);
                List<String> t = l.tokens();
                switch (t.getFirst()) {
                    case "interface" -> interfaceBlock(l, body);
                    case "access-list" -> numbered(l);
                    case "vlan" -> vlanDefinition(l);
                    case "banner" -> end = skipBanner(lines, i);
                    case "ip" -> {
                        if (l.token(1).equals("access-list")) named(l, body);
                        else if (!SKIPPED_IP.contains(l.token(1)))
                            throw bad(file, l.number(), "unknown command \"ip " + clip(l.token(1)) + "\" (not on the allow-list of commands irrelevant to forwarding)");
                    }
                    default -> {
                        if (!SKIPPED.contains(t.getFirst()))
                            throw bad(file, l.number(), "unknown command \"" + clip(t.getFirst()) + "\" (not on the allow-list of commands irrelevant to forwarding)");
                    }
                }
                i = end;
            }
            Map<String, Acl> out = new LinkedHashMap<>();
            aclLines.forEach((name, ls) -> out.put(name, new Acl(name, acls.get(name).standard(), acls.get(name).line(), ls)));
            return new CiscoConfig(interfaces, out, vlans, ignored);
        }

        /** {@code banner <kind> <d>…<d>}: skips to the line that closes the delimiter; returns the index after it. */
        private int skipBanner(List<Line> lines, int at) {
            Line l = lines.get(at);
            String rest = l.body().split("\\s+", 3).length == 3 ? l.body().split("\\s+", 3)[2] : "";
            if (rest.isEmpty()) throw bad(file, l.number(), "expected banner <kind> <delimiter>text<delimiter>");
            String delim = rest.startsWith("^C") ? "^C" : rest.substring(0, 1);
            if (rest.indexOf(delim, delim.length()) >= 0) return at + 1;
            for (int j = at + 1; j < lines.size(); j++)
                if (lines.get(j).text().contains(delim)) return j + 1;
            throw bad(file, l.number(), "the banner's delimiter " + delim + " is never closed");
        }

        private void vlanDefinition(Line l) {
            String arg = l.token(1);
            if (!arg.isEmpty() && Character.isDigit(arg.charAt(0))) {
                if (l.tokens().size() != 2) throw bad(file, l.number(), "expected vlan <list>, got \"" + clip(l.text()) + "\"");
                vlans.addAll(CiscoText.vlanList(file, l.number(), arg));
            } else if (!Set.of("internal", "access-log", "dot1q", "filter", "access-map").contains(arg)) {
                throw bad(file, l.number(), "expected vlan <list> or a global vlan setting, got \"" + clip(l.text()) + "\"");
            } else if (Set.of("filter", "access-map").contains(arg)) {
                throw bad(file, l.number(), "VLAN access maps filter traffic and are not supported");
            }
        }

        private void numbered(Line l) {
            List<String> t = l.tokens();
            int n = Text.number(file, l.number(), "access-list number", l.token(1), 1, 2699);
            Boolean standard = numberedStandard(n);
            if (standard == null) throw bad(file, l.number(), "access-list " + n + " is neither a standard (1-99, 1300-1999) nor an extended (100-199, 2000-2699) IP list");
            if (l.token(2).equals("remark")) return;
            if (l.token(2).equals("dynamic")) throw bad(file, l.number(), "dynamic access-list entries are not supported");
            define(t.get(1), standard, l.number());
            aclLines.get(t.get(1)).add(CiscoAclLine.parse(file, l.number(), t, 2, standard));
        }

        private void define(String name, boolean standard, int line) {
            Acl known = acls.get(name);
            if (known != null && known.standard() != standard)
                throw bad(file, line, "ACL " + name + " was defined as " + (known.standard() ? "standard" : "extended") + " at line " + known.line());
            if (known == null) {
                acls.put(name, new Acl(name, standard, line, List.of()));
                aclLines.put(name, new ArrayList<>());
            }
        }

        /** {@code ip access-list standard|extended NAME} and its entries ({@code [seq] permit|deny …}, {@code remark}). */
        private void named(Line l, List<Line> body) {
            boolean standard = switch (l.token(2)) {
                case "standard" -> true;
                case "extended" -> false;
                default -> throw bad(file, l.number(), "expected ip access-list standard|extended <name>, got \"" + clip(l.text()) + "\"");
            };
            if (l.tokens().size() != 4) throw bad(file, l.number(), "expected ip access-list " + l.token(2) + " <name>, got \"" + clip(l.text()) + "\"");
            define(l.token(3), standard, l.number());
            for (Line e : body) {
                int at = e.token(0).matches("[0-9]+") ? 1 : 0; // optional sequence number
                if (e.token(at).equals("remark")) continue;
                aclLines.get(l.token(3)).add(CiscoAclLine.parse(file, e.number(), e.tokens(), at, standard));
            }
        }

        private void interfaceBlock(Line l, List<Line> body) {
            if (l.tokens().size() != 2) throw bad(file, l.number(), "expected interface <name>, got \"" + clip(l.text()) + "\"");
            String name = CiscoText.interfaceName(file, l.number(), l.token(1));
            if (interfaces.stream().anyMatch(x -> x.name().equals(name))) throw bad(file, l.number(), "interface " + l.token(1) + " is defined twice");
            Mode mode = Mode.ROUTED;
            boolean switchport = false, shutdown = false;
            int accessVlan = 1, nativeVlan = 1, dot1q = -1;
            Set<Integer> allowed = ALL_VLANS;
            List<AccessGroup> groups = new ArrayList<>();
            for (Line s : body) {
                List<String> t = s.tokens();
                String k = t.getFirst();
                switch (k) {
                    case "switchport" -> {
                        if (t.size() == 1) {
                            switchport = true;
                            continue;
                        }
                        switch (t.get(1)) {
                            case "mode" -> mode = switch (s.token(2)) {
                                case "access" -> Mode.ACCESS;
                                case "trunk" -> Mode.TRUNK;
                                case "dynamic" -> Mode.DYNAMIC;
                                default -> throw bad(file, s.number(), "expected switchport mode access|trunk|dynamic, got \"" + clip(s.body()) + "\"");
                            };
                            case "access" -> {
                                if (!s.token(2).equals("vlan") || t.size() != 4) throw bad(file, s.number(), "expected switchport access vlan <N>");
                                accessVlan = CiscoText.vlan(file, s.number(), t.get(3));
                            }
                            case "trunk" -> {
                                switch (s.token(2)) {
                                    case "allowed" -> allowed = trunkAllowed(s, allowed);
                                    case "native" -> {
                                        if (!s.token(3).equals("vlan") || t.size() != 5) throw bad(file, s.number(), "expected switchport trunk native vlan <N>");
                                        nativeVlan = CiscoText.vlan(file, s.number(), t.get(4));
                                    }
                                    case "encapsulation" -> { }
                                    default -> throw bad(file, s.number(), "unknown switchport trunk setting \"" + clip(s.token(2)) + "\"");
                                }
                            }
                            default -> {
                                if (!SKIPPED_SWITCHPORT.contains(t.get(1)))
                                    throw bad(file, s.number(), "unknown switchport setting \"" + clip(t.get(1)) + "\"");
                            }
                        }
                    }
                    case "shutdown" -> shutdown = true;
                    case "encapsulation" -> {
                        if (SERIAL_FRAMING.contains(s.token(1)) && t.size() == 2) continue; // serial and async lines carry no VLAN
                        if (!s.token(1).equalsIgnoreCase("dot1q") || t.size() < 3 || t.size() > 4 || t.size() == 4 && !t.get(3).equals("native"))
                            throw bad(file, s.number(), "expected encapsulation dot1Q <vlan> [native], got \"" + clip(s.body()) + "\"");
                        dot1q = CiscoText.vlan(file, s.number(), t.get(2));
                    }
                    case "no" -> {
                        if (s.token(1).equals("shutdown")) shutdown = false;
                        else if (s.token(1).equals("switchport") && t.size() == 2) switchport = false;
                    }
                    case "ip" -> {
                        if (s.token(1).equals("access-group")) {
                            if (t.size() != 4) throw bad(file, s.number(), "expected ip access-group <acl> in|out, got \"" + clip(s.body()) + "\"");
                            AclBinding.Direction dir = switch (t.get(3)) {
                                case "in" -> AclBinding.Direction.IN;
                                case "out" -> AclBinding.Direction.OUT;
                                default -> throw bad(file, s.number(), "expected in or out, got \"" + clip(t.get(3)) + "\"");
                            };
                            groups.add(new AccessGroup(t.get(2), dir, s.number()));
                        } else if (s.token(1).equals("policy")) {
                            ignored.add(new Ignored(s.number(), s.body(), "policy routing: the route-map is not in the configuration"));
                        } else if (!SKIPPED_IN_INTERFACE_IP.contains(s.token(1))) {
                            throw bad(file, s.number(), "unknown interface command \"ip " + clip(s.token(1)) + "\" (not on the allow-list of commands irrelevant to forwarding)");
                        }
                    }
                    default -> {
                        if (!SKIPPED_IN_INTERFACE.contains(k))
                            throw bad(file, s.number(), "unknown interface command \"" + clip(k) + "\" (not on the allow-list of commands irrelevant to forwarding)");
                    }
                }
            }
            if (!switchport && mode != Mode.ROUTED) throw bad(file, l.number(), "interface " + l.token(1) + " sets a switchport mode but is not a switchport");
            if (switchport && mode == Mode.ROUTED) mode = Mode.DYNAMIC;
            interfaces.add(new Interface(name, l.number(), mode, accessVlan, allowed, nativeVlan, dot1q, shutdown, groups));
        }

        /** {@code switchport trunk allowed vlan <list>|add <list>|remove <list>|except <list>|all|none}. */
        private Set<Integer> trunkAllowed(Line s, Set<Integer> current) {
            List<String> t = s.tokens();
            if (!s.token(3).equals("vlan") || t.size() < 5 || t.size() > 6)
                throw bad(file, s.number(), "expected switchport trunk allowed vlan [add|remove|except] <list>|all|none");
            Set<Integer> out = new TreeSet<>(current);
            String op = t.size() == 6 ? t.get(4) : "";
            String arg = t.getLast();
            switch (op) {
                case "" -> {
                    if (arg.equals("all")) return ALL_VLANS;
                    if (arg.equals("none")) return Set.of();
                    return CiscoText.vlanList(file, s.number(), arg);
                }
                case "add" -> out.addAll(CiscoText.vlanList(file, s.number(), arg));
                case "remove" -> out.removeAll(CiscoText.vlanList(file, s.number(), arg));
                case "except" -> {
                    out = new TreeSet<>(ALL_VLANS);
                    out.removeAll(CiscoText.vlanList(file, s.number(), arg));
                }
                default -> throw bad(file, s.number(), "expected add, remove or except, got \"" + clip(op) + "\"");
            }
            return out;
        }
    }
}
