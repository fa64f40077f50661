package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sonde.dataplane.io.text.Range;
import org.sonde.dataplane.io.text.Text;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Ternary;

/**
 * One IOS access-list entry (numbered {@code access-list N permit|deny …} or a line of a named
 * {@code ip access-list} block), as written, and as model ACL entries over the hassel header
 * fields (ip_proto, ip_src, ip_dst, tp_src, tp_dst, tcp_ctrl).
 *
 * @param protocol  the IP protocol number, or -1 for {@code ip} (any)
 * @param srcPorts  inclusive ranges, empty for any; {@code neq} gives two
 * @param established TCP {@code established}: ACK or RST set
 */
public record CiscoAclLine(int line, AclEntry.Verdict verdict, int protocol, Ternary src, Ternary dst,
                           List<Range> srcPorts, List<Range> dstPorts, boolean established) {
    public CiscoAclLine {
        srcPorts = List.copyOf(srcPorts);
        dstPorts = List.copyOf(dstPorts);
    }

    static final int TCP = 6, UDP = 17;
    private static final long IP_MASK = 0xFFFF_FFFFL;
    /** tcp_ctrl bits of {@code established}: ACK, and RST without ACK, so the two entries do not overlap. */
    private static final List<Ternary> ESTABLISHED = List.of(new Ternary(0x10, 0x10), new Ternary(0x04, 0x14));
    private static final Map<String, Integer> PROTOCOLS = Map.of("ip", -1, "icmp", 1, "igmp", 2, "tcp", TCP, "udp", UDP,
            "gre", 47, "esp", 50, "ahp", 51, "ospf", 89, "pim", 103);
    /** IOS's port keywords (TCP and UDP; IOS shows a number it has a name for as the name). */
    static final Map<String, Integer> PORT_NAMES = Map.ofEntries(
            Map.entry("echo", 7), Map.entry("discard", 9), Map.entry("daytime", 13), Map.entry("chargen", 19),
            Map.entry("ftp-data", 20), Map.entry("ftp", 21), Map.entry("telnet", 23), Map.entry("smtp", 25),
            Map.entry("time", 37), Map.entry("nameserver", 42), Map.entry("whois", 43), Map.entry("tacacs", 49),
            Map.entry("domain", 53), Map.entry("bootps", 67), Map.entry("bootpc", 68), Map.entry("tftp", 69),
            Map.entry("gopher", 70), Map.entry("finger", 79), Map.entry("www", 80), Map.entry("hostname", 101),
            Map.entry("pop2", 109), Map.entry("pop3", 110), Map.entry("sunrpc", 111), Map.entry("ident", 113),
            Map.entry("nntp", 119), Map.entry("ntp", 123), Map.entry("netbios-ns", 137), Map.entry("netbios-dgm", 138),
            Map.entry("netbios-ss", 139), Map.entry("snmp", 161), Map.entry("snmptrap", 162), Map.entry("xdmcp", 177),
            Map.entry("bgp", 179), Map.entry("irc", 194), Map.entry("dnsix", 195), Map.entry("mobile-ip", 434),
            Map.entry("pim-auto-rp", 496), Map.entry("isakmp", 500), Map.entry("exec", 512), Map.entry("biff", 512),
            Map.entry("login", 513), Map.entry("who", 513), Map.entry("cmd", 514), Map.entry("syslog", 514),
            Map.entry("lpd", 515), Map.entry("talk", 517), Map.entry("rip", 520), Map.entry("uucp", 540),
            Map.entry("klogin", 543), Map.entry("kshell", 544));
    /** Trailing keywords that change logging, not which packets match. */
    private static final List<String> LOGGING = List.of("log", "log-input");

    /**
     * Parses the words after {@code permit|deny}'s position: {@code t.get(at)} is the verdict.
     * {@code standard} lines name only a source.
     */
    static CiscoAclLine parse(String file, int line, List<String> t, int at, boolean standard) {
        Cursor c = new Cursor(file, line, t, at);
        AclEntry.Verdict verdict = switch (c.next("permit or deny")) {
            case "permit" -> AclEntry.Verdict.PERMIT;
            case "deny" -> AclEntry.Verdict.DENY;
            case String s -> throw bad(file, line, "expected permit, deny or remark, got \"" + clip(s) + "\"");
        };
        CiscoAclLine out;
        if (standard) {
            Ternary src = c.standardAddress();
            out = new CiscoAclLine(line, verdict, -1, src, new Ternary(0, 0), List.of(), List.of(), false);
        } else {
            String p = c.next("a protocol");
            Integer proto = PROTOCOLS.get(p);
            if (proto == null) proto = p.matches("[0-9]{1,3}") ? Text.number(file, line, "protocol", p, 0, 255) : null;
            if (proto == null) throw bad(file, line, "expected a protocol (ip, tcp, udp, icmp, … or 0..255), got \"" + clip(p) + "\"");
            boolean ports = proto == TCP || proto == UDP;
            Ternary src = c.address();
            List<Range> sp = ports ? c.ports() : List.of();
            Ternary dst = c.address();
            List<Range> dp = ports ? c.ports() : List.of();
            boolean established = proto == TCP && c.accept("established");
            out = new CiscoAclLine(line, verdict, proto, src, dst, sp, dp, established);
        }
        while (c.more()) {
            String s = c.next("");
            if (!LOGGING.contains(s)) throw bad(file, line, "unexpected \"" + clip(s) + "\" after the ACL entry (only log or log-input may follow)");
        }
        return out;
    }

    /** The model entries this line stands for: one per combination of port-range cover blocks (and established flag). */
    public List<AclEntry> entries() {
        List<AclEntry> out = new ArrayList<>();
        Match base = new Match(Map.of("ip_src", src, "ip_dst", dst));
        if (protocol >= 0) base = base.and("ip_proto", Ternary.exact(protocol, 8));
        for (Ternary s : covers(srcPorts))
            for (Ternary d : covers(dstPorts))
                for (Ternary ctrl : established ? ESTABLISHED : List.of(new Ternary(0, 0)))
                    out.add(new AclEntry(verdict, base.and("tp_src", s).and("tp_dst", d).and("tcp_ctrl", ctrl)));
        return out;
    }

    private static List<Ternary> covers(List<Range> ranges) {
        if (ranges.isEmpty()) return List.of(new Ternary(0, 0));
        List<Ternary> out = new ArrayList<>();
        for (Range r : ranges) out.addAll(r.cover(16));
        return out;
    }

    /** Walks the tokens of one line. */
    private static final class Cursor {
        private final String file;
        private final int line;
        private final List<String> t;
        private int i;

        Cursor(String file, int line, List<String> t, int at) {
            this.file = file;
            this.line = line;
            this.t = t;
            this.i = at;
        }

        boolean more() {
            return i < t.size();
        }

        String peek() {
            return i < t.size() ? t.get(i) : "";
        }

        String next(String expected) {
            if (i >= t.size()) throw bad(file, line, "expected " + expected + " but the line ends");
            return t.get(i++);
        }

        boolean accept(String word) {
            if (!peek().equals(word)) return false;
            i++;
            return true;
        }

        /** {@code any}, {@code host A} or {@code A W} (wildcard: 1 bits are free). */
        Ternary address() {
            String s = next("an address (any, host A or A wildcard)");
            if (s.equals("any")) return new Ternary(0, 0);
            if (s.equals("host")) return Ternary.exact(Text.ip(file, line, "host address", next("a host address")), 32);
            long a = Text.ip(file, line, "address", s);
            return wildcard(a, Text.ip(file, line, "wildcard", next("a wildcard mask after " + s)));
        }

        /** A standard ACL's source: {@code any}, {@code host A}, {@code A} alone (a host) or {@code A W}. */
        Ternary standardAddress() {
            String s = peek();
            if (s.equals("any") || s.equals("host")) return address();
            long a = Text.ip(file, line, "address", next("a source address"));
            return Text.isIp(peek()) ? wildcard(a, Text.ip(file, line, "wildcard", next(""))) : Ternary.exact(a, 32);
        }

        private static Ternary wildcard(long address, long wildcard) {
            long mask = ~wildcard & IP_MASK;
            return new Ternary(address & mask, mask); // IOS ignores address bits the wildcard frees
        }

        /** An optional port operator: eq, neq, lt, gt or range. */
        List<Range> ports() {
            String op = peek();
            switch (op) {
                case "eq", "neq", "lt", "gt", "range" -> i++;
                default -> {
                    return List.of();
                }
            }
            int a = port();
            return switch (op) {
                case "eq" -> List.of(new Range(a, a));
                case "neq" -> neq(a);
                case "lt" -> {
                    if (a == 0) throw bad(file, line, "lt 0 matches no port");
                    yield List.of(new Range(0, a - 1));
                }
                case "gt" -> {
                    if (a == 65535) throw bad(file, line, "gt 65535 matches no port");
                    yield List.of(new Range(a + 1, 65535));
                }
                default -> {
                    int b = port();
                    if (b < a) throw bad(file, line, "port range " + a + " " + b + " runs backwards");
                    yield List.of(new Range(a, b));
                }
            };
        }

        private static List<Range> neq(int a) {
            List<Range> out = new ArrayList<>();
            if (a > 0) out.add(new Range(0, a - 1));
            if (a < 65535) out.add(new Range(a + 1, 65535));
            return out;
        }

        private int port() {
            String s = next("a port number or name");
            Integer named = PORT_NAMES.get(s);
            return named != null ? named : Text.number(file, line, "port", s, 0, 65535);
        }
    }
}
