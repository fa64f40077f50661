package org.sonde.capture.inspect;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.sonde.packet.PacketView;
import org.sonde.packet.RoceOpcode;

import java.util.ArrayList;
import java.util.List;

/**
 * What an inspection shows of one packet: the JSON form (absent layers are null and
 * omitted) and the one-line text form. Built from a dissected {@link PacketView}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PacketSummary(long number, long timeNanos, double time, int length, int capturedLength,
                     String protocol, List<Integer> vlans, String src, String dst,
                     Integer srcPort, Integer dstPort, Integer ttl, Integer ecn,
                     Tcp tcp, Icmp icmp, Vxlan vxlan, Bth bth, Reth reth, Aeth aeth,
                     Long immDt, Long iethRkey, Boolean ipv4ChecksumGood, Boolean l4ChecksumGood,
                     Boolean icrcGood, String comment, String error) {

    /**
     * A TCP segment, its fields named after tshark's: {@code seq}/{@code ack} relative to each
     * direction's first number ({@code tcp.seq}, {@code tcp.ack}; ack null without the ACK flag), {@code seqRaw}/{@code ackRaw} ({@code tcp.seq_raw},
     * {@code tcp.ack_raw}), {@code window} ({@code tcp.window_size_value}), {@code len}
     * ({@code tcp.len}), {@code analysis}: retransmission, fast-retransmission, dup-ack,
     * zero-window, keep-alive, keep-alive-ack ({@code tcp.analysis.*}), {@code dupAckNumber}
     * ({@code tcp.analysis.duplicate_ack_num}).
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Tcp(long seq, long seqRaw, Long ack, long ackRaw, String flags, int window, int len, List<String> analysis,
                      Integer dupAckNumber, @JsonIgnore int flagBits) {}

    record Icmp(int type, int code) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Vxlan(int vni, String innerProtocol, String innerSrc, String innerDst) {}

    public record Bth(int opcode, String opcodeName, int destQp, int psn, boolean ackReq, boolean solicited,
               boolean migReq, int padCount, int tver, int pkey, boolean fecn, boolean becn) {}

    public record Reth(long virtualAddress, long rkey, long dmaLength) {}

    public record Aeth(int syndrome, String kind, int msn, String text) {}

    /** The protocol name of the innermost layer Sonde decodes; constants, so counting never allocates. */
    static String protocolOf(PacketView v) {
        if (v.isRoce()) return "roce";
        if (v.isVxlan()) return "vxlan";
        if (v.isTcp()) return "tcp";
        if (v.isUdp()) return "udp";
        if (v.isIcmp()) return v.isIpv6() ? "icmpv6" : "icmp";
        if (v.isIpv4()) return "ipv4";
        if (v.isIpv6()) return "ipv6";
        if (v.etherType() == 0x0806) return "arp";
        return "ethernet";
    }

    static String roceOpcodeName(int opcode) {
        RoceOpcode op = RoceOpcode.fromCode(opcode);
        return op == null ? "Unknown opcode 0x" + Integer.toHexString(opcode) : op.displayName();
    }

    static PacketSummary of(long number, long timeNanos, long firstNanos, int length, int capturedLength,
                            PacketView v, Verdicts checks, String comment, TcpAnalysis tcpAnalysis) {
        String protocol = protocolOf(v);
        List<Integer> vlans = null;
        if (v.vlanCount() > 0) {
            vlans = new ArrayList<>(v.vlanCount());
            for (int i = 0; i < v.vlanCount(); i++) vlans.add(v.vlanId(i));
        }
        boolean ip = v.isIpv4() || v.isIpv6();
        boolean ports = v.isTcp() || v.isUdp();
        Tcp tcp = v.isTcp() ? analyzed(tcpAnalysis, timeNanos, v.ipSrcString(), v.srcPort(), v.ipDstString(), v.dstPort(),
                v.tcpSeq(), v.tcpAck(), v.tcpFlags(), v.tcpWindow(), v.tcpPayloadLength()) : null;
        Icmp icmp = v.isIcmp() ? new Icmp(v.icmpType(), v.icmpCode()) : null;
        Vxlan vxlan = null;
        if (v.isVxlan()) {
            PacketView in = v.inner();
            boolean innerIp = in.isIpv4() || in.isIpv6();
            vxlan = new Vxlan(v.vxlanVni(), protocolOf(in),
                    innerIp ? in.ipSrcString() : null, innerIp ? in.ipDstString() : null);
        }
        Bth bth = null;
        Reth reth = null;
        Aeth aeth = null;
        Long immDt = null;
        Long ieth = null;
        if (v.isRoce()) {
            bth = new Bth(v.bthOpcode(), roceOpcodeName(v.bthOpcode()), v.bthDestQp(), v.bthPsn(), v.bthAckReq(),
                    v.bthSolicited(), v.bthMigReq(), v.bthPadCount(), v.bthTver(), v.bthPkey(), v.bthFecn(), v.bthBecn());
            if (v.hasReth()) reth = new Reth(v.rethVirtualAddress(), Integer.toUnsignedLong(v.rethRkey()), v.rethDmaLength());
            if (v.hasAeth()) {
                int syndrome = v.aethSyndrome();
                aeth = new Aeth(syndrome, org.sonde.packet.Aeth.kind(syndrome).name(), v.aethMsn(),
                        org.sonde.packet.Aeth.describe(syndrome));
            }
            if (v.hasImmDt()) immDt = Integer.toUnsignedLong(v.immDt());
            if (v.hasIeth()) ieth = Integer.toUnsignedLong(v.iethRkey());
        }
        return new PacketSummary(number, timeNanos, (timeNanos - firstNanos) / 1e9, length, capturedLength,
                protocol, vlans, ip ? v.ipSrcString() : null, ip ? v.ipDstString() : null,
                ports ? v.srcPort() : null, ports ? v.dstPort() : null,
                ip ? v.ipTtl() : null, ip ? v.ipEcn() : null,
                tcp, icmp, vxlan, bth, reth, aeth, immDt, ieth,
                checks.ipv4Checksum(), checks.l4Checksum(), checks.icrc(), comment, null);
    }

    /** A packet whose headers could not be decoded; the capture itself is fine, so inspection goes on. */
    static PacketSummary malformed(long number, long timeNanos, long firstNanos, int length, int capturedLength,
                                   String problem, String comment) {
        return new PacketSummary(number, timeNanos, (timeNanos - firstNanos) / 1e9, length, capturedLength,
                "malformed", null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, comment, problem);
    }

    /** A frame of a link type Sonde does not dissect (it dissects Ethernet and raw IPv4/IPv6). */
    static PacketSummary undissected(long number, long timeNanos, long firstNanos, int length, int capturedLength,
                                     int linkType, String comment) {
        return new PacketSummary(number, timeNanos, (timeNanos - firstNanos) / 1e9, length, capturedLength,
                "linktype-" + linkType, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, comment, null);
    }

    private static Tcp analyzed(TcpAnalysis analysis, long timeNanos, String src, int srcPort, String dst, int dstPort,
                                long seq, long ack, int flags, int window, int len) {
        TcpAnalysis.Segment a = analysis.accept(timeNanos, src, srcPort, dst, dstPort, seq, ack, flags, window, len);
        return new Tcp(a.seq(), seq, a.ack() < 0 ? null : a.ack(), ack, PacketView.tcpFlagsString(flags), window, len, a.expert(),
                a.dupAckNumber() == 0 ? null : a.dupAckNumber(), flags);
    }

    /**
     * This packet's TCP segment analyzed again by {@code analysis}, which has seen every TCP packet
     * before it: for packets summarized on another thread, which could not know what came before.
     */
    PacketSummary analyzedBy(TcpAnalysis analysis) {
        if (tcp == null) return this;
        Tcp again = analyzed(analysis, timeNanos, src, srcPort, dst, dstPort, tcp.seqRaw(), tcp.ackRaw(), tcp.flagBits(), tcp.window(), tcp.len());
        return new PacketSummary(number, timeNanos, time, length, capturedLength, protocol, vlans, src, dst, srcPort, dstPort, ttl, ecn,
                again, icmp, vxlan, bth, reth, aeth, immDt, iethRkey, ipv4ChecksumGood, l4ChecksumGood, icrcGood, comment, error);
    }

    /** This packet with {@code before} added to its number and its time relative to {@code firstNanos}. */
    PacketSummary renumbered(long before, long firstNanos) {
        return new PacketSummary(number + before, timeNanos, (timeNanos - firstNanos) / 1e9, length, capturedLength,
                protocol, vlans, src, dst, srcPort, dstPort, ttl, ecn, tcp, icmp, vxlan, bth, reth, aeth,
                immDt, iethRkey, ipv4ChecksumGood, l4ChecksumGood, icrcGood, comment, error);
    }

    /** The one-line text form, in the spirit of tshark's summary lines: number, time, then {@link #info()}. */
    public String line() {
        return String.format("%7d %14.9f ", number, time) + info();
    }

    /** Addresses, protocol and the decoded fields of this packet. */
    public String info() {
        StringBuilder sb = new StringBuilder(160);
        if (src != null) {
            sb.append(endpoint(src, srcPort)).append(" > ").append(endpoint(dst, dstPort)).append(' ');
        }
        sb.append(protocol);
        if (vlans != null) sb.append(" vlan=").append(vlans);
        if (bth != null) {
            sb.append(' ').append(bth.opcodeName())
              .append(String.format(" qp=0x%06x psn=%d", bth.destQp(), bth.psn()));
            if (bth.ackReq()) sb.append(" ack-req");
            if (bth.becn()) sb.append(" becn");
            if (reth != null) sb.append(String.format(" va=0x%x rkey=0x%x dmalen=%d",
                    reth.virtualAddress(), reth.rkey(), reth.dmaLength()));
            if (aeth != null) sb.append(" aeth=[").append(aeth.text()).append(" msn=").append(aeth.msn()).append(']');
            if (immDt != null) sb.append(String.format(" imm=0x%08x", immDt));
            if (iethRkey != null) sb.append(String.format(" inv-rkey=0x%08x", iethRkey));
            if (icrcGood == Boolean.FALSE) sb.append(" BAD-ICRC");
        }
        if (tcp != null) {
            sb.append(" [").append(tcp.flags()).append("] seq=").append(tcp.seq());
            if (tcp.ack() != null) sb.append(" ack=").append(tcp.ack());
            sb.append(" win=").append(tcp.window()).append(" len=").append(tcp.len());
            for (String flag : tcp.analysis()) {
                sb.append(" [").append(flag);
                if (flag.equals("dup-ack")) sb.append(" #").append(tcp.dupAckNumber());
                sb.append(']');
            }
        }
        if (icmp != null) sb.append(" type=").append(icmp.type()).append(" code=").append(icmp.code());
        if (vxlan != null) {
            sb.append(" vni=").append(vxlan.vni()).append(" inner ").append(vxlan.innerProtocol());
            if (vxlan.innerSrc() != null) sb.append(' ').append(vxlan.innerSrc()).append(" > ").append(vxlan.innerDst());
        }
        if (ipv4ChecksumGood == Boolean.FALSE) sb.append(" BAD-IP-CHECKSUM");
        if (l4ChecksumGood == Boolean.FALSE) sb.append(" BAD-L4-CHECKSUM");
        sb.append(" frame=").append(length);
        if (capturedLength < length) sb.append(" (captured ").append(capturedLength).append(')');
        if (error != null) sb.append(": ").append(error);
        if (comment != null) sb.append(" # ").append(comment);
        return sb.toString();
    }

    private static String endpoint(String address, Integer port) {
        if (port == null) return address;
        return address.indexOf(':') >= 0 ? "[" + address + "]:" + port : address + ":" + port;
    }
}
