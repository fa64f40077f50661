package org.sonde.cli.interop;

import org.sonde.packet.Aeth;
import org.sonde.packet.AtomicAckEth;
import org.sonde.packet.AtomicEth;
import org.sonde.packet.Bth;
import org.sonde.packet.CnpPayload;
import org.sonde.packet.Deth;
import org.sonde.packet.EtherTypes;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Header;
import org.sonde.packet.IcmpHeader;
import org.sonde.packet.Ieth;
import org.sonde.packet.ImmDt;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.Ipv6Address;
import org.sonde.packet.Ipv6ExtensionHeader;
import org.sonde.packet.Ipv6FragmentHeader;
import org.sonde.packet.Ipv6Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.Rdeth;
import org.sonde.packet.Reth;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.VlanTag;
import org.sonde.packet.VxlanHeader;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The tshark fields one frame should show, computed from the header records it was built from
 * (after {@link org.sonde.packet.PacketBuilder} filled lengths, checksums and types), each field
 * with its occurrences in tshark's order: outer headers first. Values are typed as {@link #FIELDS}
 * reads tshark's text: numbers as {@code Long}, addresses as Sonde's address records, byte fields
 * as lowercase hex.
 */
final class ExpectedFields {
    /** How tshark prints a field. */
    enum Type {
        /** Decimal or 0x-hex, unsigned up to 64 bits; booleans as 1/0 (or True/False). */
        NUMBER(ExpectedFields::number),
        MAC(MacAddress::parse),
        IPV4(Ipv4Address::parse),
        IPV6(Ipv6Address::parse),
        /** FT_BYTES: hex digits, maybe with separators. */
        BYTES(s -> s.replace(":", "").toLowerCase(Locale.ROOT)),
        /** frame.time_epoch: seconds with nine decimals, read as nanoseconds. */
        EPOCH_NANOS(s -> new BigDecimal(s).movePointRight(9).longValueExact());

        final Function<String, Object> parse;

        Type(Function<String, Object> parse) {
            this.parse = parse;
        }
    }

    /** Every field compared, in the order tshark is asked for them. */
    static final Map<String, Type> FIELDS = new LinkedHashMap<>();

    static {
        fields(Type.NUMBER, "frame.len", "frame.cap_len");
        fields(Type.EPOCH_NANOS, "frame.time_epoch");
        fields(Type.MAC, "eth.dst", "eth.src");
        fields(Type.NUMBER, "eth.type",
                "vlan.priority", "vlan.dei", "vlan.id", "vlan.etype",
                "ieee8021ad.priority", "ieee8021ad.dei", "ieee8021ad.id", "ieee8021ah.etype",
                "ip.version", "ip.hdr_len", "ip.dsfield.dscp", "ip.dsfield.ecn", "ip.len", "ip.id", "ip.flags",
                "ip.frag_offset", "ip.ttl", "ip.proto", "ip.checksum", "ip.checksum.status");
        fields(Type.IPV4, "ip.src", "ip.dst");
        fields(Type.NUMBER, "ipv6.tclass", "ipv6.flow", "ipv6.plen", "ipv6.nxt", "ipv6.hlim");
        fields(Type.IPV6, "ipv6.src", "ipv6.dst");
        fields(Type.NUMBER, "ipv6.hopopts.nxt", "ipv6.hopopts.len", "ipv6.dstopts.nxt", "ipv6.dstopts.len",
                "ipv6.routing.nxt", "ipv6.routing.len", "ipv6.routing.type", "ipv6.routing.segleft",
                "ipv6.fraghdr.nxt", "ipv6.fraghdr.offset", "ipv6.fraghdr.more", "ipv6.fraghdr.ident",
                "icmp.type", "icmp.code", "icmp.checksum", "icmp.checksum.status", "icmp.ident", "icmp.seq",
                "icmpv6.type", "icmpv6.code", "icmpv6.checksum", "icmpv6.checksum.status",
                "icmpv6.echo.identifier", "icmpv6.echo.sequence_number",
                "udp.srcport", "udp.dstport", "udp.length", "udp.checksum", "udp.checksum.status",
                "tcp.srcport", "tcp.dstport", "tcp.seq_raw", "tcp.ack_raw", "tcp.hdr_len", "tcp.flags",
                "tcp.window_size_value", "tcp.checksum", "tcp.checksum.status", "tcp.urgent_pointer",
                "tcp.option_kind", "tcp.options.mss_val", "tcp.options.wscale.shift");
        fields(Type.BYTES, "tcp.options.sack_perm");
        fields(Type.NUMBER, "tcp.options.sack_le", "tcp.options.sack_re",
                "tcp.options.timestamp.tsval", "tcp.options.timestamp.tsecr",
                "vxlan.flags", "vxlan.vni",
                "infiniband.bth.opcode", "infiniband.bth.se", "infiniband.bth.m", "infiniband.bth.padcnt",
                "infiniband.bth.tver", "infiniband.bth.p_key");
        fields(Type.BYTES, "infiniband.reserved");
        fields(Type.NUMBER, "infiniband.bth.destqp", "infiniband.bth.a", "infiniband.bth.reserved7", "infiniband.bth.psn",
                "infiniband.rdeth.eecnxt", "infiniband.deth.q_key", "infiniband.deth.srcqp",
                "infiniband.reth.va", "infiniband.reth.r_key", "infiniband.reth.dmalen",
                "infiniband.aeth.syndrome", "infiniband.aeth.msn",
                "infiniband.atomiceth.swapdt", "infiniband.atomiceth.cmpdt", "infiniband.atomicacketh.origremdt");
        fields(Type.BYTES, "infiniband.immdt", "infiniband.ieth", "infiniband.vendor");
        fields(Type.NUMBER, "infiniband.invariant.crc");
    }

    private static void fields(Type type, String... names) {
        for (String n : names) FIELDS.put(n, type);
    }

    /** Reads tshark's text of {@code field} as the type its expected values have. */
    static Object parse(String field, String text) {
        return FIELDS.get(field).parse.apply(text);
    }

    static long number(String s) {
        if (s.equals("True")) return 1;
        if (s.equals("False")) return 0;
        return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseUnsignedLong(s);
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    static String hex32(int v) {
        return String.format("%08x", v);
    }

    private final Map<String, List<Object>> values = new HashMap<>();

    /** The expected occurrences of {@code field}, outermost first; empty when the frame has none. */
    List<Object> get(String field) {
        return values.getOrDefault(field, List.of());
    }

    void put(String field, Object value) {
        if (!FIELDS.containsKey(field)) throw new IllegalArgumentException("not a compared field: " + field);
        values.computeIfAbsent(field, k -> new ArrayList<>()).add(value);
    }

    void put(String field, long value) {
        put(field, (Object) value);
    }

    void put(String field, boolean value) {
        put(field, value ? 1L : 0L);
    }

    /** Drops the expectation of {@code field} (for a named exception). */
    void remove(String field) {
        values.remove(field);
    }

    /** Keeps only the first expected occurrence of {@code field} (for a named exception). */
    void keepFirst(String field) {
        List<Object> all = values.get(field);
        if (all != null && all.size() > 1) all.subList(1, all.size()).clear();
    }

    /**
     * What tshark should show for {@code packet}. Above an IP fragment nothing is expected: tshark
     * keeps fragments for reassembly (which never completes here) instead of dissecting them.
     */
    static ExpectedFields of(Packet packet) {
        ExpectedFields e = new ExpectedFields();
        int tpid = -1; // the EtherType of the header before a VLAN tag: which kind of tag it is
        int ipVersion = 0;
        for (Header h : packet.headers()) {
            switch (h) {
                case EthernetHeader eth -> {
                    e.put("eth.dst", eth.destination());
                    e.put("eth.src", eth.source());
                    e.put("eth.type", eth.etherType());
                    tpid = eth.etherType();
                }
                case VlanTag tag -> {
                    String p = tpid == EtherTypes.QINQ ? "ieee8021ad." : "vlan.";
                    e.put(p + "priority", tag.priority());
                    e.put(p + "dei", tag.dropEligible());
                    e.put(p + "id", tag.vlanId());
                    // tshark 4.0's 802.1ad dissector names the type after an S-tag as 802.1ah's
                    e.put(tpid == EtherTypes.QINQ ? "ieee8021ah.etype" : "vlan.etype", tag.etherType());
                    tpid = tag.etherType();
                }
                case Ipv4Header ip -> {
                    ipVersion = 4;
                    e.put("ip.version", 4);
                    e.put("ip.hdr_len", ip.length());
                    e.put("ip.dsfield.dscp", ip.dscp());
                    e.put("ip.dsfield.ecn", ip.ecn());
                    e.put("ip.len", ip.totalLength());
                    e.put("ip.id", ip.identification());
                    e.put("ip.flags", ip.flags());
                    e.put("ip.frag_offset", ip.fragmentOffset());
                    e.put("ip.ttl", ip.ttl());
                    e.put("ip.proto", ip.protocol());
                    e.put("ip.checksum", ip.headerChecksum());
                    e.put("ip.checksum.status", 1); // good
                    e.put("ip.src", ip.source());
                    e.put("ip.dst", ip.destination());
                    if (ip.moreFragments() || ip.fragmentOffset() != 0) return e;
                }
                case Ipv6Header ip -> {
                    ipVersion = 6;
                    e.put("ip.version", 6); // tshark's IPv6 dissector shares the version field with IPv4's
                    e.put("ipv6.tclass", ip.trafficClass());
                    e.put("ipv6.flow", ip.flowLabel());
                    e.put("ipv6.plen", ip.payloadLength());
                    e.put("ipv6.nxt", ip.nextHeader());
                    e.put("ipv6.hlim", ip.hopLimit());
                    e.put("ipv6.src", ip.source());
                    e.put("ipv6.dst", ip.destination());
                }
                case Ipv6ExtensionHeader x -> {
                    String p = switch (x.type()) {
                        case IpProtocols.HOP_BY_HOP -> "ipv6.hopopts.";
                        case IpProtocols.DESTINATION_OPTIONS -> "ipv6.dstopts.";
                        case IpProtocols.ROUTING -> "ipv6.routing.";
                        default -> throw new IllegalArgumentException("no expectations for extension header " + x.type());
                    };
                    e.put(p + "nxt", x.nextHeader());
                    e.put(p + "len", x.length() / 8 - 1);
                    if (x.type() == IpProtocols.ROUTING) {
                        e.put("ipv6.routing.type", x.data().get(0));
                        e.put("ipv6.routing.segleft", x.data().get(1));
                    }
                }
                case Ipv6FragmentHeader f -> {
                    e.put("ipv6.fraghdr.nxt", f.nextHeader());
                    e.put("ipv6.fraghdr.offset", f.fragmentOffset());
                    e.put("ipv6.fraghdr.more", f.moreFragments());
                    e.put("ipv6.fraghdr.ident", f.identification());
                    if (f.moreFragments() || f.fragmentOffset() != 0) return e;
                }
                case IcmpHeader icmp -> {
                    String p = ipVersion == 4 ? "icmp." : "icmpv6.";
                    e.put(p + "type", icmp.type());
                    e.put(p + "code", icmp.code());
                    e.put(p + "checksum", icmp.checksum());
                    e.put(p + "checksum.status", 1);
                    e.put(ipVersion == 4 ? "icmp.ident" : "icmpv6.echo.identifier", icmp.identifier());
                    e.put(ipVersion == 4 ? "icmp.seq" : "icmpv6.echo.sequence_number", icmp.sequenceNumber());
                }
                case UdpHeader udp -> {
                    e.put("udp.srcport", udp.sourcePort());
                    e.put("udp.dstport", udp.destinationPort());
                    e.put("udp.length", udp.udpLength());
                    e.put("udp.checksum", udp.checksum());
                    e.put("udp.checksum.status", udp.checksum() == 0 ? 3 : 1); // 3: not present
                }
                case TcpHeader tcp -> tcp(e, tcp);
                case VxlanHeader vx -> {
                    e.put("vxlan.flags", vx.flags() << 8 | vx.reserved1() >>> 16);
                    e.put("vxlan.vni", vx.vni());
                }
                case Bth bth -> {
                    e.put("infiniband.bth.opcode", bth.opcode());
                    e.put("infiniband.bth.se", bth.solicitedEvent());
                    e.put("infiniband.bth.m", bth.migReq());
                    e.put("infiniband.bth.padcnt", bth.padCount());
                    e.put("infiniband.bth.tver", bth.transportHeaderVersion());
                    e.put("infiniband.bth.p_key", bth.partitionKey());
                    // Quirk NO_FECN_BECN_FIELDS: tshark 4.0 shows F, B and the 6 reserved bits as one "reserved" byte
                    e.put("infiniband.reserved", String.format("%02x", (bth.fecn() ? 0x80 : 0) | (bth.becn() ? 0x40 : 0) | bth.reserved6()));
                    e.put("infiniband.bth.destqp", bth.destinationQp());
                    e.put("infiniband.bth.a", bth.ackRequest());
                    e.put("infiniband.bth.reserved7", bth.reserved7());
                    e.put("infiniband.bth.psn", bth.psn());
                }
                case Rdeth x -> {
                    e.put("infiniband.reserved", String.format("%02x", x.reserved()));
                    e.put("infiniband.rdeth.eecnxt", x.eeContext());
                }
                case Deth x -> {
                    e.put("infiniband.reserved", String.format("%02x", x.reserved()));
                    e.put("infiniband.deth.q_key", x.queueKey() & 0xFFFF_FFFFL);
                    e.put("infiniband.deth.srcqp", x.sourceQp());
                }
                case Reth x -> {
                    e.put("infiniband.reth.va", x.virtualAddress());
                    e.put("infiniband.reth.r_key", x.remoteKey() & 0xFFFF_FFFFL);
                    e.put("infiniband.reth.dmalen", x.dmaLength());
                }
                case Aeth x -> {
                    e.put("infiniband.aeth.syndrome", x.syndrome());
                    e.put("infiniband.aeth.msn", x.msn());
                }
                case AtomicEth x -> {
                    // Quirk ATOMIC_ETH_AS_RETH: tshark 4.0 names the AtomicETH's address and key as the RETH's
                    e.put("infiniband.reth.va", x.virtualAddress());
                    e.put("infiniband.reth.r_key", x.remoteKey() & 0xFFFF_FFFFL);
                    e.put("infiniband.atomiceth.swapdt", x.swapOrAddData());
                    e.put("infiniband.atomiceth.cmpdt", x.compareData());
                }
                case AtomicAckEth x -> e.put("infiniband.atomicacketh.origremdt", x.originalRemoteData());
                case ImmDt x -> {
                    // Quirk IMMDT_IETH_TWICE: tshark 4.0 adds the ImmDt header and the value inside it under one name
                    e.put("infiniband.immdt", hex32(x.value()));
                    e.put("infiniband.immdt", hex32(x.value()));
                }
                case Ieth x -> {
                    // Quirk IMMDT_IETH_TWICE: likewise the IETH and the R_Key inside it
                    e.put("infiniband.ieth", hex32(x.remoteKey()));
                    e.put("infiniband.ieth", hex32(x.remoteKey()));
                }
                case CnpPayload x -> { } // see quirk CNP_UNKNOWN_OPCODE in the test
                default -> throw new IllegalArgumentException("no expectations for " + h.getClass().getSimpleName());
            }
        }
        packet.icrc().ifPresent(icrc -> e.put("infiniband.invariant.crc", Integer.reverseBytes(icrc.value()) & 0xFFFF_FFFFL));
        return e;
    }

    private static void tcp(ExpectedFields e, TcpHeader tcp) {
        e.put("tcp.srcport", tcp.sourcePort());
        e.put("tcp.dstport", tcp.destinationPort());
        e.put("tcp.seq_raw", tcp.sequenceNumber());
        e.put("tcp.ack_raw", tcp.acknowledgmentNumber());
        e.put("tcp.hdr_len", tcp.length());
        e.put("tcp.flags", tcp.reserved() << 9 | tcp.flags()); // tshark's flags include the 3 reserved bits
        e.put("tcp.window_size_value", tcp.window());
        e.put("tcp.checksum", tcp.checksum());
        e.put("tcp.checksum.status", 1);
        e.put("tcp.urgent_pointer", tcp.urgentPointer());
        int optionBytes = 0;
        for (TcpOption o : tcp.options()) {
            e.put("tcp.option_kind", o.kind());
            optionBytes += o.length();
            switch (o) {
                case TcpOption.MaximumSegmentSize mss -> e.put("tcp.options.mss_val", mss.mssBytes());
                case TcpOption.WindowScale ws -> e.put("tcp.options.wscale.shift", ws.shiftCount());
                case TcpOption.SackPermitted sp -> e.put("tcp.options.sack_perm", "0402");
                case TcpOption.Sack sack -> sack.blocks().forEach(b -> {
                    e.put("tcp.options.sack_le", b.leftEdge());
                    e.put("tcp.options.sack_re", b.rightEdge());
                });
                case TcpOption.Timestamps ts -> {
                    e.put("tcp.options.timestamp.tsval", ts.value());
                    e.put("tcp.options.timestamp.tsecr", ts.echoReply());
                }
                default -> { }
            }
        }
        // the zeros that pad the options to the data offset: tshark lists each as an end-of-list option
        for (int i = optionBytes; i < tcp.length() - TcpHeader.MIN_LENGTH; i++) e.put("tcp.option_kind", 0);
    }
}
