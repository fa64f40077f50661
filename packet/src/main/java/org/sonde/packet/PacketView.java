package org.sonde.packet;

import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32;

import static org.sonde.packet.Bytes.u16;
import static org.sonde.packet.Bytes.u8;

/**
 * A reusable, allocation-free dissector of Ethernet frames (pcap link type 1): {@link #dissect}
 * records where each layer starts and checks the structure of every header it passes; the
 * accessors then read fields straight from the frame array. Checksums and the ICRC are only
 * computed when a {@code ...Valid()} method is called.
 *
 * <p>Layers: Ethernet II, any number of 802.1Q/802.1ad tags, IPv4 or IPv6 (extension headers
 * skipped), then TCP, UDP, ICMP or ICMPv6; on UDP port 4789 VXLAN with the inner frame dissected into
 * {@link #inner()}, on UDP port 4791 RoCEv2 (BTH, extended transport headers, payload, pad, ICRC).
 *
 * <p>Absent layers read as -1 (ints and longs), false, or null (strings). Some fields can themselves
 * be -1 (an IPv4 address 255.255.255.255, an ImmDt of 0xffffffff); check {@code isIpv4()},
 * {@code hasImmDt()} and so on first.
 *
 * <p>A capture cut short by a snapshot length is accepted as long as every header is whole: the IP
 * datagram then ends at the end of the frame, {@link #isTruncated()} is true, the payload is what was
 * captured, and there is no ICRC. A header cut short, or inconsistent, throws {@link DecodeException}
 * with the offset from the frame start. Offsets returned by the accessors ({@link #payloadOffset()},
 * {@link #l4Offset()}, ...) are indices into the frame array.
 *
 * <p>After {@code dissect} throws, the view describes no layers (as if the frame were empty).
 * Not thread-safe: use one view per thread.
 */
public final class PacketView {
    private static final int MAX_VXLAN_DEPTH = 8;
    private static final RoceExtensionHeader[] ROCE_HEADERS = RoceExtensionHeader.values();

    private final int depth;
    private final int[] roceHeaderOffsets = new int[ROCE_HEADERS.length];
    private PacketView inner;
    private CRC32 crc;
    private byte[] icrcScratch;

    private byte[] buf;
    private int start;
    private int end;
    private int errBase;
    private int vlanCount;
    private int vlanOffset;
    private int etherType;
    private int l3Offset;
    private int ipVersion;
    private int ipPayloadOffset;
    private int ipEnd;
    private int ipProtocol;
    private boolean truncated;
    private boolean fragment;
    private boolean laterFragment;
    private boolean udpClamped;
    private int l4Offset;
    private int l4Protocol;
    private int l4End;
    private int payloadOffset;
    private int payloadEnd;
    private int vxlanOffset;
    private boolean innerValid;
    private int bthOffset;
    private int icrcOffset;

    public PacketView() {
        this(0);
    }

    private PacketView(int depth) {
        this.depth = depth;
    }

    /**
     * Dissects the Ethernet frame of {@code length} bytes at {@code offset} of {@code frame}. The view
     * keeps a reference to {@code frame}; it copies nothing.
     *
     * @throws DecodeException if a header is truncated or malformed
     */
    public void dissect(byte[] frame, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, frame.length);
        dissect(frame, offset, offset + length, offset);
    }

    /**
     * Dissects the IPv4 or IPv6 packet of {@code length} bytes at {@code offset} of {@code packet}, with
     * no link-layer header (pcap's raw IP link types, as a tun device or NFQUEUE captures them); its
     * version nibble says which.
     *
     * @throws DecodeException if a header is truncated or malformed, or the version is neither 4 nor 6
     */
    public void dissectIp(byte[] packet, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, packet.length);
        buf = packet;
        start = offset;
        end = offset + length;
        errBase = offset;
        clear();
        try {
            DecodeException.require("IP", offset, end, 1, offset);
            int version = (packet[offset] & 0xFF) >>> 4;
            l3Offset = offset;
            payloadOffset = offset;
            payloadEnd = end;
            if (version == 4) {
                etherType = EtherTypes.IPV4;
                dissectIpv4(offset);
            } else if (version == 6) {
                etherType = EtherTypes.IPV6;
                dissectIpv6(offset);
            } else {
                throw new DecodeException("IP", 0, "version " + version + " is neither 4 nor 6");
            }
        } catch (DecodeException e) {
            clear();
            throw e;
        }
    }

    private void dissect(byte[] f, int frameStart, int frameEnd, int base) {
        buf = f;
        start = frameStart;
        end = frameEnd;
        errBase = base;
        clear();
        try {
            dissectEthernet(frameStart, frameEnd, base);
        } catch (DecodeException e) {
            clear(); // no half-dissected state: after a failure the view describes no layers
            throw e;
        }
    }

    private void clear() {
        vlanCount = 0;
        vlanOffset = -1;
        etherType = -1;
        l3Offset = -1;
        ipVersion = 0;
        ipPayloadOffset = -1;
        ipEnd = -1;
        ipProtocol = -1;
        truncated = false;
        fragment = false;
        laterFragment = false;
        udpClamped = false;
        l4Offset = -1;
        l4Protocol = -1;
        l4End = -1;
        payloadOffset = start;
        payloadEnd = start;
        vxlanOffset = -1;
        innerValid = false;
        bthOffset = -1;
        icrcOffset = -1;
        Arrays.fill(roceHeaderOffsets, -1);
    }

    private void dissectEthernet(int frameStart, int frameEnd, int base) {
        byte[] f = buf;
        DecodeException.require(EthernetHeader.LAYER, frameStart, frameEnd, EthernetHeader.LENGTH, base);
        int type = u16(f, frameStart + EthernetHeader.OFF_ETHER_TYPE);
        int p = frameStart + EthernetHeader.LENGTH;
        while (EtherTypes.isVlanTag(type)) {
            DecodeException.require(VlanTag.LAYER, p, frameEnd, VlanTag.LENGTH, base);
            if (vlanCount++ == 0) vlanOffset = p;
            type = u16(f, p + VlanTag.OFF_ETHER_TYPE);
            p += VlanTag.LENGTH;
        }
        etherType = type;
        l3Offset = p;
        payloadOffset = p;
        payloadEnd = frameEnd;
        if (type == EtherTypes.IPV4) {
            dissectIpv4(p);
        } else if (type == EtherTypes.IPV6) {
            dissectIpv6(p);
        }
    }

    private void setIpEnd(int declaredEnd) {
        if (declaredEnd > end) {
            truncated = true;
            ipEnd = end;
        } else {
            ipEnd = declaredEnd;
        }
    }

    private void dissectIpv4(int p) {
        int headerBytes = Ipv4Header.checkedHeaderLength(buf, p, end, errBase);
        ipVersion = 4;
        setIpEnd(p + u16(buf, p + Ipv4Header.OFF_TOTAL_LENGTH));
        ipProtocol = u8(buf, p + Ipv4Header.OFF_PROTOCOL);
        int flagsFragment = u16(buf, p + Ipv4Header.OFF_FLAGS_FRAGMENT);
        fragment = (flagsFragment & 0x3FFF) != 0; // MF set or offset non-zero
        laterFragment = (flagsFragment & 0x1FFF) != 0;
        dissectUpperLayer(p + headerBytes, ipProtocol);
    }

    private void dissectIpv6(int p) {
        Ipv6Header.check(buf, p, end, errBase);
        ipVersion = 6;
        setIpEnd(p + Ipv6Header.LENGTH + u16(buf, p + Ipv6Header.OFF_PAYLOAD_LENGTH));
        int next = u8(buf, p + Ipv6Header.OFF_NEXT_HEADER);
        int q = p + Ipv6Header.LENGTH;
        while (IpProtocols.isIpv6Extension(next)) {
            int len = Ipv6ExtensionHeader.checkedLength(next, buf, q, ipEnd, errBase);
            if (next == IpProtocols.FRAGMENT) {
                boolean later = Ipv6FragmentHeader.fragmentOffset(buf, q) != 0;
                fragment = later || Ipv6FragmentHeader.moreFragments(buf, q);
                laterFragment = later;
            }
            next = u8(buf, q);
            q += len;
            if (laterFragment) break; // what follows is the middle of a datagram, not a header
        }
        ipProtocol = next;
        dissectUpperLayer(q, next);
    }

    private void dissectUpperLayer(int q, int protocol) {
        ipPayloadOffset = q;
        payloadOffset = q;
        payloadEnd = ipEnd;
        if (laterFragment) return;
        switch (protocol) {
            case IpProtocols.TCP -> {
                int headerBytes = TcpHeader.checkedHeaderLength(buf, q, ipEnd, errBase);
                TcpOption.check(buf, q + TcpHeader.MIN_LENGTH, headerBytes - TcpHeader.MIN_LENGTH, errBase);
                setL4(q, protocol, ipEnd, q + headerBytes);
            }
            case IpProtocols.UDP -> dissectUdp(q);
            case IpProtocols.ICMP, IpProtocols.ICMPV6 -> {
                if ((protocol == IpProtocols.ICMP) == (ipVersion == 4)) {
                    DecodeException.require(IcmpHeader.LAYER, q, ipEnd, IcmpHeader.LENGTH, errBase);
                    setL4(q, protocol, ipEnd, q + IcmpHeader.LENGTH);
                }
            }
            default -> { }
        }
    }

    private void setL4(int offset, int protocol, int l4EndOffset, int payloadStart) {
        l4Offset = offset;
        l4Protocol = protocol;
        l4End = l4EndOffset;
        payloadOffset = payloadStart;
        payloadEnd = l4EndOffset;
    }

    private void dissectUdp(int q) {
        int udpLength = UdpHeader.checkedLength(buf, q, ipEnd, errBase);
        int e = q + udpLength;
        if (e > ipEnd) {
            if (!truncated && !fragment) {
                throw new DecodeException(UdpHeader.LAYER, q + UdpHeader.OFF_LENGTH - errBase,
                        "length " + udpLength + " exceeds the " + (ipEnd - q) + " bytes of the IP payload");
            }
            udpClamped = true;
            e = ipEnd;
        }
        setL4(q, IpProtocols.UDP, e, q + UdpHeader.LENGTH);
        if (fragment) return; // a first fragment holds only part of the UDP payload
        int port = u16(buf, q + UdpHeader.OFF_DESTINATION_PORT);
        if (port == WellKnownPorts.VXLAN) {
            dissectVxlan(q + UdpHeader.LENGTH, e);
        } else if (port == WellKnownPorts.ROCE_V2) {
            dissectRoce(q + UdpHeader.LENGTH, e);
        }
    }

    private void dissectVxlan(int p, int e) {
        DecodeException.require(VxlanHeader.LAYER, p, e, VxlanHeader.LENGTH, errBase);
        if (depth >= MAX_VXLAN_DEPTH) {
            throw new DecodeException(VxlanHeader.LAYER, p - errBase,
                    "VXLAN nested more than " + MAX_VXLAN_DEPTH + " levels deep");
        }
        vxlanOffset = p;
        payloadOffset = p + VxlanHeader.LENGTH;
        if (inner == null) inner = new PacketView(depth + 1);
        inner.dissect(buf, p + VxlanHeader.LENGTH, e, errBase);
        innerValid = true;
    }

    private void dissectRoce(int p, int e) {
        DecodeException.require(Bth.LAYER, p, e, Bth.LENGTH, errBase);
        bthOffset = p;
        int q = p + Bth.LENGTH;
        for (int layout = RoceOpcode.packedLayout(Bth.opcode(buf, p)); layout != 0; layout >>>= 4) {
            RoceExtensionHeader h = ROCE_HEADERS[(layout & 0xF) - 1];
            DecodeException.require(h.label(), q, e, h.lengthBytes(), errBase);
            roceHeaderOffsets[h.ordinal()] = q;
            q += h.lengthBytes();
        }
        payloadOffset = q;
        if (udpClamped) return; // capture cut short: pad and ICRC are not in the frame
        int icrc = e - Icrc.LENGTH;
        int pad = Bth.padCount(buf, p);
        if (icrc - pad < q) {
            throw new DecodeException("RoCEv2", p - errBase, "UDP payload of " + (e - p)
                    + " bytes is too short for its " + (q - p) + " header bytes, " + pad + " pad bytes and the 4-byte ICRC");
        }
        icrcOffset = icrc;
        payloadEnd = icrc - pad;
    }

    // ---- Ethernet and VLAN

    /** Bytes in the frame. */
    public int frameLength() {
        return end - start;
    }

    /** Index of the frame's first byte in the array. */
    public int frameOffset() {
        return start;
    }

    /** Number of VLAN tags (0 when untagged). */
    public int vlanCount() {
        return vlanCount;
    }

    /** VLAN id of tag {@code i} (0 = outermost), or -1 when there is no such tag. */
    public int vlanId(int i) {
        return i >= 0 && i < vlanCount ? VlanTag.vlanId(buf, vlanOffset + i * VlanTag.LENGTH) : -1;
    }

    /** Index of the first VLAN tag's TCI in the array, or -1. */
    public int vlanOffset() {
        return vlanOffset;
    }

    /** The EtherType after all VLAN tags. */
    public int etherType() {
        return etherType;
    }

    // ---- IP

    public boolean isIpv4() {
        return ipVersion == 4;
    }

    public boolean isIpv6() {
        return ipVersion == 6;
    }

    /** Index of the IP header in the array, or -1. */
    public int ipOffset() {
        return ipVersion != 0 ? l3Offset : -1;
    }

    /** Index where the IP datagram ends (its total length, cut at the frame end), or -1. */
    public int ipEnd() {
        return ipEnd;
    }

    /** Index of the upper-layer header (after IPv4 options or IPv6 extension headers), or -1. */
    public int ipPayloadOffset() {
        return ipPayloadOffset;
    }

    /** Upper-layer protocol: IPv4 protocol, or IPv6 next header after the extension headers; -1 without IP. */
    public int ipProtocol() {
        return ipProtocol;
    }

    public int ipv4Src() {
        return ipVersion == 4 ? Bytes.i32(buf, l3Offset + Ipv4Header.OFF_SOURCE) : -1;
    }

    public int ipv4Dst() {
        return ipVersion == 4 ? Bytes.i32(buf, l3Offset + Ipv4Header.OFF_DESTINATION) : -1;
    }

    /** Source address as text (allocates), or null without IP. */
    public String ipSrcString() {
        return ipString(Ipv4Header.OFF_SOURCE, Ipv6Header.OFF_SOURCE);
    }

    /** Destination address as text (allocates), or null without IP. */
    public String ipDstString() {
        return ipString(Ipv4Header.OFF_DESTINATION, Ipv6Header.OFF_DESTINATION);
    }

    private String ipString(int v4Field, int v6Field) {
        return switch (ipVersion) {
            case 4 -> Ipv4Address.format(Bytes.i32(buf, l3Offset + v4Field));
            case 6 -> Ipv6Address.format(buf, l3Offset + v6Field);
            default -> null;
        };
    }

    /** IPv4 TTL or IPv6 hop limit, or -1. */
    public int ipTtl() {
        return switch (ipVersion) {
            case 4 -> u8(buf, l3Offset + Ipv4Header.OFF_TTL);
            case 6 -> u8(buf, l3Offset + Ipv6Header.OFF_HOP_LIMIT);
            default -> -1;
        };
    }

    private int trafficClass() {
        return switch (ipVersion) {
            case 4 -> u8(buf, l3Offset + Ipv4Header.OFF_TOS);
            case 6 -> Ipv6Header.trafficClass(buf, l3Offset);
            default -> -1;
        };
    }

    /** ECN bits (3 = congestion experienced), or -1. */
    public int ipEcn() {
        return ipVersion != 0 ? trafficClass() & 3 : -1;
    }

    public int ipDscp() {
        return ipVersion != 0 ? trafficClass() >>> 2 : -1;
    }

    /** True when the IPv4 header checksum is right; false for IPv6 or no IP. Computed on each call. */
    public boolean ipv4ChecksumValid() {
        return ipVersion == 4 && Checksums.verify(buf, l3Offset, ipPayloadOffset - l3Offset);
    }

    /** True when the datagram extends past the end of the captured frame. */
    public boolean isTruncated() {
        return truncated;
    }

    /** True for a fragment of a larger datagram (IPv4 MF/offset, IPv6 fragment header). */
    public boolean isFragment() {
        return fragment;
    }

    // ---- transport

    public boolean isTcp() {
        return l4Protocol == IpProtocols.TCP;
    }

    public boolean isUdp() {
        return l4Protocol == IpProtocols.UDP;
    }

    /** ICMPv4 or ICMPv6. */
    public boolean isIcmp() {
        return l4Protocol == IpProtocols.ICMP || l4Protocol == IpProtocols.ICMPV6;
    }

    /** Index of the TCP/UDP/ICMP header in the array, or -1. */
    public int l4Offset() {
        return l4Offset;
    }

    /** Index where the transport segment ends (UDP length, else the IP datagram end), or -1. */
    public int l4End() {
        return l4End;
    }

    public int icmpType() {
        return isIcmp() ? u8(buf, l4Offset + IcmpHeader.OFF_TYPE) : -1;
    }

    public int icmpCode() {
        return isIcmp() ? u8(buf, l4Offset + IcmpHeader.OFF_CODE) : -1;
    }

    /** TCP or UDP source port, or -1. */
    public int srcPort() {
        return isTcp() || isUdp() ? u16(buf, l4Offset) : -1;
    }

    /** TCP or UDP destination port, or -1. */
    public int dstPort() {
        return isTcp() || isUdp() ? u16(buf, l4Offset + 2) : -1;
    }

    public long tcpSeq() {
        return isTcp() ? Bytes.u32(buf, l4Offset + TcpHeader.OFF_SEQUENCE) : -1;
    }

    public long tcpAck() {
        return isTcp() ? Bytes.u32(buf, l4Offset + TcpHeader.OFF_ACKNOWLEDGMENT) : -1;
    }

    /** The 9 TCP flag bits, NS (0x100) .. FIN (0x001), or -1. */
    public int tcpFlags() {
        return isTcp() ? TcpHeader.flags(buf, l4Offset) : -1;
    }

    /** See {@link TcpHeader#flagsToString}: {@code SYN,ACK}, {@code none} for no flags. */
    public static String tcpFlagsString(int flags) {
        return TcpHeader.flagsToString(flags);
    }

    public int tcpWindow() {
        return isTcp() ? u16(buf, l4Offset + TcpHeader.OFF_WINDOW) : -1;
    }

    /** Bytes of TCP payload in the frame, or -1. */
    public int tcpPayloadLength() {
        return isTcp() ? payloadEnd - payloadOffset : -1;
    }

    /**
     * True when the TCP, UDP or ICMP checksum is right (UDP checksum 0 over IPv4 counts as right).
     * False without a transport header and when it cannot be checked: truncated capture or fragment.
     * Computed on each call.
     */
    public boolean l4ChecksumValid() {
        if (l4Offset < 0 || truncated || fragment || udpClamped) return false;
        return Checksums.verifyTransport(buf, l3Offset, l4Protocol, l4Offset, l4End - l4Offset);
    }

    // ---- VXLAN

    public boolean isVxlan() {
        return vxlanOffset >= 0;
    }

    /** Index of the VXLAN header in the array, or -1. */
    public int vxlanOffset() {
        return vxlanOffset;
    }

    public int vxlanVni() {
        return vxlanOffset >= 0 ? VxlanHeader.vni(buf, vxlanOffset) : -1;
    }

    /** The dissected inner frame of a VXLAN packet (the same object on every call), or null. */
    public PacketView inner() {
        return innerValid ? inner : null;
    }

    // ---- RoCEv2

    /** True for a RoCEv2 packet (UDP destination port 4791 with a BTH). */
    public boolean isRoce() {
        return bthOffset >= 0;
    }

    /** Index of the BTH in the array, or -1. */
    public int bthOffset() {
        return bthOffset;
    }

    public int bthOpcode() {
        return bthOffset >= 0 ? Bth.opcode(buf, bthOffset) : -1;
    }

    /** True for a CNP (opcode 0x81). */
    public boolean isCnp() {
        return bthOpcode() == RoceOpcode.CNP.code();
    }

    private boolean bthBit(int field, int mask) {
        return bthOffset >= 0 && (buf[bthOffset + field] & mask) != 0;
    }

    public boolean bthSolicited() {
        return bthBit(Bth.OFF_FLAGS, 0x80);
    }

    public boolean bthMigReq() {
        return bthBit(Bth.OFF_FLAGS, 0x40);
    }

    public int bthPadCount() {
        return bthOffset >= 0 ? Bth.padCount(buf, bthOffset) : -1;
    }

    public int bthTver() {
        return bthOffset >= 0 ? buf[bthOffset + Bth.OFF_FLAGS] & 0x0F : -1;
    }

    public int bthPkey() {
        return bthOffset >= 0 ? u16(buf, bthOffset + Bth.OFF_PARTITION_KEY) : -1;
    }

    public boolean bthFecn() {
        return bthBit(Bth.OFF_RESV8A, 0x80);
    }

    public boolean bthBecn() {
        return bthBit(Bth.OFF_RESV8A, 0x40);
    }

    public int bthDestQp() {
        return bthOffset >= 0 ? Bth.destinationQp(buf, bthOffset) : -1;
    }

    public boolean bthAckReq() {
        return bthBit(Bth.OFF_ACK_REQUEST, 0x80);
    }

    public int bthPsn() {
        return bthOffset >= 0 ? Bth.psn(buf, bthOffset) : -1;
    }

    /** Index of an extended transport header in the array, or -1 when the opcode has none of that kind. */
    public int roceHeaderOffset(RoceExtensionHeader kind) {
        return roceHeaderOffsets[kind.ordinal()];
    }

    public boolean hasReth() {
        return roceHeaderOffset(RoceExtensionHeader.RETH) >= 0;
    }

    public long rethVirtualAddress() {
        int o = roceHeaderOffset(RoceExtensionHeader.RETH);
        return o >= 0 ? Bytes.i64(buf, o + Reth.OFF_VIRTUAL_ADDRESS) : -1;
    }

    public int rethRkey() {
        int o = roceHeaderOffset(RoceExtensionHeader.RETH);
        return o >= 0 ? Bytes.i32(buf, o + Reth.OFF_REMOTE_KEY) : -1;
    }

    /** DMA length in bytes (unsigned 32), or -1. */
    public long rethDmaLength() {
        int o = roceHeaderOffset(RoceExtensionHeader.RETH);
        return o >= 0 ? Bytes.u32(buf, o + Reth.OFF_DMA_LENGTH) : -1;
    }

    public boolean hasAeth() {
        return roceHeaderOffset(RoceExtensionHeader.AETH) >= 0;
    }

    /** The AETH syndrome byte (see {@link Aeth#describe(int)}), or -1. */
    public int aethSyndrome() {
        int o = roceHeaderOffset(RoceExtensionHeader.AETH);
        return o >= 0 ? u8(buf, o) : -1;
    }

    public int aethMsn() {
        int o = roceHeaderOffset(RoceExtensionHeader.AETH);
        return o >= 0 ? Bytes.u24(buf, o + 1) : -1;
    }

    public boolean hasImmDt() {
        return roceHeaderOffset(RoceExtensionHeader.IMMDT) >= 0;
    }

    public int immDt() {
        int o = roceHeaderOffset(RoceExtensionHeader.IMMDT);
        return o >= 0 ? Bytes.i32(buf, o) : -1;
    }

    public boolean hasIeth() {
        return roceHeaderOffset(RoceExtensionHeader.IETH) >= 0;
    }

    public int iethRkey() {
        int o = roceHeaderOffset(RoceExtensionHeader.IETH);
        return o >= 0 ? Bytes.i32(buf, o) : -1;
    }

    /** True when the frame holds the ICRC (a RoCEv2 packet not cut short by the capture). */
    public boolean hasIcrc() {
        return icrcOffset >= 0;
    }

    /** Index of the ICRC in the array, or -1. */
    public int icrcOffset() {
        return icrcOffset;
    }

    /** The stored ICRC as the CRC-32 value (the trailer read little-endian), or -1 (check {@link #hasIcrc()}). */
    public int roceIcrc() {
        return icrcOffset >= 0 ? Icrc.read(buf, icrcOffset) : -1;
    }

    /** True when the stored ICRC matches the one computed over the packet. Computed on each call. */
    public boolean roceIcrcValid() {
        if (icrcOffset < 0) return false;
        if (crc == null) {
            crc = new CRC32();
            icrcScratch = new byte[Icrc.SCRATCH_BYTES];
        }
        return Icrc.compute(buf, l3Offset, l4Offset, icrcOffset, crc, icrcScratch) == Icrc.read(buf, icrcOffset);
    }

    // ---- payload

    /**
     * Index of the application payload: after all headers of this frame (after the extended
     * transport headers for RoCEv2; for VXLAN, the inner frame, which {@link #inner()} dissects).
     */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** Payload bytes, excluding RoCEv2 pad and ICRC and any padding after the IP datagram or UDP length. */
    public int payloadLength() {
        return payloadEnd - payloadOffset;
    }
}
