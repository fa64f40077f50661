package org.sonde.capture.inspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.packet.Ipv6Address;

/**
 * A Wireshark display filter, the subset a reader of Sonde's dissection needs: a field alone
 * (present in the packet), a comparison {@code field op value} with {@code == != < <= > >=} (or
 * {@code eq ne lt le gt ge}), joined by {@code and}/{@code &&}, {@code or}/{@code ||},
 * {@code not}/{@code !} and parentheses. Fields carry Wireshark's names ({@code ip.addr},
 * {@code tcp.port}, {@code tcp.analysis.retransmission}, {@code infiniband.bth.psn}, ...; see
 * {@link #FIELDS}); an IPv4 value may be a subnet ({@code ip.addr == 10.0.0.0/8}). As in Wireshark
 * 4, a field with two values ({@code ip.addr}: source and destination) equals a value when either
 * does, and {@code !=} is the negation of {@code ==}.
 *
 * <pre>{@code
 * DisplayFilter f = DisplayFilter.parse("tcp.analysis.retransmission && ip.addr == 10.1.0.0/16");
 * if (f.matches(summary)) ...
 * }</pre>
 */
public final class DisplayFilter {
    /** Every field a filter may name, and its values in a packet (empty when the packet has none). */
    static final Map<String, Function<PacketSummary, List<Object>>> FIELDS = new TreeMap<>();

    static {
        field("frame.number", s -> s.number());
        field("frame.len", s -> s.length());
        field("frame.cap_len", s -> s.capturedLength());
        field("frame.time_relative", s -> s.time());
        field("ip", s -> isIpv4(s) ? true : null);
        field("ipv6", s -> isIpv6(s) ? true : null);
        values("ip.src", s -> isIpv4(s) ? List.of(Ipv4Address.parse(s.src()).value()) : List.of());
        values("ip.dst", s -> isIpv4(s) ? List.of(Ipv4Address.parse(s.dst()).value()) : List.of());
        values("ip.addr", s -> isIpv4(s) ? List.of(Ipv4Address.parse(s.src()).value(), Ipv4Address.parse(s.dst()).value()) : List.of());
        values("ipv6.src", s -> isIpv6(s) ? List.of(Ipv6Address.parse(s.src())) : List.of());
        values("ipv6.dst", s -> isIpv6(s) ? List.of(Ipv6Address.parse(s.dst())) : List.of());
        values("ipv6.addr", s -> isIpv6(s) ? List.of(Ipv6Address.parse(s.src()), Ipv6Address.parse(s.dst())) : List.of());
        field("ip.ttl", s -> isIpv4(s) ? s.ttl() : null);
        field("ip.dsfield.ecn", s -> isIpv4(s) ? s.ecn() : null);
        field("tcp", s -> s.tcp() != null ? true : null);
        field("udp", s -> s.tcp() == null && s.srcPort() != null ? true : null);
        field("icmp", s -> "icmp".equals(s.protocol()) ? true : null);
        field("icmpv6", s -> "icmpv6".equals(s.protocol()) ? true : null);
        field("arp", s -> "arp".equals(s.protocol()) ? true : null);
        field("vxlan", s -> s.vxlan() != null ? true : null);
        field("vxlan.vni", s -> s.vxlan() != null ? s.vxlan().vni() : null);
        field("vlan", s -> s.vlans() != null ? true : null);
        values("vlan.id", s -> s.vlans() != null ? s.vlans() : List.of());
        field("tcp.srcport", s -> s.tcp() != null ? s.srcPort() : null);
        field("tcp.dstport", s -> s.tcp() != null ? s.dstPort() : null);
        values("tcp.port", s -> s.tcp() != null ? List.of(s.srcPort(), s.dstPort()) : List.of());
        field("udp.srcport", s -> s.tcp() == null ? s.srcPort() : null);
        field("udp.dstport", s -> s.tcp() == null ? s.dstPort() : null);
        values("udp.port", s -> s.tcp() == null && s.srcPort() != null ? List.of(s.srcPort(), s.dstPort()) : List.of());
        field("tcp.seq", s -> s.tcp() != null ? s.tcp().seq() : null);
        field("tcp.seq_raw", s -> s.tcp() != null ? s.tcp().seqRaw() : null);
        field("tcp.ack", s -> s.tcp() != null ? s.tcp().ack() : null);
        field("tcp.ack_raw", s -> s.tcp() != null ? s.tcp().ackRaw() : null);
        field("tcp.len", s -> s.tcp() != null ? s.tcp().len() : null);
        field("tcp.window_size_value", s -> s.tcp() != null ? s.tcp().window() : null);
        for (String[] flag : new String[][] {{"syn", "SYN"}, {"ack", "ACK"}, {"fin", "FIN"}, {"reset", "RST"}, {"push", "PSH"}, {"urg", "URG"}}) {
            field("tcp.flags." + flag[0], s -> s.tcp() != null ? List.of(s.tcp().flags().split(",")).contains(flag[1]) : null);
        }
        analysis("tcp.analysis.flags", "");
        analysis("tcp.analysis.retransmission", "retransmission");
        analysis("tcp.analysis.fast_retransmission", "fast-retransmission");
        analysis("tcp.analysis.duplicate_ack", "dup-ack");
        analysis("tcp.analysis.zero_window", "zero-window");
        analysis("tcp.analysis.keep_alive", "keep-alive");
        analysis("tcp.analysis.keep_alive_ack", "keep-alive-ack");
        field("tcp.analysis.duplicate_ack_num", s -> s.tcp() != null ? s.tcp().dupAckNumber() : null);
        field("infiniband", s -> s.bth() != null ? true : null);
        field("infiniband.bth.opcode", s -> s.bth() != null ? s.bth().opcode() : null);
        field("infiniband.bth.destqp", s -> s.bth() != null ? s.bth().destQp() : null);
        field("infiniband.bth.psn", s -> s.bth() != null ? s.bth().psn() : null);
        field("infiniband.bth.becn", s -> s.bth() != null ? s.bth().becn() : null);
        field("infiniband.bth.fecn", s -> s.bth() != null ? s.bth().fecn() : null);
        field("infiniband.bth.ackreq", s -> s.bth() != null ? s.bth().ackReq() : null);
        field("infiniband.aeth.syndrome", s -> s.aeth() != null ? s.aeth().syndrome() : null);
        field("infiniband.aeth.msn", s -> s.aeth() != null ? s.aeth().msn() : null);
        field("_ws.malformed", s -> s.error() != null ? true : null);
    }

    private static void field(String name, Function<PacketSummary, Object> value) {
        FIELDS.put(name, s -> {
            Object v = value.apply(s);
            return v == null ? List.of() : List.of(v);
        });
    }

    private static void values(String name, Function<PacketSummary, List<?>> values) {
        FIELDS.put(name, s -> List.<Object>copyOf(values.apply(s)));
    }

    /** Wireshark's analysis fields exist on the segments it flags; a fast retransmission is a retransmission too. */
    private static void analysis(String name, String flag) {
        field(name, s -> {
            if (s.tcp() == null) return null;
            List<String> a = s.tcp().analysis();
            boolean on = flag.isEmpty() ? !a.isEmpty() : a.contains(flag) || flag.equals("retransmission") && a.contains("fast-retransmission");
            return on ? true : null;
        });
    }

    private static boolean isIpv4(PacketSummary s) {
        return s.src() != null && s.src().indexOf(':') < 0;
    }

    private static boolean isIpv6(PacketSummary s) {
        return s.src() != null && s.src().indexOf(':') >= 0;
    }

    private sealed interface Node permits Present, Compare, Not, And, Or {
        boolean test(PacketSummary s);
    }

    private record Present(Function<PacketSummary, List<Object>> field) implements Node {
        public boolean test(PacketSummary s) {
            // presence, as in Wireshark: tcp.flags.syn alone matches every TCP segment; tcp.flags.syn == 1 the SYNs
            return !field.apply(s).isEmpty();
        }
    }

    private enum Op { EQ, NE, LT, LE, GT, GE }

    private record Compare(Function<PacketSummary, List<Object>> field, Op op, Value value) implements Node {
        public boolean test(PacketSummary s) {
            List<Object> values = field.apply(s);
            if (op == Op.NE) return !values.stream().anyMatch(v -> value.compare(v, Op.EQ));
            return values.stream().anyMatch(v -> value.compare(v, op));
        }
    }

    private record Not(Node inner) implements Node {
        public boolean test(PacketSummary s) {
            return !inner.test(s);
        }
    }

    private record And(Node left, Node right) implements Node {
        public boolean test(PacketSummary s) {
            return left.test(s) && right.test(s);
        }
    }

    private record Or(Node left, Node right) implements Node {
        public boolean test(PacketSummary s) {
            return left.test(s) || right.test(s);
        }
    }

    /** A literal: a number, an IPv4 address or subnet, an IPv6 address, or a boolean. */
    private record Value(String text, Double number, Ipv4Prefix subnet, Ipv6Address ipv6, Boolean bool) {
        static Value of(String text) {
            Double number = null;
            try {
                number = text.startsWith("0x") ? (double) Long.parseLong(text.substring(2), 16) : Double.parseDouble(text);
            } catch (NumberFormatException e) {
                // not a number
            }
            Ipv4Prefix subnet = Ipv4Prefix.parseOrNull(text.contains("/") ? text : text + "/32");
            Ipv6Address ipv6 = null;
            if (text.indexOf(':') >= 0) {
                try {
                    ipv6 = Ipv6Address.parse(text);
                } catch (IllegalArgumentException e) {
                    // not an address
                }
            }
            String t = text.toLowerCase(Locale.ROOT);
            Boolean bool = t.equals("true") ? Boolean.TRUE : t.equals("false") ? Boolean.FALSE : null;
            return new Value(text, number, subnet, ipv6, bool);
        }

        boolean compare(Object field, Op op) {
            if (field instanceof Boolean b) {
                Boolean want = bool != null ? bool : number != null && (number == 0 || number == 1) ? number == 1 : null;
                return want != null && op == Op.EQ && b.equals(want);
            }
            if (field instanceof Ipv6Address a) return ipv6 != null && op == Op.EQ && a.equals(ipv6);
            if (field instanceof Integer address && subnet != null && number == null) {
                return op == Op.EQ && subnet.contains(new Ipv4Prefix(address, 32));
            }
            if (field instanceof Number n && number != null) {
                int c = Double.compare(n.doubleValue(), number);
                return switch (op) {
                    case EQ -> c == 0;
                    case NE -> c != 0;
                    case LT -> c < 0;
                    case LE -> c <= 0;
                    case GT -> c > 0;
                    case GE -> c >= 0;
                };
            }
            return false;
        }
    }

    private final String text;
    private final Node root;

    private DisplayFilter(String text, Node root) {
        this.text = text;
        this.root = root;
    }

    /** The names of the fields a filter may use, in order. */
    public static java.util.Set<String> fields() {
        return FIELDS.keySet();
    }

    /** Whether packet {@code s} passes the filter. */
    public boolean matches(PacketSummary s) {
        return root.test(s);
    }

    @Override
    public String toString() {
        return text;
    }

    /** Parses {@code text}; throws {@link IllegalArgumentException} naming the column and what was expected. */
    public static DisplayFilter parse(String text) {
        Parser p = new Parser(text);
        Node root = p.or();
        if (p.peek() != null) throw p.error("expected 'and', 'or' or the end, got '" + p.peek() + "'");
        return new DisplayFilter(text, root);
    }

    private static final class Parser {
        private final String text;
        private final List<String> tokens = new ArrayList<>();
        private final List<Integer> columns = new ArrayList<>();
        private int next;

        Parser(String text) {
            this.text = text;
            int i = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                    continue;
                }
                int start = i;
                if ("()".indexOf(c) >= 0) {
                    i++;
                } else if ("=!<>&|".indexOf(c) >= 0) {
                    while (i < text.length() && "=!<>&|".indexOf(text.charAt(i)) >= 0 && i - start < 2) i++;
                } else {
                    while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && "()=!<>&|".indexOf(text.charAt(i)) < 0) i++;
                }
                tokens.add(text.substring(start, i));
                columns.add(start + 1);
            }
            if (tokens.isEmpty()) throw new IllegalArgumentException("the filter is empty: give a field such as tcp, or a comparison such as tcp.port == 443");
        }

        String peek() {
            return next < tokens.size() ? tokens.get(next) : null;
        }

        IllegalArgumentException error(String what) {
            int column = next < columns.size() ? columns.get(next) : text.length() + 1;
            return new IllegalArgumentException("column " + column + ": " + what);
        }

        Node or() {
            Node left = and();
            while ("or".equals(peek()) || "||".equals(peek())) {
                next++;
                left = new Or(left, and());
            }
            return left;
        }

        Node and() {
            Node left = unary();
            while ("and".equals(peek()) || "&&".equals(peek())) {
                next++;
                left = new And(left, unary());
            }
            return left;
        }

        Node unary() {
            if ("not".equals(peek()) || "!".equals(peek())) {
                next++;
                return new Not(unary());
            }
            return primary();
        }

        Node primary() {
            String t = peek();
            if (t == null) throw error("expected a field or '(' at the end");
            if (t.equals("(")) {
                next++;
                Node inner = or();
                if (!")".equals(peek())) throw error("expected ')'" + (peek() == null ? " at the end" : ", got '" + peek() + "'"));
                next++;
                return inner;
            }
            Function<PacketSummary, List<Object>> field = FIELDS.get(t);
            if (field == null) {
                throw error("unknown field '" + t + "'; fields: " + String.join(", ", FIELDS.keySet()));
            }
            next++;
            Op op = op(peek());
            if (op == null) return new Present(field);
            next++;
            String v = peek();
            if (v == null || v.equals("(") || v.equals(")") || op(v) != null) throw error("expected a value after the comparison");
            next++;
            return new Compare(field, op, Value.of(v));
        }

        private static Op op(String t) {
            if (t == null) return null;
            return switch (t) {
                case "==", "eq" -> Op.EQ;
                case "!=", "ne" -> Op.NE;
                case "<", "lt" -> Op.LT;
                case "<=", "le" -> Op.LE;
                case ">", "gt" -> Op.GT;
                case ">=", "ge" -> Op.GE;
                default -> null;
            };
        }
    }
}
